/// `folio schema`: a store's (or a schema file's) schema as Markdown, Mermaid or JSON.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Print a schema as Markdown, a Mermaid diagram or a JSON schema file.",
    discussion: "Reads the schema of --store, or the schema file given with --schema.",
    arguments: [
      .option("store", value: "DIR", help: "The store whose schema to print."),
      .option("schema", value: "FILE", help: "A JSON schema file to print instead of a store's."),
      .option(
        "format", value: "FORMAT", help: "The output format (default markdown).",
        choices: ["markdown", "mermaid", "json"]),
      .json,
    ],
    examples: [
      "folio schema --schema Fixtures/company/schema.json --format mermaid",
      "folio schema --store company.folio",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio schema is not wired to the store yet.")
  }
}
