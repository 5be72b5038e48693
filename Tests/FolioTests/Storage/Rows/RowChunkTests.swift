import FolioTestSupport
import Testing

@testable import Folio

/// Rows as the chunk of an entity: lookups, removal moving the last row, copy-on-write, the
/// typed column accessors, and row comparison agreeing with `==` on decoded records.
@Suite struct RowChunkTests {
  @Test func removalMovesTheLastRowAndKeepsEveryOtherRecord() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    for n in 0..<10 {
      chunk.updateValue(["id": .int(Int64(n)), "name": .string("n\(n)")], forKey: .int(Int64(n)))
    }
    #expect(chunk.row(of: 9) == 9)
    #expect(chunk.removeValue(forKey: 3) == ["id": 3, "name": "n3"])
    #expect(chunk.removeValue(forKey: 3) == nil)
    #expect(chunk.row(of: 9) == 3)
    #expect(chunk.count == 9)
    #expect(!chunk.contains(3))
    for n in 0..<10 where n != 3 {
      #expect(chunk[.int(Int64(n))] == ["id": .int(Int64(n)), "name": .string("n\(n)")])
    }
    #expect(Array(chunk.ids) == [0, 1, 2, 9, 4, 5, 6, 7, 8])
    #expect(chunk.map(\.key) == Array(chunk.ids))
    #expect(chunk.values == chunk.map(\.value))
    #expect(chunk.values[3] == ["id": 9, "name": "n9"])
    #expect(chunk.removeValue(forKey: 8) == ["id": 8, "name": "n8"])
    #expect(chunk.words.count == 8 * RowFixtures.layout.wordsPerRow)
  }

  @Test func updateReturnsTheReplacedRecord() {
    var chunk = RowChunk(layout: RowFixtures.layout, minimumCapacity: 100)
    #expect(chunk.isEmpty)
    #expect(chunk.updateValue(["id": 1, "flag": true], forKey: 1) == nil)
    #expect(chunk.updateValue(["id": 1, "count": 2], forKey: 1) == ["id": 1, "flag": true])
    #expect(chunk[1] == ["id": 1, "count": 2])
    #expect(chunk[2] == nil)
    #expect(chunk.count == 1)
  }

  @Test func aCopyIsUnchangedByMutatingTheOriginal() {
    var chunk = RowChunk(layout: RowFixtures.layout)
    chunk.updateValue(RowFixtures.fullRecord, forKey: 1)
    chunk.updateValue(["id": 2, "meta": ["a": 1], "extra": "x"], forKey: 2)
    let copy = chunk
    chunk.updateValue(["id": 1, "name": "changed", "meta": ["b": 2]], forKey: 1)
    chunk.removeValue(forKey: 2)
    chunk.updateValue(["id": 3], forKey: 3)
    chunk.compact()
    #expect(copy.count == 2)
    #expect(copy[1] == RowFixtures.fullRecord)
    #expect(copy[2] == ["id": 2, "meta": ["a": 1], "extra": "x"])
    #expect(copy[3] == nil)
    #expect(chunk[1] == ["id": 1, "name": "changed", "meta": ["b": 2]])
  }

  @Test func typedAccessorsReadTypedValuesOnly() throws {
    var chunk = RowChunk(layout: RowFixtures.layout)
    chunk.updateValue(RowFixtures.fullRecord, forKey: 1)
    chunk.updateValue(
      ["id": 2, "count": 1.0, "ratio": 1, "flag": 0, "name": 5, "owner": "x"], forKey: 2)
    let row = try #require(chunk.row(of: 1))
    let other = try #require(chunk.row(of: 2))
    func column(_ name: String) -> Int { RowFixtures.column(name) }
    #expect(chunk.int(row, column("count")) == 42)
    #expect(chunk.int(row, column("owner")) == 2)
    #expect(chunk.double(row, column("ratio")) == 0.5)
    #expect(chunk.bool(row, column("flag")) == true)
    #expect(
      chunk.dateMilliseconds(row, column("at"))
        == ISODate.milliseconds(from: "2024-02-29T12:34:56.789Z"))
    #expect(chunk.stringBytes(row, column("name")) { Array($0) } == Array("Ada".utf8))
    #expect(chunk.stringBytes(row, column("price")) { Array($0) } == Array("12.30".utf8))
    #expect(chunk.value(row, column("members")) == [3, "x", ["P", 4]])
    #expect(chunk.isPresent(row, column("meta")))
    // Boxed and absent values have no typed reading; `value` decodes them.
    #expect(chunk.int(other, column("count")) == nil)
    #expect(chunk.value(other, column("count")) == .double(1))
    #expect(chunk.double(other, column("ratio")) == nil)
    #expect(chunk.bool(other, column("flag")) == nil)
    #expect(chunk.stringBytes(other, column("name")) { $0.count } == nil)
    #expect(chunk.int(other, column("owner")) == nil)
    #expect(chunk.value(other, column("owner")) == "x")
    #expect(!chunk.isPresent(other, column("meta")))
    #expect(chunk.value(other, column("meta")) == nil)
    // Accessors of the wrong kind answer nil.
    #expect(chunk.int(row, column("ratio")) == nil)
    #expect(chunk.stringBytes(row, column("uid")) { $0.count } == nil)
  }

  @Test func memoryEstimateCountsWordsArenaAndBoxes() {
    var chunk = RowChunk(layout: RowFixtures.layout)
    #expect(chunk.memoryBytes == 0)
    chunk.updateValue(["id": 1, "name": "abcdef"], forKey: 1)
    #expect(chunk.memoryBytes == RowFixtures.layout.wordsPerRow * 8 + 6)
    chunk.updateValue(["id": 2, "meta": [:]], forKey: 2)
    #expect(
      chunk.memoryBytes == 2 * RowFixtures.layout.wordsPerRow * 8 + 6
        + MemoryLayout<JSONValue>.stride)
  }

  /// Values equal or unequal in ways bytes alone would get wrong.
  static let trickyPairs: [(String, JSONValue, JSONValue)] = [
    ("ratio", 0.0, -0.0), ("ratio", .double(.nan), .double(.nan)), ("ratio", 1, 1.0),
    ("ratio", 0.1, 0.1),
    ("doubles", [0.0, 1], [-0.0, 1]), ("doubles", [.double(.nan)], [.double(.nan)]),
    ("doubles", [1], [1.0]),
    ("name", "\u{E9}", "e\u{301}"), ("name", "\u{E9}", "\u{E9}"), ("name", "", "\u{0}"),
    ("strings", ["\u{E9}"], ["e\u{301}"]), ("strings", ["a", "b"], ["a", "b"]),
    ("strings", ["ab"], ["a", "b"]),
    ("owner", "\u{E9}", "e\u{301}"), ("owner", 1, "1"), ("owner", ["a", 1], ["a", 1]),
    ("owner", [1], 1),
    ("members", [1, "a"], [1, "a"]), ("members", [["a", 1]], ["a", 1]), ("members", [], []),
    ("meta", ["x": 0.0], ["x": -0.0]), ("meta", ["x": "\u{E9}"], ["x": "e\u{301}"]),
    ("meta", ["x": 1], ["x": 1.0]),
    ("count", 1, 1.0), ("count", .int(.min), .int(.min)), ("flag", true, 1),
    ("at", "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00Z"),
    ("mood", "\u{E9}t\u{E9}", "e\u{301}te\u{301}"),
    ("uid", "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"),
    ("extra", 1, 1), ("extra", 0.0, -0.0), ("extra", 1, 2),
  ]

  /// `{"id": 1, name: value}`.
  static func record(_ name: String, _ value: JSONValue) -> JSONObject {
    JSONObject(uniqueMembers: [
      JSONObject.Member(key: "id", value: 1), JSONObject.Member(key: name, value: value),
    ])
  }

  @Test func sameRecordAgreesWithEqualityOnTrickyPairs() throws {
    for (name, a, b) in Self.trickyPairs {
      var chunk = RowChunk(layout: RowFixtures.layout)
      var other = RowChunk(layout: RowFixtures.layout)
      chunk.updateValue(Self.record(name, a), forKey: 1)
      chunk.updateValue(Self.record(name, b), forKey: 2)
      other.updateValue(Self.record(name, b), forKey: 1)
      let equal = try #require(chunk[1]) == (try #require(chunk[2]))
      #expect(chunk.sameRecord(row: 0, as: chunk, row: 1) == equal, "\(name): \(a) vs \(b)")
      #expect(chunk.sameRecord(row: 0, as: other, row: 0) == equal, "\(name): \(a) vs \(b)")
      #expect(
        chunk.sameRecord(row: 1, as: other, row: 0) == (chunk[2] == other[1]), "\(name): \(b)")
      // One side without the member.
      other.updateValue(["id": 1], forKey: 1)
      #expect(!chunk.sameRecord(row: 0, as: other, row: 0))
    }
  }

  @Test(arguments: [UInt64(21), 22])
  func sameRecordAgreesWithEqualityOnRandomPairs(seed: UInt64) {
    // Values from small pools, so that equal pairs are common and every tricky kind meets its
    // near twin (0.0 and -0.0, NaN, composed and decomposed text, int and double).
    var rng = SeededGenerator(seed: seed)
    let pools: [(String, [JSONValue])] = [
      ("ratio", [0.0, -0.0, 1.0, 1, .double(.nan)]),
      ("doubles", [[], [0.0], [-0.0], [1.0, 0.0], [.double(.nan)], [1]]),
      ("name", ["\u{E9}", "e\u{301}", "", 0]),
      ("owner", [1, "1", ["a", 1], ["a", 1.0], "\u{E9}", "e\u{301}"]),
      ("members", [[], [1], ["1"], [["a", 1]], [1, 1.5]]),
      ("meta", [["x": 0.0], ["x": -0.0], ["x": 1]]),
      ("flag", [true, false, 1]),
      ("extra", [0.0, -0.0, "e\u{301}"]),
    ]
    let layout = RowFixtures.layout
    var chunks = [RowChunk(layout: layout), RowChunk(layout: layout)]
    for n in 0..<200 {
      var members: [JSONObject.Member] = []
      for (name, pool) in pools where rng.below(3) != 0 {
        members.append(JSONObject.Member(key: name, value: pool[rng.below(pool.count)]))
      }
      chunks[n % 2].updateValue(JSONObject(uniqueMembers: members), forKey: .int(Int64(n)))
    }
    var equal = 0
    for _ in 0..<5_000 {
      let a = chunks[rng.below(2)]
      let b = chunks[rng.below(2)]
      let x = rng.below(a.count)
      let y = rng.below(b.count)
      let same = a.sameRecord(row: x, as: b, row: y)
      if same { equal += 1 }
      if same != (a.record(at: x) == b.record(at: y)) {
        Issue.record("\(a.record(at: x)) vs \(b.record(at: y)): sameRecord says \(same)")
      }
    }
    #expect(equal > 10)
  }
}
