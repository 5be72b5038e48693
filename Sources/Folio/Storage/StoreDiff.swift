import Foundation

/// The record-level difference between two versions of a store's files: records added, removed,
/// changed field by field, renamed (a new identifier, every other field the same) and moved to
/// another file.
///
/// The versions are given as files, so they can come from anywhere: two directories, a git
/// revision and the working tree (`folio diff` reads them from git's objects). A file that is the
/// same in both versions may be left out of both, and should be: its records are the same on
/// both sides, so only the files that differ need reading. A file given for one version only is
/// one that the other version does not have, or has with other bytes.
///
/// ```swift
/// let before = StoreDiff.Version(schema: schema, files: ["Employee/0000000000000000.json": old])
/// let after = StoreDiff.Version(schema: schema, files: ["Employee/0000000000000000.json": new])
/// for change in try StoreDiff(from: before, to: after).changes {
///   print(change.entity, change.id, change.kind)   // Employee 7 changed
/// }
/// ```
public struct StoreDiff: Sendable, Hashable {
  /// One version of a store: its schema and the content files to compare, by store-relative
  /// path (`Employee/0a1b2c3d4e5f6789.json`).
  public struct Version: Sendable, Hashable {
    /// The version's schema; `nil` when the version has no store (every record is added, or
    /// removed).
    public var schema: Schema?
    /// Content files by store-relative path: `ENTITY/NAME.json`. Other paths are ignored.
    public var files: [String: [UInt8]]
    /// What errors call the version (`HEAD`, `the working tree`).
    public var name: String

    /// Creates a version.
    public init(schema: Schema?, files: [String: [UInt8]], name: String = "") {
      self.schema = schema
      self.files = files
      self.name = name
    }
  }

  /// What happened to a record.
  public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
    /// Only the later version has it.
    case added
    /// Only the earlier version has it.
    case removed
    /// Both have it, with different fields.
    case changed
    /// Its identifier changed and nothing else: one record removed and one added whose other
    /// fields are all equal, with no other record that matches either.
    case renamed
    /// It is the same in both versions but sits in another file (a shard boundary moved).
    case moved

