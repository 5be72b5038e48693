import FolioTestSupport
import Testing

@testable import Folio

@Suite struct IDTableTests {
  static func randomID(_ rng: inout SeededGenerator, pool: Int) -> RecordID {
    let n = Int.random(in: 0..<pool, using: &rng)
    switch n % 4 {
    case 0: return .int(Int64(n) - Int64(pool / 2))
    case 1: return .string("id-\(n)")
    // Same canonical-looking text in different forms, and long strings (more than one word).
    case 2: return .string(String(repeating: "é", count: n % 13) + "\u{301}\(n)")
    default: return .composite([.string("c\(n % 7)"), .int(Int64(n))])
    }
  }

  @Test(arguments: [1, 2, 3])
  func randomOperationsMatchADictionary(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var table = IDTable<Int>()
    var model: [RecordID: Int] = [:]
    for step in 0..<20_000 {
      let id = Self.randomID(&rng, pool: 3_000)
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5:
        #expect(table.updateValue(step, forKey: id) == model.updateValue(step, forKey: id))
      case 5..<8:
        #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
      case 8:
        let (position, inserted) = table.insertIfAbsent(step, forKey: id)
        #expect(inserted == (model[id] == nil))
        if inserted { model[id] = step }
        #expect(table.values[position] == model[id])
      default:
        #expect(table[id] == model[id])
        #expect(table.contains(id) == (model[id] != nil))
      }
      #expect(table.count == model.count)
    }
    // Every entry is found, and iteration gives exactly the model's entries.
    for (id, value) in model { #expect(table[id] == value) }
    var seen: [RecordID: Int] = [:]
    for (id, value) in table { seen[id] = value }
    #expect(seen == model)
  }

  @Test func removingEverythingLeavesAnEmptyTableThatStillWorks() {
    var table = IDTable<String>(minimumCapacity: 10)
    for i in 0..<5_000 { table[.int(Int64(i))] = "v\(i)" }
    #expect(table.count == 5_000)
    for i in stride(from: 0, to: 5_000, by: 2) { table[.int(Int64(i))] = nil }
    for i in 0..<5_000 {
      #expect(table[.int(Int64(i))] == (i % 2 == 0 ? nil : "v\(i)"))
    }
    for i in stride(from: 1, to: 5_000, by: 2) { #expect(table.removeValue(forKey: .int(Int64(i))) == "v\(i)") }
    #expect(table.isEmpty)
    #expect(table[.int(1)] == nil)
    table[.string("back")] = "again"
    #expect(table[.string("back")] == "again")
    #expect(Array(table.keys) == [.string("back")])
  }

  @Test func stringsAreMatchedByTheirBytesNotByUnicodeEquivalence() {
    var table = IDTable<Int>()
    table[.string("\u{E9}")] = 1
    table[.string("e\u{301}")] = 2
    #expect(table.count == 2)
    #expect(table[.string("\u{E9}")] == 1)
    #expect(table[.string("e\u{301}")] == 2)
  }

  @Test func iterationFollowsInsertionOrderWhateverTheHash() {
    var table = IDTable<Int>()
    let ids: [RecordID] = (0..<100).map { .int(Int64(($0 * 7919) % 1000)) }
    for (n, id) in ids.enumerated() { table[id] = n }
    #expect(Array(table.keys) == ids)
    // Removing fills the hole with the last entry.
    table[ids[10]] = nil
    var expected = ids
    expected[10] = expected.removeLast()
    #expect(Array(table.keys) == expected)
  }

  @Test func tablesAreEqualWhenTheyHoldTheSameEntriesInAnyOrder() {
    var a = IDTable<Int>()
    var b = IDTable<Int>()
    for i in 0..<50 { a[.int(Int64(i))] = i }
    for i in (0..<50).reversed() { b[.int(Int64(i))] = i }
    #expect(a == b)
    b[.int(7)] = 8
    #expect(a != b)
    b[.int(7)] = nil
    #expect(a != b)
    b[.string("7")] = 7
    #expect(a != b)
  }

  @Test func copiesAreIndependent() {
    var a = IDTable<Int>()
    for i in 0..<100 { a[.int(Int64(i))] = i }
    var b = a
    b[.int(5)] = nil
    b[.int(500)] = 500
    #expect(a.count == 100 && a[.int(5)] == 5 && a[.int(500)] == nil)
    #expect(b.count == 100 && b[.int(5)] == nil && b[.int(500)] == 500)
  }
}

@Suite struct EntityTableChunkTests {
  /// Integer and string identifiers in one table, inserted and removed in random order: every
  /// record stays findable and sits in the chunk its identifier's place among the boundaries
  /// gives (the integer search path and the generic one agree).
  @Test func chunksStayCutByTheirBoundaries() {
    var rng = SeededGenerator(seed: 42)
    var table = EntityTable(layout: RowLayout(columns: [RowColumn(name: "step", kind: .int)]))
    var model: [RecordID: JSONObject] = [:]
    for step in 0..<30_000 {
      let n = Int.random(in: 0..<20_000, using: &rng)
      let id: RecordID = n % 3 == 0 ? .string("s\(n)") : .int(Int64(n) - 10_000)
      if Int.random(in: 0..<3, using: &rng) == 0 {
        #expect(table.set(nil, for: id) == model.removeValue(forKey: id))
      } else {
        let record: JSONObject = ["step": .int(Int64(step))]
        #expect(table.set(record, for: id) == model.updateValue(record, forKey: id))
      }
    }
    #expect(table.count == model.count)
    #expect(table.chunkCount > 3)
    #expect(table.boundaries == table.boundaries.sorted())
    for (id, record) in model { #expect(table[id] == record) }
    for (index, chunk) in table.chunks.enumerated() {
      for id in chunk.ids { #expect(table.chunkIndex(for: id) == index) }
      if index > 0 { #expect(chunk[table.boundaries[index - 1]] != nil) }
    }
  }
}
