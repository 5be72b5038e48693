import Folio
import Foundation

/// The work `folio sync`, `folio plan` and `folio apply` share: open the store, read the
/// payload, plan with the flags' options, apply, and print the report.
enum SyncRun {
  /// A sync's payload.
  enum Payload {
    /// A payload file's text, parsed by the sync as it plans (the fast path: a top-level array
    /// is parsed a chunk at a time beside the planner, never held as one tree).
    case text(InputFile.PayloadText)
    /// A payload file the sync reads a block at a time as it plans (the fastest and smallest:
    /// only a window of the file is held).
    case file(InputFile.PayloadFile)
    /// A payload parsed already: a saved plan's, or a file parsed whole before an open that
    /// writes (`text`, when kept, locates errors).
    case parsed(JSONValue, text: InputFile.PayloadText?)
  }

  /// What one sync works on.
  struct Job {
    var store: Store
    var storePath: String
    var entity: String
    var payload: Payload
    /// How the payload is named in messages: its path, or `standard input`.
    var source: String
    /// Where the payload sits in ``source``: the root of a payload file, `/payload` in a plan
    /// file. Errors about an item are located there.
    var payloadPointer: [String] = []
    var options: SyncOptions
    /// The sync flags given (`no-delete`, …), sorted, `--scope` and `--parent`: what a plan
    /// file records.
    var flags: [String]
    var scope: String?
    var parent: String? = nil
    /// The progress display: reading, planning, writing.
    var progress: ProgressBar
    /// Whether this command created the store: a sync that then fails removes it again, so a
    /// failed first sync leaves no store behind, as if it had never run.
    var createdStore = false

    /// The payload as one JSON value (what a plan file records), parsed now if need be.
    ///
    /// - Throws: `JSONError` when the payload text is not valid JSON.
    func payloadValue() throws -> JSONValue {
      switch payload {
      case .parsed(let value, _): return value
      case .text(let text): return try JSONParser.parse(text.bytes, options: text.parserOptions)
      case .file(let file):
        guard let bytes = FileManager.default.contents(atPath: file.resolved) else {
          throw CLIError(.unreadableFile, "Cannot read '\(file.path)'.", file: file.path)
        }
        return try JSONParser.parse(Array(bytes), options: file.parserOptions)
      }
    }

    /// Plans the sync of the payload with `options`.
    ///
    /// - Throws: `JSONError` for payload text that is not valid JSON, else ``SyncError``.
    func plan(options: SyncOptions) throws -> SyncPlan {
      switch payload {
      case .parsed(let value, _):
        return try store.plan(value, into: entity, options: options)
      case .text(let text):
        return try store.plan(
          json: text.bytes, into: entity, options: options, parserOptions: text.parserOptions)
      case .file(let file):
        return try store.plan(
          contentsOf: file.resolved, into: entity, options: options, parserOptions: file.parserOptions)
      }
    }
  }

  /// Reads the payload and opens (or, unless `dryRun`, creates) the store the arguments name.
  ///
  /// A dry run into a store that does not exist yet plans against an empty in-memory store of
  /// `--schema`, so nothing is created. The payload is parsed while it is planned — a regular
  /// file holding an array is read by the sync a block at a time, never whole — except when
  /// opening an existing store writes to it before the plan (a `--schema` that changes the
  /// schema, an upgrade from format 1): then it is read and parsed whole first, so a payload
  /// that is not JSON writes nothing.
  static func job(
    _ arguments: ParsedArguments, command: String, console: Console, dryRun: Bool
  ) throws -> Job {
    let payloadPath = arguments["PAYLOAD"] ?? "-"
    let progress = ProgressBar(console: console)
    let storePath = arguments["store"] ?? ""
    let existed = StoreAccess.exists(storePath, console: console)
    let openWrites = !dryRun && existed && StoreAccess.openWrites(arguments, console: console)
    var payload: Payload
    if !openWrites, let file = InputFile.payloadFile(payloadPath, console: console) {
      payload = .file(file)
    } else {
      let text: InputFile.PayloadText
      do {
        text = try InputFile.payloadText(payloadPath, console: console, progress: progress)
      } catch {
        progress.finish()
        throw error
      }
      payload = .text(text)
      if openWrites {
        payload = .parsed(try JSONParser.parse(text.bytes, options: text.parserOptions), text: text)
      }
    }
    let store: Store
    var schemaSource = storePath
    if dryRun, !existed, let schemaFile = arguments["schema"] {
      store = try Store.inMemory(schema: StoreAccess.schema(file: schemaFile, console: console))
      schemaSource = schemaFile
    } else {
      store = try StoreAccess.open(
        arguments, console: console, creating: !dryRun, readOnly: dryRun)
    }
    let entity: String
    var options: SyncOptions
    do {
      entity = try StoreAccess.entity(arguments["entity"], in: store.schema, named: schemaSource)
      options = try SyncFlags.syncOptions(
        arguments, store: store, entity: entity, command: command)
    } catch {
      if !dryRun, !existed { StoreAccess.remove(storePath, console: console) }
      throw error
    }
    options.progress = progressHandler(progress, entity: entity, storePath: storePath)
    return Job(
      store: store, storePath: storePath, entity: entity, payload: payload,
      source: payloadPath == "-" ? "standard input" : payloadPath, options: options,
      flags: arguments.flags.filter { SyncFlags.recordedFlags.contains($0) }.sorted(),
      scope: arguments["scope"], parent: arguments["parent"], progress: progress,
      createdStore: !dryRun && !existed)
  }

