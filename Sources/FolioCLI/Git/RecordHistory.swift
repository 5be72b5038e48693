import Folio
import Foundation

/// The history of one record in git: every commit that added, changed, renamed or removed it,
/// newest first, with the fields each one changed (`folio log`, `folio blame`).
///
/// Commits are those `git log` lists for the entity's folder, from a revision back; a merge
/// commit is not compared with its parents, so a change made on a branch is the branch's
/// commit's. In each commit only the entity's files that changed are read, once each, and a
/// record is found in a canonical file by the line of its identifier, so only its own bytes
/// are parsed; a file not in canonical form is parsed whole. A record renamed (by `folio
/// rename`, or a new identifier with every other field the same) is followed to its earlier
/// identifier.
struct RecordHistory {
  /// One commit of `git log`.
  struct Commit: Sendable, Hashable {
    /// The full object name.
    var hash: String
    /// The author's name.
    var author: String
    /// The author date, ISO 8601 (`2026-11-23T12:00:00+00:00`).
    var date: String
    /// The first line of the message.
    var subject: String
    /// The entity's files the commit changed (store-relative), with their objects before and
    /// after.
    var files: [GitStore.ChangedFile]

    /// The first twelve digits of ``hash``.
    var short: String { String(hash.prefix(12)) }
  }

  /// What one commit did to the record.
  struct Event: Sendable, Hashable {
    var commit: Commit
    /// `added`, `changed`, `renamed` or `removed`.
    var kind: StoreDiff.Kind
    /// The fields that differ (all of them for an added or removed record).
    var fields: [StoreDiff.FieldChange]
    /// The record's identifier in this commit (after it, for a rename).
    var id: RecordID
    /// For a rename, the identifier before it.
    var previousID: RecordID?
    /// The record after the commit, `nil` when removed.
    var after: JSONObject?
  }

  var store: GitStore
  var entity: Entity
  var schema: Schema

