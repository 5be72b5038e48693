import Foundation
import Folio

/// `folio init`: create an empty store from a schema file.
enum InitCommand: Command {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Create an empty store from a JSON schema file.",
    discussion: """
      The store directory must not exist yet (or be empty). It receives a copy of the schema \
      (schema.json), a .gitignore for its local folder (.folio/: lock, journal, local state) and \
      a .gitattributes that keeps its files LF and merges shard files record by record with \
      'folio merge-driver'. Shard files appear as records are added. The command prints how to \
      define the merge driver in a clone: 'folio setup', or the two 'git config' lines.
      """,
    arguments: [
      .store,
      .option(
        "schema", value: "FILE", help: "The JSON schema file the store follows.", required: true),
      .json,
    ],
    examples: ["folio init --store company.folio --schema Fixtures/company/schema.json"])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    if StoreAccess.exists(path, console: console),
      !((try? FileManager.default.contentsOfDirectory(atPath: console.resolve(path)))?.isEmpty ?? false)
    {
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
        "gitConfig": .array(gitConfig.map(JSONValue.string)),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
    } else {
      let names = schema.entities.map(\.name).joined(separator: ", ")
      console.out("Created \(path) with \(schema.entities.count) entities: \(names).\n")
      console.out(
        "Its .gitattributes merges shard files record by record; to enable that, run once in each clone:\n"
          + "  folio setup --store \(path)\n"
          + "which registers the merge driver (and a record-level git diff) by folio's absolute path; or by hand:\n"
          + gitConfig.map { "  " + $0 + "\n" }.joined())
    }
    return ExitStatus.success
  }

  /// The `git config` commands that define the merge driver the store's `.gitattributes` names.
  static let gitConfig = [
    #"git config merge.folio.name "Folio record-level merge""#,
    #"git config merge.folio.driver "folio merge-driver %O %A %B %P""#,
  ]
}
