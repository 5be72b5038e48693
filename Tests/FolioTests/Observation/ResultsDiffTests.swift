import FolioTestSupport
import Testing

@testable import Folio

/// The change lists of live results, checked against fresh queries over random commits.
@Suite struct ResultsDiffTests {

  @Test func theLongestIncreasingSubsequenceKeepsTheMostRecordsInPlace() {
    #expect(ResultsDiff.longestIncreasingSubsequence([3, 0, 2]) == [1, 2])
    #expect(ResultsDiff.longestIncreasingSubsequence([]) == [])
    #expect(ResultsDiff.longestIncreasingSubsequence([0, 1, 2]) == [0, 1, 2])
    #expect(ResultsDiff.longestIncreasingSubsequence([2, 1, 0]).count == 1)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func changeListsTurnTheOldResultsIntoTheNew(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let store = try Store.inMemory(schema: QueryFixtures.schema)
    let query = Query("Item", where: "active" == true, sortedBy: ["-count", "name"])
    let live = try store.observe(query)
    var updates = live.makeAsyncIterator()
    // The results after every commit that changed them: exactly one update each must arrive.
    var expected: [[FetchedRecord]] = []
    var current: [FetchedRecord] = []
    for _ in 0..<40 {
      try store.transaction { tx in
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          let id = RecordID.int(Int64.random(in: 0..<20, using: &random))
          let values: JSONObject = [
            "active": .bool(Bool.random(using: &random)),
            "count": .int(Int64.random(in: 0..<5, using: &random)),
            "name": .string(String(UnicodeScalar(UInt8.random(in: 97..<100, using: &random)))),
          ]
          if Int.random(in: 0..<3, using: &random) == 0 {
            try tx.work.delete("Item", id)
          } else if tx.get("Item", id) == nil {
            var record = values
            record["id"] = id.jsonValue
            _ = try tx.work.insert("Item", attributes: record)
          } else {
            try tx.work.setAttributes("Item", id, values)
          }
        }
      }
      let now = try store.state.fetch(query)
      if now != current { expected.append(now) }
      current = now
    }
    #expect(expected.count > 10)
    var before: [RecordID] = []
    for results in expected {
      let update = try #require(await updates.next())
      #expect(update.results == results)
      #expect(!update.changes.isEmpty)
      #expect(LiveQueryTests.apply(update.changes, to: before, final: update.ids))
      before = update.ids
    }
    #expect(store.state.invariantViolations() == [])
  }
}
