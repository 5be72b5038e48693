import Folio
import FolioTestSupport
import Testing

/// The Swift examples of Documentation/GettingStarted.md, run as written.
@Suite struct GettingStartedExamples {
  @Test func theDSLBuildsTheSameSchemaAsTheFile() throws {
    let path = FixtureFolder.root.appendingPathComponent("company/schema.json").path
    let company = try Schema {
      Entity("Department") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string).optional()
      }
      Entity("Employee") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("fullName", .string, from: "user.name")
        Attribute("email", .string, from: "user.email").optional()
        Attribute("active", .bool, default: true)
        Attribute("salary", .double)
        Attribute("hiredAt", .isoDate, from: "hired_at").optional()
        ToOne("department", "Department", from: "department_id")
      }
      .defaultSort("id")
    }
    let fromFile = try Schema.load(contentsOf: path)
    #expect(company == fromFile)
    #expect(company.fingerprint == fromFile.fingerprint)
  }

  @Test func syncPlanApplyAndQueryFromSwift() throws {
    let fixture = try FixtureFolder("company")
    let company = try Schema.load(contentsOf: fixture.url("schema.json").path)
    let dayOne = try fixture.json("day-1.json")
    let dayTwo = try fixture.json("day-2.json")

    let store = try Store.inMemory(schema: company)
    let report = try store.sync(dayOne, into: "Employee")
    print(report.summary)  // 24 inserted

    let plan = try store.plan(dayTwo, into: "Employee")
    print(plan.summary)  // 3 inserted · 4 updated · 2 deleted · 18 unchanged
    for outcome in plan.outcomes where outcome.kind == .updated {
      print(outcome.line)  // Employee 3 updated: fullName "Alan Turing" → "Alan M. Turing" (then 5, 10, 12)
    }
    try store.apply(plan)

    let top = try store.fetch("Employee", where: "active" == true, sortedBy: "-salary", limit: 3)
    print(top.map { $0["fullName"] })  // [Optional("Dennis Ritchie"), Optional("John Backus"), Optional("Radia Perlman")]

    #expect(report.summary == "24 inserted")
    #expect(plan.summary == "3 inserted · 4 updated · 2 deleted · 18 unchanged")
    #expect(
      plan.outcomes.filter { $0.kind == .updated }.map(\.line) == [
        #"Employee 3 updated: fullName "Alan Turing" → "Alan M. Turing""#,
        "Employee 5 updated: active true → false",
        "Employee 10 updated: salary 85300.0 → 89300.0",
        "Employee 12 updated: department 1 → 4",
      ])
    #expect(top.map { $0["fullName"] } == ["Dennis Ritchie", "John Backus", "Radia Perlman"])
    // What the example's `print` shows, as its comment says.
    #expect(
      "\(top.map { $0["fullName"] })"
        == #"[Optional("Dennis Ritchie"), Optional("John Backus"), Optional("Radia Perlman")]"#)
    #expect(try store.check().isEmpty)
  }
}
