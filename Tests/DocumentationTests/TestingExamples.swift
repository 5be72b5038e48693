import FolioCLI
import FolioTesting
import Foundation
import Testing

/// This package's fixtures, named as a package using FolioTesting names its own.
private let fixtures = FixtureRoot("Fixtures")

/// The Swift examples of Documentation/Testing.md, run as written against the public
/// FolioTesting product (not the internal FolioTestSupport shorthands).
@Suite struct TestingExamples {
  @Test func aFixtureStoreSyncsAndMatchesItsGoldenFiles() throws {
    let fixtures = FixtureRoot("Fixtures")
    let company = try FixtureFolder("company", in: fixtures)
    let dayTwo = try company.json("day-2.json")
    let test = try company.makeStore(
      .directory, syncing: [("Department", "departments.json"), ("Employee", "day-1.json")])
    defer { test.remove() }
    let report = try test.store.sync(dayTwo, into: "Employee")

    try GoldenFile("company/scenarios/day-2/report.txt", in: fixtures).verify(
      GoldenSnapshot.report(report))
    try GoldenFile("company/scenarios/day-2/store.txt", in: fixtures).verify(
      GoldenSnapshot.store(test.store.state))
    #expect(try test.store.check().isEmpty)
  }

  @Test(arguments: try FixtureScenario.all(under: "company/scenarios", in: fixtures))
  func scenarioMatchesItsGoldenFiles(scenario: FixtureScenario) throws {
    try scenario.verify()
  }

  @Test func scenariosAlsoRunOnADirectoryStore() throws {
    for scenario in try FixtureScenario.all(under: "company/scenarios", in: fixtures) {
      try scenario.verify(.directory)
    }
  }

  @Test func theCommandLineRunsInProcess() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FixtureFolder("company", in: fixtures).copy(into: directory.url, at: "Fixtures/company")
    _ = FolioCommand.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "Fixtures/company/day-1.json",
      ],
      console: Console(
        standardOutput: CapturedOutput(), standardError: CapturedOutput(),
        currentDirectory: directory.path))

    let output = CapturedOutput()
    let errors = CapturedOutput()
    let console = Console(
      standardOutput: output, standardError: errors, currentDirectory: directory.path)
    let status = FolioCommand.run(
      ["query", "--store", "company.folio", "--entity", "Employee", "--count"], console: console)

    #expect(status == 0)
    #expect(output.text == "20\n")
    #expect(errors.text.isEmpty)
  }

  @Test func aGoldenMismatchNamesTheFileTheLineAndHowToReRecord() throws {
    guard !GoldenFile.isRecording else { return }
    #expect {
      try GoldenFile("company/scenarios/day-2/report.txt", in: fixtures).verify(
        "Employee: nothing\n")
    } throws: { error in
      let text = String(describing: error)
      return text.hasPrefix("Fixtures/company/scenarios/day-2/report.txt:1: output differs")
        && text.contains("  actual:   Employee: nothing")
        && text.hasSuffix("Run with FOLIO_RECORD_GOLDEN=1 to re-record, then review the diff.")
    }
  }
}
