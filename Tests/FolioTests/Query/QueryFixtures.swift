import FolioTestSupport

@testable import Folio

/// Schemas and seeded stores for query and observation tests: the scenario schemas of
/// spec/seed-behaviour.md §6.1 (shared with the sync tests), with `Item` gaining a `tags` array
/// and `Employee` an `age`, for the operators that need them.
enum QueryFixtures {
  /// The scenario `Item` plus `tags`, an array of strings.
  static var item: Entity {
    var item = SyncSchemas.item()
    item.attributes.append(Attribute(name: "tags", type: .array(.string), isOptional: true))
    return item
  }

  static let schema = Schema(entities: [
    SyncSchemas.batch, SyncSchemas.click, item, SyncSchemas.tag,
    Entity(
      name: "Employee", identifiers: ["employeeID"],
      attributes: [
        Attribute(name: "employeeID", type: .int),
        Attribute(name: "fullName", type: .string, isOptional: true),
        Attribute(name: "age", type: .int, isOptional: true),
        Attribute(name: "active", type: .bool, isOptional: true),
        Attribute(name: "hiredAt", type: .isoDate, isOptional: true),
      ],
      relationships: [Relationship(name: "department", target: "Department", isToMany: false)],
      defaultSort: ["fullName"]),
    Entity(
      name: "Department", identifiers: ["departmentID"],
      attributes: [
        Attribute(name: "departmentID", type: .int), Attribute(name: "name", type: .string),
      ]),
  ])

  /// U57's initial store: Batch 100 with Clicks 0…4.
  static func clicks() throws -> Store {
    let store = try Store.inMemory(schema: schema)
    try store.transaction { tx in
      try tx.work.insert("Batch", attributes: ["id": 100])
      for id: Int64 in 0...4 { try tx.work.insert("Click", attributes: ["clickID": .int(id)]) }
      try tx.work.setToMany("Batch", 100, "clicks", to: (0...4).map { .int($0) })
    }
    return store
  }

  /// A store holding the given Items.
  static func items(_ items: [JSONObject]) throws -> Store {
    let store = try Store.inMemory(schema: schema)
    try store.transaction { tx in
      for item in items { try tx.work.insert("Item", attributes: item) }
    }
    return store
  }

  /// Employees in two departments (QA 1, Dev 2), one without a department.
  static func company() throws -> Store {
    let store = try Store.inMemory(schema: schema)
    try store.transaction { tx in
      try tx.work.insert("Department", attributes: ["departmentID": 1, "name": "QA"])
      try tx.work.insert("Department", attributes: ["departmentID": 2, "name": "Dev"])
      let people: [(Int64, String, Int64, Bool, String, Int64?)] = [
        (1, "Ann", 34, true, "2021-04-01T03:33:17.000Z", 1),
        (2, "Bob", 45, true, "2019-01-10T00:00:00.000Z", 2),
        (3, "Cyd", 29, false, "2023-06-30T12:00:00.000Z", 1),
        (4, "Dee", 52, true, "2015-02-02T08:00:00.000Z", nil),
      ]
      for (id, name, age, active, hired, department) in people {
        try tx.work.insert(
          "Employee",
          attributes: [
            "employeeID": .int(id), "fullName": .string(name), "age": .int(age),
            "active": .bool(active),
            "hiredAt": .string(hired),
          ])
        if let department {
          try tx.work.setToOne("Employee", .int(id), "department", to: .int(department))
        }
      }
    }
    return store
  }
}

extension Array where Element == FetchedRecord {
  /// The identifiers, for compact expectations.
  var ids: [RecordID] { map(\.id) }
}
