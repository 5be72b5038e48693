import Folio
import Foundation
import Testing

@testable import FolioCLI

@Suite struct CheckCommandTests {
  @Test func checkPassesASoundStoreAndLocatesEveryProblemInABrokenOne() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let sound = company.run(["check", "--store", "company.folio"])
    #expect(sound.status == 0)
    #expect(sound.output == "company.folio: no problems (2 entities, 24 records, generation 1).\n")

    let shard = company.path + "/company.folio/Employee/0000000000000000.json"
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": \"lots\"").utf8
    )
    .write(to: URL(fileURLWithPath: shard))
    let broken = company.run(["check", "--store", "company.folio"])
    #expect(broken.status == 1)
    #expect(
      broken.output.contains("company.folio/Employee/0000000000000000.json:9:15: error: attribute 'salary'"))
    #expect(broken.output.contains("(at /0/salary)"))
    #expect(broken.output.hasSuffix("company.folio: 1 problem.\n"))
    let json = company.run(["check", "--store", "company.folio", "--json"])
    #expect(try JSONParser.parse(json.output)["ok"] == false)
  }
  @Test(arguments: ["check", "inspect"])
  func readingCommandsNeedAStore(command: String) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.run([command, "--store", "none.folio"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "none.folio: error: There is no store at 'none.folio'; check the path. [missingStore]\n")
  }

  @Test func fileNamesAreEscapedAndAWholeFileProblemHasNoEmptyPointer() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let crafted = company.path + "/company.folio/Employee/x\u{1B}[2J.json"
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: crafted))
    let run = company.run(["check", "--store", "company.folio"])
    #expect(run.status == 1)
    #expect(!run.output.contains("\u{1B}"))
    #expect(run.output.contains("company.folio/Employee/x\\u{1B}[2J.json:1:1: error: a shard file holds a JSON array of records, found object [invalidStoredRecord]"), "\(run.output)")
    #expect(!run.output.contains("(at )"))
  }

  @Test func aProblemNamingAnAbsolutePathIsNotPrefixedTwice() {
    let problem = "/tmp/elsewhere/company.folio/Employee/0000000000000000.json: error: could not open it [ioFailure]"
    #expect(CheckCommand.located(problem, in: "company.folio") == problem)
    #expect(
      CheckCommand.located("Employee/0.json: error: bad [invalidJSON]", in: "company.folio")
        == "company.folio/Employee/0.json: error: bad [invalidJSON]")
    #expect(CheckCommand.located("a\u{7}b", in: "s") == "s: a\\u{07}b")
  }
}