  /// The commits that changed files of the entity, newest first, from `commit` back.
  ///
  /// - Throws: ``CLIError`` (`gitFailed`).
  func commits(from commit: String) throws(CLIError) -> [Commit] {
    let folder = store.repositoryPath(entity.name) + "/"
    let output = try store.git.output([
      "log", "--format=%x01%H%x1f%an%x1f%aI%x1f%s", "--raw", "-z", "--no-abbrev", "--no-renames",
      "--no-ext-diff", commit, "--", folder,
    ])
    var commits: [Commit] = []
    var tokens = output.split(separator: 0, omittingEmptySubsequences: false).makeIterator()
    while var token = tokens.next() {
      while let first = token.first, first == 0x0A { token = token.dropFirst() }
      if token.first == 0x01 {
        let fields = String(decoding: token.dropFirst(), as: UTF8.self).split(
          separator: "\u{1F}", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4 else { continue }
        commits.append(Commit(hash: String(fields[0]), author: String(fields[1]), date: String(fields[2]), subject: String(fields[3]), files: []))
      } else if token.first == UInt8(ascii: ":"), let pathBytes = tokens.next(), !commits.isEmpty {
        // `:<old mode> <new mode> <old object> <new object> <status>`, then the path.
        let parts = String(decoding: token.dropFirst(), as: UTF8.self).split(separator: " ")
        guard parts.count == 5, let path = store.storeRelative(String(decoding: pathBytes, as: UTF8.self)),
          path.hasSuffix(".json"), path.split(separator: "/").count == 2
        else { continue }
        let regular = { (mode: Substring) in mode == "100644" || mode == "100755" }
        let before = regular(parts[0]) ? String(parts[2]) : nil
        let after = regular(parts[1]) ? String(parts[3]) : nil
        commits[commits.count - 1].files.append(
          GitStore.ChangedFile(path: path, before: before, after: after, afterOnDisk: false))
      }
    }
    return commits
  }

  /// What each commit from `commit` back did to the record `id`, newest first, following
  /// renames; at most `limit` events when given, and none older than the first for which
  /// `enough` returns true.
  ///
  /// - Throws: ``CLIError`` for git's failures; ``StoreError`` for a file that cannot be read.
  func events(
    of id: RecordID, from commit: String, limit: Int? = nil, enough: ([Event]) -> Bool = { _ in false }
  ) throws -> [Event] {
    let commits = try commits(from: commit)
    var finder = RecordFinder(id: id, entity: entity)
    var cache: [String: RecordFinder.Found?] = [:]
    var events: [Event] = []
    var batchStart = 0
    var blobs: [String: [UInt8]] = [:]
    for (index, commit) in commits.enumerated() {
      if index == batchStart {
        // Blobs in batches of commits, newest first: a blame that is done early reads no more.
        batchStart = min(commits.count, index + 64)
        var objects: [String] = []
        for commit in commits[index..<batchStart] {
          for file in commit.files {
            objects += [file.before, file.after].compactMap { $0 }
          }
        }
        objects = Array(Set(objects))
        blobs = [:]
        for (object, bytes) in zip(objects, try store.git.blobs(objects)) { blobs[object] = bytes }
      }
      func find(_ objects: [String?]) throws -> RecordFinder.Found? {
        for object in objects.compactMap({ $0 }) {
          if let cached = cache[object] {
            if let cached { return cached }
            continue
          }
          let found = try finder.find(in: blobs[object] ?? [], file: object)
          cache[object] = .some(found)
          if let found { return found }
        }
        return nil
      }
      let before = try find(commit.files.map(\.before))
      let after = try find(commit.files.map(\.after))
      var event: Event
      switch (before, after) {
      case (nil, nil): continue
      case (let before?, let after?):
        if before.bytes == after.bytes && before.bytes != nil { continue }
        let fields = StoreDiff.fieldChanges(before.record, after.record)
        if fields.isEmpty { continue }
        event = Event(commit: commit, kind: .changed, fields: fields, id: finder.id, after: after.record)
      case (let before?, nil):
        event = Event(
          commit: commit, kind: .removed,
          fields: before.record.sortedMembers.map { StoreDiff.FieldChange(field: $0.key, before: $0.value, after: nil) },
          id: finder.id, after: nil)
      case (nil, let after?):
        event = Event(
          commit: commit, kind: .added,
          fields: after.record.sortedMembers.map { StoreDiff.FieldChange(field: $0.key, before: nil, after: $0.value) },
          id: finder.id, after: after.record)
        if let rename = try renamed(in: commit, to: finder.id, blobs: blobs) {
          event.kind = .renamed
          event.previousID = rename.previousID
          event.fields = rename.fields
          finder = RecordFinder(id: rename.previousID ?? finder.id, entity: entity)
          cache = [:]
        }
      }
      events.append(event)
      if let limit, events.count >= limit { break }
      if enough(events) { break }
    }
    return events
  }

  /// The rename `commit` made that gave a record the identifier `id`, if it made one.
  func renamed(in commit: Commit, to id: RecordID, blobs: [String: [UInt8]]) throws -> StoreDiff.RecordChange? {
    var before = StoreDiff.Version(schema: schema, files: [:], name: commit.short + "^")
    var after = StoreDiff.Version(schema: schema, files: [:], name: commit.short)
    for file in commit.files {
      if let object = file.before, let bytes = blobs[object] { before.files[file.path] = bytes }
      if let object = file.after, let bytes = blobs[object] { after.files[file.path] = bytes }
    }
    let diff = try StoreDiff(from: before, to: after)
    return diff.changes.first { $0.kind == .renamed && $0.id == id }
  }
}

/// Finds one record in the bytes of a shard file.
///
/// In a canonical file each member of a record is on its own line, indented by four spaces, and
/// each record opens with a line `  {` and closes with a line `  }`: the record is found by the
/// line of its identifier and only its own bytes are parsed. When that line is not there, the
/// file is searched for the identifier's value; only a file that holds it (or holds `\u`
/// escapes, which could spell it) is parsed whole.
struct RecordFinder {
  /// A record found, with its bytes when found by the canonical route (equal bytes, equal
  /// record).
  struct Found: Sendable, Hashable {
    var record: JSONObject
    var bytes: [UInt8]?
  }

  var id: RecordID
  var identifiers: [String]
  /// `\n    "KEY": VALUE`, for an entity with one identifier.
  var line: [UInt8]?
  /// The identifier's values as JSON text.
  var tokens: [[UInt8]]

