extension StoreState {
  /// Plans syncing `payload` into `entity` against this snapshot: the pure planner itself, with
  /// no store, lock or I/O involved.
  ///
  /// The same inputs always give the same plan. It can be applied with ``Store/apply(_:)`` to
  /// the store this snapshot came from while the store is still at this generation.
  ///
  /// ```swift
  /// let snapshot = store.state
  /// let plan = try snapshot.plan([["id": 1]], into: "Item")
  /// plan.resultingState.count("Item")   // 1
  /// ```
  ///
  /// - Returns: The plan.
  /// - Throws: ``SyncError`` (see ``Store/plan(_:into:options:)``); nothing is written.
  /// - Complexity: O(*n* + *m*) in payload items and stored records of the entity.
  public func plan(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    throws(SyncError) -> SyncPlan
  {
    try SyncPlanner.plan(
      state: self, revision: 0, entity: entity, payload: payload, options: options)
  }
}
