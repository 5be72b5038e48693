import Folio
import Testing

@Suite struct PlanCommandTests {
  @Test func showsEveryChangedFieldBeforeAndAfterAndWritesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let before = company.storeFiles()
    let run = company.run(
      ["plan", "--store", "company.folio", "--entity", "Employee", "Fixtures/company/day-2.json"])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.output.contains("  ~ Employee 12 updated\n      department: 1 → 4\n"))
    #expect(run.output.contains("  + Employee 22 inserted\n      active = true\n"))
    #expect(
      run.output.contains("  - Employee 7 deleted: not listed in the payload (delete-missing)\n"))
    #expect(!run.output.contains("Employee 1 "))
    #expect(company.storeFiles() == before)
  }

  @Test func jsonMarksTheDryRunAndListsChangesButNotUnchangedRecords() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.run(
      [
        "plan", "--store", "company.folio", "--entity", "Employee", "--json",
        "Fixtures/company/day-2.json",
      ])
    let plan = try JSONParser.parse(run.output)
    #expect(plan["dryRun"] == true)
    let outcomes = try #require(plan["records"]?.arrayValue).compactMap {
      $0["outcome"]?.stringValue
    }
    #expect(!outcomes.contains("unchanged"))
    #expect(outcomes.count == 9)
  }

  @Test func refusedItemsAreListedWithTheirReason() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try company.write("odd.json", #"[{"id": 1, "user": {"name": "Ada"}, "salary": "lots"}]"#)
    let run = company.run(
      [
        "plan", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "odd.json",
      ])
    #expect(run.status == 0)
    #expect(run.output.contains("  ! Employee 1 (at /0/salary) rejected: attribute 'salary': "))
    #expect(
      run.output.hasSuffix(
        "0 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 1 rejected\n"))
  }
}
