import Testing

@testable import Folio

/// The per-store stream of committed changes.
@Suite struct ChangeStreamTests {
  @Test func deliversOneElementPerCommitWithEveryChange() async throws {
    let store = try QueryFixtures.clicks()
    var commits = store.changes().makeAsyncIterator()
    try store.transaction { tx in
      _ = try tx.work.insert(
        "Click", attributes: ["clickID": 7, "timeStamp": "2020-01-01T00:00:00.000Z"])
      try tx.work.setAttributes("Batch", 100, ["name": "first"])
    }
    let commit = try #require(await commits.next())
    #expect(commit.generation == store.generation)
    let summary = commit.changes.map { "\($0.kind) \($0.key) \($0.changedFields)" }
    #expect(
      summary == [#"insert Click 7 ["clickID", "timeStamp"]"#, #"update Batch 100 ["name"]"#])
  }

  @Test func reportsDeletesWithTheirCascade() async throws {
    let store = try QueryFixtures.clicks()
    var commits = store.changes().makeAsyncIterator()
    try store.deleteAll(matching: Query("Batch"))
    let commit = try #require(await commits.next())
    #expect(commit.changes.map(\.kind) == Array(repeating: .delete, count: 6))
    #expect(commit.changes.first?.key == RecordKey("Batch", 100))
    #expect(store.state.invariantViolations() == [])
  }

  @Test func filtersByEntityAndSkipsUnrelatedCommits() async throws {
    let store = try QueryFixtures.clicks()
    var commits = store.changes(to: ["Batch"]).makeAsyncIterator()
    try store.transaction { tx in _ = try tx.work.insert("Click", attributes: ["clickID": 7]) }
    try store.transaction { tx in
      _ = try tx.work.insert("Click", attributes: ["clickID": 8])
      try tx.work.setToOne("Click", 8, "batch", to: 100)
    }
    let commit = try #require(await commits.next())
    #expect(commit.generation == store.generation)
    #expect(commit.changes.map(\.key) == [RecordKey("Batch", 100)])
    #expect(commit.changes.first?.changedFields == ["clicks"])
  }

  @Test func commitsThatChangeNothingAreNotDelivered() async throws {
    let store = try QueryFixtures.clicks()
    var commits = store.changes().makeAsyncIterator()
    try store.transaction { tx in try tx.work.setAttributes("Click", 1, ["clickID": 1]) }
    try store.transaction { tx in
      _ = try tx.work.insert("Click", attributes: ["clickID": 9])
      try tx.work.delete("Click", 9)
    }
    try store.transaction { tx in
      try tx.work.setAttributes("Click", 1, ["timeStamp": "2020-01-01T00:00:00.000Z"])
    }
    let commit = try #require(await commits.next())
    #expect(commit.changes.map(\.key) == [RecordKey("Click", 1)])
  }

  @Test func cancellingTheConsumingTaskFreesTheListener() async throws {
    let store = try QueryFixtures.clicks()
    let stream = store.changes()
    #expect(store.commitListenerCount == 1)
    let consumer = Task {
      var received = 0
      for await _ in stream { received += 1 }
      return received
    }
    consumer.cancel()
    #expect(await consumer.value == 0)
    #expect(store.commitListenerCount == 0)
  }

  @Test func releasingTheStreamFreesTheListener() {
    let store = try? QueryFixtures.clicks()
    do {
      _ = store?.changes()
    }
    #expect(store?.commitListenerCount == 0)
  }

  @Test func concurrentWritersAreAllReportedInCommitOrder() async throws {
    let store = try Store.inMemory(schema: QueryFixtures.schema)
    var commits = store.changes(to: ["Item"]).makeAsyncIterator()
    let live = try store.observe(Query("Item", sortedBy: "id"))
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for n in 0..<25 {
            let id = Int64(writer * 100 + n)
            try? store.transaction { tx in
              _ = try tx.work.insert("Item", attributes: ["id": .int(id)])
            }
          }
        }
      }
    }
    var generations: [UInt64] = []
    for _ in 0..<100 {
      guard let commit = await commits.next() else { break }
      generations.append(commit.generation)
    }
    #expect(generations == Array(1...100))
    var updates = live.makeAsyncIterator()
    var last: QueryUpdate?
    for _ in 0..<100 { last = await updates.next() }
    #expect(last?.results.count == 100)
    #expect(try last?.ids == store.fetchIDs(Query("Item", sortedBy: "id")))
  }
}

extension Store {
  fileprivate func fetchIDs(_ query: Query) throws -> [RecordID] { try state.fetchIDs(query) }
}
