import Folio
import FolioTestSupport
import Testing

/// Plans are dry runs: they write nothing, say exactly what applying will do, and are refused
/// once the store has moved on (F15, D16).
@Suite struct SyncPlanTests {
  static let payload: JSONValue = [
    ["id": 4, "name": "D"], ["id": 2, "name": "B"], ["id": 1, "name": "A1"],
  ]

  static func abc() throws -> Store {
    try SyncTestStore.items([
      ["id": 1, "name": "A"], ["id": 2, "name": "B"], ["id": 3, "name": "C"],
    ])
  }

  @Test func planningWritesNothing() throws {
    let store = try Self.abc()
    let before = SyncTestStore.records(store.state)
    let generation = store.generation
    let plan = try store.plan(Self.payload, into: "Item")
    #expect(plan.summary == "1 inserted · 1 updated · 1 deleted · 1 unchanged")
    #expect(store.generation == generation)
    SyncTestStore.expect(store.state, equals: before)
  }

  @Test func applyingMakesExactlyThePlannedChanges() throws {
    let store = try Self.abc()
    let plan = try store.plan(Self.payload, into: "Item")
    let report = try store.apply(plan)
    #expect(report == plan.report)
    #expect(store.generation == plan.baseGeneration + 1)
    #expect(SyncTestStore.records(store.state) == SyncTestStore.records(plan.resultingState))
    #expect(store.state.invariantViolations() == [])
  }

  @Test func theChangeListNamesEveryRecordWithItsValuesBeforeAndAfter() throws {
    let plan = try Self.abc().plan(Self.payload, into: "Item")
    let changes = plan.changes.map { "\($0.key) \($0.kind.rawValue)" }
    #expect(changes == ["Item 4 insert", "Item 1 update", "Item 3 delete"])
    let update = try #require(plan.changes.first { $0.kind == .update })
    #expect(update.before == ["id": 1, "name": "A"])
    #expect(update.after == ["id": 1, "name": "A1"])
  }

  @Test func anUpdatedOutcomeListsEachFieldBeforeAndAfter() throws {
    let plan = try Self.abc().plan(Self.payload, into: "Item")
    let outcome = try #require(plan.report.outcome(of: 1))
    #expect(outcome.changes == [FieldChange(field: "name", before: "A", after: "A1")])
    #expect(outcome.line == #"Item 1 updated: name "A" → "A1""#)
  }

  @Test func aPlanMadeBeforeAnotherCommitIsRefused() throws {
    let store = try Self.abc()
    let plan = try store.plan(Self.payload, into: "Item")
    try store.sync([["id": 9]], into: "Item", options: SyncOptions(deleteMissing: false))
    let after = SyncTestStore.records(store.state)
    let error = try #require(throws: SyncError.self) { try store.apply(plan) }
    #expect(error.code == .stalePlan)
    #expect(error.description.contains("make a new plan"))
    SyncTestStore.expect(store.state, equals: after)
  }

  @Test func planningTheSamePayloadTwiceGivesTheSamePlan() throws {
    let store = try Self.abc()
    let first = try store.plan(Self.payload, into: "Item")
    let second = try store.plan(Self.payload, into: "Item")
    #expect(first.report == second.report)
  }

  @Test func aRejectedNestedValueIsReportedWithItsJSONPointer() throws {
    let schema = try #require(SyncSchemas.named("batches"))
    let store = try SyncTestStore.make(schema)
    let payload: JSONValue = [["id": 1, "clicked": [["id": 2], ["id": 3, "time": "yesterday"]]]]
    let report = try store.sync(payload, into: "Batch")
    let rejected = try #require(report.outcomes.first { $0.kind == .rejected })
    #expect(rejected.entity == "Click")
    #expect(rejected.id == 3)
    #expect(rejected.pointer == "/0/clicked/1/time")
    #expect(store.state.record("Batch", 1)?["clicks"] == [2])
  }

