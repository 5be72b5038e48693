import Folio
import Foundation

/// Links in a store's files to records that do not exist, as a merge leaves them: one branch
/// deleted a record, the other linked to it, and git merged the two files without a conflict.
/// The store refuses to open then; these are found with a lenient read, and settled by the
/// rule of the deleted side (what deleting the target would have done) or by a chosen value.
struct DanglingLinks {
  /// One link to a record that does not exist.
  struct Link {
    /// The linking record's entity and identifier.
    var entity: String
    var id: RecordID
    /// The relationship holding the link.
    var relationship: Relationship
    /// The store-relative file the linking record is in, and the line of the link.
    var file: String
    var line: Int?
    /// The identifiers linked that do not exist.
    var missing: [RecordID]
    /// What deleting the target does to the linking record: the delete rule of the
    /// relationship's inverse (nullify when it has none).
    var rule: DeleteRule
  }

  var links: [Link]

  /// The dangling links of the store at `path` (as given), read leniently from the working tree.
  ///
  /// - Throws: the library's errors when the store cannot be opened even leniently.
  init(store path: String, console: Console) throws {
    let store = try StoreAccess.openExisting(
      path, console: console, options: StoreOptions(validation: .lenient, readOnly: true))
    var links: [Link] = []
    var seen = Set<String>()
    for problem in store.loadProblems where problem.message.contains(", which does not exist;") {
      guard let entity = problem.entity, let id = problem.id, let file = problem.file,
        let name = problem.pointer?.split(separator: "/").last.map(String.init),
        let declared = store.schema.entity(named: entity), let relationship = declared.relationship(named: name),
        seen.insert("\(entity)\u{0}\(id.canonicalText)\u{0}\(name)").inserted
      else { continue }
      let record = Self.record(id, of: declared, inFile: console.resolve(path) + "/" + file)
      let targets = Self.targets(record?[name], toMany: relationship.isToMany)
      let missing = targets.filter { store.get(relationship.target, $0) == nil }
      guard !missing.isEmpty else { continue }
      let inverse = relationship.inverse.flatMap { store.schema.entity(named: relationship.target)?.relationship(named: $0) }
      links.append(
        Link(
          entity: entity, id: id, relationship: relationship, file: file, line: problem.line, missing: missing,
          rule: inverse?.deleteRule ?? .nullify))
    }
    self.links = links
  }

  /// The record `id` of `entity` in the shard file at `path`.
  static func record(_ id: RecordID, of entity: Entity, inFile path: String) -> JSONObject? {
    guard let data = FileManager.default.contents(atPath: path), case .array(let items)? = try? JSONParser.parse(Array(data)) else {
      return nil
    }
    let identifiers = entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
    for case .object(let record) in items where RecordID(of: record, identifiers: identifiers) == id {
      return record
    }
    return nil
  }

  /// The identifiers a link value holds: one, or an array's.
  static func targets(_ value: JSONValue?, toMany: Bool) -> [RecordID] {
    guard let value else { return [] }
    if toMany, case .array(let items) = value { return items.compactMap(RecordID.init(json:)) }
    return RecordID(json: value).map { [$0] } ?? []
  }

  /// Rewrites the shard files so that each of `changes` holds: a record's link set to a value
  /// (`nil` removes it), or the record deleted. Files are checked first and written only once
  /// all are writable; each is written canonical.
  ///
  /// - Returns: the store-relative files written.
  static func rewrite(
    store: GitStore, schema: Schema, _ changes: [(entity: String, id: RecordID, file: String, edit: (inout JSONObject?) -> Void)],
    console: Console
  ) throws -> [String] {
    var byFile: [String: [(entity: String, id: RecordID, edit: (inout JSONObject?) -> Void)]] = [:]
    for change in changes { byFile[change.file, default: []].append((change.entity, change.id, change.edit)) }
    var writes: [(file: String, target: String, bytes: [UInt8])] = []
    for (file, edits) in byFile.sorted(by: { $0.key < $1.key }) {
      guard let target = store.writablePath(file), let data = FileManager.default.contents(atPath: target),
        case .array(let items)? = try? JSONParser.parse(Array(data))
      else {
        throw CLIError(
          .specialFile, "cannot rewrite this file (a link, not a regular file, or not valid JSON); nothing was written; fix it by hand.",
          file: store.label(file, on: .workingTree))
      }
      var records: [JSONObject] = []
      for case .object(var record) in items {
        var kept: JSONObject? = record
        for edit in edits {
          guard let entity = schema.entity(named: edit.entity) else { continue }
          let identifiers = entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
          if RecordID(of: record, identifiers: identifiers) == edit.id { edit.edit(&kept) }
        }
        guard let result = kept else { continue }
        record = result
        records.append(record)
      }
      writes.append((file, target, JSONWriter.prettyBytes(ofObjects: records)))
    }
    for write in writes { try MergeDriverCommand.replace(write.target, with: write.bytes, console: console) }
    return writes.map(\.file)
  }
}
