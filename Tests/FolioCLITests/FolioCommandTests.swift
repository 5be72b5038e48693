import Testing

@testable import FolioCLI

@Suite struct FolioCommandTests {
  @Test func noArgumentsPrintsTheOverviewOnStandardErrorAsAUsageError() {
    let run = CommandRun.run([])
    #expect(run.status == ExitStatus.usage)
    #expect(run.output.isEmpty)
    #expect(run.errors.hasPrefix("OVERVIEW: "))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func topLevelHelpListsEveryCommand(arguments: [String]) {
    let run = CommandRun.run(arguments)
    #expect(run.status == 0)
    for command in FolioCommand.commands {
      #expect(run.output.contains("\n  \(command.spec.name) "))
    }
  }

  @Test func helpNamesACommand() {
    let run = CommandRun.run(["help", "plan"])
    #expect(run.status == 0)
    #expect(run.output.contains("USAGE: folio plan --store DIR --entity NAME [options] PAYLOAD"))
  }

  @Test func anUnknownCommandIsAUsageError() {
    let run = CommandRun.run(["frobnicate"])
    #expect(run.status == ExitStatus.usage)
    #expect(run.output.isEmpty)
    #expect(run.errors == "error: Unknown command 'frobnicate'.\nSee 'folio --help'.\n")
  }

  @Test(arguments: [
    (["snyc"], "Unknown command 'snyc'. Did you mean 'sync'?"),
    (["synk", "--store", "s"], "Unknown command 'synk'. Did you mean 'sync'?"),
    (["qeury"], "Unknown command 'qeury'. Did you mean 'query'?"),
    (["merge-drvier"], "Unknown command 'merge-drvier'. Did you mean 'merge-driver'?"),
    (["help", "exprot"], "Unknown command 'exprot'. Did you mean 'export'?"),
    (["--verison"], "Unknown option '--verison'. Did you mean '--version'?"),
    (["--hlep"], "Unknown option '--hlep'. Did you mean '--help'?"),
    (["--frobnicate"], "Unknown option '--frobnicate'."),
  ])
  func aMistypedCommandSuggestsTheClosestOne(arguments: [String], message: String) {
    let run = CommandRun.run(arguments)
    #expect(run.status == ExitStatus.usage)
    #expect(run.output.isEmpty)
    #expect(run.errors == "error: \(message)\nSee 'folio --help'.\n")
  }

  @Test func aMistypedHelpFlagSuggestsHelp() {
    let run = CommandRun.run(["check", "--hepl"])
    #expect(run.errors.hasPrefix("error: Unknown option '--hepl'. Did you mean '--help'?\n"))
  }

  @Test func aBadOptionIsAUsageErrorPointingAtTheCommandsHelp() {
    let run = CommandRun.run([
      "sync", "--store", "s", "--entity", "E", "--no-delet", "p.json",
    ])
    #expect(run.status == ExitStatus.usage)
    #expect(
      run.errors
        == "error: Unknown option '--no-delet'. Did you mean '--no-delete'?\nSee 'folio sync --help'.\n"
    )
  }

  @Test func errorsAreRedOnlyOnATerminalWithoutNoColor() {
    let plain = CommandRun.run(["frobnicate"], terminal: false)
    let colored = CommandRun.run(["frobnicate"], terminal: true)
    let noColor = CommandRun.run(
      ["frobnicate"], environment: ["NO_COLOR": "1"], terminal: true)
    #expect(plain.errors.hasPrefix("error: "))
    #expect(colored.errors.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m "))
    #expect(noColor.errors.hasPrefix("error: "))
  }
}
