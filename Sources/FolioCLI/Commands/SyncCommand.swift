/// `folio sync`: plan a payload against the store and apply it in one atomic step.
enum SyncCommand: Command {
  static let spec = CommandSpec(
    name: "sync",
    abstract: "Sync a JSON payload into an entity in one atomic step, and print the report.",
    discussion: """
      Plans the sync, then applies it in one atomic commit and prints the report. When the store \
      does not exist yet, --schema creates it. A sync that would delete more than half of its \
      scope is refused unless --allow-mass-delete is given; --dry-run prints the report without \
      writing (see also 'folio plan'). An item that cannot be applied is reported as rejected and \
      the others are applied; with --all-or-nothing any rejected item fails the sync instead, \
      listing every rejection, and nothing is written. With --parent the items are the children \
      of one record: those stored are linked to it, and only its children may be deleted as \
      missing.
      """,
    arguments: SyncFlags.arguments(extra: [
      SyncFlags.allowMassDelete,
      .flag("dry-run", help: "Plan and print the report, but write nothing."),
    ]),
    examples: [
      "folio sync --store company.folio --schema Fixtures/company/schema.json --entity Employee Fixtures/company/day-1.json",
      "curl -s https://example.com/employees | folio sync --store company.folio --entity Employee -",
      "folio sync --store company.folio --entity Employee <(curl -s https://example.com/employees/7)",
      "folio sync --store company.folio --entity Employee --no-delete --all-or-nothing Fixtures/company/messy.json",
      "folio sync --store projects.folio --entity Task --parent Project:42:tasks Fixtures/company/projects/tasks-42.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let dryRun = arguments.flag("dry-run")
    let job = try SyncRun.job(arguments, command: "sync", console: console, dryRun: dryRun)
    return try SyncRun.run(
      job, console: console, json: arguments.flag("json"), dryRun: dryRun,
      detail: dryRun ? .fields : .grouped)
  }
}