  init(id: RecordID, entity: Entity) {
    self.id = id
    identifiers = entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
    let parts: [RecordID]
    if case .composite(let components) = id { parts = components } else { parts = [id] }
    tokens = parts.map { JSONWriter.bytes($0.jsonValue) }
    if identifiers.count == 1, let token = tokens.first {
      line = Array("\n    ".utf8) + JSONWriter.bytes(.string(identifiers[0])) + Array(": ".utf8) + token
    }
  }

  /// The record in `bytes`, or `nil` when the file does not hold it.
  ///
  /// - Throws: ``StoreError`` when the file must be parsed whole and is not an array of records.
  func find(in bytes: [UInt8], file: String) throws(StoreError) -> Found? {
    if let line, let found = canonical(line, in: bytes) { return found }
    guard tokens.allSatisfy({ Self.contains($0, in: bytes) }) || Self.contains(Array("\\u".utf8), in: bytes) else {
      return nil
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw StoreError(code: .invalidJSON, message: "the file is not valid JSON: \(error.message)", file: file, line: error.line, column: error.column)
    }
    guard case .array(let items) = value else { return nil }
    for item in items {
      guard case .object(let record) = item, recordID(record) == id else { continue }
      return Found(record: record, bytes: nil)
    }
    return nil
  }

  /// The identifier of `record` by the entity's identifier attributes.
  func recordID(_ record: JSONObject) -> RecordID? {
    if identifiers.count == 1 { return record[identifiers[0]].flatMap(RecordID.init(json:)) }
    var parts: [JSONValue] = []
    for name in identifiers {
      guard let value = record[name] else { return nil }
      parts.append(value)
    }
    return RecordID(json: .array(parts))
  }

  /// The record whose identifier line is `line`, when the file is laid out canonically there.
  func canonical(_ line: [UInt8], in bytes: [UInt8]) -> Found? {
    var from = 0
    while let at = Self.index(of: line, in: bytes, from: from) {
      from = at + 1
      let end = at + line.count
      guard end < bytes.count else { continue }
      let next = bytes[end]
      guard next == 0x0A || (next == UInt8(ascii: ",") && end + 1 < bytes.count && bytes[end + 1] == 0x0A) else {
        continue
      }
      // The record's first line `  {` before, its last line `  }` after.
      guard let open = Self.lastIndex(of: Array("\n  {\n".utf8), in: bytes, before: at + 1),
        let close = Self.index(of: Array("\n  }".utf8), in: bytes, from: end)
      else { return nil }
      let span = Array(bytes[(open + 3)...(close + 3)])
      guard case .object(let record)? = try? JSONParser.parse(span), recordID(record) == id else { return nil }
      return Found(record: record, bytes: span)
    }
    return nil
  }

  /// Whether `bytes` holds `token` as a whole JSON value (not inside a longer number).
  static func contains(_ token: [UInt8], in bytes: [UInt8]) -> Bool {
    var from = 0
    let isNumber = token.first.map { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) } ?? false
    while let at = index(of: token, in: bytes, from: from) {
      from = at + 1
      guard isNumber else { return true }
      let before = at > 0 ? bytes[at - 1] : 0x20
      let after = at + token.count < bytes.count ? bytes[at + token.count] : 0x20
      let numeric: (UInt8) -> Bool = { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "+") }
      if !numeric(before) && !numeric(after) { return true }
    }
    return false
  }

  /// The first position of `needle` in `bytes` at or after `from`.
  static func index(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard !needle.isEmpty, from <= bytes.count - needle.count else { return nil }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle -> Int? in
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return nil }
        var position = from
        let last = haystack.count - needle.count
        // memchr to each candidate first byte, then memcmp of the rest.
        while position <= last {
          guard let hit = memchr(base + position, Int32(pattern[0]), last - position + 1) else { return nil }
          let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + at, pattern, needle.count) == 0 { return at }
          position = at + 1
        }
        return nil
      }
    }
  }

  /// The last position of `needle` in `bytes` that ends before `end`.
  static func lastIndex(of needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
    var position = min(end, bytes.count) - needle.count
    while position >= 0 {
      if bytes[position] == needle[0] && bytes[position..<position + needle.count].elementsEqual(needle) { return position }
      position -= 1
    }
    return nil
  }
}
