// swift-format-ignore-file
import Foundation
import Observation
import Synchronization
import Testing

@testable import Folio

// Every ```swift block of Documentation/Querying.md and Documentation/Observing.md appears
// below verbatim (at column 0, so the text matches exactly), followed by checks of what it does.
// `everyDocumentationBlockIsHere` fails when a block changes without its twin.

@Suite struct QueryDocumentationTests {
  @Test func conditionsInSwift() throws {
    let store = try QueryFixtures.company()
let active = try store.fetch("Employee", where: "active" == true, sortedBy: "-hiredAt")
let youngQA: Condition = "age" < 40 && "department.name" == "QA"
let sameInText = try Condition(parsing: "age < 40 && department.name == 'QA'")
let hasNoHireDate: Condition = "hiredAt" == nil
let named = Field("fullName").isIn(["Ann", "Bob"]) || Field("fullName").hasPrefix("C")
    #expect(active.ids == [1, 2, 4])
    #expect(youngQA == sameInText)
    #expect(youngQA.description == "age < 40 && department.name == 'QA'")
    #expect(try store.fetch(Query("Employee", where: youngQA)).ids == [1, 3])
    #expect(try store.count(Query("Employee", where: hasNoHireDate)) == 0)
    #expect(try store.fetch(Query("Employee", where: named)).ids == [1, 2, 3])
  }

  @Test func textSearch() throws {
    let store = try QueryFixtures.company()
let anns = try store.fetch("Employee", where: Field("fullName").equals("ANN", .caseInsensitive))
let accented = try Condition(parsing: "fullName contains[cd] 'ANN' || fullName matches 'D.e'")
let byName = try store.fetch("Employee", where: accented, sortedBy: "fullName[c]")
print(anns.count, byName.count)  // 1 2
    #expect(anns.ids == [1])
    #expect(byName.ids == [1, 4])
  }

