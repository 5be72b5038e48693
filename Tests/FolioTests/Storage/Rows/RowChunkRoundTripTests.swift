import FolioTestSupport
import Testing

@testable import Folio

/// A record stored in a ``RowChunk`` decodes to an equal record, value by value, whichever
/// encoding each value gets: typed (tag 1), boxed (tag 2) or a to-one's identifier in the arena
/// (tag 3).
@Suite struct RowChunkRoundTripTests {
  /// One value in one column, and the tag it must be stored with.
  struct Case: Sendable, CustomTestStringConvertible {
    let column: String
    let value: JSONValue
    let tag: UInt64
    var testDescription: String { "\(column) = \(value) (tag \(tag))" }
  }

  static let typed: UInt64 = 1
  static let boxed: UInt64 = 2
  static let identifier: UInt64 = 3

  static let cases: [Case] = {
    var cases: [Case] = []
    func add(_ column: String, _ tag: UInt64, _ values: [JSONValue]) {
      for value in values { cases.append(Case(column: column, value: value, tag: tag)) }
    }
    add(
      "name", typed,
      [
        "", "plain", "\u{E9}", "e\u{301}", "\u{0}", "a\u{0}b", "\u{1F600}",
        "\u{1F469}\u{200D}\u{1F4BB}",
        "\u{65E5}\u{672C}", "quote \" and \\ and \n",
        .string(String(repeating: "long text ", count: 50)),
      ])
    add("name", boxed, [1, 1.5, true, .null, ["a"], ["a": "b"]])
    add("count", typed, [0, 1, -1, .int(.min), .int(.max)])
    add("count", boxed, [1.0, "1", false, .null, [1]])
    add(
      "ratio", typed,
      [
        0.0, -0.0, 1e308, -1e308, JSONValue.double(.leastNonzeroMagnitude), 0.1, 1.0,
        .double(.infinity), .double(.pi),
      ])
    add("ratio", boxed, [1, .int(.max), "0.1", .null])
    add("flag", typed, [true, false])
    add("flag", boxed, [0, 1, "true", .null])
    add(
      "at", typed,
      [
        "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "0000-01-01T00:00:00.000Z",
        "9999-12-31T23:59:59.999Z", "2000-02-29T12:34:56.789Z", "2024-12-31T23:59:59.000Z",
      ])
    add(
      "at", boxed,
      [
        "2024-01-01T00:00:00Z", "2024-01-01T00:00:00.000+00:00", "2023-02-29T00:00:00.000Z",
        "2024-01-01 00:00:00.000Z", "2024-1-01T00:00:00.000Z", "2024-01-01T24:00:00.000Z", "",
        "2024-01-01", 0, .null,
      ])
    add(
      "uid", typed,
      [
        "123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
      ])
    add(
      "uid", boxed,
      [
        "123E4567-E89B-12D3-A456-426614174000", "{123e4567-e89b-12d3-a456-426614174000}",
        "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "", 7,
      ])
    add("mood", typed, ["happy", "sad", "\u{E9}t\u{E9}"])
    add("mood", boxed, ["HAPPY", "e\u{301}te\u{301}", "", 0, .null])
    add("price", typed, ["12.3", "-0.000001", "0", "123456789012345678901234567890.5", ""])
    add("price", boxed, [1.5, 2, .null])
    add(
      "strings", typed,
      [[], ["a", "", "\u{1F600}", "e\u{301}", "\u{0}"], .array(Array(repeating: "x", count: 300))])
    add("strings", boxed, [["a", 1], [.null], "a", ["a": "b"]])
    add("ints", typed, [[], [.int(.min), 0, .int(.max)]])
    add("ints", boxed, [[1, 2.0], ["1"], [[1]]])
    add("doubles", typed, [[], [-0.0, 0.1, 1e308, JSONValue.double(.leastNonzeroMagnitude)]])
    add("doubles", boxed, [[1], [0.5, "0.5"]])
    add("bools", typed, [[], [true, false, true]])
    add("bools", boxed, [[1, 0]])
    add("dates", typed, [[], ["0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"]])
    add("dates", boxed, [["2024-01-01T00:00:00Z"], ["1970-01-01T00:00:00.000Z", 0]])
    add(
      "uuids", typed,
      [[], ["123e4567-e89b-12d3-a456-426614174000", "ffffffff-ffff-ffff-ffff-ffffffffffff"]])
    add("uuids", boxed, [["123E4567-E89B-12D3-A456-426614174000"]])
    add("moods", typed, [[], ["happy", "\u{E9}t\u{E9}", "happy"]])
    add("moods", boxed, [["angry"], ["e\u{301}te\u{301}"]])
    add("decimals", typed, [[], ["1.5", "", "-2"]])
    add("decimals", boxed, [[1.5]])
    add("nested", boxed, [[], [[1], [2, 3]], [[]]])
    add("meta", boxed, [.object(JSONObject()), ["a": 1, "b": ["c": [1, 2.5]]], 1, "text"])
    add("owner", typed, [0, 5, .int(.min), .int(.max)])
    add(
      "owner", identifier,
      [
        "x", "", "e\u{301}", "\u{1F600}", ["Paris", 3], [1], ["a"],
        .array(Array(repeating: 7, count: 255)),
      ])
    add(
      "owner", boxed,
      [
        [], [1.5], [[1]], [true], 1.0, true, .null, ["a": 1],
        .array(Array(repeating: 7, count: 256)),
      ])
    add("members", typed, [[], [1, "a", ["P", 2]], [.int(.min), "", [.int(.max), "\u{0}"]]])
    add("members", boxed, [[1, 1.5], [[]], [.null], "a", 1])
    return cases
  }()