    /// The kind's name.
    public var description: String { rawValue }
  }

  /// One field that differs: its value before and after (`nil` where the field is absent).
  public struct FieldChange: Sendable, Hashable {
    /// The field's stored name.
    public var field: String
    /// The value in the earlier version, `nil` when it had no such field.
    public var before: JSONValue?
    /// The value in the later version, `nil` when it has no such field.
    public var after: JSONValue?

    /// Creates a field change.
    public init(field: String, before: JSONValue?, after: JSONValue?) {
      self.field = field
      self.before = before
      self.after = after
    }
  }

  /// What happened to one record.
  public struct RecordChange: Sendable, Hashable {
    /// The record's entity.
    public var entity: String
    /// What happened.
    public var kind: Kind
    /// The record's identifier: the later one, except for a removed record.
    public var id: RecordID
    /// For a renamed record, its identifier in the earlier version.
    public var previousID: RecordID?
    /// The record in the earlier version (`nil` when added).
    public var before: JSONObject?
    /// The record in the later version (`nil` when removed).
    public var after: JSONObject?
    /// The fields that differ, in stored order: every field of an added or removed record, the
    /// changed ones of a changed record, the identifier's of a renamed one, none for a moved one.
    public var fields: [FieldChange]
    /// The store-relative file the record was in (`nil` when added).
    public var fileBefore: String?
    /// The store-relative file the record is in (`nil` when removed).
    public var fileAfter: String?
  }

  /// Every record that differs, by entity name, then by identifier.
  public var changes: [RecordChange]
  /// Whether the two versions' schemas differ.
  public var schemaChanged: Bool

  /// The changes of one entity.
  public func changes(of entity: String) -> [RecordChange] { changes.filter { $0.entity == entity } }

  /// Compares two versions of a store.
  ///
  /// Records are matched by their entity's identifier in each version's schema (an owned
  /// entity's by `$id`), so an entity whose identifier attributes changed shows every record
  /// removed and added. A record whose bytes are the same in both versions is set aside
  /// without being parsed, so a diff reads little more than what changed; it is not a
  /// validation of either version (``Store/check()`` is).
  ///
  /// - Throws: ``StoreError`` naming the store-relative file, line and column of the first file
  ///   that is not an array of records (``StoreError/Code/invalidJSON``,
  ///   ``StoreError/Code/mergeConflict`` for conflict markers,
  ///   ``StoreError/Code/invalidStoredRecord`` for a record without a valid identifier), or two
  ///   records of one version with one identifier (``StoreError/Code/duplicateIdentifier``);
  ///   the message starts with the version's ``Version/name`` and a colon.
  public init(from before: Version, to after: Version) throws(StoreError) {
    schemaChanged = before.schema?.fileValue != after.schema?.fileValue
    var names = Set<String>()
    for files in [before.files, after.files] {
      for path in files.keys {
        if let entity = Self.entityName(path) { names.insert(entity) }
      }
    }
    var changes: [RecordChange] = []
    for name in names.sorted() {
      let beforeName = before.name.isEmpty ? "the earlier version" : before.name
      let afterName = after.name.isEmpty ? "the later version" : after.name
      var identifiers: [String] = []
      for schema in [before.schema, after.schema] {
        guard let entity = schema?.entity(named: name) else { continue }
        identifiers += entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
      }
      let oldFiles = before.files.filter { Self.entityName($0.key) == name }
      let newFiles = after.files.filter { Self.entityName($0.key) == name }
      // Records whose bytes are the same on both sides are set aside unparsed; only the rest
      // are read. Any problem reading them is then located by reading the files whole.
      if let pruned = Self.setAsideUnchanged(oldFiles, newFiles),
        let old = try? Self.records(of: name, in: pruned.before, schema: before.schema, label: beforeName),
        let new = try? Self.records(of: name, in: pruned.after, schema: after.schema, label: afterName)
      {
        var found = Self.compare(entity: name, identifiers: identifiers, old, new)
        found += Self.moves(of: name, pruned.moved, schema: after.schema, except: old, new)
        changes += found.sorted { $0.id < $1.id || ($0.id == $1.id && $0.kind.rawValue < $1.kind.rawValue) }
        continue
      }
      let old = try Self.records(of: name, in: oldFiles, schema: before.schema, label: beforeName)
      let new = try Self.records(of: name, in: newFiles, schema: after.schema, label: afterName)
      changes += Self.compare(entity: name, identifiers: identifiers, old, new)
    }
    self.changes = changes
  }

  /// The entity a store-relative content path belongs to: its folder, for `ENTITY/NAME.json`.
  static func entityName(_ path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[0].hasPrefix("."), parts[1].hasSuffix(".json")
    else { return nil }
    return String(parts[0])
  }

  /// A record of one version and the file it is in.
  typealias Placed = ShardMerge.Placed

  /// The records of `entity` in the files `version` gives for it, by identifier.
  static func records(of entity: String, in files: [String: [UInt8]], schema: Schema?, label: String)
    throws(StoreError) -> [RecordID: Placed]
  {
    guard !files.isEmpty else { return [:] }
    guard let declared = schema?.entity(named: entity) else {
      // Files of an entity the version's schema does not declare are not records of it.
      return [:]
    }
    let identifiers = declared.isOwned ? [Entity.ownedIdentifier] : declared.identifiers
    var all: [RecordID: Placed] = [:]
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      let records: [RecordID: JSONObject]
      do {
        records = try ShardMerge.records(bytes, side: .base, identifiers: identifiers)
      } catch {
        throw StoreError(
          code: code(for: error.code), message: "\(label): \(error.message)", entity: entity, file: path,
          line: error.line, column: error.column, pointer: error.pointer)
      }
      for (id, record) in records {
        if let other = all.updateValue(Placed(record: record, file: path), forKey: id) {
          throw StoreError(
            code: .duplicateIdentifier,
            message: "\(label): \(path) and \(other.file) both hold \(entity) \(id.canonicalText)",
            entity: entity, id: id, file: path)
        }
      }
    }
    return all
  }

  /// The files of one entity in two versions without the records whose bytes are the same in
  /// both (in any file), and the records that are the same but in another file; `nil` when a
  /// file is not plainly an array of objects (it is then read whole, to locate the problem).
  static func setAsideUnchanged(_ before: [String: [UInt8]], _ after: [String: [UInt8]])
    -> (before: [String: [UInt8]], after: [String: [UInt8]], moved: [(from: String, to: String, bytes: ArraySlice<UInt8>)])?
  {
    var old: [SpanKey: [String]] = [:]
    var oldSpans: [(file: String, span: SpanKey)] = []
    old.reserveCapacity(before.values.reduce(0) { $0 + $1.count } / 128)
    for (file, bytes) in before {
      guard let spans = recordSpans(bytes) else { return nil }
      for span in spans {
        let key = SpanKey(bytes[span])
        old[key, default: []].append(file)
        oldSpans.append((file, key))
      }
    }
    var kept: [String: [ArraySlice<UInt8>]] = [:]
    var moved: [(from: String, to: String, bytes: ArraySlice<UInt8>)] = []
    for (file, bytes) in after {
      guard let spans = recordSpans(bytes) else { return nil }
      kept[file] = []
      for span in spans {
        let record = SpanKey(bytes[span])
        if var files = old[record], !files.isEmpty {
          // The same bytes in the earlier version: the same record, here or in another file.
          let from = files.firstIndex(of: file) ?? files.count - 1
          if files[from] != file { moved.append((files[from], file, record.bytes)) }
          files.remove(at: from)
          old[record] = files
        } else {
          kept[file, default: []].append(record.bytes)
        }
      }
    }
    var left: [String: [ArraySlice<UInt8>]] = [:]
    for file in before.keys { left[file] = [] }
    for (file, span) in oldSpans {
      guard var files = old[span], let index = files.firstIndex(of: file) else { continue }
      files.remove(at: index)
      old[span] = files
      left[file, default: []].append(span.bytes)
    }
    func document(_ spans: [ArraySlice<UInt8>]) -> [UInt8] {
      var bytes: [UInt8] = [UInt8(ascii: "[")]
      for (n, span) in spans.enumerated() {
        if n > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes += span
      }
      return bytes + [UInt8(ascii: "]")]
    }
    return (left.mapValues(document), kept.mapValues(document), moved)
  }

  /// A record's bytes as a dictionary key: hashed once, in one pass over the bytes, and
  /// compared with `memcmp`.
  struct SpanKey: Hashable {
    let bytes: ArraySlice<UInt8>
    let hash: Int

    init(_ bytes: ArraySlice<UInt8>) {
      self.bytes = bytes
      var hasher = Hasher()
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
      hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: SpanKey, b: SpanKey) -> Bool {
      guard a.hash == b.hash, a.bytes.count == b.bytes.count else { return false }
      return a.bytes.withUnsafeBytes { x in
        b.bytes.withUnsafeBytes { y in
          guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
          return memcmp(p, q, x.count) == 0
        }
      }
    }
  }

  /// The byte ranges of the objects of a JSON array of objects, from one scan that tracks
  /// strings and nesting; `nil` for anything else (a byte order mark, a value that is not an
  /// object, unbalanced brackets, text after the array).
  static func recordSpans(_ bytes: [UInt8]) -> [Range<Int>]? {
    var spans: [Range<Int>] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start = 0
    var sawArray = false
    var expectsValue = false
    for (index, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09: continue
      case UInt8(ascii: "\""):
        guard depth >= 2 else { return nil }
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if depth == 0 {
          guard byte == UInt8(ascii: "["), !sawArray else { return nil }
          sawArray = true
          expectsValue = true
        } else if depth == 1 {
          guard byte == UInt8(ascii: "{"), expectsValue else { return nil }
          start = index
          expectsValue = false
        }
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        guard depth >= 0 else { return nil }
        if depth == 1 {
          guard byte == UInt8(ascii: "}") else { return nil }
          spans.append(start..<(index + 1))
        } else if depth == 0 {
          guard byte == UInt8(ascii: "]"), !expectsValue || spans.isEmpty else { return nil }
        }
      case UInt8(ascii: ","):
        if depth == 1 {
          guard !expectsValue else { return nil }
          expectsValue = true
        }
      default:
        guard depth >= 2 else { return nil }
      }
    }
    return depth == 0 && sawArray && !inString ? spans : nil
  }

  /// The records set aside as the same bytes in another file, as moves; one whose identifier
  /// is among the records read (a duplicate) is left out.
  static func moves(
    of entity: String, _ moved: [(from: String, to: String, bytes: ArraySlice<UInt8>)], schema: Schema?,
    except old: [RecordID: Placed], _ new: [RecordID: Placed]
  ) -> [RecordChange] {
    guard let declared = schema?.entity(named: entity) else { return [] }
    let identifiers = declared.isOwned ? [Entity.ownedIdentifier] : declared.identifiers
    var changes: [RecordChange] = []
    for move in moved {
      guard case .object(let record)? = try? JSONParser.parse(Array(move.bytes)),
        let id = SchemaIndex.recordID(of: record, identifiers: identifiers), old[id] == nil, new[id] == nil
      else { continue }
      changes.append(
        RecordChange(
          entity: entity, kind: .moved, id: id, before: record, after: record, fields: [],
          fileBefore: move.from, fileAfter: move.to))
    }
    return changes
  }

  /// The store error code that stands for a shard reading problem.
  static func code(for code: ShardMergeError.Code) -> StoreError.Code {
    switch code {
    case .conflictMarkers: return .mergeConflict
    case .duplicateIdentifier: return .duplicateIdentifier
    case .missingIdentifier, .notAShard: return .invalidStoredRecord
    default: return .invalidJSON
    }
  }

  /// The changes between the records of one entity in two versions.
  static func compare(
    entity: String, identifiers: [String], _ old: [RecordID: Placed], _ new: [RecordID: Placed]
  ) -> [RecordChange] {
    var changes: [RecordChange] = []
    var removed: [RecordID] = []
    var added: [RecordID] = []
    for (id, before) in old {
      guard let after = new[id] else {
        removed.append(id)
        continue
      }
      if before.record == after.record {
        if before.file != after.file {
          changes.append(
            RecordChange(
              entity: entity, kind: .moved, id: id, before: before.record, after: after.record,
              fields: [], fileBefore: before.file, fileAfter: after.file))
        }
        continue
      }
      let fields = fieldChanges(before.record, after.record)
      if !fields.isEmpty {
        changes.append(
          RecordChange(
            entity: entity, kind: .changed, id: id, before: before.record, after: after.record,
            fields: fields, fileBefore: before.file, fileAfter: after.file))
      } else if before.file != after.file {
        changes.append(
          RecordChange(
            entity: entity, kind: .moved, id: id, before: before.record, after: after.record,
            fields: [], fileBefore: before.file, fileAfter: after.file))
      }
    }
    for id in new.keys where old[id] == nil { added.append(id) }
    let renames = self.renames(
      removed: removed, added: added, old: old, new: new, identifiers: Set(identifiers))
    var renamedFrom = Set<RecordID>()
    for (to, from) in renames {
      guard let before = old[from], let after = new[to] else { continue }
      renamedFrom.insert(from)
      changes.append(
        RecordChange(
          entity: entity, kind: .renamed, id: to, previousID: from, before: before.record,
          after: after.record, fields: fieldChanges(before.record, after.record),
          fileBefore: before.file, fileAfter: after.file))
    }
    let renamedTo = Set(renames.keys)
    for id in removed where !renamedFrom.contains(id) {
      guard let before = old[id] else { continue }
      changes.append(
        RecordChange(
          entity: entity, kind: .removed, id: id, before: before.record, after: nil,
          fields: before.record.sortedMembers.map { FieldChange(field: $0.key, before: $0.value, after: nil) },
          fileBefore: before.file, fileAfter: nil))
    }
    for id in added where !renamedTo.contains(id) {
      guard let after = new[id] else { continue }
      changes.append(
        RecordChange(
          entity: entity, kind: .added, id: id, before: nil, after: after.record,
          fields: after.record.sortedMembers.map { FieldChange(field: $0.key, before: nil, after: $0.value) },
          fileBefore: nil, fileAfter: after.file))
    }
    return changes.sorted { $0.id < $1.id || ($0.id == $1.id && $0.kind.rawValue < $1.kind.rawValue) }
  }

  /// The fields of two versions of a record that differ, in stored key order.
  ///
  /// ```swift
  /// StoreDiff.fieldChanges(["id": 1, "a": 1], ["id": 1, "a": 2])
  /// // [FieldChange(field: "a", before: 1, after: 2)]
  /// ```
  public static func fieldChanges(_ before: JSONObject, _ after: JSONObject) -> [FieldChange] {
    var changes: [FieldChange] = []
    for key in ShardMerge.keys(of: [before, after]) {
      let (old, new) = (before[key], after[key])
      if old != new { changes.append(FieldChange(field: key, before: old, after: new)) }
    }
    return changes
  }

  /// Removed and added records that are one record renamed: equal once their identifier fields
  /// (`identifierKeys`) are set aside, with exactly one partner each. Later identifier →
  /// earlier identifier.
  static func renames(
    removed: [RecordID], added: [RecordID], old: [RecordID: Placed], new: [RecordID: Placed],
    identifiers identifierKeys: Set<String>
  ) -> [RecordID: RecordID] {
    guard !removed.isEmpty, !added.isEmpty else { return [:] }
    /// The record without the fields that changed between the two identifiers.
    func body(_ record: JSONObject, without keys: Set<String>) -> JSONObject {
      var body = JSONObject()
      for member in record where !keys.contains(member.key) { body[member.key] = member.value }
      return body
    }
    var byBody: [JSONObject: [RecordID]] = [:]
    for id in removed {
      guard let record = old[id]?.record else { continue }
      byBody[body(record, without: identifierKeys), default: []].append(id)
    }
    var matches: [JSONObject: [RecordID]] = [:]
    for id in added {
      guard let record = new[id]?.record else { continue }
      let key = body(record, without: identifierKeys)
      if byBody[key] != nil { matches[key, default: []].append(id) }
    }
    var renames: [RecordID: RecordID] = [:]
    for (key, to) in matches {
      guard let from = byBody[key], from.count == 1, to.count == 1 else { continue }
      renames[to[0]] = from[0]
    }
    return renames
  }
}
