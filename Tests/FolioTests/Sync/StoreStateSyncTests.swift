import Folio
import FolioTestSupport
import Testing

/// The planner as a pure function of a snapshot.
@Suite struct StoreStateSyncTests {
  @Test func aSnapshotPlansWithoutAStoreAndTheStoreAppliesIt() throws {
    let store = try SyncTestStore.items([["id": 1, "name": "A"]])
    let snapshot = store.state
    let plan = try snapshot.plan([["id": 1, "name": "B"], ["id": 2]], into: "Item")
    #expect(plan.summary == "1 inserted · 1 updated")
    #expect(plan.resultingState.record("Item", 1) == ["id": 1, "name": "B"])
    #expect(snapshot.record("Item", 1) == ["id": 1, "name": "A"])
    try store.apply(plan)
    SyncTestStore.expect(store.state, equals: ["Item": [["id": 1, "name": "B"], ["id": 2]]])
  }
}
