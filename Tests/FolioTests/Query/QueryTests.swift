import Testing

@testable import Folio

/// U57 (spec/seed-behaviour.md §6.13) and the query value's own behaviour.
@Suite struct QueryTests {
  @Test func countsAndFiltersClicks() throws {
    let store = try QueryFixtures.clicks()
    #expect(try store.count(Query("Click")) == 5)
    #expect(try store.count(Query("Click", where: "clickID" < 0)) == 0)
    #expect(try store.count(Query("Click", where: "clickID" < 2)) == 2)
    #expect(try store.count(Query("Click", where: "clickID" < 10)) == 5)
    let middle = try store.fetch(Query("Click", where: "clickID" > 0 && "clickID" < 4))
    #expect(middle.ids == [1, 2, 3])
  }

  @Test func ordersByKeyAscendingAndDescending() throws {
    let store = try QueryFixtures.clicks()
    #expect(try store.fetch(Query("Click", sortedBy: "clickID")).ids == [0, 1, 2, 3, 4])
    #expect(try store.fetch(Query("Click", sortedBy: "-clickID")).ids == [4, 3, 2, 1, 0])
  }

  @Test func firstAndLastFollowTheOrder() throws {
    let store = try QueryFixtures.clicks()
    let ordered = Query("Click", sortedBy: "clickID")
    #expect(try store.first(ordered)?.id == 0)
    #expect(try store.last(ordered)?.id == 4)
    #expect(try store.first(ordered.sorted(by: "-clickID"))?.id == 4)
    #expect(try store.last(ordered.sorted(by: "-clickID"))?.id == 0)
  }

  @Test func lastWithoutAnOrderIsTheGreatestIdentifier() throws {
    let store = try QueryFixtures.clicks()
    #expect(try store.last(Query("Click"))?.id == 4)
    #expect(try store.first(Query("Click"))?.id == 0)
  }

