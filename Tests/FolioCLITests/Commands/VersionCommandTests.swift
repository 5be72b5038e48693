import Testing

@testable import FolioCLI

@Suite struct VersionCommandTests {
  @Test(arguments: [["--version"], ["version"]])
  func printsFolioAndTheVersionConstant(arguments: [String]) {
    let run = CommandRun.run(arguments)
    #expect(run.status == 0)
    #expect(run.output == "folio \(FolioCommand.version)\n")
    #expect(run.errors.isEmpty)
  }

  @Test func theVersionIsThreeNumbers() {
    let parts = FolioCommand.version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { UInt($0) != nil })
  }

  @Test func theVersionCommandTakesNoArguments() {
    let run = CommandRun.run(["version", "extra"])
    #expect(run.status == ExitStatus.usage)
    #expect(run.errors == "error: Unexpected argument 'extra'.\nSee 'folio version --help'.\n")
  }
}
