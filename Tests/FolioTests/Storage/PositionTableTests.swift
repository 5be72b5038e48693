import FolioTestSupport
import Testing

@testable import Folio

/// The planner's and the change log's identifier → position map: a dense array while integer
/// identifiers stay in a narrow span, an ``IDTable`` after; the same answers either way.
@Suite struct PositionTableTests {
  /// Identifier streams of the shapes syncs see, and the ones that must leave the dense array.
  enum Shape: String, CaseIterable, CustomTestStringConvertible {
    case ascending, descending, shuffledRange, negativeAndPositive, sparse, extremes, mixedKinds
    var testDescription: String { rawValue }

    func id(_ step: Int, _ rng: inout SeededGenerator) -> RecordID {
      switch self {
      case .ascending: return .int(Int64(step / 2 + 1))
      case .descending: return .int(Int64(50_000 - step / 2))
      case .shuffledRange: return .int(Int64.random(in: 1_000...6_000, using: &rng))
      case .negativeAndPositive: return .int(Int64.random(in: -2_500...2_500, using: &rng))
      case .sparse:
        // Dense for a while, then identifiers far apart.
        return step < 3_000
          ? .int(Int64(step)) : .int(Int64.random(in: 0...(1 << 40), using: &rng))
      case .extremes:
        let picks: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1, 1]
        return step < 5_000
          ? .int(Int64(step % 3_000)) : .int(picks[Int.random(in: 0..<picks.count, using: &rng)])
      case .mixedKinds:
        return step % 97 == 96 ? .string("id-\(step % 500)") : .int(Int64(step % 4_000))
      }
    }
  }

  @Test(arguments: Shape.allCases)
  func answersAsADictionaryDoes(shape: Shape) {
    var rng = SeededGenerator(seed: 42)
    var table = PositionTable()
    var model: [RecordID: Int] = [:]
    // The planner and the change log reserve the payload's size, which also lets identifiers
    // that arrive in any order within four times that span stay dense.
    if shape != .ascending { table.reserveCapacity(6_000) }
    for step in 0..<12_000 {
      let id = shape.id(step, &rng)
      let (value, inserted) = table.insertIfAbsent(step, forKey: id)
      #expect(inserted == (model[id] == nil), "\(shape) step \(step) \(id)")
      if inserted { model[id] = step }
      #expect(value == model[id])
      // A lookup of some other identifier, present or not.
      let probe = shape.id(Int.random(in: 0..<12_000, using: &rng), &rng)
      #expect(table[probe] == model[probe], "\(shape) probe \(probe)")
      #expect(table.count == model.count)
    }
    #expect(Set(table.ids) == Set(model.keys))
    #expect(table[.int(.min)] == model[.int(.min)])
    #expect(table[.int(.max)] == model[.int(.max)])
    #expect(table[.string("absent")] == nil)
    let dense = table.isDense
    switch shape {
    case .ascending, .descending, .shuffledRange, .negativeAndPositive:
      #expect(dense, "\(shape) should have stayed dense")
    case .sparse, .extremes, .mixedKinds:
      #expect(!dense, "\(shape) should have moved to the table")
    }
  }

  @Test func withoutAReservationAWideScatteredStartMovesToTheTable() {
    var table = PositionTable()
    for n in 0..<10 { _ = table.insertIfAbsent(n, forKey: .int(Int64(n) * 1_000)) }
    let dense = table.isDense
    #expect(!dense)
    #expect((0..<10).allSatisfy { table[.int(Int64($0) * 1_000)] == $0 })
  }

  @Test func theDenseArrayStaysWithinFourTimesItsEntries() {
    var table = PositionTable()
    // Every 4th integer: a span of four times the entries, still dense.
    for n in 0..<10_000 { _ = table.insertIfAbsent(n, forKey: .int(Int64(n) * 4)) }
    let dense = table.isDense
    #expect(dense)
    #expect(table[.int(39_996)] == 9_999)
    #expect(table[.int(39_997)] == nil)
    // Every 10th: the span passes the bound, and the entries move to the table intact.
    var wide = PositionTable()
    for n in 0..<10_000 { _ = wide.insertIfAbsent(n, forKey: .int(Int64(n) * 10)) }
    let wideIsDense = wide.isDense
    #expect(!wideIsDense)
    #expect(wide.count == 10_000)
    #expect(wide[.int(99_990)] == 9_999)
    #expect((0..<10_000).allSatisfy { wide[.int(Int64($0) * 10)] == $0 })
  }

  @Test func aValueTooLargeForTheDenseArrayMovesToTheTable() {
    var table = PositionTable()
    _ = table.insertIfAbsent(3, forKey: 1)
    let large = Int(UInt32.max) + 5
    #expect(table.insertIfAbsent(large, forKey: 2) == (large, true))
    let dense = table.isDense
    #expect(!dense)
    #expect(table[1] == 3)
    #expect(table[2] == large)
    #expect(table.insertIfAbsent(0, forKey: 2) == (large, false))
  }
}