  @Test func aggregatesClicks() throws {
    let store = try QueryFixtures.clicks()
    let all = Query("Click")
    #expect(try store.min("clickID", in: all) == 0)
    #expect(try store.max("clickID", in: all) == 4)
    #expect(try store.sum("clickID", in: all) == 10)
    #expect(try store.average("clickID", in: all) == 2.0)
    #expect(
      try store.average("clickID", in: Query("Click", where: Field("clickID").isIn([0, 1]))) == 0.5)
  }

  @Test func aggregatesOfNothingAreNil() throws {
    let store = try QueryFixtures.clicks()
    let none = Query("Click", where: "clickID" > 100)
    #expect(try store.count(none) == 0)
    #expect(try store.min("clickID", in: none) == nil)
    #expect(try store.max("clickID", in: none) == nil)
    #expect(try store.sum("clickID", in: none) == nil)
    #expect(try store.average("clickID", in: none) == nil)
    #expect(try store.first(none) == nil)
    #expect(try store.last(none) == nil)
  }

  @Test func addingAConditionLeavesTheOriginalQueryUnchanged() throws {
    let store = try QueryFixtures.clicks()
    let q = Query("Click", where: "clickID" < 2)
    let q2 = q + ("clickID" > 0)
    #expect(try store.count(q) == 2)
    #expect(try store.count(q2) == 1)
    #expect(q.predicate == ("clickID" < 2))
    #expect(q2.predicate == ("clickID" < 2 && "clickID" > 0))
  }

  @Test func deletingByQueryAppliesDeleteRules() throws {
    let store = try QueryFixtures.clicks()
    let deleted = try store.deleteAll(matching: Query("Click", where: "clickID" > 0))
    #expect(deleted == 4)
    #expect(try store.count(Query("Click")) == 1)
    #expect(try store.first(Query("Click"))?.id == 0)
    #expect(store.state.record("Batch", 100)?["clicks"] == [0])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func deletingParentsCascadesButCountsOnlyMatches() throws {
    let store = try QueryFixtures.clicks()
    let deleted = try store.deleteAll(matching: Query("Batch"))
    #expect(deleted == 1)
    #expect(store.state.count("Click") == 0)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func deletingNothingCommitsNothing() throws {
    let store = try QueryFixtures.clicks()
    let generation = store.generation
    #expect(try store.deleteAll(matching: Query("Click", where: "clickID" > 100)) == 0)
    #expect(store.generation == generation)
  }

  @Test func deletingWithALimitDeletesOnlyTheWindow() throws {
    let store = try QueryFixtures.clicks()
    #expect(try store.deleteAll(matching: Query("Click", sortedBy: "-clickID", limit: 2)) == 2)
    #expect(store.state.ids("Click") == [0, 1, 2])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func multiKeyOrderBreaksTiesWithTheNextKey() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "name": "b", "count": 2], ["id": 2, "name": "a", "count": 2],
      ["id": 3, "name": "c", "count": 1],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: ["-count", "name"])).ids == [2, 1, 3])
    #expect(try store.fetch(Query("Item", sortedBy: "-count,name")).ids == [2, 1, 3])
  }

  @Test func equalKeysFallBackToIdentifierOrder() throws {
    let store = try QueryFixtures.items([
      ["id": 3, "count": 1], ["id": 1, "count": 1], ["id": 2, "count": 1],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "count")).ids == [1, 2, 3])
    #expect(try store.fetch(Query("Item", sortedBy: "-count")).ids == [1, 2, 3])
    #expect(try store.fetch(Query("Item")).ids == [1, 2, 3])
  }

  @Test func theEntityDefaultSortAppliesWithoutKeys() throws {
    let store = try QueryFixtures.company()
    #expect(
      try store.fetch(Query("Employee")).map { $0["fullName"] } == ["Ann", "Bob", "Cyd", "Dee"])
    #expect(try store.fetch(Query("Employee", sortedBy: "-age")).ids == [4, 2, 1, 3])
    #expect(try store.last(Query("Employee"))?["fullName"] == "Dee")
  }

  @Test func limitAndOffsetSliceTheOrderedResults() throws {
    let store = try QueryFixtures.clicks()
    let ordered = Query("Click", sortedBy: "-clickID")
    #expect(try store.fetch(ordered.limited(to: 2)).ids == [4, 3])
    #expect(try store.fetch(ordered.skipping(1).limited(to: 2)).ids == [3, 2])
    #expect(try store.fetch(ordered.skipping(4)).ids == [0])
    #expect(try store.fetch(ordered.skipping(9)).ids == [])
    #expect(try store.fetch(ordered.limited(to: 0)).ids == [])
    #expect(try store.count(ordered.skipping(1).limited(to: 2)) == 2)
    #expect(try store.count(ordered.skipping(4).limited(to: 2)) == 1)
    #expect(try store.first(ordered.skipping(1))?.id == 3)
    #expect(try store.last(ordered.limited(to: 2))?.id == 3)
    #expect(try store.last(ordered.skipping(5)) == nil)
    #expect(try store.first(ordered.limited(to: 0)) == nil)
    #expect(try store.fetch(ordered.skipping(1).limited(to: Int.max)).ids == [3, 2, 1, 0])
  }

  @Test func aggregatesRespectTheWindow() throws {
    let store = try QueryFixtures.clicks()
    let topTwo = Query("Click", sortedBy: "-clickID", limit: 2)
    #expect(try store.sum("clickID", in: topTwo) == 7)
    #expect(try store.min("clickID", in: topTwo) == 3)
  }

  @Test func aPartialSortAgreesWithAFullSort() throws {
    let items: [JSONObject] = (1...200).map { i in
      ["id": .int(Int64(i)), "count": .int(Int64((i * 37) % 23))]
    }
    let store = try QueryFixtures.items(items)
    let full = try store.fetch(Query("Item", sortedBy: ["-count"]))
    let top = try store.fetch(Query("Item", sortedBy: ["-count"], limit: 10))
    #expect(top.ids == Array(full.ids.prefix(10)))
    #expect(try store.last(Query("Item", sortedBy: ["-count"]))?.id == full.last?.id)
  }

  @Test func fetchesThroughTheProductShape() throws {
    let store = try QueryFixtures.company()
    let active = try store.fetch("Employee", where: "active" == true, sortedBy: "-hiredAt")
    #expect(active.ids == [1, 2, 4])
  }

  @Test func describesItselfWithoutDefaults() {
    #expect(Query("Click").description == "Click")
    #expect(
      Query("Item", where: "count" > 1, sortedBy: ["-count", "name"], limit: 5, offset: 2)
        .description
        == "Item where count > 1 sortedBy -count,name limit 5 offset 2")
  }
}
