import Folio

/// `folio export`: an entity's records as a JSON array.
enum ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Print an entity's records as a JSON array.",
    discussion: """
      Records are printed in stored form (attribute names, canonical values) or, with --mapped, \
      through the schema's key mapping, so the output has the shape of a payload and syncs back \
      unchanged (records of entities without an identifier are nested in their parent). The \
      output is always JSON; --json is accepted for uniformity.
      """,
    arguments: [
      .store, .entity,
      .option(
        "where", value: "EXPR", help: "Only records matching EXPR (for example \"active == true\")."
      ),
      .option("sort", value: "KEYS", help: "Sort keys separated by commas; -key sorts descending."),
      .flag("mapped", help: "Write records through the key mapping, as a payload."),
      .lenient, StoreAtRevision.argument, .json,
    ],
    examples: [
      "folio export --store company.folio --entity Employee --where \"active == false\" --sort -hiredAt",
      "folio export --store company.folio --entity Employee --mapped > employees.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    try StoreAtRevision.run(arguments, console: console, runHere)
  }

  /// Runs the command on the store `--store` names (after `--at` has put it in place).
  static func runHere(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let store = try StoreAccess.open(arguments, console: console, readOnly: true)
    let entity = try StoreAccess.entity(
      arguments["entity"], in: store.schema, named: arguments["store"] ?? "")
    let query = try QueryArguments.query(arguments, entity: entity, schema: store.schema)
    let records = try QueryArguments.blaming("where") { try store.state.fetch(query) }
    let mapped = arguments.flag("mapped")
    let items = records.map { record in
      JSONValue.object(mapped ? store.state.exported(record.values, of: entity) : record.values)
    }
    console.out(JSONWriter.string(.array(items), style: .pretty))
    return ExitStatus.success
  }
}
