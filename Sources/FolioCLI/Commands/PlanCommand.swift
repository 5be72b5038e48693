/// `folio plan`: the dry run of a sync, with every field's before and after.
enum PlanCommand: Command {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "Show what a sync would do, record by record and field by field, without writing.",
    discussion: """
      Prints each record that would be inserted, updated, deleted, skipped or rejected, with the \
      before and after value of every changed field, then the counts. Nothing is written to the \
      store. A plan the mass-delete guard would refuse is printed in full, then the command fails.
      """,
    arguments: SyncFlags.arguments(extra: [
      SyncFlags.allowMassDelete,
      .option(
        "output", value: "FILE",
        help: "Also save the plan to FILE, for 'folio apply' to apply exactly this plan later."),
    ]),
    examples: [
      "folio plan --store company.folio --entity Employee Fixtures/company/day-2.json",
      "folio plan --store company.folio --entity Employee --output day-2.plan.json Fixtures/company/day-2.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let job = try SyncRun.job(arguments, command: "plan", console: console, dryRun: true)
    return try SyncRun.run(
      job, console: console, json: arguments.flag("json"), dryRun: true, detail: .fields,
      saving: arguments["output"])
  }
}
