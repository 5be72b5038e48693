import Folio
import Foundation
import Testing

@Suite struct InitCommandTests {
  @Test func initCreatesAnEmptyStoreOnlyOnce() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let arguments = [
      "init", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
    ]
    let first = company.run(arguments)
    #expect(first.status == 0)
    #expect(first.output == """
      Created company.folio with 2 entities: Department, Employee.
      Its .gitattributes merges shard files record by record; to enable that, run once in each clone:
        folio setup --store company.folio
      which registers the merge driver (and a record-level git diff) by folio's absolute path; or by hand:
        git config merge.folio.name "Folio record-level merge"
        git config merge.folio.driver "folio merge-driver %O %A %B %P"

      """)
    #expect(company.count() == 0)
    let second = company.run(arguments)
    #expect(second.status == 1)
    #expect(second.errors.hasPrefix("company.folio: error: 'company.folio' already exists."))
  }
  @Test func anInvalidSchemaFileIsReportedWithLineColumnAndPointer() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try company.write(
      "broken.json",
      """
      {"folioSchema": 1, "entities": [
        {"name": "A", "identifiers": ["id"], "attributes": [{"name": "id", "type": "integer"}]},
        {"name": "B", "identifiers": ["key"], "attributes": [{"name": "id", "type": "int"}]}
      ]}
      """)
    let run = company.run(["init", "--store", "s.folio", "--schema", "broken.json"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        #"broken.json:2:78 /entities/0/attributes/0/type: unknown attribute type "integer""#))
    #expect(!FileManager.default.fileExists(atPath: company.path + "/s.folio"))
  }
}
