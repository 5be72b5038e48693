import Folio
import FolioTestSupport
import Testing

/// Scopes limit delete-missing, never lookup (D19), and the scenario schemas are valid.
@Suite struct SyncScopeTests {
  @Test func anAttributeScopeDeletesOnlyMatchingRecords() throws {
    let store = try SyncTestStore.items([
      ["id": 1, "active": true], ["id": 2, "active": false], ["id": 3, "active": true],
    ])
    var options = SyncOptions()
    options.scope = .attribute("active", equals: true)
    let report = try store.sync([["id": 3]], into: "Item", options: options)
    #expect(SyncTestStore.lines(report) == ["Item 3 unchanged", "Item 1 deleted"])
    #expect(store.state.ids("Item") == [2, 3])
  }

  @Test func aPredicateScopeDeletesOnlyRecordsItAccepts() throws {
    let store = try SyncTestStore.items([
      ["id": 1, "count": 1], ["id": 2, "count": 20], ["id": 3],
    ])
    var options = SyncOptions()
    options.scope = .matching("small") { ($0["count"]?.intValue ?? 0) < 10 }
    let report = try store.sync([], into: "Item", options: options)
    #expect(SyncTestStore.lines(report) == ["Item 1 deleted", "Item 3 deleted"])
    #expect(options.scope?.description == "small")
  }

  @Test(arguments: [
    "items", "items-price-rule", "items-price-rule-delete", "items-versioned",
    "items-active-validator",
    "tags", "pairs", "users", "batches", "employees", "planes", "planes-departments", "commits",
  ])
  func scenarioSchemasAreValid(_ name: String) throws {
    let schema = try #require(SyncSchemas.named(name))
    #expect(try schema.validated() == schema)
  }
}