  @Test func parseErrorsPrintACaret() throws {
do {
  _ = try Condition(parsing: "age < && active == true")
} catch {
  print(error)
}
    let error = try #require(throws: QueryError.self) { try Condition(parsing: "age < && active == true") }
    #expect(
      error.description == """
        error: expected a value (a number, 'text', true, false, null or a [list]) after '<', found '&&' (offset 6) [expectedValue]
          age < && active == true
                ^
        """)
  }

  @Test func queriesAreImmutableValues() throws {
    let store = try QueryFixtures.company()
let query = Query("Employee", where: "age" < 40)
let refined = query + ("department.name" == "QA")
let page = refined.sorted(by: ["-age", "fullName"]).limited(to: 10).skipping(20)
    #expect(query.predicate == ("age" < 40))
    #expect(try store.fetch(query).count == 2)
    #expect(try store.fetch(refined).ids == [1, 3])
    #expect(
      page.description
        == "Employee where age < 40 && department.name == 'QA' sortedBy -age,fullName limit 10 offset 20")
    #expect(try store.fetch(page).isEmpty)
  }

  @Test func countingAggregatesAndDeleting() throws {
    let store = try QueryFixtures.company()
let all = Query("Employee")
let headcount = try store.count(all)
let youngest = try store.min("age", in: all)
let oldest = try store.max("age", in: all)
let totalAge = try store.sum("age", in: all)
let meanAge = try store.average("age", in: all)
let newest = try store.last(Query("Employee", sortedBy: "hiredAt"))
let removed = try store.deleteAll(matching: Query("Employee", where: "active" == false))
    #expect(headcount == 4)
    #expect(youngest == 29)
    #expect(oldest == 52)
    #expect(totalAge == 160)
    #expect(meanAge == 40.0)
    #expect(newest?.id == 3)
    #expect(removed == 1)
    #expect(store.state.count("Employee") == 3)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func typedResults() throws {
    let store = try QueryFixtures.company()
struct Person: Decodable {
  var employeeID: Int
  var fullName: String
  var hiredAt: Date?
  var department: Int?
}
let people = try store.fetch(Person.self, Query("Employee", sortedBy: "fullName"))
    #expect(people.map(\.fullName) == ["Ann", "Bob", "Cyd", "Dee"])
    #expect(people.map(\.employeeID) == [1, 2, 3, 4])
    #expect(people.map(\.department) == [1, 2, 1, nil])
    #expect(people.first?.hiredAt == Date(timeIntervalSince1970: 1_617_247_997))
  }

  @Test func recordsAsYourOwnTypes() throws {
    let store = try QueryFixtures.company()
    let written = Mutex<[JSONObject?]>([])
    store.addCommitListener { event in written.withLock { $0 += event.changes.map(\.after) } }
struct Staff: FolioRecord, Equatable {
  static let entityName = "Employee"
  var employeeID: Int
  var fullName: String?
  var age: Int?
  var department: Int?
}
let under40 = try store.fetch(Staff.self, where: "age" < 40, sortedBy: "-age")
print(under40.map(\.fullName))  // [Optional("Ann"), Optional("Cyd")]
let oldest = try store.first(Staff.self, sortedBy: "-age")
print(oldest?.fullName ?? "-")  // Dee
let inQA = try store.count(Staff.self, where: "department.name" == "QA")  // 2

try store.insert(Staff(employeeID: 5, fullName: "Eve", age: 29, department: 2))
if var eve = try store.get(Staff.self, 5) {
  eve.age = 30
  eve.department = nil  // a nil optional clears the field on update
  try store.update(eve)
}
try store.delete(Staff.self, 5)
    #expect(written.withLock { $0 } == [
      ["employeeID": 5, "fullName": "Eve", "age": 29, "department": 2],
      ["employeeID": 5, "fullName": "Eve", "age": 30], nil,
    ])
    #expect("\(under40.map(\.fullName))" == #"[Optional("Ann"), Optional("Cyd")]"#)
    #expect(oldest?.fullName == "Dee")
    #expect(inQA == 2)
    #expect(store.get("Employee", 5) == nil)
    #expect(try store.check().isEmpty)
  }

  @Test func snakeCaseTypesAndEpochDates() throws {
    let store = try QueryFixtures.company()
struct EmployeeDTO: FolioRecord {
  static let entityName = "Employee"
  static var recordDecoder: RecordDecoder { RecordDecoder(keyStrategy: .convertFromSnakeCase) }
  static var recordEncoder: RecordEncoder { RecordEncoder(keyStrategy: .convertFromSnakeCase) }
  var employeeID: Int
  var fullName: String?
  var hiredAt: Date?
  enum CodingKeys: String, CodingKey {
    case employeeID = "employee_id"
    case fullName = "full_name"
    case hiredAt = "hired_at"
  }
}
let first = try store.first(EmployeeDTO.self, sortedBy: "employeeID")
print(first?.fullName ?? "-")  // Ann

let epoch = RecordDecoder(dateStrategy: .millisecondsSince1970)
struct Ping: Decodable { var at: Date }
let ping = try epoch.decode(Ping.self, from: ["at": 1_404_633_540_000])
print(ping.at.timeIntervalSince1970)  // 1404633540.0
    #expect(first?.fullName == "Ann")
    #expect(first?.hiredAt == Date(timeIntervalSince1970: 1_617_247_997))
    #expect("\(ping.at.timeIntervalSince1970)" == "1404633540.0")
    // Written back, the DTO's keys take the schema's names.
    try store.insert(EmployeeDTO(employeeID: 9, fullName: "Zed", hiredAt: nil))
    #expect(store.get("Employee", 9) == ["employeeID": 9, "fullName": "Zed"])
  }

  @Test func theChangeStream() async throws {
    let store = try QueryFixtures.company()
    try store.transaction { tx in try tx.work.setAttributes("Employee", 1, ["age": 35]) }
    // The stream starts after that commit; the next one is what the loop reads.
    let stream = store.changes(to: ["Employee"])
    try store.transaction { tx in try tx.work.setAttributes("Employee", 2, ["age": 46]) }
    var read: [RecordChange] = []
    for await batch in stream {
      read = batch.changes
      break
    }
    #expect(read.map(\.key) == [RecordKey("Employee", 2)])
    #expect(read.first?.changedFields == ["age"])
    try await documentedChangeStream(store)
    #expect(store.commitListenerCount == 1)
  }

  /// The documented block, fed by a commit made after the stream exists.
  func documentedChangeStream(_ store: Store) async throws {
let changes = store.changes(to: ["Employee"])
    try store.transaction { tx in try tx.work.setAttributes("Employee", 3, ["age": 30]) }
for await commit in changes {
  for change in commit.changes {
    print(change.kind, change.key, change.changedFields)
  }
  break
}
  }

  @Test func liveQueryResults() async throws {
    let store = try QueryFixtures.company()
let live = try store.observe(Query("Employee", where: "active" == true, sortedBy: "fullName"))
let before = live.initial.map(\.id)
    #expect(before == [1, 2, 4])
    try store.transaction { tx in try tx.work.setAttributes("Employee", 3, ["active": true]) }
var latest: [RecordID] = []
for await update in live {
  for change in update.changes {
    switch change.kind {
    case .insert: print("insert", change.id, "at", change.newIndex ?? -1)
    case .delete: print("delete", change.id, "at", change.oldIndex ?? -1)
    case .update: print("update", change.id, "at", change.oldIndex ?? -1)
    case .move: print("move", change.id, "from", change.oldIndex ?? -1, "to", change.newIndex ?? -1)
    }
  }
  latest = update.ids
  break
}
    #expect(latest == [1, 2, 3, 4])
  }

  // Observing.md's SwiftUI view, marked not-compiled there (SwiftUI is not available on Linux);
  // observableResultsWithoutSwiftUI below runs the same model:
  /*
struct OpenEmployees: View {
  @State private var employees: ObservedQuery
  init(store: Store) throws {
    _employees = State(initialValue: try ObservedQuery(Query("Employee", where: "active" == true), in: store))
  }
  var body: some View {
    List(employees.results, id: \.id) { record in Text(record["fullName"]?.stringValue ?? "") }
  }
}
  */

  @MainActor @Test func observableResultsWithoutSwiftUI() async throws {
    let store = try QueryFixtures.company()
let active = try ObservedQuery(Query("Employee", where: "active" == true, sortedBy: "fullName"), in: store)
print(active.results.map(\.id))  // [1, 2, 4]
let (changed, signal) = AsyncStream.makeStream(of: Void.self)
withObservationTracking {
  _ = active.results
} onChange: {
  signal.yield()
}
try store.update("Employee", 3, ["active": true])
for await _ in changed { break }
print(active.results.map(\.id))  // [1, 2, 3, 4]
print(active.changes)  // [insert 3 at 2]
    #expect(active.results.map(\.id) == [1, 2, 3, 4])
    #expect("\(active.changes)" == "[insert 3 at 2]")
    #expect(active.generation == 2)
  }

  @Test func indexes() throws {
let schema = try Schema {
  Entity("Person") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("email", .string).indexed()
    Attribute("age", .int).optional().indexed()
    Attribute("lastName", .string)
    Attribute("firstName", .string)
    Index("lastName", "firstName").unique()
  }
}
let people = try Store.inMemory(schema: schema)
try people.sync([
  ["id": 1, "email": "ada@example.com", "age": 36, "lastName": "Lovelace", "firstName": "Ada"],
  ["id": 2, "email": "alan@example.com", "age": 41, "lastName": "Turing", "firstName": "Alan"],
], into: "Person")
let found = try people.fetch("Person", where: "email" == "ada@example.com")
let plan = try people.explain(Query("Person", where: "age" >= 30 && "age" < 40))
print(found.count, plan)  // 1 index Person(age): age >= 30 && age < 40
    #expect(found.ids == [1])
    #expect(plan.description == "index Person(age): age >= 30 && age < 40")
    #expect(try people.explain(Query("Person", where: "email" == "ada@example.com")).index == ["email"])
    #expect(throws: StoreError.self) {
      try people.insert("Person", ["id": 3, "email": "x", "lastName": "Turing", "firstName": "Alan"])
    }
  }

  @Test func everyDocumentationBlockIsHere() throws {
    let testFile = try String(contentsOfFile: #filePath, encoding: .utf8)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    for name in ["Querying.md", "Observing.md"] {
      let text = try String(
        contentsOf: root.appendingPathComponent("Documentation").appendingPathComponent(name), encoding: .utf8)
      let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap {
        $0.components(separatedBy: "```").first
      }
      #expect(!blocks.isEmpty)
      for block in blocks {
        #expect(testFile.contains(block), "\(name) block not found verbatim in this file:\n\(block)")
      }
    }
  }
}
