import Folio
import FolioTestSupport
import Testing

/// Generated payloads (a fixed-seed generator, so every run is the same): the planner never
/// crashes, every committed state is consistent, re-applying a payload changes nothing, and a
/// plan's report always matches what applying it does.
@Suite struct SyncPropertyTests {

  static func value(_ g: inout SeededGenerator) -> JSONValue {
    switch g.below(9) {
    case 0: return .null
    case 1: return .bool(g.below(2) == 0)
    case 2: return .int(Int64(g.below(6)))
    case 3: return .double(Double(g.below(40)) / 4)
    case 4: return .string(["", "x", "7", "2014-07-06T07:59:00Z", "true"][g.below(5)])
    case 5: return .array([.int(Int64(g.below(6))), .int(Int64(g.below(6)))])
    case 6: return ["id": .int(Int64(g.below(6)))]
    case 7: return .string("2014-07-06T09:59:00+02:00")
    default: return .int(Int64(g.below(6)))
    }
  }

  static func click(_ g: inout SeededGenerator) -> JSONValue {
    var click: JSONObject = [:]
    if g.below(8) > 0 { click["id"] = g.below(5) == 0 ? value(&g) : .int(Int64(g.below(8))) }
    if g.below(2) == 0 { click["time"] = g.below(3) == 0 ? value(&g) : "2014-07-06T07:59:00Z" }
    if g.below(6) == 0 { click["batch"] = value(&g) }
    return g.below(10) == 0 ? .int(Int64(g.below(8))) : .object(click)
  }

  static func payload(_ g: inout SeededGenerator) -> JSONValue {
    var items: [JSONValue] = []
    for _ in 0..<g.below(6) {
      var batch: JSONObject = ["id": g.below(6) == 0 ? value(&g) : .int(Int64(g.below(5)))]
      if g.below(2) == 0 { batch["batch"] = g.below(4) == 0 ? value(&g) : ["name": value(&g)] }
      switch g.below(4) {
      case 0: break
      case 1: batch["clicked"] = value(&g)
      default: batch["clicked"] = .array((0..<g.below(4)).map { _ in click(&g) })
      }
      items.append(g.below(12) == 0 ? value(&g) : .object(batch))
    }
    return g.below(15) == 0 ? value(&g) : .array(items)
  }

  @Test(arguments: 0..<24)
  func generatedPayloadsKeepTheStoreConsistent(_ seed: Int) throws {
    let schema = try #require(SyncSchemas.named("batches"))
    let store = try SyncTestStore.make(schema)
    var g = SeededGenerator(seed: UInt64(seed) &* 7919)
    for round in 0..<40 {
      // Even rounds sync batches (nested clicks), odd rounds clicks (nested batches, scopes).
      let entity = round % 2 == 0 ? "Batch" : "Click"
      let payload: JSONValue =
        entity == "Batch" ? Self.payload(&g) : .array((0..<g.below(5)).map { _ in Self.click(&g) })
      var options = SyncOptions()
      options.deleteMissing = g.below(2) == 0
      options.updateExisting = g.below(5) > 0
      options.insertMissing = g.below(5) > 0
      options.forceUpdate = g.below(6) == 0
      if entity == "Click", g.below(2) == 0 {
        options.scope = .linked("batch", to: .int(Int64(g.below(5))))
      }
      if g.below(4) == 0 {
        options.childOptions["Batch.clicks"] = ChildSyncOptions(deleteMissing: false)
      }
      let before = SyncTestStore.records(store.state)
      let plan: SyncPlan
      do {
        plan = try store.plan(payload, into: entity, options: options)
      } catch {
        #expect(error.code == .invalidPayload, "seed \(seed) round \(round)")
        SyncTestStore.expect(store.state, equals: before)
        continue
      }
      let report = try store.apply(plan)
      #expect(report == plan.report)
      let violations = store.state.invariantViolations()
      #expect(violations == [], "seed \(seed) round \(round): \(JSONWriter.string(payload))")
      #expect(SyncTestStore.records(store.state) == SyncTestStore.records(plan.resultingState))
      // Whatever changed is reported; nothing unreported changed.
      let reported = Set(
        report.outcomes.filter { [.inserted, .updated, .deleted].contains($0.kind) }
          .map { "\($0.entity) \($0.id.map { "\($0)" } ?? "")" })
      let changed = Set(plan.changes.map { "\($0.key)" })
      #expect(reported == changed, "seed \(seed) round \(round): \(JSONWriter.string(payload))")
    }
  }

