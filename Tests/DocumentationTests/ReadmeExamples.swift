import Folio
import FolioCLI
import FolioTestSupport
import Testing

/// The Swift example of README.md, run against the store its set-up command makes.
@Suite struct ReadmeExamples {
  @Test func theLibraryPlansAndAppliesDayTwoOnTheSetUpStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fixture = try FixtureFolder("company")
    try fixture.copy(into: directory.url, at: "Fixtures/company")
    let setUp = FolioCommand.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "Fixtures/company/day-1.json",
      ],
      console: Console(
        standardOutput: CapturedOutput(), standardError: CapturedOutput(),
        currentDirectory: directory.path))
    #expect(setUp == 0)
    let schemaPath = directory.url.appendingPathComponent("Fixtures/company/schema.json").path
    let storePath = directory.url.appendingPathComponent("company.folio").path
    let dayTwo = try fixture.json("day-2.json")

    let company = try Schema.load(contentsOf: schemaPath)  // Fixtures/company/schema.json
    let store = try Store(directory: storePath, schema: company)  // company.folio
    let plan = try store.plan(dayTwo, into: "Employee")
    print(plan.summary)  // 3 inserted · 4 updated · 2 deleted · 18 unchanged
    try store.apply(plan)
    let design = try store.fetch("Employee", where: "department" == 4, sortedBy: "fullName")

    #expect(plan.summary == "3 inserted · 4 updated · 2 deleted · 18 unchanged")
    #expect(design.map { $0["fullName"] } == ["Dennis Ritchie", "Radia Perlman", "Robin Milner"])
    #expect(try store.check().isEmpty)
    #expect(store.generation == 2)
  }
}
