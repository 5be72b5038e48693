import Folio

/// The work `folio sync` and `folio plan` share: open the store, read the payload, plan with
/// the flags' options, and print the report.
enum SyncRun {
  /// Plans `PAYLOAD` into `--entity`; applies it unless `dryRun`; prints the report.
  ///
  /// - Returns: 0, or 1 when the mass-delete guard refused the sync.
  /// - Throws: ``CLIError``, `JSONError`, `SchemaError`, `StoreError` or `SyncError` naming the
  ///   file, line and pointer at fault. Nothing is written when it throws.
  static func run(
    _ arguments: ParsedArguments, console: Console, dryRun: Bool, detail: ReportView.Detail
  )
    async throws -> Int32
  {
    let payloadPath = arguments["PAYLOAD"] ?? "-"
    let payload = try InputFile.payload(payloadPath, console: console)
    // A dry run into a store that does not exist yet plans against an empty in-memory one.
    let store: Store
    let storePath = arguments["store"] ?? ""
    if dryRun, !StoreAccess.exists(storePath, console: console), let schemaFile = arguments["schema"] {
      store = try Store.inMemory(schema: StoreAccess.schema(file: schemaFile, console: console))
    } else {
      store = try StoreAccess.open(
        arguments, console: console, creating: !dryRun, readOnly: dryRun)
    }
    let entity = try StoreAccess.entity(arguments["entity"], in: store.schema)
    let options = try SyncFlags.syncOptions(arguments, store: store, entity: entity)

    var progress = ProgressBar(console: console, items: payload.arrayValue?.count ?? 0)
    progress.update(0.05, "planning \(entity)")
    let plan = try store.plan(payload, into: entity, options: options)
    if plan.isRefusedByGuard {
      progress.finish()
      throw try refusal(payload, store: store, entity: entity, options: options, path: payloadPath)
    }
    let report: SyncReport
    if dryRun {
      report = plan.report
    } else {
      progress.update(0.6, "writing \(storePath)")
      report = try store.apply(plan)
    }
    progress.finish()

    let view = ReportView(report, isDryRun: dryRun, changes: dryRun ? plan.changes : [])
    if arguments.flag("json") {
      console.out(JSONWriter.string(view.json, style: .pretty))
    } else {
      let source = payloadPath == "-" ? "standard input" : payloadPath
      let heading =
        dryRun
        ? "Plan: \(source) into \(entity) of \(storePath) (dry run, nothing written)"
        : "Synced \(source) into \(entity) of \(storePath) (generation \(store.generation))"
      console.out(view.text(heading: heading, detail: detail))
    }
    return ExitStatus.success
  }

  /// The error for a sync the mass-delete guard refused: how many records it would delete out
  /// of how many in scope, and the ways forward.
  static func refusal(
    _ payload: JSONValue, store: Store, entity: String, options: SyncOptions, path: String
  ) throws -> CLIError {
    var unguarded = options
    unguarded.maximumDeleteShare = nil
    let deletions = try store.plan(payload, into: entity, options: unguarded).report.outcomes
      .filter { $0.kind == .deleted && $0.entity == entity }.count
    let inScope = store.state.ids(entity).filter { id in
      guard let scope = options.scope else { return true }
      return store.state.record(entity, id).map(scope.contains) ?? false
    }.count
    return CLIError(
      .massDelete,
      "This sync would delete \(deletions) of the \(inScope) \(entity) records in scope, more "
        + "than half, so nothing was written. If the payload really is complete, pass "
        + "--allow-mass-delete; to sync only part of \(entity), pass --scope.",
      file: path == "-" ? "<stdin>" : path)
  }
}
