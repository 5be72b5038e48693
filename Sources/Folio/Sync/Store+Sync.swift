extension Store {
  /// Plans syncing `payload` into `entity` without writing anything (a dry run, F15).
  ///
  /// ```swift
  /// let plan = try store.plan(["id": 1, "name": "A"], into: "Item")
  /// plan.summary   // "1 inserted"
  /// ```
  ///
  /// - Parameters:
  ///   - payload: A JSON array of items, a single item (delete-missing is then ignored, D9), or
  ///     `null` (a no-op, D8).
  ///   - entity: The entity's name.
  ///   - options: How to reconcile; the defaults insert, update and delete missing.
  /// - Returns: The plan, against the store's current generation.
  /// - Throws: ``SyncError`` for an unknown entity, a payload of the wrong kind, a forced insert
  ///   of an existing identifier, a write the store refuses, or a rejected item under
  ///   ``SyncOptions/allOrNothing`` (`itemsRejected`). Nothing is written either way.
  /// - Complexity: O(*n* + *m*) in payload items and stored records of the entity.
  public func plan(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    throws(SyncError) -> SyncPlan
  {
    try SyncPlanner.plan(
      state: state, revision: 0, entity: entity, payload: payload, options: options)
  }

  /// Applies a plan made by ``plan(_:into:options:)`` in one atomic commit.
  ///
  /// - Returns: The plan's report.
  /// - Throws: ``SyncError`` with code ``SyncError/Code/stalePlan`` when the store changed since
  ///   the plan was made (make a new plan), ``SyncError/Code/massDeleteRefused`` when the
  ///   mass-delete guard refused the plan, or ``SyncError/Code/storeRefused`` when saving fails
  ///   before its commit point: the store is then exactly as it was. When saving fails after
  ///   the commit point the code is ``SyncError/Code/committedNotFinished``: the sync is
  ///   committed (readers see it) and the next open of the store for writing finishes it.
  @discardableResult
  public func apply(_ plan: SyncPlan) throws(SyncError) -> SyncReport {
    do {
      try writer.withLock { backend throws(SyncError) in
        do throws(StoreError) { try refreshFromDisk(&backend) } catch { throw SyncError(error) }
        try Store.check(plan, generation: state.generation, revision: 0)
        try commit(plan, backend: &backend)
      }
    } catch {
      plan.logHandler?.log(
        error.code == .massDeleteRefused ? .warning : .error, "\(plan.entity) sync failed: \(error)"
      )
      logHandler?.syncFailed(plan.entity, error)
      throw error
    }
    plan.logHandler?.log(plan.report, schema: schema)
    logHandler?.synced(plan.report, schema: schema, generation: plan.committedGeneration)
    return plan.report
  }

  /// Syncs `payload` into `entity` in one atomic commit: plans and applies with no other writer
  /// in between.
  ///
  /// ```swift
  /// let report = try store.sync([["id": 1, "name": "A"]], into: "Item")
  /// report.summary   // "1 inserted"
  /// ```
  ///
  /// - Returns: What happened to each record.
  /// - Throws: ``SyncError`` (see ``plan(_:into:options:)`` and ``apply(_:)``); the store is then
  ///   exactly as it was (D16).
  /// - Complexity: O(*n* + *m*).
  @discardableResult
  public func sync(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    throws(SyncError) -> SyncReport
  {
    SyncPlan.report(
      releasing: try sync(payload, into: entity, options: options, collectMarks: false))
  }

  func sync(_ payload: JSONValue, into entity: String, options: SyncOptions, collectMarks: Bool)
    throws(SyncError) -> SyncPlan
  {
    let plan = try sync(entity: entity, options: options) { state throws(SyncError) in
      try SyncPlanner.plan(
        state: state, revision: 0, entity: entity, payload: payload, options: options,
        collectMarks: collectMarks)
    }
    // The closure above always returns a plan; this only satisfies the optional.
    guard let plan else {
      throw SyncError(code: .invalidPayload, message: "the sync of \(entity) made no plan", entity: entity)
    }
    return plan
  }

  /// Plans with `makePlan` and applies the plan with no other writer in between; `makePlan`
  /// returning `nil` declines (nothing is written, and `nil` is returned).
  func sync(
    entity: String, options: SyncOptions,
    makePlan: (StoreState) throws(SyncError) -> SyncPlan?
  ) throws(SyncError) -> SyncPlan? {
    let plan: SyncPlan?
    do {
      plan = try writer.withLock { backend throws(SyncError) -> SyncPlan? in
        do throws(StoreError) { try refreshFromDisk(&backend) } catch { throw SyncError(error) }
        guard let plan = try makePlan(state) else { return nil }
        try Store.check(plan, generation: plan.baseGeneration, revision: 0)
        try commit(plan, backend: &backend)
        return plan
      }
    } catch {
      options.logHandler?.log(
        error.code == .massDeleteRefused ? .warning : .error, "\(entity) sync failed: \(error)")
      logHandler?.syncFailed(entity, error)
      throw error
    }
    if let plan {
      plan.logHandler?.log(plan.report, schema: schema)
      logHandler?.synced(plan.report, schema: schema, generation: plan.committedGeneration)
    }
    return plan
  }

  /// Commits the plan's working state (saving it first for a directory store). Callers hold
  /// `writer`.
  private func commit(_ plan: SyncPlan, backend: inout Backend) throws(SyncError) {
    do {
      try backend.disk?.requireWritable()
      backend.disk?.progress = plan.progress
      defer { backend.disk?.progress = nil }
      try commit(plan.result, backend: &backend)
    } catch {
      throw SyncError(error)
    }
  }

  /// Throws unless `plan` was made against `generation` and `revision` and is not refused.
  static func check(_ plan: SyncPlan, generation: UInt64, revision: Int) throws(SyncError) {
    guard plan.baseGeneration == generation, plan.baseRevision == revision else {
      throw SyncError(
        code: .stalePlan,
        message:
          "the plan for \(plan.entity) was made at generation \(plan.baseGeneration) (write \(plan.baseRevision)), but the store is now at generation \(generation) (write \(revision)); make a new plan",
        entity: plan.entity)
    }
    guard !plan.isRefusedByGuard else {
      let message =
        plan.diagnostics.first { $0.code == .massDelete }?.message ?? "too many deletions"
      throw SyncError(code: .massDeleteRefused, message: message, entity: plan.entity)
    }
  }
}
