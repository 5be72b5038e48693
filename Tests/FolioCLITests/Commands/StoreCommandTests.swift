import Folio
import Foundation
import Testing

/// `folio init`, `check`, `inspect` and `schema`.
@Suite struct StoreCommandTests {
  @Test func initCreatesAnEmptyStoreOnlyOnce() async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let arguments = [
      "init", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
    ]
    let first = await company.run(arguments)
    #expect(first.status == 0)
    #expect(first.output == "Created company.folio with 2 entities: Department, Employee.\n")
    #expect(await company.count() == 0)
    let second = await company.run(arguments)
    #expect(second.status == 1)
    #expect(second.errors.hasPrefix("company.folio: error: 'company.folio' already exists."))
  }

  @Test func anInvalidSchemaFileIsReportedWithLineColumnAndPointer() async throws {
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
    let run = await company.run(["init", "--store", "s.folio", "--schema", "broken.json"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        #"broken.json:2:78 /entities/0/attributes/0/type: unknown attribute type "integer""#))
    #expect(!FileManager.default.fileExists(atPath: company.path + "/s.folio"))
  }

  @Test func checkPassesASoundStoreAndLocatesEveryProblemInABrokenOne() async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    await company.sync("Employee", "day-1.json")
    let sound = await company.run(["check", "--store", "company.folio"])
    #expect(sound.status == 0)
    #expect(sound.output == "company.folio: no problems (2 entities, 24 records, generation 1).\n")

    let shard = company.path + "/company.folio/Employee/0000.json"
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": \"lots\"").utf8
    )
    .write(to: URL(fileURLWithPath: shard))
    let broken = await company.run(["check", "--store", "company.folio"])
    #expect(broken.status == 1)
    #expect(
      broken.output.contains("company.folio/Employee/0000.json:9:15: error: attribute 'salary'"))
    #expect(broken.output.contains("(at /0/salary)"))
    #expect(broken.output.hasSuffix("company.folio: 4 problems.\n"))
    let json = await company.run(["check", "--store", "company.folio", "--json"])
    #expect(try JSONParser.parse(json.output)["ok"] == false)
  }

  @Test func inspectCountsRecordsShardsAndBytes() async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    await company.sync("Department", "departments.json")
    await company.sync("Employee", "day-1.json")
    let run = await company.run(["inspect", "--store", "company.folio", "--json"])
    #expect(run.status == 0)
    let info = try JSONParser.parse(run.output)
    #expect(info["generation"] == 2)
    #expect(info["entities"]?[1]?["name"] == "Employee")
    #expect(info["entities"]?[1]?["records"] == 20)
    #expect(info["entities"]?[1]?["shards"] == 1)
    let bytes =
      try FileManager.default.attributesOfItem(
        atPath: company.path + "/company.folio/Employee/0000.json")[.size] as? NSNumber
    #expect(info["entities"]?[1]?["bytes"] == .int(Int64(bytes?.intValue ?? -1)))
    let text = await company.run(["inspect", "--store", "company.folio"])
    #expect(text.output.contains("\n  Employee         20       1"))
  }

  @Test(arguments: ["check", "inspect"])
  func readingCommandsNeedAStore(command: String) async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = await company.run([command, "--store", "none.folio"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "none.folio: error: There is no store at 'none.folio'; check the path. [missingStore]\n")
  }

  @Test func schemaPrintsTheSameSchemaFromAFileOrAStore() async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    await company.sync("Employee", "day-1.json")
    let fromFile = await company.run(
      ["schema", "--schema", "Fixtures/company/schema.json", "--format", "mermaid"])
    let fromStore = await company.run(["schema", "--store", "company.folio", "--format", "mermaid"])
    #expect(fromFile.status == 0)
    #expect(fromFile.output.hasPrefix("erDiagram\n"))
    #expect(fromFile.output == fromStore.output)
    let json = await company.run(["schema", "--store", "company.folio", "--json"])
    let schema = try Schema(fileBytes: Array(json.output.utf8))
    let original = try Schema.load(contentsOf: company.path + "/Fixtures/company/schema.json")
    #expect(schema == original)
    let markdown = await company.run(["schema", "--store", "company.folio"])
    #expect(markdown.output.contains("## Employee"))
  }

  @Test func schemaNeedsExactlyOneSource() async throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = await company.run(["schema"])
    #expect(run.status == 2)
    #expect(
      run.errors
        == "error: Give exactly one of '--store DIR' or '--schema FILE'.\nSee 'folio schema --help'.\n"
    )
  }
}
