/// A shard file left with git conflict markers, read as records: those both sides of the merge
/// agree on, and the conflicted ones with each side's value of every field in conflict, so
/// that conflicts can be listed and resolved one record, or one field, at a time (`folio
/// conflicts`, `folio resolve`).
///
/// The file is read as git or Folio's merge driver left it: every line outside the markers is
/// what the merge settled, so the text with every conflict taken as ours, and the text with
/// every conflict taken as theirs, are both the merged file as each side would have it. A
/// record is in conflict when those two differ; everything else, every edit already merged
/// included, is kept as it is by any resolution. Both texts must read as shard files.
///
/// ```swift
/// var shard = try ConflictedShard(bytes: conflicted, base: base, identifiers: ["id"])
/// try shard.resolve(.int(2), field: "fullName", with: .theirs)
/// if shard.isResolved { write(shard.bytes) }   // canonical, no markers
/// ```
public struct ConflictedShard: Sendable, Hashable {
  /// Which version a resolution takes.
  public enum Choice: Sendable, Hashable {
    /// The current branch's.
    case ours
    /// The merged branch's.
    case theirs
    /// The common ancestor's (absent when it had none).
    case base
    /// This value; `nil` removes the field.
    case value(JSONValue?)
  }

  /// One field whose two sides differ.
  public struct FieldConflict: Sendable, Hashable {
    /// The field's stored name.
    public var field: String
    /// Our value, `nil` when we have no such field.
    public var ours: JSONValue?
    /// Their value, `nil` when they have no such field.
    public var theirs: JSONValue?
    /// The common ancestor's value, `nil` when it had none or no base was given.
    public var base: JSONValue?

    /// Creates a field conflict.
    public init(field: String, ours: JSONValue?, theirs: JSONValue?, base: JSONValue?) {
      self.field = field
      self.ours = ours
      self.theirs = theirs
      self.base = base
    }
  }

  /// One record in conflict.
  public struct RecordConflict: Sendable, Hashable {
    /// The record's identifier.
    public var id: RecordID
    /// The record as we have it, `nil` when we deleted it.
    public var ours: JSONObject?
    /// The record as they have it, `nil` when they deleted it.
    public var theirs: JSONObject?
    /// The record in the common ancestor, when a base was given and had it.
    public var base: JSONObject?
    /// The fields in conflict and not resolved yet (empty when one side deleted the record).
    public var fields: [FieldConflict]
    /// The side that deleted the record, when one did.
    public var deletedIn: ShardMerge.Side?
    /// The line of the file's first conflict marker for this record (1-based), as read.
    public var line: Int
    /// Values chosen so far for some of ``fields``' fields (`nil`: remove the field).
    var chosen: [String: JSONValue?] = [:]
  }

  /// The records both sides agree on, by identifier.
  var agreed: [RecordID: JSONObject]
  /// Conflicts resolved so far: the record chosen, or `nil` for none.
  var settled: [RecordID: JSONObject?] = [:]
  /// The conflicts not resolved yet, in identifier order.
  public private(set) var conflicts: [RecordConflict]

  /// Whether `bytes` holds a line that starts with a git conflict marker.
  public static func hasMarkers(_ bytes: [UInt8]) -> Bool { ShardFile.conflictMarkerLine(bytes) != nil }

  /// Whether every conflict is resolved, so ``bytes`` is a canonical shard file.
  public var isResolved: Bool { conflicts.isEmpty }

  /// Reads a conflicted shard file.
  ///
  /// - Parameters:
  ///   - bytes: the file with its conflict markers (`<<<<<<<`, `|||||||` for a diff3 base,
  ///     `=======`, `>>>>>>>`, each at the start of a line).
  ///   - base: the common ancestor's version of the file (git's stage 1), for the base values
  ///     shown and ``Choice/base``; `nil` when there is none.
  ///   - identifiers: the entity's identifier attributes (`$id` for an owned entity).
  /// - Throws: ``ShardMergeError``: `conflictMarkers` locating a marker out of place or a
  ///   conflict with nothing on either side (a record the merge driver could not place), or
  ///   the problem of the ours or theirs reading (`invalidJSON`, `duplicateIdentifier`, …).
  public init(bytes: [UInt8], base: [UInt8]?, identifiers: [String]) throws(ShardMergeError) {
    let sides = try Self.sides(bytes)
    let ours = try ShardMerge.records(sides.ours, side: .ours, identifiers: identifiers)
    let theirs = try ShardMerge.records(sides.theirs, side: .theirs, identifiers: identifiers)
    let original = base.flatMap { try? ShardMerge.records($0, side: .base, identifiers: identifiers) } ?? [:]
    let oursLines = Self.recordLines(sides.ours, identifiers: identifiers)
    let theirsLines = Self.recordLines(sides.theirs, identifiers: identifiers)
    agreed = [:]
    conflicts = []
    for id in Set(ours.keys).union(theirs.keys).sorted() {
      let (mine, other) = (ours[id], theirs[id])
      if let mine, mine == other {
        agreed[id] = mine
        continue
      }
      // The first marker line within the record's lines on either side.
      var line = Int.max
      if mine != nil, let range = oursLines[id] {
        for hunk in sides.hunks where range.overlaps(hunk.ours) { line = min(line, hunk.markerLine) }
      }
      if other != nil, let range = theirsLines[id] {
        for hunk in sides.hunks where range.overlaps(hunk.theirs) { line = min(line, hunk.markerLine) }
      }
      var conflict = RecordConflict(
        id: id, ours: mine, theirs: other, base: original[id], fields: [], deletedIn: nil,
        line: line == Int.max ? 1 : line)
      if let mine, let other {
        for key in ShardMerge.keys(of: [mine, other]) where mine[key] != other[key] {
          conflict.fields.append(FieldConflict(field: key, ours: mine[key], theirs: other[key], base: original[id]?[key]))
        }
      } else {
        conflict.deletedIn = mine == nil ? .ours : .theirs
      }
      conflicts.append(conflict)
    }
  }

