import Folio
import Foundation
import Testing

@Suite struct SchemaCommandTests {
  @Test func schemaPrintsTheSameSchemaFromAFileOrAStore() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let fromFile = company.run(
      ["schema", "--schema", "Fixtures/company/schema.json", "--format", "mermaid"])
    let fromStore = company.run(["schema", "--store", "company.folio", "--format", "mermaid"])
    #expect(fromFile.status == 0)
    #expect(fromFile.output.hasPrefix("erDiagram\n"))
    #expect(fromFile.output == fromStore.output)
    let json = company.run(["schema", "--store", "company.folio", "--json"])
    let schema = try Schema(fileBytes: Array(json.output.utf8))
    let original = try Schema.load(contentsOf: company.path + "/Fixtures/company/schema.json")
    #expect(schema == original)
    let markdown = company.run(["schema", "--store", "company.folio"])
    #expect(markdown.output.contains("## Employee"))
  }
  @Test func schemaNeedsExactlyOneSource() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.run(["schema"])
    #expect(run.status == 2)
    #expect(
      run.errors
        == "error: Give exactly one of '--store DIR' or '--schema FILE'.\nSee 'folio schema --help'.\n"
    )
  }
}
