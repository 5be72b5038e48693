import Folio

/// `folio init`: create an empty store from a schema file.
enum InitCommand: Command {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Create an empty store from a JSON schema file.",
    discussion: """
      The store directory must not exist yet (or be empty). It receives a manifest, a copy of the \
      schema and one empty shard per entity.
      """,
    arguments: [
      .store,
      .option(
        "schema", value: "FILE", help: "The JSON schema file the store follows.", required: true),
      .json,
    ],
    examples: ["folio init --store company.folio --schema Fixtures/company/schema.json"])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    let path = arguments["store"] ?? ""
    if StoreAccess.exists(path, console: console) {
      throw CLIError(
        .storeExists,
        "'\(path)' already exists. Choose a new directory, or use 'folio sync' on the store.",
        file: path)
    }
    let store = try StoreAccess.open(arguments, console: console, creating: true)
    let schema = store.schema
    if arguments.flag("json") {
      let result: JSONValue = [
        "store": .string(path), "fingerprint": .string(schema.fingerprint),
        "entities": .array(schema.entities.map { .string($0.name) }),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
    } else {
      let names = schema.entities.map(\.name).joined(separator: ", ")
      console.out("Created \(path) with \(schema.entities.count) entities: \(names).\n")
    }
    return ExitStatus.success
  }
}
