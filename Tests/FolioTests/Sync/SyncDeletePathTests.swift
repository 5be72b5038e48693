import Folio
import FolioTestSupport
import Testing

/// Every delete path applies the same delete rules as a sync's delete-missing (U47, D18).
@Suite struct SyncDeletePathTests {
  static func store() throws -> Store {
    try SyncTestStore.make(
      try #require(SyncSchemas.named("batches")),
      [
        "Batch": [["id": 1, "clicks": [2, 3]], ["id": 4, "clicks": [5]]],
        "Click": [
          ["clickID": 2, "batch": 1], ["clickID": 3, "batch": 1], ["clickID": 5, "batch": 4],
        ],
      ])
  }

  @Test func deletingOneChildUnlinksItFromItsParent() throws {
    let store = try Self.store()
    try store.delete("Click", 5)
    #expect(store.state.record("Batch", 4) == ["id": 4])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func deletingEveryParentCascadesToTheChildren() throws {
    let store = try Self.store()
    try store.deleteAll("Batch")
    #expect(store.state.count("Batch") == 0)
    #expect(store.state.count("Click") == 0)
  }

  @Test func deletingMatchingChildrenKeepsTheRest() throws {
    let store = try Self.store()
    try store.transaction { tx in
      for id in tx.state.ids("Click") where id > 2 { try tx.delete("Click", id) }
    }
    #expect(store.state.record("Batch", 1)?["clicks"] == [2])
    #expect(store.state.record("Batch", 4) == ["id": 4])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func anEmptySyncDeletesParentsAndTheirOwnedChildren() throws {
    let store = try Self.store()
    let report = try store.sync([], into: "Batch")
    #expect(
      SyncTestStore.lines(report) == [
        "Batch 1 deleted", "Click 2 deleted", "Click 3 deleted", "Batch 4 deleted",
        "Click 5 deleted",
      ])
    #expect(store.state.count("Click") == 0)
    #expect(report.outcome(of: 1)?.reason == "not listed in the payload (delete-missing)")
    #expect(report.outcome(of: 2, in: "Click")?.reason == "cascade from Batch 1")
  }

  @Test func aRemovedOwnedChildSaysWhyItWasDeleted() throws {
    // Nested objects: an identifier list would only unlink (issue 15 item 6).
    let store = try Self.store()
    let report = try store.sync(
      [["id": 1, "clicked": [["id": 3]]], ["id": 4, "clicked": [["id": 5]]]], into: "Batch")
    #expect(
      report.outcome(of: 2, in: "Click")?.reason
        == "removed from Batch 1.clicks (child delete-missing)")
  }
}
