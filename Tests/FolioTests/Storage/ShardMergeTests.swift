import Folio
import Testing

/// Three-way merges of shard files that merge cleanly: records matched by identifier, then
/// members merged one by one.
@Suite struct ShardMergeTests {
  /// One clean merge: the three inputs as JSON text and the records expected.
  struct CleanCase: Sendable, CustomTestStringConvertible {
    var name: String
    var base: String
    var ours: String
    var theirs: String
    var identifiers: [String] = ["id"]
    var merged: String

    var testDescription: String { name }
  }

  static let cleanCases: [CleanCase] = [
    CleanCase(
      name: "records changed on different sides",
      base: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]"#,
      ours: #"[{"id": 1, "v": "A"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]"#,
      theirs: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "C"}]"#,
      merged: #"[{"id": 1, "v": "A"}, {"id": 2, "v": "b"}, {"id": 3, "v": "C"}]"#),
    CleanCase(
      name: "disjoint inserts and a delete",
      base: #"[{"id": 2, "v": "b"}, {"id": 5, "v": "e"}]"#,
      ours: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 5, "v": "e"}]"#,
      theirs: #"[{"id": 2, "v": "b"}, {"id": 9, "v": "i"}]"#,
      merged: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 9, "v": "i"}]"#),
    CleanCase(
      name: "different fields of one record",
      base: #"[{"id": 7, "name": "a", "size": 1, "old": true}]"#,
      ours: #"[{"id": 7, "name": "b", "size": 1, "old": true, "new": 1}]"#,
      theirs: #"[{"id": 7, "name": "a", "size": 2}]"#,
      merged: #"[{"id": 7, "name": "b", "size": 2, "new": 1}]"#),
    CleanCase(
      name: "the same change on both sides",
      base: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]"#,
      ours: #"[{"id": 1, "v": "z"}, {"id": 3, "v": "c"}]"#,
      theirs: #"[{"id": 1, "v": "z"}, {"id": 3, "v": "c"}]"#,
      merged: #"[{"id": 1, "v": "z"}, {"id": 3, "v": "c"}]"#),
    CleanCase(
      name: "both insert the same id with compatible fields",
      base: "",
      ours: #"[{"id": 4, "a": 1, "b": 2}]"#,
      theirs: #"[{"id": 4, "b": 2, "c": 3}]"#,
      merged: #"[{"id": 4, "a": 1, "b": 2, "c": 3}]"#),
    CleanCase(
      name: "CRLF and trailing whitespace",
      base: "[\r\n  {\r\n    \"id\": 1,   \r\n    \"v\": \"a\"\r\n  }\r\n]\r\n",
      ours: "[\r\n  {\r\n    \"id\": 1,\r\n    \"v\": \"b\"\r\n  }\r\n]\r\n  ",
      theirs: "[\n  {\n    \"id\": 1,\n    \"v\": \"a\"\n  }\n]\n",
      merged: #"[{"id": 1, "v": "b"}]"#),
    CleanCase(
      name: "string identifiers in byte order",
      base: #"[{"code": "b", "v": 1}]"#,
      ours: #"[{"code": "b", "v": 2}, {"code": "B", "v": 0}]"#,
      theirs: #"[{"code": "a", "v": 0}, {"code": "b", "v": 1}]"#,
      identifiers: ["code"],
      merged: #"[{"code": "B", "v": 0}, {"code": "a", "v": 0}, {"code": "b", "v": 2}]"#),
    CleanCase(
      name: "composite identifiers",
      base: #"[{"city": "Paris", "n": 1, "v": 0}, {"city": "Paris", "n": 2, "v": 0}]"#,
      ours: #"[{"city": "Paris", "n": 1, "v": 5}, {"city": "Paris", "n": 2, "v": 0}]"#,
      theirs:
        #"[{"city": "Paris", "n": 2, "v": 0, "w": 1}, {"city": "Lyon", "n": 9}, {"city": "Paris", "n": 1, "v": 0}]"#,
      identifiers: ["city", "n"],
      merged:
        #"[{"city": "Lyon", "n": 9}, {"city": "Paris", "n": 1, "v": 5}, {"city": "Paris", "n": 2, "v": 0, "w": 1}]"#
    ),
    CleanCase(
      name: "empty base and one empty side",
      base: "",
      ours: "",
      theirs: #"[{"id": 3}, {"id": 1}]"#,
      merged: #"[{"id": 1}, {"id": 3}]"#),
    CleanCase(
      name: "nested values compared whole",
      base: #"[{"id": 1, "tags": ["a"], "meta": {"x": 1}}]"#,
      ours: #"[{"id": 1, "tags": ["a", "b"], "meta": {"x": 1}}]"#,
      theirs: #"[{"id": 1, "tags": ["a"], "meta": {"x": 2}}]"#,
      merged: #"[{"id": 1, "tags": ["a", "b"], "meta": {"x": 2}}]"#),
  ]

  @Test(arguments: cleanCases)
  func mergesWithoutConflictIntoCanonicalBytes(_ example: CleanCase) throws {
    let merge = try ShardMerge(
      base: Array(example.base.utf8), ours: Array(example.ours.utf8),
      theirs: Array(example.theirs.utf8), identifiers: example.identifiers)
    let expected = try #require(try JSONParser.parse(example.merged).arrayValue)
      .compactMap(\.objectValue)
    #expect(merge.isClean)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.records == expected)
    #expect(merge.bytes == JSONWriter.prettyBytes(ofObjects: expected))
  }

  @Test func deletingEveryRecordLeavesAnEmptyArray() throws {
    let base = Array(#"[{"id": 1}]"#.utf8)
    let merge = try ShardMerge(base: base, ours: [], theirs: base, identifiers: ["id"])
    #expect(merge.isClean)
    #expect(String(decoding: merge.bytes, as: UTF8.self) == "[]\n")
  }

  @Test func theExampleOfTheDocumentationMerges() throws {
    let base = Array(#"[{"id": 1, "name": "a", "size": 1}]"#.utf8)
    let ours = Array(#"[{"id": 1, "name": "b", "size": 1}]"#.utf8)
    let theirs = Array(#"[{"id": 1, "name": "a", "size": 2}]"#.utf8)
    let merge = try ShardMerge(base: base, ours: ours, theirs: theirs, identifiers: ["id"])
    #expect(merge.isClean)
    #expect(merge.records == [["id": 1, "name": "b", "size": 2]])
  }
}
