import FolioTestSupport
import Testing

@testable import Folio

/// U58 (spec/seed-behaviour.md §6.14) end to end with real syncs, on both backings.
@Suite struct LiveQueryScenarioTests {
  static func schema() throws -> Schema {
    try Schema {
      SchemaFixtures.itemEntity
      Entity("Tag") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("label", .string)
      }
    }
  }

  @Test(arguments: Backing.allCases)
  func oneNotificationPerCommittedSyncWithTheFullChangeList(backing: Backing) async throws {
    let test = try TestStore(backing, schema: Self.schema())
    defer { test.remove() }
    let store = test.store
    let live = try store.observe(Query("Item", where: "active" == true, sortedBy: "id"))
    var updates = live.makeAsyncIterator()

    _ = try store.sync(
      [["id": 1, "active": true], ["id": 2, "active": false], ["id": 3, "active": true]],
      into: "Item")
    let first = try #require(await updates.next())
    #expect(first.changes.map(\.description) == ["insert 1 at 0", "insert 3 at 1"])
    #expect(first.ids == [1, 3])

    _ = try store.sync(
      [["id": 1, "active": true, "name": "x"], ["id": 3, "active": true]], into: "Item")
    let second = try #require(await updates.next())
    #expect(second.changes == [ResultChange(kind: .update, id: 1, oldIndex: 0, newIndex: 0)])
    #expect(second.ids == [1, 3])
    #expect(store.get("Item", 2) == nil)

    let sync3: JSONValue = [["id": 1, "active": false, "name": "x"], ["id": 3, "active": true]]
    _ = try store.sync(sync3, into: "Item")
    let third = try #require(await updates.next())
    #expect(third.changes == [ResultChange(kind: .delete, id: 1, oldIndex: 0, newIndex: nil)])
    #expect(third.ids == [3])

    let generation = store.generation
    let repeated = try store.sync(sync3, into: "Item")
    #expect(repeated.count(.unchanged) == 2)
    #expect(store.generation == generation)
    _ = try store.sync([["id": 1, "label": "a"]], into: "Tag")
    #expect(store.generation == generation + 1)

    _ = try store.sync([], into: "Item")
    let fifth = try #require(await updates.next())
    #expect(fifth.generation == generation + 2)
    #expect(fifth.changes == [ResultChange(kind: .delete, id: 3, oldIndex: 0, newIndex: nil)])
    #expect(fifth.results.isEmpty)
    #expect(store.state.invariantViolations() == [])
  }
}
