@testable import FolioCLI
import Folio
import FolioTestSupport
import Foundation
import Testing

/// With `--json`, every failure of the built `folio` executable is one JSON object on standard
/// output (`{"error": {code, message, file, line, column, pointer, notes}}`), standard error stays
/// empty, and the exit status is the documented one.
@Suite struct FolioBinaryJSONErrorTests {
  /// Runs `folio arguments` in `directory` and parses its standard output as the error object.
  static func failure(_ arguments: [String], in directory: String) throws
    -> (status: Int32, error: JSONValue, errors: String)
  {
    let result = try FolioBinaryTests.run(arguments, in: directory)
    let document = try JSONParser.parse(Array(result.output.utf8))
    #expect(document.objectValue?.count == 1, "one member, \"error\": \(result.output)")
    let error = try #require(document["error"], "no \"error\" member in \(result.output)")
    for member in ["code", "message", "file", "line", "column", "pointer", "notes"] {
      #expect(error[member] != nil, "member \(member) missing in \(result.output)")
    }
    return (result.status, error, result.errors)
  }

  static let syncEmployee = [
    "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity",
    "Employee", "--json",
  ]

  @Test func aPayloadThatIsNotJSONGivesItsFileLineAndColumn() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Data("[\n  {\"id\": 1,\n    \"name\": }\n]\n".utf8).write(
      to: company.directory.url.appendingPathComponent("bad.json"))
    let result = try Self.failure(Self.syncEmployee + ["bad.json"], in: company.path)
    #expect(result.status == 1)
    #expect(result.errors.isEmpty)
    #expect(result.error["code"]?.stringValue == "unexpectedCharacter")
    #expect(result.error["file"]?.stringValue == "bad.json")
    #expect(result.error["line"]?.intValue == 3)
    #expect(result.error["column"]?.intValue == 13)
    #expect(result.error["pointer"]?.isNull == true)
    #expect(result.error["message"]?.stringValue?.isEmpty == false)
  }

  @Test func rejectedItemsAreNotesWithTheirPointersLinesAndColumns() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let departments = try FolioBinaryTests.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Department", "Fixtures/company/departments.json",
      ], in: company.path)
    #expect(departments.status == 0)
    let result = try Self.failure(
      Self.syncEmployee + ["--no-delete", "--all-or-nothing", "Fixtures/company/messy.json"],
      in: company.path)
    #expect(result.status == 1)
    #expect(result.errors.isEmpty)
    #expect(result.error["code"]?.stringValue == "itemsRejected")
    #expect(result.error["file"]?.stringValue == "Fixtures/company/messy.json")
    let notes = try #require(result.error["notes"]?.arrayValue)
    #expect(notes.count == 2)
    let salary = try #require(notes.first)
    #expect(salary["pointer"]?.stringValue == "/2/salary")
    #expect(salary["file"]?.stringValue == "Fixtures/company/messy.json")
    #expect(salary["line"]?.intValue == 4)
    #expect(salary["column"]?.intValue == 63)
    #expect(salary["message"]?.stringValue?.hasPrefix("Employee 4 rejected: attribute 'salary'") == true)
  }

  @Test func aSchemaFileProblemGivesItsPointerLineAndColumn() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let schema = #"{"folioSchema": 1, "entities": [{"name": "A", "identifiers": ["id"], "attributes": [{"name": "id", "type": "float"}]}]}"#
    try Data(schema.utf8).write(to: company.directory.url.appendingPathComponent("bad-schema.json"))
    let result = try Self.failure(
      ["schema", "--schema", "bad-schema.json", "--json"], in: company.path)
    #expect(result.status == 1)
    #expect(result.errors.isEmpty)
    #expect(result.error["file"]?.stringValue == "bad-schema.json")
    #expect(result.error["pointer"]?.stringValue == "/entities/0/attributes/0/type")
    #expect(result.error["line"]?.intValue == 1)
    #expect(result.error["column"]?.intValue != nil)
  }

  @Test func aMissingStoreNamesTheStore() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try Self.failure(
      ["plan", "--store", "company.folio", "--entity", "Employee", "--json", "Fixtures/company/day-2.json"],
      in: company.path)
    #expect(result.status == 1)
    #expect(result.errors.isEmpty)
    #expect(result.error["code"]?.stringValue == "missingStore")
    #expect(result.error["file"]?.stringValue == "company.folio")
    #expect(result.error["line"]?.isNull == true)
  }

  @Test func aUsageErrorWithJSONExitsWithTwoAndTheCodeUsage() throws {
    let result = try Self.failure(
      ["sync", "--json", "--bogus"], in: FileManager.default.temporaryDirectory.path)
    #expect(result.status == 2)
    #expect(result.errors.isEmpty)
    #expect(result.error["code"]?.stringValue == "usage")
    #expect(result.error["message"]?.stringValue?.hasPrefix("Unknown option '--bogus'.") == true)
  }

  @Test func aBadWhereGivesTheOptionAsFileAndTheColumnOfTheFault() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    _ = try FolioBinaryTests.run(Self.syncEmployee + ["Fixtures/company/day-1.json"], in: company.path)
    let result = try Self.failure(
      ["query", "--store", "company.folio", "--entity", "Employee", "--where", "salary >", "--json"],
      in: company.path)
    #expect(result.status == 1)
    #expect(result.error["file"]?.stringValue == "--where")
    #expect(result.error["line"]?.intValue == 1)
    #expect(result.error["column"]?.intValue != nil)
  }

  @Test func aRefusedDryRunPrintsOnlyTheError() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    _ = try FolioBinaryTests.run(Self.syncEmployee + ["Fixtures/company/day-1.json"], in: company.path)
    let result = try Self.failure(
      ["plan", "--store", "company.folio", "--entity", "Employee", "--json", "Fixtures/company/partial.json"],
      in: company.path)
    #expect(result.status == 1)
    #expect(result.error["code"]?.stringValue == "massDelete")
  }

  @Test func committedNotFinishedKeepsItsStatusAndCode() throws {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    var console = Console(standardOutput: output, standardError: errors, currentDirectory: "/")
    console.reportsErrorsAsJSON = true
    let error = StoreError(code: .committedNotFinished, message: "finishing the save failed")
    FolioCommand.report(error, console)
    #expect(FolioCommand.status(for: error) == ExitStatus.committedNotFinished)
    #expect(errors.text.isEmpty)
    let document = try JSONParser.parse(Array(output.text.utf8))
    #expect(document["error"]?["code"]?.stringValue == "committedNotFinished")
    #expect(document["error"]?["message"]?.stringValue == "finishing the save failed")
  }

  @Test func withoutJSONErrorsStayTextOnStandardError() throws {
    let result = try FolioBinaryTests.run(
      ["sync", "--bogus"], in: FileManager.default.temporaryDirectory.path)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("error: Unknown option"))
  }
}
