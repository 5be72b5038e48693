import Folio
import Foundation

/// The schemas the seed-behaviour scenarios use (spec section 6.1) and the benchmark's Employee
/// schema, written in the DSL. Each has a twin file in `Fixtures/schemas/` that decodes to the
/// same value (checked by `SchemaFixturesTests`).
///
/// Entities are exposed on their own so a scenario can add its rules:
///
/// ```swift
/// let schema = try Schema { SchemaFixtures.itemEntity.validity(.atLeast("price", 0)) }
/// ```
public enum SchemaFixtures {
  /// Every fixture: its file name in `Fixtures/schemas/` (without `.json`) and its DSL value.
  public static func all() throws -> [(file: String, schema: Schema)] {
    [
      ("item", try item), ("tag", try tag), ("pair", try pair), ("batch-click", try batchClick),
      ("employee-department", try employeeDepartment),
      ("user-address-order", try userAddressOrder),
      ("plane-passenger-baggage", try planePassengerBaggage),
      ("commit-git-user", try commitGitUser), ("performance-employee", try performanceEmployee),
    ]
  }

  /// The `Fixtures/schemas` directory of this package.
  public static var directory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/schemas", isDirectory: true)
  }

  /// The path of the fixture file `name` (without `.json`).
  public static func path(_ name: String) -> String {
    directory.appendingPathComponent("\(name).json").path
  }

  /// **Item**: flat; identifier `id`; every other attribute optional; `title` ← `meta.title`.
  public static let itemEntity = Entity("Item") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("name", .string).optional()
    Attribute("nick", .string).optional()
    Attribute("count", .int).optional()
    Attribute("price", .double).optional()
    Attribute("active", .bool).optional()
    Attribute("version", .int).optional()
    Attribute("seen", .isoDate).optional()
    Attribute("title", .string, from: "meta.title").optional()
  }

  /// The Item schema.
  public static var item: Schema { get throws(SchemaError) { try Schema { itemEntity } } }

  /// **Tag**: identifier `id`; `label` required.
  public static var tag: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Tag") {
          Identifier("id")
          Attribute("id", .int)
          Attribute("label", .string)
        }
      }
    }
  }

  /// **Pair**: composite identifier (`a`, `b`), no other attributes.
  public static var pair: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Pair") {
          Identifier("a", "b")
          Attribute("a", .string)
          Attribute("b", .string)
        }
      }
    }
  }

  /// **Batch / Click** (CoreDataManager's tests): clicks cascade, batch nullifies.
  public static var batchClick: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Batch") {
          Identifier("id")
          Attribute("id", .int)
          Attribute("name", .string, from: "batch.name").optional()
          ToMany("clicks", "Click", from: "clicked").deleteRule(.cascade).inverse("batch")
        }
        Entity("Click") {
          Identifier("clickID")
          Attribute("clickID", .int, from: "id")
          Attribute("timeStamp", .isoDate, from: "time").optional()
          ToOne("batch", "Batch").inverse("clicks")
        }
      }
    }
  }

  /// **Employee / Department** (CoreDataManager's README).
  public static var employeeDepartment: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Employee") {
          Identifier("employeeID")
          Attribute("employeeID", .int, from: "id")
          Attribute("fullName", .string, from: "user.name").optional()
          ToOne("department", "Department")
        }
        Entity("Department") {
          Identifier("departmentID")
          Attribute("departmentID", .int, from: "id")
          Attribute("name", .string).optional()
        }
      }
    }
  }

  /// **User / Address / Order** (CorePersistence), with the snake_case convention.
  public static var userAddressOrder: Schema {
    get throws(SchemaError) {
      try Schema(keyConvention: .snakeCase) {
        Entity("User") {
          Identifier("uuid")
          Attribute("uuid", .string)
          Attribute("firstName", .string).optional()
          Attribute("numberOfOrders", .int).optional()
          ToOne("address", "Address")
          ToMany("orders", "Order").deleteRule(.cascade)
        }
        Entity("Address") {
          Identifier("uuid")
          Attribute("uuid", .string)
          Attribute("city", .string).optional()
        }
        Entity("Order") {
          Identifier("uuid")
          Attribute("uuid", .string)
          ToOne("address", "Address", from: "address_id")
        }
      }
    }
  }

  /// **Plane / Passenger / Baggage** (DKDBManager's fixture), with their validity rules.
  public static var planePassengerBaggage: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Plane") {
          Identifier("origin", "destination")
          Attribute("origin", .string)
          Attribute("destination", .string)
          ToMany("passengers", "Passenger").deleteRule(.cascade)
        }
        .validity(.nonEmpty("origin"), .nonEmpty("destination"), .distinct("origin", "destination"))
        Entity("Passenger") {
          Identifier("name", "age")
          Attribute("name", .string)
          Attribute("age", .int)
          ToMany("baggages", "Baggage").deleteRule(.cascade)
        }
        .validity(.nonEmpty("name"), .greaterThan("age", 0))
        Entity("Baggage") {
          Identifier("tag")
          Attribute("tag", .string)
          Attribute("weight", .double).optional()
        }
      }
    }
  }

  /// **Commit / GitUser** (SQKDataKit's example): the committer is a bare id at a key path.
  public static var commitGitUser: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Commit") {
          Identifier("sha")
          Attribute("sha", .string)
          Attribute("message", .string, from: "commit.message").optional()
          ToOne("committer", "GitUser", from: "committer.login")
        }
        Entity("GitUser") {
          Identifier("username")
          Attribute("username", .string, from: "login")
          Attribute("email", .string).optional()
          Attribute("followers", .int).optional()
        }
      }
    }
  }

  /// The benchmark's **Employee** (PERFORMANCE.md): tags are an array of strings.
  public static var performanceEmployee: Schema {
    get throws(SchemaError) {
      try Schema {
        Entity("Employee") {
          Identifier("id")
          Attribute("id", .int)
          Attribute("name", .string, from: "user.name")
          Attribute("email", .string)
          Attribute("active", .bool)
          Attribute("hiredAt", .isoDate, from: "hired_at")
          Attribute("salary", .double)
          Attribute("departmentID", .int, from: "department_id")
          Attribute("tags", .array(.string))
        }
      }
    }
  }
}
