import Testing

@testable import FolioCLI

@Suite struct ArgumentParserTests {
  static let spec = CommandSpec(
    name: "demo", abstract: "A demo.",
    arguments: [
      .option("store", value: "DIR", help: "Store.", required: true),
      .option("format", value: "F", help: "Format.", choices: ["text", "json"]),
      .flag("dry-run", help: "Dry."),
      .positional("PAYLOAD", help: "Payload."),
    ])

  @Test func readsOptionsFlagsAndPositionalsInAnyOrder() throws {
    let parsed = try ArgumentParser.parse(
      ["in.json", "--dry-run", "--store", "s.folio", "--format=json"], spec: Self.spec)
    #expect(parsed["store"] == "s.folio")
    #expect(parsed["format"] == "json")
    #expect(parsed.flag("dry-run"))
    #expect(parsed["PAYLOAD"] == "in.json")
  }

  @Test func takesADashAsStandardInputAndADoubleDashAsTheEndOfOptions() throws {
    let stdin = try ArgumentParser.parse(["--store", "s", "-"], spec: Self.spec)
    #expect(stdin["PAYLOAD"] == "-")
    let dashed = try ArgumentParser.parse(
      ["--store", "s", "--", "--odd-name.json"], spec: Self.spec)
    #expect(dashed["PAYLOAD"] == "--odd-name.json")
  }

  @Test(arguments: [
    (["--store", "s", "p", "--stor", "x"], "Unknown option '--stor'. Did you mean '--store'?"),
    (["--store", "s", "p", "--zzz"], "Unknown option '--zzz'."),
    (["--store"], "The option '--store' needs a value (DIR)."),
    (["--store", "s"], "Missing the argument PAYLOAD."),
    (["p"], "Missing '--store DIR'."),
    (["--store", "s", "p", "q"], "Unexpected argument 'q'."),
    (
      ["--store", "s", "p", "--format", "xml"],
      "'xml' is not a value of '--format'; expected one of: text, json."
    ),
    (["--store", "s", "p", "--dry-run=yes"], "The flag '--dry-run' takes no value."),
    (["--store", "s", "p", "-x"], "Unknown option '-x'."),
  ])
  func reportsEachMistakeWithWhatWasExpected(arguments: [String], message: String) {
    #expect {
      _ = try ArgumentParser.parse(arguments, spec: Self.spec)
    } throws: { error in
      (error as? UsageError)?.message == message
    }
  }

  @Test func helpNeedsNoRequiredArguments() throws {
    let parsed = try ArgumentParser.parse(["--help"], spec: Self.spec)
    #expect(parsed.wantsHelp)
  }
}
