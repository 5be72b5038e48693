import FolioTestSupport
import Testing

@testable import Folio

/// A ``RowChunk`` under random updates and removals holds exactly what a dictionary of the same
/// records holds, after every step; compaction, copies and row comparison along the way.
@Suite struct RowChunkPropertyTests {
  static func randomID(_ generator: inout RowRecordGenerator, pool: Int) -> RecordID {
    let n = generator.rng.below(pool)
    switch n % 3 {
    case 0: return .int(Int64(n) - Int64(pool / 2))
    case 1: return .string("id-\(n)")
    default: return .composite([.string("c\(n % 5)"), .int(Int64(n))])
    }
  }

  /// Every record of `chunk` is `model`'s, and no other; with `lookups`, each also found by its
  /// identifier.
  static func expectSame(
    _ chunk: RowChunk, _ model: [RecordID: JSONObject], step: Int, lookups: Bool = true
  ) {
    #expect(chunk.count == model.count, "step \(step)")
    #expect(chunk.words.count == chunk.count * chunk.layout.wordsPerRow, "step \(step)")
    var seen = 0
    chunk.forEach { id, record in
      seen += 1
      // `Issue.record` rather than `#expect`: this runs for every record after every step.
      if model[id] != record {
        Issue.record("step \(step): \(id) is \(record), expected \(String(describing: model[id]))")
      }
    }
    #expect(seen == model.count)
    guard lookups else { return }
    for (id, record) in model where chunk[id] != record {
      Issue.record("step \(step): \(id) is \(String(describing: chunk[id])), expected \(record)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func randomChangesMatchADictionaryAfterEveryStep(seed: UInt64) throws {
    var generator = RowRecordGenerator(seed: seed)
    let layout = RowFixtures.layout
    var chunk = RowChunk(layout: layout)
    var model: [RecordID: JSONObject] = [:]
    var snapshot = chunk
    var snapshotModel = model
    var compactions = 0
    var comparisons = (equal: 0, different: 0)
    for step in 0..<2_000 {
      let garbageBefore = chunk.garbage
      let id = Self.randomID(&generator, pool: 80)
      switch generator.rng.below(100) {
      case 0..<45:
        let record = generator.record(layout)
        #expect(
          chunk.updateValue(record, forKey: id) == model.updateValue(record, forKey: id),
          "step \(step)")
      case 45..<60:
        // A copy of another record, perhaps changed in a way that keeps it equal.
        let source = Self.randomID(&generator, pool: 80)
        guard source != id, let original = model[source] else { continue }
        let record = generator.chance(50) ? original : generator.perturbed(original, layout)
        #expect(
          chunk.updateValue(record, forKey: id) == model.updateValue(record, forKey: id),
          "step \(step)")
        let a = try #require(chunk.row(of: id))
        let b = try #require(chunk.row(of: source))
        let same = chunk.sameRecord(row: a, as: chunk, row: b)
        #expect(same == (chunk[id] == chunk[source]), "step \(step): \(record) vs \(original)")
        #expect(same == (record == original), "step \(step)")
        if same { comparisons.equal += 1 } else { comparisons.different += 1 }
      case 60..<85:
        #expect(chunk.removeValue(forKey: id) == model.removeValue(forKey: id), "step \(step)")
      default:
        // The snapshot taken earlier is untouched by every change since, and rows compare
        // across the two chunks as their records do.
        Self.expectSame(snapshot, snapshotModel, step: step)
        for otherID in chunk.ids.prefix(20) {
          guard let row = chunk.row(of: otherID), let old = snapshot.row(of: otherID) else {
            continue
          }
          #expect(
            chunk.sameRecord(row: row, as: snapshot, row: old)
              == (chunk[otherID] == snapshot[otherID]))
        }
        snapshot = chunk
        snapshotModel = model
      }
      if chunk.garbage < garbageBefore {
        compactions += 1
        #expect(chunk.garbage == 0, "step \(step): compaction leaves no garbage")
      }
      #expect(
        chunk.garbage <= max(RowChunk.compactionThreshold, chunk.arena.count / 2), "step \(step)")
      Self.expectSame(chunk, model, step: step, lookups: step % 25 == 0)
    }
    #expect(compactions > 0)
    #expect(comparisons.equal > 0 && comparisons.different > 0)
  }

  @Test func compactionKeepsEveryRecordAndDropsDeadBytes() throws {
    var generator = RowRecordGenerator(seed: 9)
    var chunk = RowChunk(layout: RowFixtures.layout)
    var model: [RecordID: JSONObject] = [:]
    for n in 0..<50 {
      let record = generator.record(RowFixtures.layout)
      chunk.updateValue(record, forKey: .int(Int64(n)))
      model[.int(Int64(n))] = record
    }
    #expect(chunk.garbage == 0)
    // Rewrite one long value until the garbage passes half the arena and the threshold.
    var sawCompaction = false
    for round in 0..<400 {
      let before = chunk.garbage
      let record: JSONObject = [
        "id": 1, "name": .string(String(repeating: "\(round % 10)", count: 200)),
      ]
      chunk.updateValue(record, forKey: 1)
      model[1] = record
      if chunk.garbage < before {
        sawCompaction = true
        #expect(before + 200 > RowChunk.compactionThreshold)
        #expect(chunk.garbage == 0)
        #expect(chunk.arena.count < before * 2)
      }
    }
    #expect(sawCompaction)
    Self.expectSame(chunk, model, step: -1)
    // Boxes freed by replaced values are reused, and compaction keeps only the live ones.
    for n in 0..<50 {
      chunk.updateValue(
        ["id": .int(Int64(n)), "meta": ["n": .int(Int64(n))]], forKey: .int(Int64(n)))
    }
    for n in 0..<50 {
      chunk.updateValue(
        ["id": .int(Int64(n)), "meta": ["m": .int(Int64(n))]], forKey: .int(Int64(n)))
    }
    let liveBoxes = chunk.boxes.count
    chunk.compact()
    #expect(chunk.boxes.count <= liveBoxes)
    #expect(chunk.boxes.count >= 50)
    for n in 0..<50 {
      #expect(chunk[.int(Int64(n))] == ["id": .int(Int64(n)), "meta": ["m": .int(Int64(n))]])
    }
  }
}
