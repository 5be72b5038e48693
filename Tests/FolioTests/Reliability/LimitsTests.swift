import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// The documented limits (Documentation/Reliability.md, "Limits"): each gives a typed error with
/// its location, never a crash, a stack overflow or unbounded memory.
@Suite struct LimitsTests {
  static func nested(_ depth: Int) -> [UInt8] {
    Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
  }

  @Test func nestingUpToTheLimitParsesAndOneLevelMoreIsRefused() throws {
    _ = try JSONParser.parse(Self.nested(512))
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(Self.nested(513)) }
    #expect(error.code == .nestingTooDeep)
    #expect(error.line == 1)
    #expect(error.column == 513)
  }

  @Test func aMillionLevelsOfNestingIsAnErrorNotAStackOverflow() throws {
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(Self.nested(1_000_000)) }
    #expect(error.code == .nestingTooDeep)
    #expect(error.offset == 512)
  }

  @Test func schemaFilesNestAtMostSixtyFourLevels() throws {
    let text = #"{"folioSchema": 1, "entities": "# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"
    let error = try #require(throws: SchemaError.self) { try Schema(fileBytes: Array(text.utf8), file: "deep.json") }
    #expect(error.code == .invalidFile)
    #expect(error.problems.map(\.code) == [.syntax])
    #expect(error.problems.first?.message.contains("[nestingTooDeep]") == true)
    #expect(error.problems.first?.column == 95)
  }

  @Test func aStringLongerThanTheLimitIsRefusedWhereItStarts() throws {
    let text = #"{"name": ""# + String(repeating: "x", count: 65) + #""}"#
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(Array(text.utf8), options: JSONParser.Options(maxStringBytes: 64))
    }
    #expect(error.code == .tooLarge)
    #expect(error.column == 10)
    #expect(JSONParser.Options().maxStringBytes == 64 << 20)
  }

  @Test func aDocumentLongerThanTheLimitIsRefusedBeforeParsing() throws {
    let payload = Array(("[" + String(repeating: #"{"id": 1},"#, count: 20) + #"{"id": 2}]"#).utf8)
    var options = JSONParser.Options(file: "payload.json")
    options.maxDocumentBytes = 100
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(payload, options: options) }
    #expect(error.code == .tooLarge)
    #expect(error.offset == 0)
    // The same error a reader gives when it refuses a file by its size, without reading it.
    #expect(error.message == JSONError.documentTooLarge(limit: 100, file: "payload.json").message)
    #expect(error.file == "payload.json")
    #expect(error.description.hasPrefix("payload.json:1:1: error: the document is longer than the limit of 100 bytes"))
    options.maxDocumentBytes = payload.count
    #expect(try JSONParser.parse(payload, options: options).arrayValue?.count == 21)
    #expect(JSONParser.Options().maxDocumentBytes == 1 << 30)
  }

  @Test(arguments: ["1e309", "-1e309", String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 309) + ".5"])
  func numbersBeyondDoubleAreOutOfRange(_ number: String) throws {
    let error = try #require(throws: JSONError.self) { try JSONParser.parse("[" + number + "]") }
    #expect(error.code == .numberOutOfRange)
    #expect(error.column == 2)
  }

  @Test func longNumbersWithinRangeParseInLinearTime() throws {
    // 100,000 digits: a tiny fraction (rounds to 0), and an integer beyond Int64 (a double).
    let tiny = try JSONParser.parse("0." + String(repeating: "0", count: 100_000) + "1")
    #expect(tiny == .double(0))
    let big = try JSONParser.parse("9223372036854775808")
    #expect(big == .double(9_223_372_036_854_775_808))
  }

  @Test func anIdentifierBeyondInt64IsRejectedNotTruncated() throws {
    let test = try TestStore(.memory, schema: StoreFixtures.batchSchema)
    let payload = try JSONParser.parse(#"[{"id": 9223372036854775808, "name": "Big"}]"#)
    let report = try test.store.sync(payload, into: "Person")
    #expect(report.outcomes.map(\.kind) == [.rejected])
    #expect(report.outcomes.first?.pointer == "/0/id")
    #expect(test.store.state.count("Person") == 0)
  }

  @Test func largeRecordsAndShardsRoundTripThroughTheFiles() throws {
    // A 4 MiB string in one record and 3,000 records in one save: written, reopened, equal.
    let test = try TestStore(.directory, schema: StoreFixtures.batchSchema)
    defer { test.remove() }
    let path = try #require(test.path)
    let big = String(repeating: "é", count: 2 << 20)
    try test.store.sync(.array([.object(["id": 1, "name": .string(big)])]), into: "Person")
    try test.store.sync(.array((0..<3000).map { .object(["clickID": .int(Int64($0))]) }), into: "Click")
    let reopened = try Store(directory: path, schema: StoreFixtures.batchSchema, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Person", 1)?["name"] == .string(big))
    #expect(reopened.state.count("Click") == 3000)
    #expect(try test.store.check() == [])
  }

  @Test func pathLikeIdentifiersStayInsideShardFiles() throws {
    let directory = try TemporaryDirectory(prefix: "folio-limits")
    defer { directory.remove() }
    let path = directory.path + "/a/b/store.folio"
    let store = try Store(directory: path, schema: StoreFixtures.batchSchema)
    for id in ["../../x", "/etc/passwd", "..", "Order/0000.json", "a\u{0}b", "con"] {
      try store.insert("Order", ["uuid": .string(id)])
    }
    #expect(try store.check() == [])
    // Only the store's own files exist: identifiers never became file names.
    let files = Set(FileManager.default.subpaths(atPath: directory.path) ?? [])
    let own: Set<String> = [
      "a", "a/b", "a/b/store.folio", "a/b/store.folio/.gitignore", "a/b/store.folio/.gitattributes",
      "a/b/store.folio/schema.json", "a/b/store.folio/.folio", "a/b/store.folio/.folio/lock",
      "a/b/store.folio/.folio/commit.lock", "a/b/store.folio/.folio/state.json",
      "a/b/store.folio/Order", "a/b/store.folio/Order/0000000000000000.json",
    ]
    let expected = own
    #expect(files == expected)
    let reopened = try Store(directory: path, schema: StoreFixtures.batchSchema, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Order", "../../x") == ["uuid": "../../x"])
    #expect(reopened.state.count("Order") == 6)
  }
}
