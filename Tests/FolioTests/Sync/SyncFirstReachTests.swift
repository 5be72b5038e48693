import FolioTestSupport
import Testing

@testable import Folio

/// An identifier reached for the first time in an entity that held no records, and that no
/// relationship touches, has no record, so the planner skips its lookup
/// (``SyncPlanner/holdsOnlyItsItems``). Everything else is looked up.
@Suite struct SyncFirstReachTests {
  /// Whether the planner skips the lookup of a first-reached identifier of `entity`.
  static func skipsLookups(_ planner: inout SyncPlanner, _ entity: String) -> Bool? {
    planner.context(for: entity).map { planner.holdsOnlyItsItems[$0] }
  }

  @Test func onlyAnEmptyEntityThatNoRelationshipTouchesSkipsTheLookup() throws {
    let items = try #require(SyncSchemas.named("items"))
    var planner = SyncPlanner(state: StoreState(schema: items))
    #expect(Self.skipsLookups(&planner, "Item") == true)

    // The same entity holding a record: looked up.
    var work = WorkingState(StoreState(schema: items))
    try work.insert("Item", attributes: ["id": 1])
    planner = SyncPlanner(state: work.state)
    #expect(Self.skipsLookups(&planner, "Item") == false)

    // An entity with a relationship, and the entity it targets (nested syncs and stubs write it).
    let employees = try #require(SyncSchemas.named("employees"))
    planner = SyncPlanner(state: StoreState(schema: employees))
    #expect(Self.skipsLookups(&planner, "Employee") == false)
    #expect(Self.skipsLookups(&planner, "Department") == false)
  }

  /// A payload that names one identifier twice, into an empty entity: the second item finds the
  /// record the first wrote (D3), whether the two sit in one chunk of the streamed payload or
  /// far apart.
  @Test(arguments: [1, 2_000])
  func aRepeatedIdentifierUpdatesTheRecordItsFirstItemWrote(_ gap: Int) throws {
    let store = try SyncTestStore.items([])
    var payload: [JSONValue] = [["id": 1, "name": "first", "count": 1]]
    for id in 0..<gap { payload.append(["id": .int(Int64(id + 10))]) }
    payload.append(["id": 1, "name": "second"])
    let report = try store.sync(
      json: Array(JSONWriter.string(.array(payload)).utf8), into: "Item")
    #expect(store.state.record("Item", .int(1)) == ["id": 1, "count": 1, "name": "second"])
    #expect(report.outcome(of: .int(1))?.kind == .inserted)
    #expect(report.count(.inserted) == gap + 1)
    #expect(report.diagnostics.map(\.code) == [.duplicateIdentifier])
  }

  /// A department written first as a stub (from a bare identifier) and then given in full by a
  /// later item's nested object is the stub, found by its lookup: the relationship's child
  /// options (`updateExisting: false`) then keep it as it is.
  @Test func aStubWrittenEarlierInThePlanIsFound() throws {
    let store = try SyncTestStore.make(try #require(SyncSchemas.named("employees")))
    let report = try store.sync(
      [
        ["id": 1, "department": 7],
        ["id": 2, "department": ["id": 7, "name": "Research"]],
      ], into: "Employee")
    #expect(store.state.record("Department", .int(7)) == ["departmentID": 7])
    #expect(store.state.record("Employee", .int(2)) == ["employeeID": 2, "department": 7])
    #expect(report.count(.inserted) == 3)
    #expect(store.state.invariantViolations() == [])
  }
}