  /// Resolves the conflict of record `id` (of one of its fields when `field` is given) with
  /// `choice`.
  ///
  /// - Throws: ``ShardMergeError`` (``ShardMergeError/Code/noConflict`` when no conflict of
  ///   that record is left, when the field is not in conflict, or for a field-level choice on a
  ///   record one side deleted; ``ShardMergeError/Code/notAShard`` for a value that is not an
  ///   object given for a whole record). The shard is unchanged then.
  public mutating func resolve(_ id: RecordID, field: String? = nil, with choice: Choice) throws(ShardMergeError) {
    guard let index = conflicts.firstIndex(where: { $0.id == id }) else {
      throw ShardMergeError(
        code: .noConflict, message: "record \(id.canonicalText) is not in conflict in this file")
    }
    var conflict = conflicts[index]
    guard let field else {
      let record: JSONObject?
      switch choice {
      case .ours: record = conflict.ours.map { apply(conflict.chosen, to: $0) }
      case .theirs: record = conflict.theirs.map { apply(conflict.chosen, to: $0) }
      case .base: record = conflict.base
      case .value(let value):
        guard let value else {
          record = nil
          break
        }
        guard case .object(let object) = value else {
          throw ShardMergeError(
            code: .notAShard, message: "a record's value must be a JSON object, not \(value.kindName)")
        }
        record = object
      }
      settled[id] = .some(record)
      conflicts.remove(at: index)
      return
    }
    guard conflict.deletedIn == nil else {
      throw ShardMergeError(
        code: .noConflict,
        message: "record \(id.canonicalText) was deleted in \(conflict.deletedIn?.description ?? "one side") and changed in the other: resolve the whole record (keep it with the side that changed it, or delete it), not one field")
    }
    guard let fieldIndex = conflict.fields.firstIndex(where: { $0.field == field }) else {
      let fields = conflict.fields.map(\.field).joined(separator: ", ")
      throw ShardMergeError(
        code: .noConflict,
        message: "field '\(field)' of record \(id.canonicalText) is not in conflict; its conflicting fields are: \(fields)")
    }
    let entry = conflict.fields[fieldIndex]
    switch choice {
    case .ours: conflict.chosen[field] = .some(entry.ours)
    case .theirs: conflict.chosen[field] = .some(entry.theirs)
    case .base: conflict.chosen[field] = .some(entry.base)
    case .value(let value): conflict.chosen[field] = .some(value)
    }
    conflict.fields.remove(at: fieldIndex)
    if conflict.fields.isEmpty, let ours = conflict.ours {
      settled[id] = .some(apply(conflict.chosen, to: ours))
      conflicts.remove(at: index)
    } else {
      conflicts[index] = conflict
    }
  }

  /// `record` with the chosen values set (a `nil` value removes the field).
  func apply(_ chosen: [String: JSONValue?], to record: JSONObject) -> JSONObject {
    var result = record
    for (key, value) in chosen { result[key] = value }
    return result
  }

  /// The file: canonical when every conflict is resolved, else the records with the conflicts
  /// left between markers, as Folio's merge driver writes them.
  public var bytes: [UInt8] {
    var outcomes: [(RecordID, ShardMerge.Outcome)] = []
    for (id, record) in agreed { outcomes.append((id, .kept(record))) }
    for (id, record) in settled { outcomes.append((id, record.map(ShardMerge.Outcome.kept) ?? .removed)) }
    for conflict in conflicts {
      if let ours = conflict.ours, conflict.theirs != nil {
        var merged = apply(conflict.chosen, to: ours)
        for field in conflict.fields { merged[field.field] = nil }
        let open = conflict.fields.map { ShardMerge.FieldConflict(key: $0.field, ours: $0.ours, theirs: $0.theirs) }
        outcomes.append((conflict.id, .fields(merged: merged, conflicting: open)))
      } else if let kept = conflict.ours ?? conflict.theirs {
        let changed = ShardMerge.changedKeys(conflict.base ?? JSONObject(), kept)
        outcomes.append((conflict.id, .deleted(in: conflict.ours == nil ? .ours : .theirs, kept: kept, changed: changed)))
      }
    }
    outcomes.sort { $0.0 < $1.0 }
    if conflicts.isEmpty {
      return JSONWriter.prettyBytes(ofObjects: outcomes.compactMap { _, outcome in
        if case .kept(let record) = outcome { return record }
        return nil
      })
    }
    return ShardMerge.render(outcomes).0
  }

