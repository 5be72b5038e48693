import Testing

@testable import Folio

/// U58 (spec/seed-behaviour.md §6.14) and live results' change lists.
@Suite struct LiveQueryTests {
  @Test func observedQueryGetsOneNotificationPerCommitWithTheFullChangeList() async throws {
    let store = try Store.inMemory(schema: QueryFixtures.schema)
    let live = try store.observe(Query("Item", where: "active" == true, sortedBy: "id"))
    #expect(live.initial.isEmpty)
    var updates = live.makeAsyncIterator()

    try store.emulateSync(
      "Item", [["id": 1, "active": true], ["id": 2, "active": false], ["id": 3, "active": true]])
    let first = try #require(await updates.next())
    #expect(first.changes.map(\.description) == ["insert 1 at 0", "insert 3 at 1"])
    #expect(first.ids == [1, 3])

    try store.emulateSync(
      "Item", [["id": 1, "active": true, "name": "x"], ["id": 3, "active": true]])
    let second = try #require(await updates.next())
    #expect(second.changes.map(\.description) == ["update 1 at 0"])
    #expect(second.ids == [1, 3])
    #expect(second.results.first?["name"] == "x")

    try store.emulateSync(
      "Item", [["id": 1, "active": false, "name": "x"], ["id": 3, "active": true]])
    let third = try #require(await updates.next())
    #expect(third.changes.map(\.description) == ["delete 1 at 0"])
    #expect(third.ids == [3])

    // Sync 4 repeats sync 3: nothing changes, so nothing commits. A Tag sync commits, but
    // touches no Item. Neither notifies: the next update is sync 5's.
    let generation = store.generation
    try store.emulateSync(
      "Item", [["id": 1, "active": false, "name": "x"], ["id": 3, "active": true]])
    #expect(store.generation == generation)
    try store.emulateSync("Tag", [["id": 1, "label": "a"]])
    #expect(store.generation == generation + 1)

    try store.emulateSync("Item", [])
    let fifth = try #require(await updates.next())
    #expect(fifth.generation == generation + 2)
    #expect(fifth.changes.map(\.description) == ["delete 3 at 0"])
    #expect(fifth.ids == [])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func startsFromTheCurrentResults() async throws {
    let store = try QueryFixtures.clicks()
    let live = try store.observe(Query("Click", where: "clickID" >= 3))
    #expect(live.initial.ids == [3, 4])
    #expect(live.generation == store.generation)
    var updates = live.makeAsyncIterator()
    try store.deleteAll(matching: Query("Click", where: "clickID" == 4))
    let update = try #require(await updates.next())
    #expect(update.changes.map(\.description) == ["delete 4 at 1"])
  }

