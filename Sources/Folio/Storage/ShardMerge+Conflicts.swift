extension ShardMerge {
  /// One output line; `conflicts` lists the conflicts whose `<<<<<<<` marker it is.
  struct Line: Sendable, Hashable {
    var text: String
    var conflicts: [Int] = []
  }

  /// One element of a JSON array or object, as lines without its trailing comma, or the
  /// elements of the two sides of a conflict.
  enum Piece: Sendable, Hashable {
    case plain([Line])
    case hunk(ours: [[Line]], theirs: [[Line]], conflicts: [Int])
  }

  /// The bytes of a merge with conflicts and the conflicts with their marker lines.
  static func render(_ outcomes: [(RecordID, Outcome)]) -> ([UInt8], [Conflict]) {
    var pieces: [Piece] = []
    var conflicts: [Conflict] = []
    for (id, outcome) in outcomes {
      switch outcome {
      case .removed: break
      case .kept(let record):
        pieces.append(.plain(recordLines(record)))
      case .deleted(let side, let kept, let changed):
        let index = conflicts.count
        conflicts.append(Conflict(id: id, members: changed, deletedIn: side, line: 0))
        let lines = [recordLines(kept)]
        pieces.append(
          side == .theirs
            ? .hunk(ours: lines, theirs: [], conflicts: [index])
            : .hunk(ours: [], theirs: lines, conflicts: [index]))
      case .fields(let merged, let conflicting):
        let index = conflicts.count
        conflicts.append(Conflict(id: id, members: conflicting.map(\.key), line: 0))
        pieces.append(.plain(recordLines(merged, conflicting, conflict: index)))
      case .note(let text):
        conflicts.append(Conflict(id: id, members: [], line: 0, note: text))
        pieces.append(.hunk(ours: [], theirs: [], conflicts: [conflicts.count - 1]))
      }
    }
    let lines = [Line(text: "[")] + assemble(pieces) + [Line(text: "]")]
    for (number, line) in zip(1..., lines) {
      for index in line.conflicts where conflicts[index].line == 0 {
        conflicts[index].line = number
      }
    }
    var bytes: [UInt8] = []
    for line in lines {
      bytes.append(contentsOf: line.text.utf8)
      bytes.append(0x0A)
    }
    return (bytes, conflicts)
  }

  /// The lines of a record at indentation level 1, as the canonical writer lays it out.
  static func recordLines(_ record: JSONObject) -> [Line] {
    var bytes = Array("  ".utf8)
    JSONWriter.writePretty(.object(record), indent: 1, into: &bytes)
    return lines(bytes)
  }

  /// The lines of a record whose `conflicting` members are written between markers.
  static func recordLines(_ merged: JSONObject, _ conflicting: [FieldConflict], conflict: Int)
    -> [Line]
  {
    var members = merged.members.map { (key: $0.key, piece: Piece.plain(memberLines($0))) }
    for field in conflicting {
      let ours = field.ours.map { [memberLines(.init(key: field.key, value: $0))] } ?? []
      let theirs = field.theirs.map { [memberLines(.init(key: field.key, value: $0))] } ?? []
      members.append((field.key, .hunk(ours: ours, theirs: theirs, conflicts: [conflict])))
    }
    members.sort { JSONObject.keyPrecedes($0.key, $1.key) }
    return [Line(text: "  {")] + assemble(members.map(\.piece)) + [Line(text: "  }")]
  }

  /// The lines of one member of a record: `"key": value` at indentation level 2.
  static func memberLines(_ member: JSONObject.Member) -> [Line] {
    var bytes = Array("    ".utf8)
    JSONWriter.writeString(member.key, into: &bytes)
    bytes.append(contentsOf: ": ".utf8)
    JSONWriter.writePretty(member.value, indent: 2, into: &bytes)
    return lines(bytes)
  }

  /// `bytes` cut at line feeds (JSON text has no line feed inside a string).
  static func lines(_ bytes: [UInt8]) -> [Line] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Line(text: String(decoding: $0, as: UTF8.self))
    }
  }

  /// The lines of the elements of one array or object, with commas and conflict markers.
  ///
  /// Adjacent hunks are joined into one, so plain elements and hunks alternate and every plain
  /// element is there whichever side of each hunk is kept. An element then takes a comma when
  /// another follows it on its side or after it; a last hunk with an empty side also holds the
  /// line that ends the element before it, which takes a comma only on the non-empty side.
  static func assemble(_ pieces: [Piece]) -> [Line] {
    var joined: [Piece] = []
    for piece in pieces {
      if case .hunk(let ours, let theirs, let conflicts) = piece,
        case .hunk(let ours0, let theirs0, let conflicts0)? = joined.last
      {
        joined[joined.count - 1] = .hunk(
          ours: ours0 + ours, theirs: theirs0 + theirs, conflicts: conflicts0 + conflicts)
      } else {
        joined.append(piece)
      }
    }
    var out: [Line] = []
    var index = 0
    while index < joined.count {
      let isLast = index == joined.count - 1
      switch joined[index] {
      case .plain(var lines):
        if index + 1 == joined.count - 1,
          case .hunk(let ours, let theirs, let conflicts) =
            joined[index + 1], ours.isEmpty || theirs.isEmpty, let last = lines.popLast()
        {
          out += lines
          out += hunk(ours, theirs, conflicts, lead: last, followed: false)
          index += 2
          continue
        }
        out += withComma(lines, !isLast)
      case .hunk(let ours, let theirs, let conflicts):
        out += hunk(ours, theirs, conflicts, lead: nil, followed: !isLast)
      }
      index += 1
    }
    return out
  }

  /// The marker lines and both sides of one hunk.
  static func hunk(
    _ ours: [[Line]], _ theirs: [[Line]], _ conflicts: [Int], lead: Line?, followed: Bool
  ) -> [Line] {
    func side(_ elements: [[Line]]) -> [Line] {
      var lines: [Line] = []
      if var lead {
        if !elements.isEmpty { lead.text += "," }
        lines.append(lead)
      }
      for (position, element) in elements.enumerated() {
        lines += withComma(element, followed || position < elements.count - 1)
      }
      return lines
    }
    return [Line(text: "<<<<<<< ours", conflicts: conflicts)] + side(ours)
      + [Line(text: "=======")] + side(theirs) + [Line(text: ">>>>>>> theirs")]
  }

  /// `lines` with a comma after the last one when `comma` is true.
  static func withComma(_ lines: [Line], _ comma: Bool) -> [Line] {
    guard comma, let last = lines.last else { return lines }
    var result = lines
    result[result.count - 1] = Line(text: last.text + ",", conflicts: last.conflicts)
    return result
  }
}
