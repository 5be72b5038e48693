import Folio
import FolioCLI
import FolioTestSupport
import Foundation
import Testing

/// `folio schema --format json-schema`, run as the built executable: the JSON Schema it prints
/// for an entity holds for every shard file the store has, and flags a hand edit that
/// `folio check` refuses too.
@Suite struct FolioBinarySchemaTests {
  /// The Employee shard files of `company.folio` in `directory`, by path.
  static func employeeFiles(in directory: String) throws -> [String] {
    let folder = directory + "/company.folio/Employee"
    return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
  }

  @Test func theJSONSchemaOfAnEntityHoldsForItsFilesAndFlagsAHandEdit() throws {
    let company = try CompanyDirectory()
    defer { company.directory.remove() }
    #expect(company.sync("Department", "departments.json").status == 0)
    #expect(company.sync("Employee", "day-1.json").status == 0)
    let printed = try FolioBinaryTests.run(
      ["schema", "--store", "company.folio", "--format", "json-schema", "--entity", "Employee"], in: company.path)
    #expect(printed.status == 0)
    #expect(printed.errors.isEmpty)
    let check = JSONSchemaCheck(try JSONParser.parse(Array(printed.output.utf8)))
    let files = try Self.employeeFiles(in: company.path)
    #expect(!files.isEmpty)
    for file in files {
      let value = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
      #expect(check.problems(of: value) == [], "\(file)")
    }
    // A hand edit that gives a boolean as text: the schema flags it where `folio check` does.
    let file = try #require(files.first)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let edited = try #require(text.range(of: #""active": true"#) ?? text.range(of: #""active": false"#))
    try text.replacingCharacters(in: edited, with: #""active": "yes""#).write(toFile: file, atomically: true, encoding: .utf8)
    let value = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    let problems = check.problems(of: value)
    #expect(problems.count == 1 && problems.first?.hasSuffix(#"/active: expected boolean, found "yes""#) == true, "\(problems)")
    let checked = try FolioBinaryTests.run(["check", "--store", "company.folio"], in: company.path)
    #expect(checked.status != 0)
  }

  @Test func theEntityMustBeNamedWhenTheSchemaHasSeveral() throws {
    let company = try CompanyDirectory()
    defer { company.directory.remove() }
    let unnamed = try FolioBinaryTests.run(
      ["schema", "--schema", "Fixtures/company/schema.json", "--format", "json-schema"], in: company.path)
    #expect(unnamed.status == 2)
    #expect(unnamed.output.isEmpty)
    #expect(
      unnamed.errors.hasPrefix(
        "error: Name the entity whose shard files to describe: '--entity NAME', one of Department, Employee."))
    let unknown = try FolioBinaryTests.run(
      ["schema", "--schema", "Fixtures/company/schema.json", "--format", "json-schema", "--entity", "Nobody"],
      in: company.path)
    #expect(unknown.status == 2)
    #expect(unknown.errors.hasPrefix("error: The schema has no entity 'Nobody'; it has Department, Employee."))
  }
}
