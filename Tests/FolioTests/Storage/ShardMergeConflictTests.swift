import Folio
import Testing

/// Three-way merges of shard files with conflicts: markers around only the conflicting lines,
/// the other records merged, and a file that is valid JSON once one side of each conflict is
/// kept.
@Suite struct ShardMergeConflictTests {
  /// One conflicting merge: the inputs, the conflicts expected and the text written.
  struct ConflictCase: Sendable, CustomTestStringConvertible {
    var name: String
    var base: String
    var ours: String
    var theirs: String
    var identifiers: [String] = ["id"]
    var conflicts: [ShardMerge.Conflict]
    var text: String

    var testDescription: String { name }
  }

  static let conflictCases: [ConflictCase] = [
    ConflictCase(
      name: "the same field changed two ways",
      base: #"[{"id": 1, "v": 0}, {"id": 7, "name": "a", "z": 1}, {"id": 9, "v": 0}]"#,
      ours: #"[{"id": 1, "v": 1}, {"id": 7, "name": "A", "z": 1}, {"id": 9, "v": 0}]"#,
      theirs: #"[{"id": 1, "v": 0}, {"id": 7, "name": "B", "z": 1}, {"id": 9, "v": 9}]"#,
      conflicts: [ShardMerge.Conflict(id: 7, members: ["name"], line: 8)],
      text: """
        [
          {
            "id": 1,
            "v": 1
          },
          {
            "id": 7,
        <<<<<<< ours
            "name": "A",
        =======
            "name": "B",
        >>>>>>> theirs
            "z": 1
          },
          {
            "id": 9,
            "v": 9
          }
        ]

        """),
    ConflictCase(
      name: "the last field removed on one side and changed on the other",
      base: #"[{"id": 7, "name": "a"}]"#,
      ours: #"[{"id": 7}]"#,
      theirs: #"[{"id": 7, "name": "b"}]"#,
      conflicts: [ShardMerge.Conflict(id: 7, members: ["name"], line: 3)],
      text: """
        [
          {
        <<<<<<< ours
            "id": 7
        =======
            "id": 7,
            "name": "b"
        >>>>>>> theirs
          }
        ]

        """),
    ConflictCase(
      name: "a record deleted on one side and changed on the other",
      base: #"[{"id": 1, "v": 0}, {"id": 2, "v": 0}]"#,
      ours: #"[{"id": 1, "v": 0}, {"id": 2, "v": 5}]"#,
      theirs: #"[{"id": 1, "v": 0}]"#,
      conflicts: [ShardMerge.Conflict(id: 2, members: ["v"], deletedIn: .theirs, line: 5)],
      text: """
        [
          {
            "id": 1,
            "v": 0
        <<<<<<< ours
          },
          {
            "id": 2,
            "v": 5
          }
        =======
          }
        >>>>>>> theirs
        ]

        """),
    ConflictCase(
      name: "a record changed on one side and deleted on the other, then a record",
      base: #"[{"id": 1, "v": 0}, {"id": 2, "v": 0}]"#,
      ours: #"[{"id": 2, "v": 0}]"#,
      theirs: #"[{"id": 1, "v": 3}, {"id": 2, "v": 0}]"#,
      conflicts: [ShardMerge.Conflict(id: 1, members: ["v"], deletedIn: .ours, line: 2)],
      text: """
        [
        <<<<<<< ours
        =======
          {
            "id": 1,
            "v": 3
          },
        >>>>>>> theirs
          {
            "id": 2,
            "v": 0
          }
        ]

        """),
    ConflictCase(
      name: "both insert the same id with different values",
      base: "",
      ours: #"[{"code": "x", "a": 1, "b": [1, 2], "c": true}]"#,
      theirs: #"[{"code": "x", "a": 2, "b": [1, 3], "c": true, "d": null}]"#,
      identifiers: ["code"],
      conflicts: [ShardMerge.Conflict(id: "x", members: ["a", "b"], line: 3)],
      text: """
        [
          {
        <<<<<<< ours
            "a": 1,
            "b": [
              1,
              2
            ],
        =======
            "a": 2,
            "b": [
              1,
              3
            ],
        >>>>>>> theirs
            "c": true,
            "code": "x",
            "d": null
          }
        ]

        """),
  ]

