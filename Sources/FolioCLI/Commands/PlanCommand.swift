/// `folio plan`: the dry run of a sync, with every field's before and after.
enum PlanCommand: Command {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "Show what a sync would do, record by record and field by field, without writing.",
    discussion: """
      Prints each record that would be inserted, updated, deleted, skipped or rejected, with the \
      before and after value of every changed field, then the counts. Nothing is written.
      """,
    arguments: SyncFlags.arguments(extra: []),
    examples: [
      "folio plan --store company.folio --entity Employee Fixtures/company/day-2.json",
      "folio plan --store company.folio --entity Employee --json Fixtures/company/day-2.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    try await SyncRun.run(arguments, console: console, dryRun: true, detail: .fields)
  }
}
