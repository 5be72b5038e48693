/// The entries the store writes, one function per event, so each event's name, level and
/// metadata keys are defined in one place (and listed in Documentation/Logging.md).
extension FolioLogHandler {
  /// `store.opened` (info), then `store.loadProblem` (warning) for each record a lenient open
  /// left out. `files` counts the content files taken on trust and those validated in full.
  func opened(_ directory: String, _ state: StoreState, problems: [StoreError], files: (trusted: Int, validated: Int)) {
    log(
      .info, "store.opened",
      "opened \(directory) (\(state.recordCount) \(state.recordCount == 1 ? "record" : "records"))",
      metadata: [
        "file": directory, "generation": "\(state.generation)", "records": "\(state.recordCount)",
        "trustedFiles": "\(files.trusted)", "validatedFiles": "\(files.validated)",
      ])
    for problem in problems {
      log(.warning, "store.loadProblem", problem.message, metadata: problem.logMetadata)
    }
  }

  /// `store.openFailed` (error).
  func openFailed(_ directory: String, _ error: any Error) {
    log(.error, "store.openFailed", "could not open \(directory): \(error)", metadata: {
      var metadata = (error as? StoreError)?.logMetadata ?? [:]
      metadata["store"] = directory
      if metadata["file"] == nil { metadata["file"] = directory }
      return metadata
    }())
  }

  /// `migration.applied` (info), once per migration run by an open.
  func migrated(_ name: String, _ directory: String, records: Int) {
    log(
      .info, "migration.applied", "applied migration '\(name)' to \(directory)",
      metadata: ["migration": name, "file": directory, "records": "\(records)"])
  }

  /// `commit` (info), then `record.inserted` / `record.updated` / `record.deleted` (debug) for
  /// each changed record.
  func committed(_ changes: [ChangeLog.Entry], generation: UInt64, directory: String?) {
    guard accepts(.info) else { return }
    var entities: [String] = []
    for entry in changes where entities.last != entry.key.entity && !entities.contains(entry.key.entity) {
      entities.append(entry.key.entity)
    }
    var metadata = [
      "generation": "\(generation)", "changes": "\(changes.count)",
      "entities": entities.joined(separator: ","),
    ]
    if let directory { metadata["file"] = directory }
    log(
      .info, "commit",
      "commit \(generation): \(changes.count) \(changes.count == 1 ? "record" : "records") changed",
      metadata: metadata)
    guard accepts(.debug) else { return }
    for entry in changes {
      let event = entry.before == nil ? "record.inserted" : !entry.exists ? "record.deleted" : "record.updated"
      log(
        .debug, event, "\(entry.key.entity) \(entry.key.id) \(event.dropFirst("record.".count))",
        metadata: [
          "entity": entry.key.entity, "identifier": "\(entry.key.id)", "generation": "\(generation)",
        ])
    }
  }

  /// `transaction.failed` (error): a transaction whose body or save threw; nothing was committed.
  func transactionFailed(_ error: any Error) {
    log(.error, "transaction.failed", "transaction failed, nothing committed: \(error)", metadata: {
      if let error = error as? StoreError { return error.logMetadata }
      if let error = error as? SyncError { return error.logMetadata }
      return [:]
    }())
  }

  /// `sync.applied` (info); `sync.rejected` (warning) per rejected item; `sync.outcome` (debug)
  /// per outcome of an entity marked verbose; `sync.diagnostic` (warning) per diagnostic.
  func synced(_ report: SyncReport, schema: Schema, generation: UInt64) {
    let verbose = schema.entity(named: report.entity)?.isVerbose ?? false
    for outcome in report.outcomes {
      var metadata = ["entity": outcome.entity, "generation": "\(generation)"]
      if let id = outcome.id { metadata["identifier"] = "\(id)" }
      if let pointer = outcome.pointer { metadata["pointer"] = pointer }
      if outcome.kind == .rejected {
        log(.warning, "sync.rejected", outcome.line, metadata: metadata)
      } else if verbose {
        log(.debug, "sync.outcome", outcome.line, metadata: metadata)
      }
    }
    for diagnostic in report.diagnostics {
      var metadata = ["entity": diagnostic.entity, "code": diagnostic.code.rawValue]
      if let id = diagnostic.id { metadata["identifier"] = "\(id)" }
      if let pointer = diagnostic.pointers.first { metadata["pointer"] = pointer }
      log(.warning, "sync.diagnostic", diagnostic.message, metadata: metadata)
    }
    log(
      .info, "sync.applied", "\(report.entity) sync: \(report.summary)",
      metadata: ["entity": report.entity, "generation": "\(generation)", "summary": report.summary])
  }

  /// `sync.failed` (error; warning when the mass-delete guard refused).
  func syncFailed(_ entity: String, _ error: SyncError) {
    var metadata = error.logMetadata
    metadata["entity"] = metadata["entity"] ?? entity
    log(
      error.code == .massDeleteRefused ? .warning : .error, "sync.failed",
      "\(entity) sync failed, nothing written: \(error)", metadata: metadata)
  }
}

extension StoreError {
  /// The error's context as log metadata.
  var logMetadata: [String: String] {
    var metadata = ["code": code.rawValue]
    if let entity { metadata["entity"] = entity }
    if let id { metadata["identifier"] = "\(id)" }
    if let file { metadata["file"] = file }
    if let line { metadata["line"] = "\(line)" }
    if let pointer { metadata["pointer"] = pointer }
    return metadata
  }
}

extension SyncError {
  /// The error's context as log metadata.
  var logMetadata: [String: String] {
    var metadata = ["code": code.rawValue]
    if let entity { metadata["entity"] = entity }
    if let id { metadata["identifier"] = "\(id)" }
    if let pointer { metadata["pointer"] = pointer }
    return metadata
  }
}

extension StoreState {
  /// The number of records of every entity.
  var recordCount: Int { schema.entities.reduce(0) { $0 + count($1.name) } }
}

extension SyncPlan {
  /// The generation the store is at once this plan is applied: one more than its base when it
  /// changes anything (a commit), its base otherwise.
  var committedGeneration: UInt64 { baseGeneration + (result.log.isEmpty ? 0 : 1) }
}