  @Test func reportsMovesWhenTheOrderChanges() async throws {
    let store = try QueryFixtures.items([
      ["id": 1, "count": 1], ["id": 2, "count": 2], ["id": 3, "count": 3], ["id": 4, "count": 4],
    ])
    let live = try store.observe(Query("Item", sortedBy: "count"))
    var updates = live.makeAsyncIterator()
    try store.transaction { tx in
      try tx.work.setAttributes("Item", 1, ["count": 10])
      try tx.work.setAttributes("Item", 3, ["count": 30])
      try tx.work.insert("Item", attributes: ["id": 5, "count": 0])
      try tx.work.delete("Item", 2)
    }
    let update = try #require(await updates.next())
    #expect(update.ids == [5, 4, 1, 3])
    #expect(
      update.changes.map(\.description)
        == [
          "delete 2 at 1", "insert 5 at 0", "move 4 from 3 to 1", "update 1 at 0", "update 3 at 2",
        ])
    #expect(update.changes[3] == ResultChange(kind: .update, id: 1, oldIndex: 0, newIndex: 2))
    // Applying the change list to the old ids gives the new ids.
    #expect(Self.apply(update.changes, to: [1, 2, 3, 4], final: update.ids))
  }

  /// Whether deleting, inserting and moving as listed turns `old` into `final`.
  static func apply(_ changes: [ResultChange], to old: [RecordID], final: [RecordID]) -> Bool {
    var survivors = old
    let deleted = Set(changes.filter { $0.kind == .delete }.map(\.id))
    let moved = Set(changes.filter { $0.kind == .move }.map(\.id))
    survivors.removeAll { deleted.contains($0) || moved.contains($0) }
    var result = survivors
    let placed = changes.filter { $0.kind == .insert || $0.kind == .move }.sorted {
      ($0.newIndex ?? 0) < ($1.newIndex ?? 0)
    }
    for change in placed {
      guard let index = change.newIndex, index <= result.count else { return false }
      result.insert(change.id, at: index)
    }
    return result == final
  }

  @Test func aRecordEnteringTheFilterIsAnInsert() async throws {
    let store = try QueryFixtures.items([["id": 1, "active": false], ["id": 2, "active": true]])
    let live = try store.observe(Query("Item", where: "active" == true))
    var updates = live.makeAsyncIterator()
    try store.transaction { tx in try tx.work.setAttributes("Item", 1, ["active": true]) }
    let update = try #require(await updates.next())
    #expect(update.changes.map(\.description) == ["insert 1 at 0"])
  }

  @Test func changesOutsideTheResultsNotifyNothing() async throws {
    let store = try QueryFixtures.items([["id": 1, "active": false], ["id": 2, "active": true]])
    let live = try store.observe(Query("Item", where: "active" == true))
    var updates = live.makeAsyncIterator()
    try store.transaction { tx in try tx.work.setAttributes("Item", 1, ["name": "still inactive"]) }
    try store.transaction { tx in
      _ = try tx.work.insert("Item", attributes: ["id": 3, "active": false])
    }
    try store.transaction { tx in
      _ = try tx.work.insert("Tag", attributes: ["id": 1, "label": "t"])
    }
    try store.transaction { tx in try tx.work.setAttributes("Item", 2, ["name": "seen"]) }
    let update = try #require(await updates.next())
    #expect(update.generation == store.generation)
    #expect(update.changes.map(\.description) == ["update 2 at 0"])
  }

  @Test func keyPathQueriesFollowChangesToRelatedRecords() async throws {
    let store = try QueryFixtures.company()
    let live = try store.observe(Query("Employee", where: "department.name" == "QA"))
    #expect(live.initial.ids == [1, 3])
    var updates = live.makeAsyncIterator()
    try store.transaction { tx in try tx.work.setAttributes("Department", 2, ["name": "QA"]) }
    let update = try #require(await updates.next())
    #expect(update.ids == [1, 2, 3])
    #expect(update.changes.map(\.description) == ["insert 2 at 1"])
  }

  @Test func limitedQueriesTrackTheirWindow() async throws {
    let store = try QueryFixtures.clicks()
    let live = try store.observe(Query("Click", sortedBy: "-clickID", limit: 2))
    #expect(live.initial.ids == [4, 3])
    var updates = live.makeAsyncIterator()
    try store.transaction { tx in _ = try tx.work.insert("Click", attributes: ["clickID": 7]) }
    let update = try #require(await updates.next())
    #expect(update.ids == [7, 4])
    #expect(update.changes.map(\.description) == ["delete 3 at 1", "insert 7 at 0"])
  }

  @Test func invalidQueriesAreRejectedBeforeObserving() throws {
    let store = try QueryFixtures.clicks()
    #expect(throws: QueryError.self) { try store.observe(Query("Click", where: "nope" == 1)) }
    #expect(store.commitListenerCount == 0)
  }

  @Test func cancellingTheConsumingTaskFreesTheListener() async throws {
    let store = try QueryFixtures.clicks()
    let live = try store.observe(Query("Click"))
    #expect(store.commitListenerCount == 1)
    let consumer = Task {
      var received = 0
      for await _ in live { received += 1 }
      return received
    }
    consumer.cancel()
    #expect(await consumer.value == 0)
    #expect(store.commitListenerCount == 0)
  }

  @Test func releasingAnUnreadObservationFreesTheListener() throws {
    let store = try QueryFixtures.clicks()
    do {
      let live = try store.observe(Query("Click"))
      #expect(live.initial.count == 5)
      #expect(store.commitListenerCount == 1)
    }
    #expect(store.commitListenerCount == 0)
    try store.transaction { tx in _ = try tx.work.insert("Click", attributes: ["clickID": 8]) }
  }
}
