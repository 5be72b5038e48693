import Folio

/// The work `folio sync`, `folio plan` and `folio apply` share: open the store, read the
/// payload, plan with the flags' options, apply, and print the report.
enum SyncRun {
  /// What one sync works on.
  struct Job {
    var store: Store
    var storePath: String
    var entity: String
    var payload: JSONValue
    /// How the payload is named in messages: its path, or `standard input`.
    var source: String
    /// The payload's text when its file cannot be read again to locate an error (a pipe).
    var text: [UInt8]? = nil
    /// Where the payload sits in ``source``: the root of a payload file, `/payload` in a plan
    /// file. Errors about an item are located there.
    var payloadPointer: [String] = []
    var options: SyncOptions
    /// The sync flags given (`no-delete`, …), sorted, `--scope` and `--parent`: what a plan
    /// file records.
    var flags: [String]
    var scope: String?
    var parent: String? = nil
    /// The progress bar, started while a large payload file was read.
    var progress: ProgressBar
  }

  /// Reads the payload and opens (or, unless `dryRun`, creates) the store the arguments name.
  ///
  /// A dry run into a store that does not exist yet plans against an empty in-memory store of
  /// `--schema`, so nothing is created.
  static func job(
    _ arguments: ParsedArguments, command: String, console: Console, dryRun: Bool
  ) throws -> Job {
    let payloadPath = arguments["PAYLOAD"] ?? "-"
    var progress = ProgressBar(
      console: console,
      isLong: InputFile.size(payloadPath, console: console) >= ProgressBar.minimumBytes)
    progress.update(0, "reading \(payloadPath)")
    let payload: InputFile.Payload
    do {
      payload = try InputFile.payload(payloadPath, console: console)
    } catch {
      progress.finish()
      throw error
    }
    if !progress.isDrawing {
      progress = ProgressBar(console: console, items: payload.value.arrayValue?.count ?? 0)
    }
    let store: Store
    let storePath = arguments["store"] ?? ""
    var schemaSource = storePath
    if dryRun, !StoreAccess.exists(storePath, console: console),
      let schemaFile = arguments["schema"]
    {
      store = try Store.inMemory(schema: StoreAccess.schema(file: schemaFile, console: console))
      schemaSource = schemaFile
    } else {
      store = try StoreAccess.open(
        arguments, console: console, creating: !dryRun, readOnly: dryRun)
    }
    let entity = try StoreAccess.entity(arguments["entity"], in: store.schema, named: schemaSource)
    return Job(
      store: store, storePath: storePath, entity: entity, payload: payload.value,
      source: payloadPath == "-" ? "standard input" : payloadPath, text: payload.text,
      options: try SyncFlags.syncOptions(
        arguments, store: store, entity: entity, command: command),
      flags: arguments.flags.filter { SyncFlags.recordedFlags.contains($0) }.sorted(),
      scope: arguments["scope"], parent: arguments["parent"], progress: progress)
  }

  /// Plans `job`; applies it unless `dryRun`; prints the report (`detail` for text).
  ///
  /// - Returns: 0. A sync refused by the mass-delete guard throws instead; a refused dry run
  ///   prints the plan as it would be without the guard, then throws.
  /// - Throws: ``CLIError`` (`massDelete`), `StoreError` or `SyncError`. Nothing is written
  ///   when it throws.
  static func run(
    _ job: Job, console: Console, json: Bool, dryRun: Bool, detail: ReportView.Detail,
    saving planFile: String? = nil
  ) throws -> Int32 {
    do {
      return try unlocatedRun(
        job, console: console, json: json, dryRun: dryRun, detail: detail, saving: planFile)
    } catch let error as SyncError {
      throw located(error, job: job, console: console)
    }
  }

  /// A `SyncError` as a located CLI error: an error about an item names the payload file, with
  /// the line and column of the item when the file can be read again; any other names the store.
  static func located(_ error: SyncError, job: Job, console: Console) -> CLIError {
    if error.code == .itemsRejected {
      return rejections(error, job: job, console: console)
    }
    guard let pointer = error.pointer else {
      return CLIError(CLIError.Code(error.code.rawValue), error.message, file: job.storePath)
    }
    let location = self.location(of: pointer, job: job, in: payloadBytes(job, console: console))
    return CLIError(
      CLIError.Code(error.code.rawValue), error.message, file: location.file,
      line: location.line, column: location.column, pointer: pointer)
  }

