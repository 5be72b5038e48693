extension ShardMerge {
  /// The chunk files of one entity folder in the three versions of a merge, by file name
  /// (`0000000000000000.json`); a file a version does not have is absent from its dictionary.
  public struct EntityFiles: Sendable, Hashable {
    /// The common ancestor's files.
    public var base: [String: [UInt8]]
    /// The current branch's files.
    public var ours: [String: [UInt8]]
    /// The other branch's files.
    public var theirs: [String: [UInt8]]

    /// Creates the three versions of an entity folder.
    public init(base: [String: [UInt8]], ours: [String: [UInt8]], theirs: [String: [UInt8]]) {
      self.base = base
      self.ours = ours
      self.theirs = theirs
    }
  }

  /// Merges one shard file as part of a three-way merge of its whole entity: records are
  /// matched by identifier across all the entity's files, so a record that one side moved to
  /// another file (because that side inserted or deleted a boundary record) is still one
  /// record.
  ///
  /// The result holds the merged records that the layout (FileFormat.md, "Which file holds a
  /// record") puts in `file`. The other files are merged by git on its own when they changed on
  /// one side only: git takes that side's version. Where git's version of another file would
  /// hold a record the three-way merge does not have there (a record deleted on one side and
  /// moved to that file on the other, a record changed or inserted on one side in a file the
  /// other side moved away), the record is a conflict whose ``Conflict/note`` says where it
  /// moved; it is written as a pair of markers with two empty sides, in the file the record was
  /// in (when git calls the driver for it), so that one merge reports it once.
  ///
  /// When a version's records are not where the layout puts them (files named by hand), the
  /// layout cannot say where a record belongs, and `file` is merged on its own, as
  /// ``init(base:ours:theirs:identifiers:)`` does.
  ///
  /// A record deleted on one side whose content (without its identifier attributes) appears
  /// under a new identifier on the same side was renamed (`folio rename`); when the other side
  /// deleted or changed it, that is a conflict naming the rename.
  ///
  /// - Parameters:
  ///   - file: the file name within the entity folder (`3a0c…400.json`).
  ///   - files: the entity's files in the three versions; `file` itself included.
  ///   - identifiers: the entity's identifier attribute names.
  /// - Throws: ``ShardMergeError`` when a file is not a readable shard, or one identifier is in
  ///   two files of one version. Nothing is written: this is a pure function of its inputs.
  /// - Complexity: O(*n* log *n*) in the number of records of the entity.
  public init(file: String, of files: EntityFiles, identifiers: [String]) throws(ShardMergeError) {
    guard !identifiers.isEmpty else {
      throw ShardMergeError(
        code: .noIdentifiers,
        message: "no identifier attributes were given; pass the entity's identifiers")
    }
    let base = try Self.entityRecords(files.base, side: .base, identifiers: identifiers)
    let ours = try Self.entityRecords(files.ours, side: .ours, identifiers: identifiers)
    let theirs = try Self.entityRecords(files.theirs, side: .theirs, identifiers: identifiers)
    guard [base, ours, theirs].allSatisfy(Self.followsLayout) else {
      // Files laid out by hand: the layout cannot say where records belong; merge this file.
      self = try ShardMerge(
        base: files.base[file] ?? [], ours: files.ours[file] ?? [],
        theirs: files.theirs[file] ?? [], identifiers: identifiers)
      return
    }
    var ids = Set(base.keys)
    ids.formUnion(ours.keys)
    ids.formUnion(theirs.keys)
    var outcomes: [RecordID: Outcome] = [:]
    for id in ids {
      outcomes[id] = Self.outcome(base: base[id]?.record, ours: ours[id]?.record, theirs: theirs[id]?.record)
    }
    var notes = Self.renames(base: base, ours: ours, theirs: theirs, identifiers: identifiers)
    // Where the layout puts each record that is in the result.
    let present = ids.filter { if case .removed = outcomes[$0] { return false } else { return true } }.sorted()
    var target: [RecordID: String] = [:]
    var current = ShardLayout.headName + ".json"
    for id in present {
      let hash = ShardLayout.boundaryHash(id)
      if ShardLayout.isBoundary(hash: hash) { current = ShardLayout.name(hash: hash) + ".json" }
      target[id] = current
    }
    // What git makes of each file without the driver, and the files it calls the driver for.
    var names = Set(files.base.keys)
    names.formUnion(files.ours.keys)
    names.formUnion(files.theirs.keys)
    names.formUnion(target.values)
    var called = Set<String>()
    var gitFiles: [String: [RecordID: JSONObject]?] = [:]
    for name in names {
      let (o, a, b) = (files.base[name], files.ours[name], files.theirs[name])
      let kept: [UInt8]?
      if a == b || o == b { kept = a } else if o == a { kept = b } else if a != nil, b != nil {
        called.insert(name)
        continue
      } else {
        gitFiles[name] = .some(nil)  // changed on one side, deleted on the other: git conflicts
        continue
      }
      let records = try Self.records(kept ?? [], side: kept == a ? .ours : .theirs, identifiers: identifiers)
      gitFiles[name] = .some(records)
    }
    // Records that git's own versions of the other files would put in the wrong place.
    for id in ids {
      let wanted = target[id]
      let outcome = outcomes[id] ?? .removed
      var problem: String?
      for (name, records) in gitFiles where name != wanted {
        if let records, records[id] != nil {
          problem = Self.moved(id, to: name, base: base, ours: ours, theirs: theirs)
        }
      }
      if let wanted, !called.contains(wanted), problem == nil {
        let records = gitFiles[wanted] ?? nil
        var right = false
        if case .kept(let record) = outcome { right = records?[id] == record }
        if !right {
          problem = Self.moved(id, to: wanted, base: base, ours: ours, theirs: theirs)
        }
      }
      guard let problem else { continue }
      notes[id] = problem
      // The record is reported once, in the first file git calls the driver for.
      outcomes[id] = .note(problem)
      let candidates = [wanted, base[id]?.file, ours[id]?.file, theirs[id]?.file]
      target[id] = candidates.compactMap { $0 }.first(where: called.contains) ?? called.min() ?? file
    }
    // A rename against a delete: both sides removed the old identifier, so nothing else
    // reports it.
    for (id, note) in notes where outcomes[id] == .removed {
      outcomes[id] = .note(note)
      let candidates = [base[id]?.file, ours[id]?.file, theirs[id]?.file]
      target[id] = candidates.compactMap { $0 }.first(where: called.contains) ?? called.min() ?? file
    }
    let mine = outcomes.filter { target[$0.key] == file }.sorted { $0.key < $1.key }
    records = mine.compactMap { _, outcome in
      if case .kept(let record) = outcome { return record }
      return nil
    }
    if mine.allSatisfy({ !$0.1.isConflict }) {
      bytes = JSONWriter.prettyBytes(ofObjects: records)
      conflicts = []
    } else {
      (bytes, conflicts) = Self.render(mine)
      for index in conflicts.indices where conflicts[index].note == nil {
        conflicts[index].note = notes[conflicts[index].id]
      }
    }
  }

  /// A record of one version of an entity and the file it is in.
  struct Placed: Sendable, Hashable {
    var record: JSONObject
    var file: String
  }

  /// The records of all files of one version of an entity, by identifier.
  ///
  /// - Throws: ``ShardMergeError`` for the first unreadable file, or
  ///   ``ShardMergeError/Code/duplicateIdentifier`` when two files hold one identifier.
  static func entityRecords(_ files: [String: [UInt8]], side: Side, identifiers: [String])
    throws(ShardMergeError) -> [RecordID: Placed]
  {
    var all: [RecordID: Placed] = [:]
    for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
      for (id, record) in try records(bytes, side: side, identifiers: identifiers) {
        if let other = all.updateValue(Placed(record: record, file: name), forKey: id) {
          throw ShardMergeError(
            code: .duplicateIdentifier,
            message: "\(name) and \(other.file) both hold the identifier \(id)", side: side)
        }
      }
    }
    return all
  }

  /// Whether every record of one version is in the file the layout gives it.
  static func followsLayout(_ records: [RecordID: Placed]) -> Bool {
    var current = ShardLayout.headName + ".json"
    for id in records.keys.sorted() {
      let hash = ShardLayout.boundaryHash(id)
      if ShardLayout.isBoundary(hash: hash) { current = ShardLayout.name(hash: hash) + ".json" }
      guard records[id]?.file == current else { return false }
    }
    return true
  }

  /// Why `id` cannot be left where git's version of `file` has it (or lacks it).
  static func moved(
    _ id: RecordID, to file: String, base: [RecordID: Placed],
    ours: [RecordID: Placed], theirs: [RecordID: Placed]
  ) -> String {
    func change(_ side: Side, _ records: [RecordID: Placed]) -> String {
      switch (base[id], records[id]) {
      case (nil, nil): return "absent in \(side)"
      case (nil, _?): return "inserted in \(side)"
      case (_?, nil): return "deleted in \(side)"
      case (let old?, let new?):
        if old.record != new.record { return "changed in \(side)" }
        return old.file == new.file ? "unchanged in \(side)" : "moved in \(side)"
      }
    }
    return "\(change(.ours, ours)), \(change(.theirs, theirs)); moved to \(file), which git takes "
      + "from one side: make \(file) hold the merged record (or none), then delete these markers"
  }

  /// Records one side renamed (deleted, with the same content under a new identifier) while
  /// the other side deleted or changed them, by old identifier, with the note to report.
  static func renames(
    base: [RecordID: Placed], ours: [RecordID: Placed], theirs: [RecordID: Placed],
    identifiers: [String]
  ) -> [RecordID: String] {
    func content(_ record: JSONObject) -> JSONObject {
      var copy = JSONObject()
      for member in record where !identifiers.contains(member.key) {
        copy.appendUnchecked(key: member.key, value: member.value)
      }
      return copy
    }
    var notes: [RecordID: String] = [:]
    for (side, mine, other) in [(Side.ours, ours, theirs), (Side.theirs, theirs, ours)] {
      var inserted: [JSONObject: [RecordID]] = [:]
      for (id, placed) in mine where base[id] == nil && other[id] == nil {
        inserted[content(placed.record), default: []].append(id)
      }
      guard !inserted.isEmpty else { continue }
      for (id, original) in base where mine[id] == nil && other[id]?.record != original.record {
        guard let new = inserted[content(original.record)]?.min() else { continue }
        let what = other[id] == nil ? "deleted" : "changed"
        notes[id] = "renamed to \(new) in \(side), \(what) in \(side == .ours ? Side.theirs : .ours)"
      }
    }
    return notes
  }
}
