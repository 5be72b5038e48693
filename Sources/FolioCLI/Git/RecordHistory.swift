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
        let before = store.isRegular(String(parts[0])) ? String(parts[2]) : nil
        let after = store.isRegular(String(parts[1])) ? String(parts[3]) : nil
        commits[commits.count - 1].files.append(
          GitStore.ChangedFile(path: path, before: before, after: after, afterOnDisk: false))
      }
    }
    return commits
  }

  /// Where the record is in the version after the commit being looked at: its file, that
  /// file's object, and the record.
  struct Place {
    var file: String
    var object: String
    var found: RecordFinder.Found
  }

  /// What each commit from `commit` back did to the record `id`, newest first, following
  /// renames; none older than the first event for which `enough` returns true.
  ///
  /// The record is followed through its file: a commit that does not change the file the
  /// record is in cannot have changed the record, and is passed over without reading anything.
  /// A commit that changes it has the file read as it was before (the version after is the one
  /// already read); only when the record is not there are the commit's other files read, to
  /// find where it came from. Blobs come from one `git cat-file --batch`, asked as needed.
  ///
  /// - Throws: ``CLIError`` for git's failures; ``StoreError`` for a file that cannot be read.
  func events(of id: RecordID, from commit: String, enough: ([Event]) -> Bool = { _ in false }) throws -> [Event] {
    let commits = try commits(from: commit)
    let reader = try GitBlobReader(git: store.git)
    defer { reader.close() }
    func blob(_ object: String) throws -> [UInt8] { try reader.blob(object) ?? [] }
    var finder = RecordFinder(id: id, entity: entity)
    /// The record in the first of `files` (path, object) that holds it.
    func place(in files: [(path: String, object: String?)]) throws -> Place? {
      for (path, object) in files {
        guard let object, let found = try finder.find(in: try blob(object), file: store.repositoryPath(path)) else { continue }
        return Place(file: path, object: object, found: found)
      }
      return nil
    }
    var current = try place(in: try filesOfEntity(at: commit))
    var events: [Event] = []
    for commit in commits {
      var event: Event
      if let after = current {
        guard let entry = commit.files.first(where: { $0.path == after.file }) else { continue }
        let others = commit.files.filter { $0.path != after.file }.map { ($0.path, $0.before) }
        if let before = try place(in: [(entry.path, entry.before)] + others) {
          current = before
          if before.found.bytes != nil && before.found.bytes == after.found.bytes { continue }
          let fields = StoreDiff.fieldChanges(before.found.record, after.found.record)
          if fields.isEmpty { continue }
          event = Event(commit: commit, kind: .changed, fields: fields, id: finder.id, after: after.found.record)
        } else {
          let record = after.found.record
          event = Event(
            commit: commit, kind: .added,
            fields: record.sortedMembers.map { StoreDiff.FieldChange(field: $0.key, before: nil, after: $0.value) },
            id: finder.id, after: record)
          current = nil
          if let rename = try renamed(in: commit, to: finder.id, blob: blob) {
            event.kind = .renamed
            event.previousID = rename.previousID
            event.fields = rename.fields
            finder = RecordFinder(id: rename.previousID ?? finder.id, entity: entity)
            current = try place(in: commit.files.map { ($0.path, $0.before) })
          }
        }
      } else {
        // Not in the version after this commit: did the commit remove it?
        guard let before = try place(in: commit.files.map { ($0.path, $0.before) }) else { continue }
        current = before
        event = Event(
          commit: commit, kind: .removed,
          fields: before.found.record.sortedMembers.map { StoreDiff.FieldChange(field: $0.key, before: $0.value, after: nil) },
          id: finder.id, after: nil)
      }
      events.append(event)
      if enough(events) { break }
    }
    return events
  }

  /// The entity's files at `commit`, with their objects.
  func filesOfEntity(at commit: String) throws(CLIError) -> [(path: String, object: String?)] {
    let listing = try store.git.output(["ls-tree", "-z", commit, "--", store.repositoryPath(entity.name) + "/"])
    var files: [(path: String, object: String?)] = []
    for entry in listing.split(separator: 0) {
      let text = String(decoding: entry, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let path = store.storeRelative(String(text[text.index(after: tab)...])) else { continue }
      let fields = text[..<tab].split(separator: " ")
      guard fields.count == 3, store.isRegular(String(fields[0])), path.hasSuffix(".json") else { continue }
      files.append((path, String(fields[2])))
    }
    return files
  }

  /// The rename `commit` made that gave a record the identifier `id`, if it made one.
  func renamed(in commit: Commit, to id: RecordID, blob: (String) throws -> [UInt8]) throws -> StoreDiff.RecordChange? {
    var before = StoreDiff.Version(schema: schema, files: [:], name: commit.short + "^")
    var after = StoreDiff.Version(schema: schema, files: [:], name: commit.short)
    for file in commit.files {
      if let object = file.before { before.files[file.path] = try blob(object) }
      if let object = file.after { after.files[file.path] = try blob(object) }
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
/// file is searched for the identifier's members with any spacing; only a file that holds them
/// (or holds `\u` escapes, which could spell them) is parsed whole.
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
    guard mayHold(bytes) else { return nil }
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
  func recordID(_ record: JSONObject) -> RecordID? { RecordID(of: record, identifiers: identifiers) }

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

  /// Whether `bytes` may hold the record: every identifier member, `"KEY": VALUE` with any
  /// spacing, is there (or the file has `\u` escapes, which could spell one).
  func mayHold(_ bytes: [UInt8]) -> Bool {
    if Self.index(of: Array("\\u".utf8), in: bytes, from: 0) != nil { return true }
    for (key, token) in zip(identifiers, tokens) {
      let quoted = JSONWriter.bytes(.string(key))
      var from = 0
      var present = false
      while !present, let at = Self.index(of: quoted, in: bytes, from: from) {
        from = at + 1
        var position = at + quoted.count
        func skipSpace() {
          while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { continue }
        position += 1
        skipSpace()
        guard position + token.count <= bytes.count, bytes[position..<position + token.count].elementsEqual(token) else { continue }
        let end = position + token.count
        present = end == bytes.count || [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[end])
      }
      if !present { return false }
    }
    return true
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