  static func folder(_ g: inout SeededGenerator, depth: Int) -> JSONValue {
    if g.below(5) == 0 { return .int(Int64(g.below(10))) }
    var folder: JSONObject = ["id": .int(Int64(g.below(10)))]
    if depth < 4, g.below(2) == 0 {
      folder["children"] = .array((0..<g.below(3)).map { _ in Self.folder(&g, depth: depth + 1) })
    }
    if g.below(8) == 0 { folder["parent"] = g.below(2) == 0 ? .null : .int(Int64(g.below(10))) }
    return .object(folder)
  }

  @Test(arguments: 0..<24)
  func generatedTreesKeepASelfReferentialStoreConsistent(_ seed: Int) throws {
    let folder = Entity(
      name: "Folder", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
      relationships: [
        Relationship(
          name: "children", target: "Folder", isToMany: true, inverse: "parent",
          deleteRule: .cascade),
        Relationship(name: "parent", target: "Folder", isToMany: false, inverse: "children"),
      ])
    let store = try SyncTestStore.make(Schema(entities: [folder]))
    var g = SeededGenerator(seed: UInt64(seed) &* 104_729)
    for round in 0..<30 {
      let payload: JSONValue = .array((0..<g.below(4)).map { _ in Self.folder(&g, depth: 0) })
      var options = SyncOptions()
      options.deleteMissing = g.below(3) == 0
      let plan = try store.plan(payload, into: "Folder", options: options)
      try store.apply(plan)
      let context = "seed \(seed) round \(round): \(JSONWriter.string(payload))"
      #expect(store.state.invariantViolations() == [], "\(context)")
      let reported = Set(
        plan.outcomes.filter { [.inserted, .updated, .deleted].contains($0.kind) }
          .map { "\($0.entity) \($0.id.map { "\($0)" } ?? "")" })
      #expect(reported == Set(plan.changes.map { "\($0.key)" }), "\(context)")
    }
  }

  static func passenger(_ g: inout SeededGenerator) -> JSONValue {
    let names = ["", "Kevin", "Lara"]
    if g.below(6) == 0 { return [.string(names[g.below(3)]), .int(Int64(g.below(3)))] }
    var passenger: JSONObject = [
      "name": .string(names[g.below(3)]), "age": .int(Int64(g.below(3))),
    ]
    if g.below(2) == 0 {
      passenger["baggages"] = .array(
        (0..<g.below(3)).map { _ in
          g.below(3) == 0
            ? .string(["K1", "L1"][g.below(2)]) : ["tag": .string(["K1", "L1", "X"][g.below(3)])]
        })
    }
    return .object(passenger)
  }

  @Test(arguments: 0..<24)
  func generatedPlanesKeepCompositeIdentifiersAndValidityConsistent(_ seed: Int) throws {
    var passenger = try #require(SyncSchemas.named("planes")?.entity(named: "Passenger"))
    passenger.deleteIfInvalid = seed % 2 == 0
    let planes = try #require(SyncSchemas.named("planes"))
    let schema = Schema(entities: planes.entities.map { $0.name == "Passenger" ? passenger : $0 })
    let store = try SyncTestStore.make(schema)
    var g = SeededGenerator(seed: UInt64(seed) &* 65_537)
    let cities = ["Paris", "London", ""]
    for round in 0..<30 {
      let entity = round % 3 == 2 ? "Passenger" : "Plane"
      let payload: JSONValue = .array(
        (0..<g.below(4)).map { _ in
          if entity == "Passenger" { return Self.passenger(&g) }
          var plane: JSONObject = [
            "origin": .string(cities[g.below(3)]), "destination": .string(cities[g.below(3)]),
          ]
          if g.below(3) > 0 {
            plane["passengers"] = .array((0..<g.below(3)).map { _ in Self.passenger(&g) })
          }
          return .object(plane)
        })
      var options = SyncOptions()
      options.deleteMissing = g.below(2) == 0
      let plan = try store.plan(payload, into: entity, options: options)
      try store.apply(plan)
      let context = "seed \(seed) round \(round): \(JSONWriter.string(payload))"
      #expect(store.state.invariantViolations() == [], "\(context)")
      let reported = Set(
        plan.outcomes.filter { [.inserted, .updated, .deleted].contains($0.kind) }
          .map { "\($0.entity) \($0.id.map { "\($0)" } ?? "")" })
      #expect(reported == Set(plan.changes.map { "\($0.key)" }), "\(context)")
      // No invalid plane or new invalid passenger is ever stored.
      store.state.forEachRecord(of: "Plane") { _, record in
        #expect(record["origin"] != record["destination"] && record["origin"] != "", "\(context)")
      }
    }
  }
}
