import Folio

/// The seeded, reproducible workload of the kill test: the transaction that takes a store from
/// generation *g* to *g* + 1 depends only on the seed, *g* and the records at *g*, so a run is
/// reproducible from its seed.
///
/// Every step changes `Meta 0` (so every step is exactly one commit) and mixes syncs and CRUD
/// over departments and employees: bulk imports that split shards, upserts spread over every
/// shard, deletes with nullify rules, and parent-scoped delete-missing.
enum ChurnWorkload {
  /// Departments (stubs allowed), employees linked to them, and the step counter.
  static let schema = Schema(entities: [
    Entity(
      name: "Department", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, isOptional: true)],
      relationships: [
        Relationship(name: "employees", target: "Employee", isToMany: true, inverse: "department", deleteRule: .nullify)
      ]),
    Entity(
      name: "Employee", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "name", type: .string),
        Attribute(name: "score", type: .double, isOptional: true),
        Attribute(name: "active", type: .bool, defaultValue: true),
        Attribute(name: "tags", type: .array(.string), isOptional: true),
      ],
      relationships: [Relationship(name: "department", target: "Department", isToMany: false, inverse: "employees")]),
    Entity(
      name: "Meta", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "step", type: .int)]),
  ])

  static let employeeIDs: Int64 = 2600
  static let departmentIDs: Int64 = 24

  /// Runs the step that takes the transaction's records from generation `generation` onwards.
  static func step(_ tx: inout Transaction, seed: UInt64, generation: UInt64) throws {
    var random = SplitMix64(seed: seed ^ (generation &* 0x9E37_79B9_7F4A_7C15))
    func employee(_ id: Int64) -> JSONValue {
      var item: JSONObject = ["id": .int(id), "name": .string("e\(id)-\(generation)")]
      if random.next() % 3 != 0 { item["score"] = .double(Double(random.next() % 100_000) / 8) }
      if random.next() % 4 == 0 { item["active"] = .bool(random.next() % 2 == 0) }
      if random.next() % 5 == 0 { item["tags"] = .array((0..<(random.next() % 3)).map { .string("t\($0 + generation % 7)") }) }
      if random.next() % 6 != 0 { item["department"] = .int(Int64(random.next() % UInt64(departmentIDs))) }
      return .object(item)
    }
    let upsert = SyncOptions(deleteMissing: false)
    if generation == 0 {
      let departments = (0..<departmentIDs).map { JSONValue.object(["id": .int($0), "name": .string("d\($0)")]) }
      try tx.sync(.array(departments), into: "Department")
      try tx.sync(.array((0..<1200).map { employee($0) }), into: "Employee")
    } else {
      switch random.next() % 20 {
      case 0..<11:
        let count = 1 + random.next() % 40
        let items = (0..<count).map { _ in employee(Int64(random.next() % UInt64(employeeIDs))) }
        try tx.sync(.array(items), into: "Employee", options: upsert)
      case 11..<14:
        let ids = tx.state.ids("Employee")
        for _ in 0..<(1 + random.next() % 5) where !ids.isEmpty {
          let id = ids[Int(random.next() % UInt64(ids.count))]
          if tx.get("Employee", id) != nil { _ = try tx.delete("Employee", id) }
        }
      case 14..<16:
        let id = RecordID.int(Int64(random.next() % UInt64(departmentIDs)))
        if tx.get("Department", id) != nil {
          _ = try tx.delete("Department", id)
        } else {
          try tx.sync(.object(["id": id.jsonValue, "name": .string("re\(generation)")]), into: "Department")
        }
      case 16..<18:
        // Parent-scoped delete-missing: keep about half of one department's employees.
        let department = Int64(random.next() % UInt64(departmentIDs))
        guard tx.get("Department", .int(department)) != nil else { break }
        let members = tx.get("Department", .int(department))?["employees"]?.arrayValue ?? []
        let kept = members.filter { _ in random.next() % 2 == 0 }.map { member -> JSONValue in
          .object(["id": member, "name": .string("kept-\(generation)"), "department": .int(department)])
        }
        var options = SyncOptions()
        options.scope = .linked("department", to: .int(department))
        try tx.sync(.array(kept), into: "Employee", options: options)
      default:
        let count = 100 + random.next() % 400
        let start = Int64(random.next() % UInt64(employeeIDs))
        let items = (0..<Int64(count)).map { employee((start + $0) % employeeIDs) }
        try tx.sync(.array(items), into: "Employee", options: upsert)
      }
    }
    try tx.sync(.object(["id": 0, "step": .int(Int64(generation) + 1)]), into: "Meta")
  }

}

/// A small, fast, seedable generator (SplitMix64), identical on every platform.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