  /// One conflict hunk of the file: the line of its `<<<<<<<` marker, and the lines its two
  /// sides take in the ours text and in the theirs text (a side without lines takes the line
  /// it sits before).
  struct Hunk: Sendable, Hashable {
    var markerLine: Int
    var ours: ClosedRange<Int>
    var theirs: ClosedRange<Int>
  }

  /// The file with every conflict taken as ours, and as theirs, and its hunks.
  static func sides(_ bytes: [UInt8]) throws(ShardMergeError)
    -> (ours: [UInt8], theirs: [UInt8], hunks: [Hunk])
  {
    enum Mode { case both, ours, base, theirs }
    var mode = Mode.both
    var ours: [UInt8] = []
    var theirs: [UInt8] = []
    var hunks: [Hunk] = []
    var (oursLine, theirsLine) = (1, 1)
    var hunkLines = 0
    for (number, line) in zip(1..., bytes.split(separator: 0x0A, omittingEmptySubsequences: false)) {
      let marker = line.count >= 7 ? Array(line.prefix(7)) : []
      let problem = { (message: String) in
        ShardMergeError(code: .conflictMarkers, message: message, line: number, column: 1)
      }
      switch (marker, mode) {
      case (Array("<<<<<<<".utf8), .both):
        mode = .ours
        hunkLines = 0
        hunks.append(Hunk(markerLine: number, ours: oursLine...oursLine, theirs: theirsLine...theirsLine))
        continue
      case (Array("|||||||".utf8), .ours):
        mode = .base
        continue
      case (Array("=======".utf8), .ours), (Array("=======".utf8), .base):
        mode = .theirs
        continue
      case (Array(">>>>>>>".utf8), .theirs):
        mode = .both
        if hunkLines == 0 {
          throw problem("a conflict with no lines on either side: a record the merge driver could not place (its message on git's output says where it moved); resolve it by hand")
        }
        continue
      case (Array("<<<<<<<".utf8), _), (Array("|||||||".utf8), _), (Array("=======".utf8), _), (Array(">>>>>>>".utf8), _):
        throw problem("a conflict marker out of place")
      default: break
      }
      let text = Array(line) + [0x0A]
      switch mode {
      case .both:
        ours += text
        theirs += text
        oursLine += 1
        theirsLine += 1
      case .ours:
        ours += text
        oursLine += 1
        hunkLines += 1
        if let last = hunks.indices.last { hunks[last].ours = hunks[last].ours.lowerBound...max(hunks[last].ours.lowerBound, oursLine - 1) }
      case .theirs:
        theirs += text
        theirsLine += 1
        hunkLines += 1
        if let last = hunks.indices.last { hunks[last].theirs = hunks[last].theirs.lowerBound...max(hunks[last].theirs.lowerBound, theirsLine - 1) }
      case .base: break
      }
    }
    if mode != .both {
      throw ShardMergeError(code: .conflictMarkers, message: "the last conflict has no closing >>>>>>> marker", line: hunks.last?.markerLine ?? 1, column: 1)
    }
    return (ours, theirs, hunks)
  }

  /// The lines each record of a shard file's text spans, by identifier; empty when the text
  /// is not an array of records.
  static func recordLines(_ text: [UInt8], identifiers: [String]) -> [RecordID: ClosedRange<Int>] {
    guard let spans = StoreDiff.recordSpans(text), case .array(let items)? = try? JSONParser.parse(text),
      items.count == spans.count
    else { return [:] }
    // One pass over the text: spans come in order.
    var lineNumber = 1
    var offset = 0
    func line(at target: Int) -> Int {
      while offset < target {
        if text[offset] == 0x0A { lineNumber += 1 }
        offset += 1
      }
      return lineNumber
    }
    var result: [RecordID: ClosedRange<Int>] = [:]
    for (item, span) in zip(items, spans) {
      let range = line(at: span.lowerBound)...line(at: span.upperBound - 1)
      guard case .object(let record) = item, let id = SchemaIndex.recordID(of: record, identifiers: identifiers) else { continue }
      result[id] = range
    }
    return result
  }
}

extension ShardMergeError.Code {
  /// A resolution names a record or field that is not in conflict.
  public static let noConflict = Self("noConflict")
}
