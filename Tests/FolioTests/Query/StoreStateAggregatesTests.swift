import Testing

@testable import Folio

/// Aggregate edge cases: nulls skipped, mixed numbers, overflow, strings and dates.
@Suite struct StoreStateAggregatesTests {
  @Test func nullsAreSkipped() throws {
    let store = try QueryFixtures.items([["id": 1, "count": 4], ["id": 2], ["id": 3, "count": 2]])
    let all = Query("Item")
    #expect(try store.sum("count", in: all) == 6)
    #expect(try store.average("count", in: all) == 3.0)
    #expect(try store.min("count", in: all) == 2)
    #expect(try store.max("count", in: all) == 4)
  }

  @Test func onlyNullsAggregateToNil() throws {
    let store = try QueryFixtures.items([["id": 1], ["id": 2]])
    #expect(try store.sum("count", in: Query("Item")) == nil)
    #expect(try store.average("price", in: Query("Item")) == nil)
    #expect(try store.min("name", in: Query("Item")) == nil)
  }

  @Test func emptyEntitiesAggregateToNil() throws {
    let store = try QueryFixtures.items([])
    #expect(try store.count(Query("Item")) == 0)
    #expect(try store.max("count", in: Query("Item")) == nil)
    #expect(try store.first(Query("Item")) == nil)
    #expect(try store.last(Query("Item")) == nil)
    #expect(try store.fetch(Query("Item", sortedBy: "name")).isEmpty)
  }

  @Test func mixedIntegersAndDoublesSumToADouble() throws {
    let store = try QueryFixtures.items([["id": 1, "price": 2], ["id": 2, "price": 0.5]])
    #expect(try store.sum("price", in: Query("Item")) == 2.5)
    #expect(try store.min("price", in: Query("Item")) == 0.5)
    #expect(try store.max("price", in: Query("Item")) == 2)
  }

  @Test func integerSumsOverflowIntoDoubles() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "count": .int(Int64.max)], ["id": 2, "count": 1],
    ])
    #expect(try store.sum("count", in: Query("Item")) == .double(Double(Int64.max) + 1))
  }

  @Test func averagesAreDoubles() throws {
    let store = try QueryFixtures.items([["id": 1, "count": 1], ["id": 2, "count": 2]])
    #expect(try store.average("count", in: Query("Item")) == 1.5)
  }

  @Test func minAndMaxWorkOnStringsAndDates() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "name": "b", "seen": "2020-01-01T00:00:00.000Z"],
      ["id": 2, "name": "Ä", "seen": "2019-05-01T00:00:00.000Z"],
      ["id": 3, "name": "a"],
    ])
    #expect(try store.min("name", in: Query("Item")) == "a")
    #expect(try store.max("name", in: Query("Item")) == "Ä")
    #expect(try store.min("seen", in: Query("Item")) == "2019-05-01T00:00:00.000Z")
    #expect(try store.max("seen", in: Query("Item")) == "2020-01-01T00:00:00.000Z")
  }

  @Test func aggregatesFollowKeyPaths() throws {
    let store = try QueryFixtures.company()
    #expect(try store.min("department.name", in: Query("Employee")) == "Dev")
    #expect(
      try store.average("age", in: Query("Employee", where: "department.name" == "QA")) == 31.5)
  }
}
