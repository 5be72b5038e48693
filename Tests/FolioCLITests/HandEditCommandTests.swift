import Folio
import FolioTestSupport
import Foundation
import Testing

/// A one-line hand edit of a shard file, then every `folio` command, run as the built
/// executable: each succeeds and shows the edit.
@Suite struct HandEditCommandTests {
  @Test func everyCommandAcceptsAValidOneLineEditAndShowsIt() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    func folio(_ arguments: String...) throws -> (status: Int32, output: String, errors: String) {
      try FolioBinaryTests.run(arguments, in: company.path)
    }
    let created = try folio("sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity", "Employee", "Fixtures/company/day-1.json")
    #expect(created.status == 0, "\(created.errors)")
    let shard = company.path + "/company.folio/Employee/0000000000000000.json"
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    let edited = text.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": 53000.5")
    #expect(zip(text.split(separator: "\n"), edited.split(separator: "\n")).filter { $0 != $1 }.count == 1)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: shard))

    let check = try folio("check", "--store", "company.folio")
    #expect(check.status == 0, "\(check.output)\(check.errors)")
    #expect(check.output == "company.folio: no problems (2 entities, 24 records, generation 2).\n")
    let query = try folio("query", "--store", "company.folio", "--entity", "Employee", "--where", "salary == 53000.5")
    #expect(query.status == 0)
    #expect(query.output.contains(#""fullName":"Ada Lovelace""#))
    let export = try folio("export", "--store", "company.folio", "--entity", "Employee", "--mapped")
    #expect(export.status == 0)
    #expect(export.output.contains(#""salary": 53000.5"#))
    let inspect = try folio("inspect", "--store", "company.folio")
    #expect(inspect.status == 0)
    #expect(inspect.output.hasPrefix("company.folio: generation 2,"))
    let record = try folio("inspect", "--store", "company.folio", "--entity", "Employee", "--record", "1")
    #expect(record.output == "Employee 1: company.folio/Employee/0000000000000000.json:2 (at /0)\n")
    let schema = try folio("schema", "--store", "company.folio")
    #expect(schema.status == 0)
    // Day 2 still lists Ada at 52000.5: the plan shows the edit as the value it would replace.
    let plan = try folio("plan", "--store", "company.folio", "--entity", "Employee", "--output", "plan.json", "Fixtures/company/day-2.json")
    #expect(plan.status == 0, "\(plan.errors)")
    #expect(plan.output.contains("salary: 53000.5 → 52000.5"))
    let apply = try folio("apply", "--store", "company.folio", "plan.json")
    #expect(apply.status == 0, "\(apply.errors)")
    #expect(apply.output.contains("(generation 3)"))
    // The same edit again, on the file day 2 wrote; then a writing command.
    let dayTwo = try String(contentsOfFile: shard, encoding: .utf8)
    try Data(dayTwo.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": 53000.5").utf8).write(to: URL(fileURLWithPath: shard))
    let sync = try folio("sync", "--store", "company.folio", "--entity", "Department", "--no-delete", "Fixtures/company/departments.json")
    #expect(sync.status == 0, "\(sync.errors)")
    let after = try folio("query", "--store", "company.folio", "--entity", "Employee", "--where", "id == 1")
    #expect(after.output.contains(#""salary":53000.5"#))
  }
}
