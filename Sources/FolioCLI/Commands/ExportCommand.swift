/// `folio export`: an entity's records as a JSON array.
enum ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Print an entity's records as a JSON array.",
    discussion: """
      Records are printed in stored form (attribute names, canonical values) or, with --mapped, \
      through the schema's key mapping, so the output has the shape of a payload and syncs back \
      unchanged.
      """,
    arguments: [
      .store, .entity,
      .option("where", value: "EXPR", help: "Only records matching EXPR (for example \"active == true\")."),
      .option("sort", value: "KEYS", help: "Sort keys separated by commas; -key sorts descending."),
      .flag("mapped", help: "Write records through the key mapping, as a payload."),
      .json,
    ],
    examples: [
      "folio export --store company.folio --entity Employee --where \"active == true\" --sort -hiredAt",
      "folio export --store company.folio --entity Employee --mapped > employees.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio export is not wired to the store yet.")
  }
}