  @Test(arguments: cases)
  func valueRoundTripsWithItsEncoding(_ example: Case) throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    let record = JSONObject(uniqueMembers: [
      JSONObject.Member(key: "id", value: 1),
      JSONObject.Member(key: example.column, value: example.value),
    ])
    chunk.updateValue(record, forKey: 1)
    let row = try #require(chunk.row(of: 1))
    let column = RowFixtures.column(example.column)
    #expect(chunk.tag(row, column) == example.tag)
    #expect(chunk[1] == record)
    #expect(chunk.value(row, column) == example.value)
    #expect(chunk.sameRecord(row: row, as: chunk, row: row) == (chunk[1] == chunk[1]))
  }

  @Test func intAndDoubleStayDistinct() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    chunk.updateValue(["id": 1, "ratio": .int(1), "count": .double(1)], forKey: 1)
    chunk.updateValue(["id": 2, "ratio": .double(1), "count": .int(1)], forKey: 2)
    let one = try #require(chunk[1])
    let two = try #require(chunk[2])
    #expect(one["ratio"] == .int(1))
    #expect(one["ratio"] != .double(1))
    #expect(one["count"] == .double(1))
    #expect(two["ratio"] == .double(1))
    #expect(two["count"] == .int(1))
    #expect(one != ["id": 1, "ratio": .double(1), "count": .int(1)])
  }

  @Test func fullRecordRoundTripsInCanonicalKeyOrderSharingKeys() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    var second = RowFixtures.fullRecord
    second["id"] = 2
    chunk.updateValue(RowFixtures.fullRecord, forKey: 1)
    chunk.updateValue(second, forKey: 2)
    let one = try #require(chunk[1])
    #expect(one == RowFixtures.fullRecord)
    #expect(one.keys == RowFixtures.layout.allKeys)
    #expect(one.isSortedByKey)
    #expect(one.sharesKeys(with: try #require(chunk[2])))
    // Every column of the full record but `meta` and `nested` is typed.
    let row = try #require(chunk.row(of: 1))
    for column in RowFixtures.layout.columns.indices {
      let name = RowFixtures.layout.columns[column].name
      #expect(chunk.tag(row, column) == (name == "meta" || name == "nested" ? 2 : 1), "\(name)")
    }
  }

  @Test func recordsWithTheSameColumnsPresentShareKeys() throws {
    // A layout of its own: the shared one's cache of presence patterns may be full (it keeps
    // 256), filled by the random tests running alongside.
    var chunk = RowChunk(layout: RowLayout(RowFixtures.entity))
    chunk.updateValue(["id": 1, "name": "a", "flag": true], forKey: 1)
    chunk.updateValue(["flag": false, "id": 2, "name": "b"], forKey: 2)
    chunk.updateValue(["id": 3, "name": "c"], forKey: 3)
    let one = try #require(chunk[1])
    #expect(one.keys == ["flag", "id", "name"])
    #expect(one.sharesKeys(with: try #require(chunk[2])))
    #expect(!one.sharesKeys(with: try #require(chunk[3])))
    #expect(try #require(chunk[2]) == ["flag": false, "id": 2, "name": "b"])
  }

  @Test func membersThatAreNotColumnsSurviveAfterTheColumns() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    // "nam\u{E9}" is no column; "e\u{301}t\u{E9}"-like spellings of column names are not either.
    let record: JSONObject = [
      "zeta": [1, 2], "id": 1, "Name": "upper", "name": "n", "na\u{300}me": .null,
    ]
    chunk.updateValue(record, forKey: 1)
    let decoded = try #require(chunk[1])
    #expect(decoded == record)
    #expect(decoded.keys == ["id", "name", "zeta", "Name", "na\u{300}me"])
    // Extras move with their row when an earlier row is removed, and go with their row.
    chunk.updateValue(["id": 2, "extra": true], forKey: 2)
    chunk.updateValue(["id": 3], forKey: 3)
    chunk.removeValue(forKey: 1)
    #expect(chunk[2] == ["id": 2, "extra": true])
    #expect(chunk[3] == ["id": 3])
    chunk.updateValue(["id": 3, "other": 1], forKey: 3)
    chunk.updateValue(["id": 2], forKey: 2)
    #expect(chunk[2] == ["id": 2])
    #expect(chunk[3] == ["id": 3, "other": 1])
  }

  @Test func aValueTooLongForAnArenaReferenceIsBoxed() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    let long = JSONValue.string(String(repeating: "x", count: RowArena.maximumLength + 1))
    let limit = JSONValue.string(String(repeating: "y", count: RowArena.maximumLength))
    chunk.updateValue(["id": 1, "name": long, "price": limit], forKey: 1)
    let row = try #require(chunk.row(of: 1))
    #expect(chunk.tag(row, RowFixtures.column("name")) == 2)
    #expect(chunk.tag(row, RowFixtures.column("price")) == 1)
    #expect(chunk[1] == ["id": 1, "name": long, "price": limit])
  }

  @Test func emptyRecordsAndEmptyLayoutsRoundTrip() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    chunk.updateValue([:], forKey: "a")
    #expect(chunk["a"] == [:])
    var bare = RowChunk(layout: RowLayout(columns: []))
    #expect(bare.layout.wordsPerRow == 0)
    bare.updateValue(["x": 1], forKey: 1)
    bare.updateValue([:], forKey: 2)
    #expect(bare[1] == ["x": 1])
    #expect(bare[2] == [:])
    #expect(bare.removeValue(forKey: 1) == ["x": 1])
    #expect(bare[2] == [:])
    #expect(bare.count == 1)
  }
}
