import Folio
import Testing

/// Inputs the merge refuses rather than guesses about, with the error each one gets.
@Suite struct ShardMergeErrorTests {
  /// One refused merge: the bad input given as `ours` and the error's rendered text.
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var ours: String
    var identifiers: [String] = ["id"]
    var code: ShardMergeError.Code
    var description: String

    var testDescription: String { name }
  }

  static let errorCases: [ErrorCase] = [
    ErrorCase(
      name: "conflict markers",
      ours: "[\n  {\n<<<<<<< ours\n    \"id\": 1\n=======\n    \"id\": 2\n>>>>>>> theirs\n  }\n]\n",
      code: .conflictMarkers,
      description:
        "ours:3:1: error: the file already holds git merge-conflict markers, so its records cannot be read [conflictMarkers]"
    ),
    ErrorCase(
      name: "invalid JSON",
      ours: "[\n  {\"id\": 1,}\n]\n",
      code: .invalidJSON,
      description:
        "ours:2:11: error: the file is not valid JSON: a trailing comma is not allowed before '}'; remove it [invalidJSON]"
    ),
    ErrorCase(
      name: "not an array",
      ours: #"{"id": 1}"#,
      code: .notAShard,
      description:
        "ours:1:1: error: a shard file holds an array of records; this one holds object [notAShard]"
    ),
    ErrorCase(
      name: "an element that is not an object",
      ours: "[\n  {\"id\": 1},\n  2\n]",
      code: .notAShard,
      description: "ours:3:3: error: record 1 is int, not an object (at /1) [notAShard]"),
    ErrorCase(
      name: "a record without identifier",
      ours: "[\n  {\"id\": 1},\n  {\"name\": \"x\"}\n]",
      code: .missingIdentifier,
      description:
        "ours:3:3: error: record 1 has no valid identifier: expected an int or a string in 'id' (at /1) [missingIdentifier]"
    ),
    ErrorCase(
      name: "a composite identifier with a double",
      ours: #"[{"a": 1, "b": 1.5}]"#,
      identifiers: ["a", "b"],
      code: .missingIdentifier,
      description:
        "ours:1:2: error: record 0 has no valid identifier: expected an int or a string in 'a', 'b' (at /0) [missingIdentifier]"
    ),
    ErrorCase(
      name: "a duplicate identifier",
      ours: #"[{"id": 1}, {"id": 1}]"#,
      code: .duplicateIdentifier,
      description:
        "ours:1:13: error: record 1 repeats the identifier 1 (at /1) [duplicateIdentifier]"
    ),
    ErrorCase(
      name: "no identifier names",
      ours: "[]",
      identifiers: [],
      code: .noIdentifiers,
      description:
        "error: no identifier attributes were given; pass the entity's identifiers [noIdentifiers]"
    ),
  ]

  @Test(arguments: errorCases)
  func refusesInputItCannotReadRecordByRecord(_ example: ErrorCase) throws {
    let error = try #require(throws: ShardMergeError.self) {
      try ShardMerge(
        base: [], ours: Array(example.ours.utf8), theirs: Array("[]".utf8),
        identifiers: example.identifiers)
    }
    #expect(error.code == example.code)
    #expect(error.description == example.description)
  }

  @Test func namesTheSideThatIsBroken() throws {
    let error = try #require(throws: ShardMergeError.self) {
      try ShardMerge(base: [], ours: [], theirs: Array("[1".utf8), identifiers: ["id"])
    }
    #expect(error.side == .theirs)
    #expect(error.code == .invalidJSON)
  }
}
