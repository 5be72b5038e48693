/// `folio check`: validate every file of a store.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check a store's files and invariants, and print every problem with its location.",
    discussion: """
      Reads the manifest and every shard, and reports every problem found (file, line, JSON \
      pointer, what was expected). Exits with 0 when the store is sound and 1 otherwise.
      """,
    arguments: [.store, .json],
    examples: ["folio check --store company.folio"])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio check is not wired to the store yet.")
  }
}
