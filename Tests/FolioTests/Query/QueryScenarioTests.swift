import FolioTestSupport
import Testing

@testable import Folio

/// U57 (spec/seed-behaviour.md §6.13) end to end: the store is filled by a sync, on both
/// backings, with the shared scenario schemas.
@Suite struct QueryScenarioTests {
  /// Batch 100 with Clicks 0…4, synced as a nested payload.
  static func clicks(_ backing: Backing) throws -> TestStore {
    let test = try TestStore(backing, schema: SchemaFixtures.batchClick)
    let clicked: [JSONValue] = (0...4).map { ["id": .int($0)] }
    _ = try test.store.sync([["id": 100, "clicked": .array(clicked)]], into: "Batch")
    return test
  }

  @Test(arguments: Backing.allCases)
  func countFilterOrderFirstLastAggregatesAndDeleteByQuery(backing: Backing) throws {
    let test = try Self.clicks(backing)
    defer { test.remove() }
    let store = test.store

    #expect(try store.count(Query("Click")) == 5)
    for (bound, expected) in [(0, 0), (2, 2), (10, 5)] {
      #expect(try store.count(Query("Click", where: "clickID" < bound)) == expected)
    }
    #expect(
      try store.fetch(Query("Click", where: "clickID" > 0 && "clickID" < 4)).ids == [1, 2, 3])

    #expect(try store.fetch(Query("Click", sortedBy: "clickID")).ids == [0, 1, 2, 3, 4])
    #expect(try store.fetch(Query("Click", sortedBy: "-clickID")).ids == [4, 3, 2, 1, 0])
    #expect(try store.first(Query("Click", sortedBy: "clickID"))?.id == 0)
    #expect(try store.last(Query("Click", sortedBy: "clickID"))?.id == 4)
    #expect(try store.last(Query("Click"))?.id == 4)

    let all = Query("Click")
    #expect(try store.min("clickID", in: all) == 0)
    #expect(try store.max("clickID", in: all) == 4)
    #expect(try store.sum("clickID", in: all) == 10)
    #expect(try store.average("clickID", in: all) == 2.0)
    #expect(try store.average("clickID", in: Query("Click", parsing: "clickID in [0, 1]")) == 0.5)
    let none = Query("Click", where: "clickID" > 100)
    #expect(try store.count(none) == 0)
    #expect(try store.min("clickID", in: none) == nil)
    #expect(try store.max("clickID", in: none) == nil)
    #expect(try store.sum("clickID", in: none) == nil)
    #expect(try store.average("clickID", in: none) == nil)

    let q = Query("Click", where: "clickID" < 2)
    let q2 = q + ("clickID" > 0)
    #expect(try store.count(q) == 2)
    #expect(try store.count(q2) == 1)

    #expect(try store.deleteAll(matching: Query("Click", where: "clickID" > 0)) == 4)
    #expect(try store.count(Query("Click")) == 1)
    #expect(store.get("Batch", 100)?["clicks"] == [0])
    #expect(store.state.invariantViolations() == [])
  }

  @Test(arguments: Backing.allCases)
  func deleteByQuerySurvivesReopening(backing: Backing) throws {
    let test = try Self.clicks(backing)
    defer { test.remove() }
    try test.store.deleteAll(matching: Query("Click", where: "clickID" >= 3))
    guard let path = test.path else { return }
    let reopened = try Store(
      directory: path, schema: SchemaFixtures.batchClick, options: StoreOptions(readOnly: true))
    #expect(try reopened.fetch(Query("Click")).ids == [0, 1, 2])
    #expect(reopened.get("Batch", 100)?["clicks"] == [0, 1, 2])
    #expect(reopened.state.invariantViolations() == [])
  }

  @Test(arguments: Backing.allCases)
  func multiKeyOrder(backing: Backing) throws {
    let test = try TestStore(backing, schema: SchemaFixtures.item)
    defer { test.remove() }
    _ = try test.store.sync(
      [
        ["id": 1, "name": "b", "count": 2], ["id": 2, "name": "a", "count": 2],
        ["id": 3, "name": "c", "count": 1],
      ],
      into: "Item")
    #expect(try test.store.fetch(Query("Item", sortedBy: ["-count", "name"])).ids == [2, 1, 3])
  }
}
