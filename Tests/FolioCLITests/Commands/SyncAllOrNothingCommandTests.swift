import Folio
import Foundation
import Testing

@testable import FolioCLI

/// `folio sync --all-or-nothing` and `folio plan --all-or-nothing` (issue 15, item 5).
@Suite struct SyncAllOrNothingCommandTests {
  static let messyErrors = """
    Fixtures/company/messy.json: error: 2 items were rejected and --all-or-nothing is given, so nothing was written. Fix the payload, or leave out --all-or-nothing to apply the other items and report these. [itemsRejected]
    Fixtures/company/messy.json:4:63: note: Employee 4 rejected: attribute 'salary': expected a double (a number or a numeric string such as "2.5"), found the string "a lot" [invalidText] (at /2/salary)
    Fixtures/company/messy.json:6:81: note: Employee 23 rejected: attribute 'hiredAt': expected an ISO-8601 date such as "2014-07-06T07:59:00Z" (with a zone: Z, ±HH:MM, ±HHMM or ±HH), found the string "yesterday" [invalidDate] (at /4/hired_at)

    """

  @Test func aRejectedItemFailsTheSyncWithEveryProblemLocatedAndWritesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Department", "departments.json")
    company.sync("Employee", "day-1.json")
    let before = company.storeFiles()
    let run = company.sync(
      "Employee", "messy.json", ["--no-delete", "--all-or-nothing"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors == Self.messyErrors)
    #expect(company.storeFiles() == before)
  }

  @Test func withoutTheFlagTheOtherItemsApply() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.sync("Employee", "messy.json", ["--no-delete"])
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("1 skipped · 2 rejected\n"))
  }

  @Test func aPlanFailsTheSameWay() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Department", "departments.json")
    company.sync("Employee", "day-1.json")
    let run = company.run([
      "plan", "--store", "company.folio", "--entity", "Employee", "--no-delete",
      "--all-or-nothing", "Fixtures/company/messy.json",
    ])
    #expect(run.status == 1)
    #expect(run.errors == Self.messyErrors)
  }

  @Test func standardInputProblemsArePointedAtWithTheirLineAndColumn() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "--all-or-nothing", "-",
      ], input: #"[{"id": 1, "salary": "lots"}]"#)
    #expect(run.status == 1)
    #expect(
      run.errors.hasSuffix(
        #"<stdin>:1:22: note: Employee 1 rejected: attribute 'salary': expected a double (a number or a numeric string such as "2.5"), found the string "lots" [invalidText] (at /0/salary)"#
          + "\n"))
  }

  @Test func helpDescribesTheFlagWithAnExample() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.run(["sync", "--help"])
    #expect(run.output.contains("--all-or-nothing        Fail the whole sync, writing nothing, if any item is"))
    #expect(
      run.output.contains(
        "folio sync --store company.folio --entity Employee --no-delete --all-or-nothing Fixtures/company/messy.json"
      ))
  }
}
