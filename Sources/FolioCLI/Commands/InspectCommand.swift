/// `folio inspect`: what a store holds.
enum InspectCommand: Command {
  static let spec = CommandSpec(
    name: "inspect",
    abstract: "Show a store's entities, record counts, shards, sizes and generation.",
    arguments: [.store, .json],
    examples: ["folio inspect --store company.folio"])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio inspect is not wired to the store yet.")
  }
}
