import Folio
import FolioTestSupport
import Testing

/// Syncs inside a transaction see the transaction's earlier changes and commit with it (U59, F17).
@Suite struct TransactionSyncTests {
  @Test(arguments: Backing.allCases)
  func laterSyncsInATransactionSeeEarlierUncommittedChanges(_ backing: Backing) throws {
    let test = try SyncTestStore.items([], backing: backing)
    defer { test.remove() }
    let store = test.store
    let generation = store.generation
    let reports = try store.transaction { tx in
      let first = try tx.sync(
        [["id": 1, "name": "A"]], into: "Item", options: SyncOptions(deleteMissing: false))
      let second = try tx.sync(
        [["id": 1, "name": "B"]], into: "Item", options: SyncOptions(deleteMissing: false))
      return [first, second]
    }
    #expect(reports.map(SyncTestStore.lines) == [["Item 1 inserted"], ["Item 1 updated"]])
    SyncTestStore.expect(store.state, equals: ["Item": [["id": 1, "name": "B"]]])
    #expect(store.generation == generation + 1)
  }

  @Test(arguments: Backing.allCases)
  func consecutiveStoreSyncsSeeEachOther(_ backing: Backing) throws {
    let test = try SyncTestStore.items([], backing: backing)
    defer { test.remove() }
    let store = test.store
    let first = try store.sync(
      [["id": 1, "name": "A"]], into: "Item", options: SyncOptions(deleteMissing: false))
    let second = try store.sync(
      [["id": 1, "name": "B"]], into: "Item", options: SyncOptions(deleteMissing: false))
    #expect(SyncTestStore.lines(first) == ["Item 1 inserted"])
    #expect(SyncTestStore.lines(second) == ["Item 1 updated"])
  }

  @Test func aFailingSyncLeavesTheTransactionAsItWas() throws {
    let store = try SyncTestStore.items([["id": 1, "name": "A"]])
    try store.transaction { tx in
      try tx.sync(
        [["id": 2, "name": "B"]], into: "Item", options: SyncOptions(deleteMissing: false))
      var options = SyncOptions(forceInsert: true)
      options.deleteMissing = true
      let error = try #require(throws: SyncError.self) {
        try tx.sync([["id": 3], ["id": 1]], into: "Item", options: options)
      }
      #expect(error.code == .duplicateIdentifier)
    }
    SyncTestStore.expect(
      store.state, equals: ["Item": [["id": 1, "name": "A"], ["id": 2, "name": "B"]]])
  }

  @Test func aPlanIsRefusedAfterTheTransactionWritesAgain() throws {
    let store = try SyncTestStore.items([])
    try store.transaction { tx in
      let plan = try tx.plan([["id": 1]], into: "Item")
      try tx.sync([["id": 2]], into: "Item", options: SyncOptions(deleteMissing: false))
      let error = try #require(throws: SyncError.self) { try tx.apply(plan) }
      #expect(error.code == .stalePlan)
    }
    SyncTestStore.expect(store.state, equals: ["Item": [["id": 2]]])
  }

  @Test func aStorePlanAppliesInATransactionThatHasNotWritten() throws {
    let store = try SyncTestStore.items([["id": 1]])
    let plan = try store.plan([["id": 2]], into: "Item")
    try store.transaction { tx in
      let report = try tx.apply(plan)
      #expect(report == plan.report)
    }
    SyncTestStore.expect(store.state, equals: ["Item": [["id": 2]]])
  }
}
