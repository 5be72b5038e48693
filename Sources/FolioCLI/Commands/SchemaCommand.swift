import Folio

/// `folio schema`: a store's (or a schema file's) schema as Markdown, Mermaid, JSON, or a JSON
/// Schema of an entity's shard files.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Print a schema as Markdown, a Mermaid diagram, a JSON schema file, or a JSON Schema of shard files.",
    discussion: """
      Reads the schema of --store, or the schema file given with --schema (which is validated, \
      every problem reported with its line and JSON pointer). --json is the same as \
      --format json. --format json-schema writes a standard JSON Schema (draft 2020-12) of \
      the shard files of the entity --entity names (needed when the schema has more than one \
      entity), for an editor to check hand edits as they are typed. --format \
      schema-file-json-schema writes the JSON Schema of schema files (schema.json) themselves, \
      for an editor to check a schema written by hand; it needs neither --store nor --schema.
      """,
    arguments: [
      .option("store", value: "DIR", help: "The store whose schema to print."),
      .option("schema", value: "FILE", help: "A JSON schema file to print instead of a store's."),
      .option(
        "format", value: "FORMAT", help: "The output format (default markdown).",
        choices: ["markdown", "mermaid", "json", "json-schema", "schema-file-json-schema"]),
      .option("entity", value: "NAME", help: "The entity whose shard files --format json-schema describes."),
      .json,
    ],
    examples: [
      "folio schema --schema Fixtures/company/schema.json --format mermaid",
      "folio schema --store company.folio",
      "folio schema --store company.folio --format json-schema --entity Employee",
      "folio schema --format schema-file-json-schema > schema-file.schema.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    if arguments["format"] == "schema-file-json-schema" {
      guard arguments["store"] == nil, arguments["schema"] == nil, arguments["entity"] == nil else {
        throw UsageError(command: spec.name, "--format schema-file-json-schema describes every schema file; give no --store, --schema or --entity with it.")
      }
      console.out(JSONWriter.string(Schema.fileJSONSchema, style: .pretty))
      return ExitStatus.success
    }
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
    case "json-schema": text = try jsonSchema(of: schema, entity: arguments["entity"])
    default: text = schema.markdown()
    }
    if !text.hasSuffix("\n") { text += "\n" }
    console.out(text)
    return ExitStatus.success
  }

  /// The JSON Schema of the shard files of `entity` (the schema's only entity when `nil`), as
  /// canonical JSON text.
  static func jsonSchema(of schema: Schema, entity: String?) throws -> String {
    let names = schema.entities.map(\.name)
    guard let name = entity ?? (names.count == 1 ? names.first : nil) else {
      throw UsageError(
        command: spec.name,
        "Name the entity whose shard files to describe: '--entity NAME', one of \(names.joined(separator: ", ")).")
    }
    guard let document = schema.jsonSchema(forFilesOf: name) else {
      throw UsageError(
        command: spec.name, "The schema has no entity '\(name)'; it has \(names.joined(separator: ", ")).")
    }
    return JSONWriter.string(document, style: .pretty)
  }
}