  @Test func duplicateIdentifiersAreDiagnosedWithEveryOccurrence() throws {
    let store = try SyncTestStore.items([])
    let report = try store.sync([["id": 7], ["id": 8], ["id": 7], ["id": 7]], into: "Item")
    let diagnostic = try #require(report.diagnostics.first)
    #expect(diagnostic.code == .duplicateIdentifier)
    #expect(diagnostic.pointers == ["/0", "/2", "/3"])
    #expect(
      diagnostic.message
        == "Item 7 appears 3 times (at /0, /2, /3); the items were applied in order into one record"
    )
  }

  @Test func aPayloadThatIsNotAnArrayObjectOrNullIsRefused() throws {
    let store = try SyncTestStore.items([["id": 1]])
    let error = try #require(throws: SyncError.self) { try store.sync("hello", into: "Item") }
    #expect(error.code == .invalidPayload)
    #expect(
      error.description
        == "error: expected a JSON array of Item items, a single object or null, found string (at ) [invalidPayload]"
    )
    #expect(store.state.count("Item") == 1)
  }

  @Test func anUnknownEntityIsRefused() throws {
    let error = try #require(throws: SyncError.self) {
      try SyncTestStore.items([]).sync([], into: "Nope")
    }
    #expect(error.code == .unknownEntity)
  }

  @Test func anEntityWithoutIdentifierCannotBeSynced() throws {
    // U20 (sync side, D28): nothing could match, so the sync refuses instead of collapsing items.
    let schema = Schema(entities: [
      Entity(name: "Log", identifiers: [], attributes: [Attribute(name: "text", type: .string)])
    ])
    let store = try SyncTestStore.make(schema)
    let error = try #require(throws: SyncError.self) {
      try store.sync([["text": "a"]], into: "Log")
    }
    #expect(error.code == .invalidSchema)
  }

  @Test func aDeniedDeleteFailsTheWholeSync() throws {
    let owner = Entity(
      name: "Owner", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
      relationships: [Relationship(name: "pets", target: "Pet", isToMany: true, deleteRule: .deny)])
    let pet = Entity(
      name: "Pet", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)])
    let store = try SyncTestStore.make(
      Schema(entities: [owner, pet]),
      ["Owner": [["id": 1, "pets": [5]], ["id": 2]], "Pet": [["id": 5]]])
    let before = SyncTestStore.records(store.state)
    let error = try #require(throws: SyncError.self) { try store.sync([["id": 3]], into: "Owner") }
    #expect(error.code == .storeRefused)
    SyncTestStore.expect(store.state, equals: before)
  }

  @Test func anOrderedToManyKeepsPayloadOrder() throws {
    let list = Entity(
      name: "List", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
      relationships: [
        Relationship(
          name: "entries", target: "Entry", isToMany: true, isOrdered: true, deleteRule: .cascade)
      ])
    let entry = Entity(
      name: "Entry", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)])
    let store = try SyncTestStore.make(Schema(entities: [list, entry]))
    try store.sync([["id": 1, "entries": [3, 1, 2]]], into: "List")
    #expect(store.state.record("List", 1)?["entries"] == [3, 1, 2])
    let report = try store.sync([["id": 1, "entries": [2, 1, 3]]], into: "List")
    #expect(store.state.record("List", 1)?["entries"] == [2, 1, 3])
    #expect(report.outcome(of: 1)?.kind == .updated)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func replacingAnOwnedToOneDeletesTheOldTarget() throws {
    let car = Entity(
      name: "Car", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
      relationships: [
        Relationship(name: "engine", target: "Engine", isToMany: false, deleteRule: .cascade)
      ])
    let engine = Entity(
      name: "Engine", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)])
    let store = try SyncTestStore.make(
      Schema(entities: [car, engine]), ["Car": [["id": 1, "engine": 7]], "Engine": [["id": 7]]])
    let report = try store.sync([["id": 1, "engine": ["id": 8]]], into: "Car")
    #expect(
      SyncTestStore.lines(report) == ["Car 1 updated", "Engine 8 inserted", "Engine 7 deleted"])
    #expect(store.state.ids("Engine") == [8])
  }

  static func orders(_ policy: ReferencePolicy) -> Schema {
    let order = Entity(
      name: "Order", identifiers: ["uuid"], attributes: [Attribute(name: "uuid", type: .string)],
      relationships: [
        Relationship(
          name: "address", target: "Address", isToMany: false, key: "address_id",
          referencePolicy: policy)
      ])
    let address = Entity(
      name: "Address", identifiers: ["uuid"], attributes: [Attribute(name: "uuid", type: .string)])
    return Schema(entities: [order, address])
  }

  @Test func anIgnoredDanglingReferenceIsDiagnosedAndNotLinked() throws {
    let store = try SyncTestStore.make(Self.orders(.ignore))
    let report = try store.sync([["uuid": "o1", "address_id": "a9"]], into: "Order")
    #expect(SyncTestStore.lines(report) == ["Order o1 inserted"])
    #expect(report.diagnostics.map(\.code) == [.danglingReference])
    #expect(report.diagnostics.first?.pointers == ["/0/address_id"])
    #expect(store.state.record("Order", "o1") == ["uuid": "o1"])
    #expect(store.state.count("Address") == 0)
  }

  @Test func aRejectedDanglingReferenceRejectsItsItem() throws {
    let store = try SyncTestStore.make(Self.orders(.reject))
    let report = try store.sync([["uuid": "o1", "address_id": "a9"]], into: "Order")
    let outcome = try #require(report.outcomes.first)
    #expect(outcome.kind == .rejected)
    #expect(outcome.reason == "'address' names Address a9, which is not stored (policy reject)")
    #expect(store.state.count("Order") == 0)
  }
}

/// Nesting is bounded: items nested deeper than the limit are rejected, never recursed into.
@Suite struct SyncNestingTests {
  @Test func itemsNestedTooDeeplyAreRejected() throws {
    let node = Entity(
      name: "Node", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
      relationships: [Relationship(name: "child", target: "Node", isToMany: false)])
    let store = try SyncTestStore.make(Schema(entities: [node]))
    var payload: JSONValue = ["id": 200]
    for id in stride(from: 199, through: 0, by: -1) {
      payload = ["id": .int(Int64(id)), "child": payload]
    }
    let report = try store.sync([payload], into: "Node")
    #expect(report.count(.inserted) == 65)  // the top item and 64 nested levels
    #expect(report.count(.rejected) == 1)
    #expect(store.state.invariantViolations() == [])
  }
}
