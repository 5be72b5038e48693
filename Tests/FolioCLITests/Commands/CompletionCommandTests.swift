import Testing

@testable import FolioCLI

@Suite struct CompletionCommandTests {
  @Test(arguments: CompletionScript.Shell.allCases)
  func printsTheScriptForEachShell(shell: CompletionScript.Shell) {
    let run = CommandRun.run(["completion", shell.rawValue])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(
      run.output == CompletionScript.script(for: shell, commands: FolioCommand.commands.map { $0.spec }))
  }

  @Test func anUnknownShellIsAUsageErrorListingTheShells() {
    let run = CommandRun.run(["completion", "tcsh"])
    #expect(run.status == ExitStatus.usage)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == """
        error: 'tcsh' is not a value of SHELL; expected one of: bash, zsh, fish.
        See 'folio completion --help'.

        """)
  }

  @Test func aMissingShellIsAUsageError() {
    let run = CommandRun.run(["completion"])
    #expect(run.status == ExitStatus.usage)
    #expect(run.errors == "error: Missing the argument SHELL.\nSee 'folio completion --help'.\n")
  }

  @Test func helpListsTheShells() {
    let run = CommandRun.run(["completion", "--help"])
    #expect(run.output.contains("  SHELL       The shell to print the script for. One of: bash, zsh, fish.\n"))
  }
}
