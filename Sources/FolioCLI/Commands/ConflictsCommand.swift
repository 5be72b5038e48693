import Folio
import Foundation

/// The conflicted shard files of a store in an unfinished git merge, read as records.
struct StoreConflicts {
  /// One conflicted shard file.
  struct File {
    /// The store-relative path.
    var path: String
    /// The shard's entity.
    var entity: Entity
    /// The file read as records.
    var shard: ConflictedShard
    /// Whether the working-tree file held no conflict markers, so its conflicts were merged
    /// again from git's three versions.
    var remerged: Bool
  }

  var store: GitStore
  var schema: Schema
  var files: [File]

  /// The unmerged shard files of the store at `path`, each read from the working tree (or
  /// merged again from git's stages when it holds no markers).
  ///
  /// - Throws: ``CLIError`` (`unreadableSchema` when `schema.json` itself is unmerged or
  ///   unreadable, `unresolvable` naming the file a conflict cannot be read from).
  init(path: String, console: Console) throws {
    store = try GitStore(path: path, console: console)
    let listing = try store.git.output(["ls-files", "-u", "-z", "--", store.prefix.isEmpty ? "." : store.prefix])
    var stages: [String: [Int: String]] = [:]
    for entry in listing.split(separator: 0) {
      // `<mode> <object> <stage>\t<path>`
      let text = String(decoding: entry, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let file = store.storeRelative(String(text[text.index(after: tab)...])) else { continue }
      let fields = text[..<tab].split(separator: " ")
      guard fields.count == 3, let stage = Int(fields[2]), store.isRegular(String(fields[0])) else { continue }
      stages[file, default: [:]][stage] = String(fields[1])
    }
    if stages["schema.json"] != nil {
      throw CLIError(
        .unreadableSchema, "schema.json is conflicted; resolve it by hand first (git add it), then resolve the records.",
        file: store.label("schema.json", on: .workingTree))
    }
    guard let schema = try store.schema(on: .workingTree) else {
      throw CLIError(.missingStore, "There is no store at '\(path)'.", file: path)
    }
    self.schema = schema
    var files: [File] = []
    for (file, versions) in stages.sorted(by: { $0.key < $1.key }) {
      let parts = file.split(separator: "/")
      guard parts.count == 2, file.hasSuffix(".json"), let entity = schema.entity(named: String(parts[0])) else { continue }
      let identifiers = entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
      let blobs = try store.git.blobs([1, 2, 3].map { versions[$0] ?? GitStore.noObject })
      let (base, ours, theirs) = (blobs[0], blobs[1], blobs[2])
      var text = store.workingTreeFile(file) ?? []
      var remerged = false
      if !ConflictedShard.hasMarkers(text) {
        // No markers: git left one side (a merge driver that could not run) or a hand edit
        // not added yet. Merge again, record by record, from git's three versions.
        do {
          text = try ShardMerge(base: base ?? [], ours: ours ?? [], theirs: theirs ?? [], identifiers: identifiers).bytes
        } catch {
          throw CLIError(.unresolvable, "cannot merge git's versions of this file record by record: \(error)", file: store.label(file, on: .workingTree))
        }
        remerged = true
      }
      do {
        files.append(File(path: file, entity: entity, shard: try ConflictedShard(bytes: text, base: base, identifiers: identifiers), remerged: remerged))
      } catch {
        var located = CLIError(.unresolvable, "cannot read the conflict as records: \(error.message); resolve this file by hand", file: store.label(file, on: .workingTree))
        located.line = error.line
        located.column = error.column
        throw located
      }
    }
    self.files = files
  }
}

/// `folio conflicts`: every conflicted record and field of a store after a git merge.
enum ConflictsCommand: Command {
  static let spec = CommandSpec(
    name: "conflicts",
    abstract: "List the records and fields in conflict after a git merge, with their base, ours and theirs values.",
    discussion: """
      Reads each shard file of the store that git lists as unmerged. In a file with conflict \
      markers (written by Folio's merge driver or by git's line merge), a record is in conflict \
      when the file read with every conflict taken as ours differs from the file read with every \
      conflict taken as theirs; everything else is already merged. A file without markers (git \
      kept one side because the merge driver could not run) is merged again record by record \
      from git's three versions. Each conflict is printed as FILE:LINE: ENTITY ID with one line \
      per field: ours, theirs and base (the common ancestor's) values as JSON, '(none)' for a \
      field a side does not have. Links to records that do not exist (one branch deleted a \
      record, the other linked to it: git merges the two files without a conflict, and the \
      store then refuses to open) are listed too, with what the delete rule of the deleted \
      side does to them. Resolve them with 'folio resolve'.
      """,
    arguments: [
      .store,
      .flag("exit-code", help: "Exit with 1 when there are conflicts, 0 when there are none."),
      .json,
    ],
    examples: ["folio conflicts --store company.folio"])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let conflicts = try StoreConflicts(path: arguments["store"] ?? "", console: console)
    let count = conflicts.files.reduce(0) { $0 + $1.shard.conflicts.count }
    // Links to records that do not exist (one branch deleted, the other linked): read leniently.
    let dangling = (try? DanglingLinks(store: conflicts.store.given, console: console))?.links ?? []
    if arguments.flag("json") {
      let files: [JSONValue] = conflicts.files.map { file in
        .object([
          "file": .string(conflicts.store.label(file.path, on: .workingTree)), "entity": .string(file.entity.name),
          "conflicts": .array(file.shard.conflicts.map(json)),
        ])
      }
      let links: [JSONValue] = dangling.map { link in
        var object: JSONObject = [
          "entity": .string(link.entity), "id": link.id.jsonValue, "relationship": .string(link.relationship.name),
          "target": .string(link.relationship.target), "missing": .array(link.missing.map(\.jsonValue)),
          "file": .string(conflicts.store.label(link.file, on: .workingTree)), "rule": .string(link.rule.rawValue),
        ]
        if let line = link.line { object["line"] = .int(Int64(line)) }
        return .object(object)
      }
      console.out(JSONWriter.string(.object(["files": .array(files), "conflicts": .int(Int64(count)), "danglingLinks": .array(links)]), style: .pretty))
    } else {
      var out = ""
      for file in conflicts.files {
        let label = conflicts.store.label(file.path, on: .workingTree)
        for conflict in file.shard.conflicts {
          out += text(conflict, entity: file.entity.name, file: label, remerged: file.remerged)
        }
      }
      for link in dangling { out += text(link, store: conflicts.store) }
      let files = Set(conflicts.files.filter { !$0.shard.conflicts.isEmpty }.map(\.path)).count
      if count > 0 {
        out += "\(count) conflict\(count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"); resolve with 'folio resolve --store \(conflicts.store.given) ENTITY:ID[.FIELD] --ours|--theirs|--base|--value JSON'.\n"
      }
      if !dangling.isEmpty {
        out += "\(dangling.count) link\(dangling.count == 1 ? "" : "s") to records that do not exist; settle with 'folio resolve --store \(conflicts.store.given) --dangling', or ENTITY:ID.FIELD --value JSON.\n"
      }
      if count == 0 && dangling.isEmpty { out += "No conflicts in \(conflicts.store.given).\n" }
      console.out(out)
    }
    return arguments.flag("exit-code") && count + dangling.count > 0 ? ExitStatus.failure : ExitStatus.success
  }

  /// One dangling link as text: where it is, what it links, and what `--dangling` does.
  static func text(_ link: DanglingLinks.Link, store: GitStore) -> String {
    let location = store.label(link.file, on: .workingTree) + (link.line.map { ":\($0)" } ?? "")
    let missing = link.missing.map(\.canonicalText).joined(separator: ", ")
    let target = "\(DiffView.printable(link.relationship.target)) \(missing)"
    let what: String
    switch link.rule {
    case .nullify: what = "--dangling removes the link (nullify)"
    case .cascade: what = "--dangling deletes \(DiffView.printable(link.entity)) \(link.id.canonicalText) (cascade)"
    case .deny: what = "deleting \(target) is denied while it is linked: restore it, or relink with --value"
    }
    return "\(location): \(DiffView.printable(link.entity)) \(link.id.canonicalText).\(DiffView.printable(link.relationship.name)) links \(target), which does not exist; \(what)\n"
  }

  /// One conflict as text: its location and record, then a line per field.
  static func text(_ conflict: ConflictedShard.RecordConflict, entity: String, file: String, remerged: Bool) -> String {
    let line = remerged ? "" : ":\(conflict.line)"
    var out = "\(file)\(line): \(DiffView.printable(entity)) \(conflict.id.canonicalText)"
    func values(_ ours: JSONValue?, _ theirs: JSONValue?, _ base: JSONValue?) -> String {
      "ours \(DiffView.value(ours)) · theirs \(DiffView.value(theirs)) · base \(DiffView.value(base))"
    }
    if let side = conflict.deletedIn {
      let kept = (side == .ours ? conflict.theirs : conflict.ours) ?? JSONObject()
      let changed = StoreDiff.fieldChanges(conflict.base ?? JSONObject(), kept)
      out += ": deleted in \(side), changed in \(side == .ours ? "theirs" : "ours")\n"
      for change in changed {
        let (ours, theirs) = side == .ours ? (nil, change.after) : (change.after, nil)
        out += "    \(DiffView.printable(change.field)): \(values(ours, theirs, change.before))\n"
      }
      return out
    }
    out += "\n"
    for field in conflict.fields {
      out += "    \(DiffView.printable(field.field)): \(values(field.ours, field.theirs, field.base))\n"
    }
    return out
  }

  /// One conflict as JSON.
  static func json(_ conflict: ConflictedShard.RecordConflict) -> JSONValue {
    var object: JSONObject = ["id": conflict.id.jsonValue, "line": .int(Int64(conflict.line))]
    if let side = conflict.deletedIn { object["deletedIn"] = .string(side.rawValue) }
    if let ours = conflict.ours { object["ours"] = .object(ours) }
    if let theirs = conflict.theirs { object["theirs"] = .object(theirs) }
    if let base = conflict.base { object["base"] = .object(base) }
    object["fields"] = .array(
      conflict.fields.map { field in
        var member: JSONObject = ["field": .string(field.field)]
        if let value = field.ours { member["ours"] = value }
        if let value = field.theirs { member["theirs"] = value }
        if let value = field.base { member["base"] = value }
        return .object(member)
      })
    return .object(object)
  }
}

extension CLIError.Code {
  /// A conflicted file cannot be read as records.
  static let unresolvable = Self("unresolvable")
}