  @Test(arguments: conflictCases)
  func conflictsAreMarkedAroundTheirLinesOnly(_ example: ConflictCase) throws {
    let merge = try ShardMerge(
      base: Array(example.base.utf8), ours: Array(example.ours.utf8),
      theirs: Array(example.theirs.utf8), identifiers: example.identifiers)
    #expect(!merge.isClean)
    #expect(merge.conflicts == example.conflicts)
    #expect(String(decoding: merge.bytes, as: UTF8.self) == example.text)
    let lines = example.text.split(separator: "\n", omittingEmptySubsequences: false)
    for conflict in merge.conflicts {
      #expect(lines[conflict.line - 1].hasPrefix("<<<<<<< "))
    }
  }

  @Test(arguments: conflictCases, [ShardMerge.Side.ours, .theirs])
  func keepingOneSideOfEachConflictLeavesThatSidesRecords(
    _ example: ConflictCase, _ side: ShardMerge.Side
  ) throws {
    let merge = try ShardMerge(
      base: Array(example.base.utf8), ours: Array(example.ours.utf8),
      theirs: Array(example.theirs.utf8), identifiers: example.identifiers)
    let resolved = Self.keep(side, String(decoding: merge.bytes, as: UTF8.self))
    // A valid shard file, whose conflicting members have the kept side's values.
    let records = try ShardMerge(
      base: [], ours: Array(resolved.utf8), theirs: [], identifiers: example.identifiers
    ).records
    let sideRecords = try ShardMerge(
      base: [], ours: Array((side == .ours ? example.ours : example.theirs).utf8), theirs: [],
      identifiers: example.identifiers
    ).records
    for conflict in merge.conflicts {
      let expected = sideRecords.first { Self.id(of: $0, example.identifiers) == conflict.id }
      let actual = records.first { Self.id(of: $0, example.identifiers) == conflict.id }
      if let deletedIn = conflict.deletedIn {
        #expect(actual == (deletedIn == side ? nil : expected))
      }
      for member in conflict.members {
        #expect(actual?[member] == expected?[member])
      }
    }
  }

  /// The identifier of `record`, as the merge computes it.
  static func id(of record: JSONObject, _ identifiers: [String]) -> RecordID? {
    let values = identifiers.compactMap { record[$0] }
    return RecordID(json: values.count == 1 ? values[0] : .array(values))
  }

  @Test func conflictsOfSeveralRecordsAreListedInIdentifierOrder() throws {
    let base = Array(#"[{"id": 1, "v": 0}, {"id": 2, "v": 0}, {"id": 3, "v": 0}]"#.utf8)
    let ours = Array(#"[{"id": 1, "v": 1}, {"id": 2, "v": 0}, {"id": 3, "v": 1}]"#.utf8)
    let theirs = Array(#"[{"id": 1, "v": 2}, {"id": 2, "v": 7}, {"id": 3, "v": 2}]"#.utf8)
    let merge = try ShardMerge(base: base, ours: ours, theirs: theirs, identifiers: ["id"])
    #expect(merge.conflicts.map(\.id) == [1, 3])
    #expect(merge.conflicts.map(\.line) == [4, 16])
    #expect(merge.records == [["id": 2, "v": 7]])
  }

  /// `text` with the markers and the other side of every conflict removed.
  static func keep(_ side: ShardMerge.Side, _ text: String) -> String {
    var kept: [Substring] = []
    var current: ShardMerge.Side?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("<<<<<<< ") {
        current = .ours
      } else if line == "=======" {
        current = .theirs
      } else if line.hasPrefix(">>>>>>> ") {
        current = nil
      } else if current == nil || current == side {
        kept.append(line)
      }
    }
    return kept.joined(separator: "\n")
  }
}
