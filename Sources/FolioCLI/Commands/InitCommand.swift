/// `folio init`: create an empty store from a schema file.
enum InitCommand: Command {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Create an empty store from a JSON schema file.",
    arguments: [
      .store,
      .option("schema", value: "FILE", help: "The JSON schema file the store follows.", required: true),
      .json,
    ],
    examples: ["folio init --store company.folio --schema Fixtures/company/schema.json"])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio init is not wired to the store yet.")
  }
}
