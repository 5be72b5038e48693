import Folio
import Testing

@Suite struct ExportCommandTests {
  @Test func storedFormUsesAttributeNamesAndCanonicalValues() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-2.json")
    let run = company.run(
      ["export", "--store", "company.folio", "--entity", "Employee", "--where", "id == 22"])
    #expect(run.status == 0)
    #expect(
      try JSONParser.parse(run.output)
        == [
          [
            "id": 22, "fullName": "Hedy Lamarr", "email": "hedy@example.com", "active": true,
            "salary": 64500.0, "hiredAt": "2024-05-13T07:30:00.000Z", "department": 5,
          ]
        ])
  }

  @Test func aMappedExportSyncsBackWithoutChanges() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let export = company.run(
      ["export", "--store", "company.folio", "--entity", "Employee", "--mapped"])
    #expect(export.status == 0)
    #expect(try JSONParser.parse(export.output)[0]?["user"]?["name"] == "Ada Lovelace")
    try company.write("exported.json", export.output)
    let plan = company.run(
      ["plan", "--store", "company.folio", "--entity", "Employee", "exported.json"])
    #expect(
      plan.output.hasSuffix(
        "0 inserted · 0 updated · 0 deleted · 24 unchanged · 0 skipped · 0 rejected\n"))
  }

  @Test func sortsLikeQuery() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.run(
      ["export", "--store", "company.folio", "--entity", "Employee", "--sort", "-id"])
    #expect(try JSONParser.parse(run.output)[0]?["id"] == 20)
  }
}
