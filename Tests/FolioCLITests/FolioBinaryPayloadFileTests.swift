import Folio
import FolioTestSupport
import Foundation
import Testing

/// `folio sync` hands a payload file holding an array to `Store.plan(contentsOf:)`, which reads
/// it a block at a time: the built executable must report, store and fail exactly as when it
/// reads the same text whole (from standard input, which stays on that path).
@Suite struct FolioBinaryPayloadFileTests {
  /// Employees over several chunks, the last ones rejected for their salary.
  static func payload(_ count: Int) -> String {
    "[\n"
      + (1...count).map { i in
        let salary = i > count - 3 ? #""a lot""# : "\(i).5"
        return
          #"  {"id": \#(i), "user": {"name": "E\#(i)"}, "email": "e\#(i)@example.com", "salary": \#(salary)}"#
      }.joined(separator: ",\n") + "\n]\n"
  }

  @Test func aPayloadFileSyncsAsTheSameTextFromStandardInput() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Self.payload(3_000).write(
      toFile: company.path + "/many.json", atomically: true, encoding: .utf8)
    let schema = "--schema Fixtures/company/schema.json --entity Employee"
    let fromFile = try FolioBinaryTests.shell(
      #""$FOLIO" sync --store file.folio \#(schema) --json many.json"#, in: company.path)
    let fromInput = try FolioBinaryTests.shell(
      #""$FOLIO" sync --store input.folio \#(schema) --json - < many.json"#, in: company.path)
    #expect(fromFile.status == 0, "\(fromFile.errors)")
    #expect(fromInput.status == 0, "\(fromInput.errors)")
    #expect(fromFile.output == fromInput.output)
    #expect(fromFile.output.contains("\"inserted\""))
    let report = try JSONParser.parse(Array(fromFile.output.utf8))
    #expect(report["inserted"] == 2_997)
    #expect(report["rejected"] == 3)
    let query = #""$FOLIO" query --store STORE --entity Employee --json"#
    let fileRecords = try FolioBinaryTests.shell(
      query.replacingOccurrences(of: "STORE", with: "file.folio"), in: company.path)
    let inputRecords = try FolioBinaryTests.shell(
      query.replacingOccurrences(of: "STORE", with: "input.folio"), in: company.path)
    #expect(fileRecords.status == 0)
    #expect(fileRecords.output == inputRecords.output)
    #expect(fileRecords.output.count > 100_000)
  }

  @Test(arguments: [10, 2_500])
  func aBrokenPayloadFileFailsWithTheParsersLocatedErrorAndCreatesNothing(brokenItem: Int) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    var text = Self.payload(3_000)
    text = text.replacingOccurrences(
      of: #""id": \#(brokenItem), "#, with: #""id": \#(brokenItem),, "#)
    try text.write(toFile: company.path + "/bad.json", atomically: true, encoding: .utf8)
    let expected = try #require(throws: JSONError.self) {
      try JSONParser.parse(Array(text.utf8), options: JSONParser.Options(file: "bad.json"))
    }
    let result = try FolioBinaryTests.shell(
      "\(FolioBinaryTests.syncEmployee) bad.json", in: company.path)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("\(expected.description)\n"), "\(result.errors)")
    #expect(result.errors.hasPrefix("bad.json:\(expected.line):\(expected.column): error: "))
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio"))
  }

  @Test func aRejectedItemInAStreamedFileIsLocatedInTheFile() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Self.payload(3_000).write(
      toFile: company.path + "/many.json", atomically: true, encoding: .utf8)
    let result = try FolioBinaryTests.shell(
      "\(FolioBinaryTests.syncEmployee) --all-or-nothing many.json", in: company.path)
    #expect(result.status == 1)
    // The three rejected items are the file's last three, on lines 2,999 to 3,001.
    #expect(result.errors.contains("many.json:2999:"), "\(result.errors)")
    #expect(result.errors.contains("many.json:3001:"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio"))
  }
}
