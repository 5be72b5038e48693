import FolioJSON
import FolioTestSupport
import Testing

@testable import Folio

/// The identifier order of a shard's records: radix-sorted integer identifiers, the comparison
/// sort for widely spread or few identifiers, and the generic order for other identifiers.
@Suite struct ShardFileIDOrderTests {
  static func randomIDs(count: Int, in range: ClosedRange<Int64>, seed: UInt64) -> [Int64] {
    var generator = SeededGenerator(seed: seed)
    var ids = Set<Int64>()
    while ids.count < count { ids.insert(Int64.random(in: range, using: &generator)) }
    return Array(ids)
  }

  struct IDCase: Sendable, CustomTestStringConvertible {
    var count: Int
    var range: ClosedRange<Int64>
    var testDescription: String { "\(count) ids in \(range)" }
  }

  static let cases: [IDCase] = [
    .init(count: 0, range: 0...10), .init(count: 1, range: 5...5), .init(count: 63, range: 0...100_000),
    .init(count: 64, range: 0...63), .init(count: 800, range: 0...100_000),
    .init(count: 2000, range: -5_000_000...5_000_000), .init(count: 300, range: 0...(1 << 40) - 1),
    .init(count: 300, range: 0...(1 << 41)), .init(count: 300, range: Int64.min...Int64.max),
  ]

  @Test(arguments: cases)
  func integerIdentifiersAreOrderedAscending(_ example: IDCase) {
    let ids = Self.randomIDs(count: example.count, in: example.range, seed: UInt64(example.count))
    let order = ShardFile.integerOrder(ids)
    #expect(order.map { ids[$0] } == ids.sorted())
    #expect(order.sorted() == Array(ids.indices))
  }

  @Test func radixSortOrdersByTheSelectedBitsAndKeepsTiesInOrder() {
    var keys: [UInt64] = [0x0305, 0x0102, 0x0301, 0x0204, 0x0103]
    ShardFile.radixSort(&keys, shift: 8, bits: 8)
    #expect(keys == [0x0102, 0x0103, 0x0204, 0x0305, 0x0301])
  }

  /// A layout of the records below.
  static let layout = RowLayout(columns: [
    RowColumn(name: "id", kind: .int), RowColumn(name: "name", kind: .string),
    RowColumn(name: "tags", kind: .list, element: .string),
  ])

  @Test func shardBytesListRecordsInIdentifierOrder() throws {
    var records: [(key: RecordID, value: JSONObject)] = []
    for id in Self.randomIDs(count: 500, in: -1000...1_000_000, seed: 7) {
      records.append((.int(id), ["id": .int(id), "name": .string("n\(id)"), "tags": ["a", "b"]]))
    }
    let expected = records.sorted { $0.key < $1.key }.map { JSONValue.object($0.value) }
    let chunk = RowWriterTests.chunk(Self.layout, records.map { ($0.key, $0.value) })
    #expect(ShardFile.idOrder(chunk.ids) != nil)
    #expect(ShardFile.bytes(chunk, skipping: []) == JSONWriter.bytes(.array(expected), style: .pretty))
    // Rows already in identifier order (a chunk read from its file) are written as they are.
    let ascending = RowWriterTests.chunk(Self.layout, records.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    #expect(ShardFile.idOrder(ascending.ids) == nil)
    #expect(ShardFile.bytes(ascending, skipping: []) == JSONWriter.bytes(.array(expected), style: .pretty))

    records.append((.string("s"), ["id": "s"]))
    records.append((.composite([.int(1), .string("x")]), ["id": [1, "x"]]))
    let mixed = records.sorted { $0.key < $1.key }
    let mixedChunk = RowWriterTests.chunk(Self.layout, records.map { ($0.key, $0.value) })
    let order = try #require(ShardFile.idOrder(mixedChunk.ids))
    #expect(order.map { mixedChunk.ids[$0] } == mixed.map(\.key))
    #expect(
      ShardFile.bytes(mixedChunk, skipping: [])
        == JSONWriter.bytes(.array(mixed.map { .object($0.value) }), style: .pretty))
  }
}
