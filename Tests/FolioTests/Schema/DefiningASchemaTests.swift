import Folio
import FolioTestSupport
import Foundation
import Testing

/// Twins of the ```swift blocks in Documentation/DefiningASchema.md. The example code is kept
/// verbatim at column 0 so the documentation drift check finds each block in a test file.
@Suite struct DefiningASchemaTests {
  @Test func dslExampleBuildsTheCompany() throws {
let company = try Schema {
  Entity("Department") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("name", .string)
  }
  Entity("Employee") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("fullName", .string, from: "user.name")
    Attribute("active", .bool, default: true)
    Attribute("hiredAt", .isoDate, from: "hired_at").optional()
    ToOne("department", "Department").sync(updateExisting: false)
    ToMany("badges", "Badge", ordered: true).deleteRule(.cascade)
  }
  Entity("Badge") { Identifier("id"); Attribute("id", .int) }
}
    #expect(company.entities.map(\.name) == ["Department", "Employee", "Badge"])
    #expect(company.entity(named: "Employee")?.attribute(named: "hiredAt")?.isOptional == true)
    let expected = Schema(entities: [
      Entity(
        name: "Department", identifiers: ["id"],
        attributes: [Attribute(name: "id", type: .int), Attribute(name: "name", type: .string)]),
      Entity(
        name: "Employee", identifiers: ["id"],
        attributes: [
          Attribute(name: "id", type: .int),
          Attribute(name: "fullName", type: .string, key: "user.name"),
          Attribute(name: "active", type: .bool, defaultValue: true),
          Attribute(name: "hiredAt", type: .isoDate, key: "hired_at", isOptional: true),
        ],
        relationships: [
          Relationship(
            name: "department", target: "Department", isToMany: false,
            childOptions: ChildSyncOptions(updateExisting: false)),
          Relationship(
            name: "badges", target: "Badge", isToMany: true, isOrdered: true, deleteRule: .cascade),
        ]),
      Entity(name: "Badge", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)]),
    ])
    #expect(company == expected)
  }

  @Test func rulesExampleBuildsTheFleet() throws {
let fleet = try Schema {
  Entity("Plane") {
    Identifier("origin", "destination")
    Attribute("origin", .string)
    Attribute("destination", .string)
    Attribute("version", .int).optional()
    ToMany("passengers", "Passenger").deleteRule(.cascade)
  }
  .validate(.trim("origin"), .dropIfEmpty("origin"))
  .validity(.nonEmpty("origin"), .nonEmpty("destination"), .distinct("origin", "destination"))
  .shouldUpdate(.whenIncreases("version"))
  .defaultSort("origin", "-destination")
  Entity("Passenger") {
    Identifier("name", "age")
    Attribute("name", .string)
    Attribute("age", .int)
  }
  .validity(.nonEmpty("name"), .greaterThan("age", 0), .custom("adult") { record in
    (record["age"]?.intValue ?? 0) < 18 ? "passengers must be adults" : nil
  })
  .deleteIfInvalid()
}
    let passenger = try #require(fleet.entity(named: "Passenger"))
    #expect(passenger.validityRules.map { $0.reason(for: ["name": "Kim", "age": 12]) }
      == [nil, nil, "passengers must be adults"])
    #expect(passenger.deleteIfInvalid)
  }

  @Test func customRulesExampleRoundTrips() throws {
let adult = ValidityRule.custom("adult") { record in
  (record["age"]?.intValue ?? 0) < 18 ? "passengers must be adults" : nil
}
let text = """
  {"folioSchema": 1, "entities": [{"name": "Passenger", "identifiers": ["name"],
    "attributes": [{"name": "name", "type": "string"}, {"name": "age", "type": "int"}],
    "validity": [{"custom": "adult"}]}]}
  """
let passengers = try Schema(fileBytes: Array(text.utf8), customRules: CustomRules(validityRules: [adult]))
let again = try Schema(fileBytes: passengers.fileBytes(), customRules: CustomRules(collectingFrom: passengers))
    #expect(again == passengers)
    #expect(again.entities[0].validityRules[0].reason(for: ["age": 3]) == "passengers must be adults")
  }

  @Test func exportExampleDrawsTheDiagram() throws {
let tags = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
let diagram = tags.mermaid()      // "erDiagram\n  Tag {\n    int id PK\n  }\n"
let fingerprint = tags.fingerprint
    #expect(diagram == "erDiagram\n  Tag {\n    int id PK\n  }\n")
    #expect(fingerprint.count == 64)
  }

  @Test func typedAccessExampleRoundTrips() throws {
struct Employee: Codable, Equatable {
  var id: Int
  var fullName: String
  var hiredAt: Date?
}
let record = try RecordEncoder().encode(Employee(id: 1, fullName: "Ada", hiredAt: nil))
let employee = try RecordDecoder().decode(Employee.self, from: record)
    #expect(record == ["id": 1, "fullName": "Ada"])
    #expect(employee == Employee(id: 1, fullName: "Ada", hiredAt: nil))
  }

  @Test func fileFormatExampleDecodesAndValidates() throws {
    let doc = SchemaFixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Documentation/DefiningASchema.md")
    let markdown = try String(contentsOf: doc, encoding: .utf8)
    let start = try #require(markdown.range(of: "```json\n"))
    let end = try #require(markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex))
    let json = String(markdown[start.upperBound..<end.lowerBound])
    let checkName = ValidityRule.custom("checkName") { _ in nil }
    let schema = try Schema(fileBytes: Array(json.utf8), customRules: CustomRules(validityRules: [checkName]))
    let employee = try #require(schema.entity(named: "Employee"))
    #expect(employee.attributes.count == 5 && employee.relationships.count == 2)
    #expect(employee.validators.count == 3 && employee.validityRules.count == 5)
    #expect(schema.keyConvention == .snakeCase && schema.dateFormats == .dateOnly)
  }

  @Test func uuidAndEnumerationExampleNormalisesAndRejects() throws {
let desk = try Schema {
  Entity("Ticket") {
    Identifier("id")
    Attribute("id", .uuid)
    Attribute("state", .enumeration(["open", "closed"]))
  }
}
let tickets = try Store.inMemory(schema: desk)
try tickets.sync([["id": "0F8FAD5B-D9CB-469F-A165-70867728950E", "state": "open"]], into: "Ticket")
try tickets.sync([["id": "0f8fad5b-d9cb-469f-a165-70867728950e", "state": "closed"]], into: "Ticket")
print(tickets.state.export("Ticket"))
// [{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","state":"closed"}]
let report = try tickets.sync([["id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "state": "done"]], into: "Ticket", options: SyncOptions(deleteMissing: false))
print(report.outcomes[0].reason ?? "")
// attribute 'state': expected one of "open", "closed", found the string "done" [notAllowedValue]
    #expect(tickets.state.record("Ticket", "7c9e6679-7425-40de-944b-e07fc1f90ae7") == nil)
    #expect(
      tickets.state.export("Ticket").description
        == #"[{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","state":"closed"}]"#)
    #expect(
      report.outcomes[0].reason
        == #"attribute 'state': expected one of "open", "closed", found the string "done" [notAllowedValue]"#)
  }

  @Test func decimalExampleStoresExactTextAndComparesNumerically() throws {
let ledger = try Schema {
  Entity("Payment") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("amount", .decimal)
  }
}
let payments = try Store.inMemory(schema: ledger)
try payments.sync([["id": 1, "amount": 0.1], ["id": 2, "amount": "10.00"], ["id": 3, "amount": "9.5"]], into: "Payment")
print(payments.state.record("Payment", 1)?["amount"] ?? "-")  // "0.1"
print(try payments.fetch(Query("Payment", where: "amount" > 1, sortedBy: "amount")).map(\.id))  // [3, 2]
    #expect(payments.state.record("Payment", 1)?["amount"]?.description == #""0.1""#)
    #expect("\(try payments.fetch(Query("Payment", where: "amount" > 1, sortedBy: "amount")).map(\.id))" == "[3, 2]")
  }

  @Test func objectExampleDiffsTheWholeValue() throws {
let catalog = try Schema {
  Entity("Product") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("size", .object)
  }
}
let products = try Store.inMemory(schema: catalog)
try products.sync([["id": 1, "size": ["w": 1, "h": 2]]], into: "Product")
let change = try products.sync([["id": 1, "size": ["h": 2, "w": 3]]], into: "Product")
print(change.outcomes[0].line)  // Product 1 updated: size {"h":2,"w":1} → {"h":2,"w":3}
    #expect(change.outcomes[0].line == #"Product 1 updated: size {"h":2,"w":1} → {"h":2,"w":3}"#)
  }

  @Test func unixTimestampExampleReadsEveryUnit() throws {
let stamped = try Schema(dateFormats: .unixSeconds) {
  Entity("Event") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("at", .isoDate)
  }
}
let events = try Store.inMemory(schema: stamped)
try events.sync(
  [
    ["id": 1, "at": 1700000000],
    ["id": 2, "at": "1700000000"],
    ["id": 3, "at": 1700000000123],
    ["id": 4, "at": "1700000000123456"],
  ],
  into: "Event")
for id: RecordID in [1, 2, 3, 4] {
  print(events.state.record("Event", id)?["at"]?.stringValue ?? "-")
}
// 2023-11-14T22:13:20.000Z twice, then 2023-11-14T22:13:20.123Z twice
    let stored = [1, 2, 3, 4].map { (id: RecordID) in events.state.record("Event", id)?["at"] }
    #expect(
      stored == [
        "2023-11-14T22:13:20.000Z", "2023-11-14T22:13:20.000Z", "2023-11-14T22:13:20.123Z",
        "2023-11-14T22:13:20.123Z",
      ])
  }

  @Test func keyMappingExampleReadsPascalCaseAndFallbackKeys() throws {
    let crm = try Schema(keyConvention: .snakeCase) {
      Entity("Contact") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("mobilePhone", .string).optional()
        Attribute("title", .string, from: "job_title").optional()
      }
    }
    let contacts = try Store.inMemory(schema: crm)
    let read = try contacts.sync(
      [
        ["Id": 1, "MobilePhone": "555-0100", "title": "CTO"],
        ["id": 2, "job_title": "Developer", "title": "Intern"],
      ],
      into: "Contact")
    print(JSONValue.object(contacts.get("Contact", 1) ?? [:]))  // {"id":1,"mobilePhone":"555-0100","title":"CTO"}
    print(contacts.get("Contact", 2)?["title"] ?? .null)  // "Developer"
    print(read.diagnostics.map(\.pointers))  // [["/1/job_title", "/1/title"]]
    #expect(
      "\(JSONValue.object(contacts.get("Contact", 1) ?? [:]))"
        == #"{"id":1,"mobilePhone":"555-0100","title":"CTO"}"#)
    #expect("\(contacts.get("Contact", 2)?["title"] ?? .null)" == #""Developer""#)
    #expect("\(read.diagnostics.map(\.pointers))" == #"[["/1/job_title", "/1/title"]]"#)
  }
}