  /// The library's progress reports, drawn on `progress`.
  static func progressHandler(_ progress: ProgressBar, entity: String, storePath: String)
    -> SyncProgress.Handler
  {
    { report in
      switch report.phase {
      case .planning:
        progress.update(
          "planning \(entity)", completed: report.completed, total: report.total, unit: .items)
      case .writing:
        progress.update(
          "writing \(storePath)", completed: report.completed, total: report.total, unit: .files)
      }
    }
  }

  /// Plans `job`; applies it unless `dryRun`; prints the report (`detail` for text).
  ///
  /// - Returns: 0. A sync refused by the mass-delete guard throws instead; a refused dry run
  ///   prints the plan as it would be without the guard (as text only), then throws.
  /// - Throws: ``CLIError`` (`massDelete`), `StoreError` or `SyncError`. Nothing is written
  ///   when it throws.
  static func run(
    _ job: Job, console: Console, json: Bool, dryRun: Bool, detail: ReportView.Detail,
    saving planFile: String? = nil
  ) throws -> Int32 {
    defer { job.progress.finish() }
    do {
      return try unlocatedRun(
        job, console: console, json: json, dryRun: dryRun, detail: detail, saving: planFile)
    } catch {
      job.progress.finish()
      if job.createdStore { StoreAccess.remove(job.storePath, console: console) }
      if let error = error as? SyncError { throw located(error, job: job, console: console) }
      throw error
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
      result.notes.append(
        CLIError.Note(
          message: problem.line, file: location.file, line: location.line,
          column: location.column, pointer: pointer))
    }
    return result
  }

  /// The payload's text to locate errors in: kept from reading a pipe, else read again; `nil`
  /// for standard input.
  static func payloadBytes(_ job: Job, console: Console) -> [UInt8]? {
    switch job.payload {
    case .text(let text), .parsed(_, .some(let text)): return text.bytes
    case .parsed(_, .none), .file:
      guard job.source != "standard input" else { return nil }
      return try? InputFile.bytes(job.source, console: console)
    }
  }

  /// The file, line and column of `pointer` in the payload `bytes`. Standard input is named
  /// `<stdin>`, with the line and column when its text was kept (read whole, not streamed).
  static func location(of pointer: String, job: Job, in bytes: [UInt8]?)
    -> (file: String, line: Int?, column: Int?)
  {
    let file = job.source == "standard input" ? "<stdin>" : job.source
    var location: JSONPointer.TextLocation?
    if let tokens = try? JSONPointer(parsing: pointer).tokens, let bytes {
      location = JSONPointer(tokens: job.payloadPointer + tokens).location(in: bytes)
    }
    return (file, location?.line, location?.column)
  }

  /// How many times a sync is planned again when the store's files changed outside Folio while
  /// it ran (`changedOutside`, or `stalePlan` once the store read the changed files).
  static let replans = 5

  private static func unlocatedRun(
    _ job: Job, console: Console, json: Bool, dryRun: Bool, detail: ReportView.Detail,
    saving planFile: String?
  ) throws -> Int32 {
    var attempt = 0
    while true {
      do {
        return try planAndApply(job, console: console, json: json, dryRun: dryRun, detail: detail, saving: planFile)
      } catch let error as SyncError where error.code == .changedOutside || error.code == .stalePlan {
        // Someone saved a file of the store (an editor, a pull, a checkout) while this sync
        // planned or wrote: nothing was written, and the store has read the files again. The
        // payload is planned again on top of them; the edit is never overwritten.
        attempt += 1
        if attempt > replans { throw error }
      }
    }
  }

  private static func planAndApply(
    _ job: Job, console: Console, json: Bool, dryRun: Bool, detail: ReportView.Detail,
    saving planFile: String?
  ) throws -> Int32 {
    let plan = try job.plan(options: job.options)
    if plan.isRefusedByGuard {
      job.progress.finish()
      var unguarded = job.options
      unguarded.maximumDeleteShare = nil
      unguarded.progress = nil
      let full = try job.plan(options: unguarded)
      // Under --json the refusal is the one object printed, so a script parses one document.
      if dryRun, !json {
        show(
          full.report, changes: full.changes, job: job, console: console, json: json,
          dryRun: true, detail: detail)
      }
      throw refusal(full, job: job)
    }
    if let planFile {
      try PlanFile(job: job, plan: plan, payload: try job.payloadValue())
        .write(to: planFile, console: console)
    }
    let report: SyncReport
    if dryRun {
      report = plan.report
    } else {
      report = try job.store.apply(plan)
    }
    job.progress.finish()
    show(
      report, changes: dryRun ? plan.changes : [], job: job, console: console, json: json,
      dryRun: dryRun, detail: detail)
    // As for the store (StoreAccess.open): the plan's working state and the payload are left
    // to the process's exit. The sync is durable already.
    if console.keepsResultsUntilExit { KeptUntilExit.keep((job.payload, plan, report)) }
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