  /// Items rejected under --all-or-nothing: one error naming the payload, then each rejection as
  /// a note located at its line and column.
  static func rejections(_ error: SyncError, job: Job, console: Console) -> CLIError {
    let count = error.problems.count
    var result = CLIError(
      CLIError.Code(error.code.rawValue),
      "\(count == 1 ? "1 item was" : "\(count) items were") rejected and --all-or-nothing is "
        + "given, so nothing was written. Fix the payload, or leave out --all-or-nothing to "
        + "apply the other items and report these.",
      file: job.source == "standard input" ? "<stdin>" : job.source)
    let bytes = payloadBytes(job, console: console)
    for problem in error.problems {
      let pointer = problem.pointer ?? ""
      let location = self.location(of: pointer, job: job, in: bytes)
      var prefix = location.file
      if let line = location.line, let column = location.column {
        prefix += ":\(line):\(column)"
      }
      result.notes.append("\(prefix): note: \(problem.line) (at \(pointer))")
    }
    return result
  }

  /// The payload's text to locate errors in: kept from reading a pipe, else read again; `nil`
  /// for standard input.
  static func payloadBytes(_ job: Job, console: Console) -> [UInt8]? {
    if let text = job.text { return text }
    guard job.source != "standard input" else { return nil }
    return try? InputFile.bytes(job.source, console: console)
  }

  /// The file, line and column of `pointer` in the payload `bytes` (standard input is named
  /// `<stdin>`, without a line).
  static func location(of pointer: String, job: Job, in bytes: [UInt8]?)
    -> (file: String, line: Int?, column: Int?)
  {
    guard job.source != "standard input" else { return ("<stdin>", nil, nil) }
    var location: JSONPointer.TextLocation?
    if let tokens = try? JSONPointer(parsing: pointer).tokens, let bytes {
      location = JSONPointer(tokens: job.payloadPointer + tokens).location(in: bytes)
    }
    return (job.source, location?.line, location?.column)
  }

  private static func unlocatedRun(
    _ job: Job, console: Console, json: Bool, dryRun: Bool, detail: ReportView.Detail,
    saving planFile: String?
  ) throws -> Int32 {
    var progress = job.progress
    progress.update(0.3, "planning \(job.entity)")
    let plan = try job.store.plan(job.payload, into: job.entity, options: job.options)
    if plan.isRefusedByGuard {
      progress.finish()
      var unguarded = job.options
      unguarded.maximumDeleteShare = nil
      let full = try job.store.plan(job.payload, into: job.entity, options: unguarded)
      if dryRun {
        show(
          full.report, changes: full.changes, job: job, console: console, json: json,
          dryRun: true, detail: detail)
      }
      throw refusal(full, job: job)
    }
    if let planFile {
      try PlanFile(job: job, plan: plan).write(to: planFile, console: console)
    }
    let report: SyncReport
    if dryRun {
      report = plan.report
    } else {
      progress.update(0.6, "writing \(job.storePath)")
      report = try job.store.apply(plan)
    }
    progress.finish()
    show(
      report, changes: dryRun ? plan.changes : [], job: job, console: console, json: json,
      dryRun: dryRun, detail: detail)
    return ExitStatus.success
  }

  /// Prints `report` as JSON or text; `changes` (a plan's) give inserted records their fields.
  static func show(
    _ report: SyncReport, changes: [RecordChange], job: Job, console: Console, json: Bool,
    dryRun: Bool, detail: ReportView.Detail
  ) {
    let view = ReportView(report, isDryRun: dryRun, changes: changes)
    if json {
      console.out(JSONWriter.string(view.json, style: .pretty))
    } else {
      let heading =
        dryRun
        ? "Plan: \(job.source) into \(job.entity) of \(job.storePath) (dry run, nothing written)"
        : "Synced \(job.source) into \(job.entity) of \(job.storePath) (generation \(job.store.generation))"
      console.out(view.text(heading: heading, detail: detail))
    }
  }

  /// The error for a sync the mass-delete guard refused: how many records `unguarded` (the plan
  /// without the guard) deletes out of how many in scope, and the ways forward.
  static func refusal(_ unguarded: SyncPlan, job: Job) -> CLIError {
    let deletions = unguarded.outcomes.filter { $0.kind == .deleted && $0.entity == job.entity }
      .count
    let state = job.store.state
    let inScope = state.ids(job.entity).filter { id in
      guard let scope = job.options.scope else { return true }
      return state.record(job.entity, id).map(scope.contains) ?? false
    }.count
    return CLIError(
      .massDelete,
      "This sync would delete \(deletions) of the \(inScope) \(job.entity) records in scope, more "
        + "than half, so nothing was written. If the payload really is complete, pass "
        + "--allow-mass-delete; to sync only part of \(job.entity), pass --scope.",
      file: job.source == "standard input" ? "<stdin>" : job.source)
  }
}
