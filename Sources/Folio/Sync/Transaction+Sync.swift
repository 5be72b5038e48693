extension Transaction {
  /// Plans syncing `payload` into `entity` against this transaction's records, including its
  /// earlier, uncommitted changes (U59). Nothing is changed.
  ///
  /// - Returns: The plan, valid until this transaction writes again.
  /// - Throws: ``SyncError`` (see ``Store/plan(_:into:options:)``).
  /// - Complexity: O(*n* + *m*).
  public func plan(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    throws(SyncError) -> SyncPlan
  {
    try SyncPlanner.plan(
      state: work.state, revision: work.revision, entity: entity, payload: payload, options: options
    )
  }

  /// Applies a plan made in this transaction (or on the store, if the transaction has not
  /// written yet). Its changes are part of the transaction and commit with it.
  ///
  /// - Returns: The plan's report.
  /// - Throws: ``SyncError`` with code ``SyncError/Code/stalePlan`` when the transaction has
  ///   written since the plan was made, or ``SyncError/Code/massDeleteRefused``; the transaction
  ///   is then unchanged.
  /// - Complexity: O(1) for the transaction's first write, else O(*c*) in the records changed.
  @discardableResult
  public mutating func apply(_ plan: SyncPlan) throws(SyncError) -> SyncReport {
    try Store.check(plan, generation: baseGeneration, revision: work.revision)
    if work.revision == 0 {
      work = plan.result
    } else {
      for entry in plan.result.log.entries where entry.isChange {
        work.put(entry.key.entity, entry.key.id, plan.result.after(entry))
      }
    }
    plan.logHandler?.log(plan.report, schema: work.state.schema)
    return plan.report
  }

  /// Syncs `payload` into `entity` as part of this transaction; later syncs in the same
  /// transaction see its changes (U59, F17).
  ///
  /// ```swift
  /// try store.transaction { tx in
  ///   try tx.sync([["id": 1, "name": "A"]], into: "Item")
  ///   try tx.sync([["id": 1, "name": "B"]], into: "Item")   // updates the record just inserted
  /// }
  /// ```
  ///
  /// - Returns: What happened to each record.
  /// - Throws: ``SyncError``; the transaction is then unchanged by this call.
  /// - Complexity: O(*n* + *m*).
  @discardableResult
  public mutating func sync(
    _ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions()
  ) throws(SyncError) -> SyncReport {
    try apply(plan(payload, into: entity, options: options))
  }
}
