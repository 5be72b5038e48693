import Folio

/// `folio schema`: a store's (or a schema file's) schema as Markdown, Mermaid or JSON.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Print a schema as Markdown, a Mermaid diagram or a JSON schema file.",
    discussion: """
      Reads the schema of --store, or the schema file given with --schema (which is validated, \
      every problem reported with its line and JSON pointer). --json is the same as \
      --format json.
      """,
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

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let schema: Schema
    switch (arguments["store"], arguments["schema"]) {
    case (nil, let file?):
      schema = try StoreAccess.schema(file: file, console: console)
    case (let path?, nil):
      guard StoreAccess.exists(path, console: console) else {
        throw CLIError(.missingStore, "There is no store at '\(path)'; check the path.", file: path)
      }
      schema = try StoreAccess.openExisting(
        path, console: console, options: StoreOptions(readOnly: true)
      ).schema
    default:
      throw UsageError(command: spec.name, "Give exactly one of '--store DIR' or '--schema FILE'.")
    }
    let format = arguments.flag("json") ? "json" : arguments["format"] ?? "markdown"
    var text: String
    switch format {
    case "mermaid": text = schema.mermaid()
    case "json": text = String(decoding: schema.fileBytes(), as: UTF8.self)
    default: text = schema.markdown()
    }
    if !text.hasSuffix("\n") { text += "\n" }
    console.out(text)
    return ExitStatus.success
  }
}
