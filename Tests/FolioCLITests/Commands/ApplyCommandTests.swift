import Folio
import Testing

@Suite struct ApplyCommandTests {
  static let plan = [
    "plan", "--store", "company.folio", "--entity", "Employee", "--output", "day-2.plan.json",
    "Fixtures/company/day-2.json",
  ]

  @Test func appliesASavedPlanExactlyOnce() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let planned = company.run(Self.plan)
    #expect(planned.status == 0)
    let applied = company.run(["apply", "--store", "company.folio", "day-2.plan.json"])
    #expect(applied.status == 0)
    #expect(applied.errors.isEmpty)
    #expect(
      applied.output.hasPrefix(
        "Synced day-2.plan.json into Employee of company.folio (generation 2)\n"))
    #expect(
      applied.output.hasSuffix(
        "3 inserted · 4 updated · 2 deleted · 18 unchanged · 0 skipped · 0 rejected\n"))
    #expect(company.count() == 20)

    let again = company.run(["apply", "--store", "company.folio", "day-2.plan.json"])
    #expect(again.status == 1)
    #expect(
      again.errors.hasPrefix(
        "day-2.plan.json: error: The store 'company.folio' is at generation 2, but the plan was made at generation 1"
      ))
  }

  @Test func keepsTheFlagsThePlanWasMadeWith() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    _ = company.run(Self.plan + ["--no-delete"])
    let applied = company.run(["apply", "--store", "company.folio", "day-2.plan.json"])
    #expect(applied.status == 0)
    #expect(company.count() == 22)
  }

  @Test func refusesAPlanWhoseReportNoLongerMatches() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    _ = company.run(Self.plan)
    let path = company.path + "/day-2.plan.json"
    var file = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
    if case .object(var object) = file {
      object["report"] = ["inserted": 0]
      file = .object(object)
    }
    try company.write("day-2.plan.json", JSONWriter.string(file))
    let run = company.run(["apply", "--store", "company.folio", "day-2.plan.json"])
    #expect(run.status == 1)
    #expect(run.errors.contains("Planning again gives a different report"))
    #expect(company.count() == 20)
  }

  @Test func aFileThatIsNotAPlanIsRejected() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.run(
      ["apply", "--store", "company.folio", "Fixtures/company/day-2.json"])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("Fixtures/company/day-2.json: error: This is not a plan file"))
  }

  @Test func aRefusedPlanIsPrintedInFullAndNotSaved() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.run(
      [
        "plan", "--store", "company.folio", "--entity", "Employee", "--output", "p.json",
        "Fixtures/company/partial.json",
      ])
    #expect(run.status == 1)
    #expect(run.output.contains("  - Employee 20 deleted: not listed in the payload"))
    #expect(run.errors.contains("This sync would delete 15 of the 20 Employee records"))
    let apply = company.run(["apply", "--store", "company.folio", "p.json"])
    #expect(apply.errors.hasPrefix("p.json: error: Cannot read 'p.json'. No such file"))
  }
}
