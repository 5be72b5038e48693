import Folio
import FolioTestSupport
import Testing

/// GettingStarted.md's typed and async example (its other examples are in
/// GettingStartedExamples.swift), run as written.
@Suite struct GettingStartedAppExamples {
  @Test func typedRecordsAndTheAsyncForms() async throws {
    let fixture = try FixtureFolder("company")
    let company = try Schema.load(contentsOf: fixture.url("schema.json").path)
    let dayOne = try fixture.json("day-1.json")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let storePath = directory.path + "/company.folio"

struct Employee: FolioRecord {
  static let entityName = "Employee"
  var id: Int
  var fullName: String
  var salary: Double
  var department: Int?
}
let appStore = try await BackgroundStore.open(directory: storePath, schema: company)
try await appStore.background.sync(dayOne, into: "Employee")
let best = try appStore.first(Employee.self, where: "active" == true, sortedBy: "-salary")
print(best?.fullName ?? "-")  // Dennis Ritchie

    #expect(best?.fullName == "Dennis Ritchie")
    #expect(try appStore.fetch(Employee.self).count == 20)
  }
}
