import Folio

/// `folio apply`: apply a plan saved by `folio plan --output`, exactly as reviewed.
enum ApplyCommand: Command {
  static let spec = CommandSpec(
    name: "apply",
    abstract: "Apply a plan saved by 'folio plan --output', exactly as it was reviewed.",
    discussion: """
      Applies nothing unless the store is still at the generation the plan was made at and \
      planning again gives the same report; otherwise make a new plan. The plan is applied in \
      one atomic commit and the report is printed as 'folio sync' prints it.
      """,
    arguments: [
      .store, .json,
      .positional("PLAN", help: "A plan file written by 'folio plan --output'."),
    ],
    examples: [
      "folio plan --store company.folio --entity Employee --output day-2.plan.json Fixtures/company/day-2.json",
      "folio apply --store company.folio day-2.plan.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let planPath = arguments["PLAN"] ?? ""
    let saved = try PlanFile(path: planPath, console: console)
    let store = try StoreAccess.open(arguments, console: console)
    let storePath = arguments["store"] ?? ""
    guard store.generation == saved.generation else {
      throw CLIError(
        .stalePlan,
        "The store '\(storePath)' is at generation \(store.generation), but the plan was made at "
          + "generation \(saved.generation): the store changed since. Nothing was written; make "
          + "a new plan with 'folio plan'.",
        file: planPath)
    }
    let entity = try StoreAccess.entity(saved.entity, in: store.schema, named: planPath)
    let progress = ProgressBar(console: console)
    var options = try SyncFlags.syncOptions(
      saved.arguments, store: store, entity: entity, command: "apply")
    options.progress = SyncRun.progressHandler(progress, entity: entity, storePath: storePath)
    var job = SyncRun.Job(
      store: store, storePath: storePath, entity: entity, payload: .parsed(saved.payload, text: nil),
      source: planPath, options: options, flags: saved.flags, scope: saved.scope,
      parent: saved.parent, progress: progress)
    job.payloadPointer = ["payload"]
    let plan: SyncPlan
    do {
      plan = try store.plan(saved.payload, into: entity, options: job.options)
    } catch {
      progress.finish()
      // `plan` throws only `SyncError`.
      throw SyncRun.located(error, job: job, console: console)
    }
    guard ReportView(plan.report, isDryRun: true).json == saved.report else {
      throw CLIError(
        .stalePlan,
        "Planning again gives a different report than the one saved, so nothing was written; "
          + "make a new plan with 'folio plan'.",
        file: planPath, pointer: "/report")
    }
    return try SyncRun.run(
      job, console: console, json: arguments.flag("json"), dryRun: false, detail: .grouped)
  }
}
