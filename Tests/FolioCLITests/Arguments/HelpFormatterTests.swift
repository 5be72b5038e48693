import Testing

@testable import FolioCLI

@Suite struct HelpFormatterTests {
  @Test func usageListsRequiredOptionsThenOptionsThenPositionals() {
    let spec = CommandSpec(
      name: "demo", abstract: "A demo.",
      arguments: [
        .option("store", value: "DIR", help: "Store.", required: true),
        .flag("json", help: "JSON."),
        .positional("PAYLOAD", help: "Payload.", required: false),
      ])
    #expect(HelpFormatter.usage(for: spec) == "folio demo --store DIR [options] [PAYLOAD]")
  }

  @Test func helpAlignsNamesAndWrapsLongHelp() {
    let long = Array(repeating: "word", count: 40).joined(separator: " ")
    let spec = CommandSpec(
      name: "demo", abstract: "A demo.",
      arguments: [
        .flag("x", help: long), .option("choice", value: "C", help: "Pick.", choices: ["a", "b"]),
      ])
    let help = HelpFormatter.help(for: spec)
    let lines = help.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= HelpFormatter.width })
    #expect(help.contains("  --choice C  Pick. One of: a, b.\n"))
    #expect(help.contains("  -h, --help  Show this help.\n"))
  }

  @Test(arguments: FolioCommand.commands.map { $0.spec.name })
  func everyCommandHasHelpWithUsageOptionsAndAnExample(name: String) {
    let run = CommandRun.run([name, "--help"])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.output.hasPrefix("OVERVIEW: "))
    #expect(run.output.contains("\nUSAGE: folio \(name)"))
    #expect(run.output.contains("\nOPTIONS:\n"))
    #expect(run.output.contains("\nEXAMPLES:\n  folio "))
  }
}
