import Foundation

/// Syncing and planning off the caller's executor: each call runs the synchronous ``Store``
/// call of the same name on a global queue (see ``BackgroundStore`` for cancellation).
extension BackgroundStore {
  /// Syncs `payload` into `entity` in one atomic commit, on a global queue; see
  /// ``Store/sync(_:into:options:)``.
  ///
  /// - Returns: What happened to each record.
  /// - Throws: `CancellationError` when the task is already cancelled (nothing is read or
  ///   written), else ``SyncError`` as the synchronous call; the store is then exactly as it was.
  @discardableResult
  public func sync(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    async throws -> SyncReport
  {
    let store = store
    return try await Self.run { try store.sync(payload, into: entity, options: options) }
  }

  /// Syncs the JSON text `json` into `entity`, parsing it item by item, on a global queue; see
  /// `Store.sync(json:into:options:parserOptions:)`.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call; the store is then exactly as it was.
  @discardableResult
  public func sync(
    json: [UInt8], into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncReport {
    let store = store
    return try await Self.run {
      try store.sync(json: json, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Syncs the JSON text in `json` (a file, a response body) into `entity`, on a global queue;
  /// the `Data` form of the `[UInt8]` call above.
  ///
  /// ```swift
  /// let (body, _) = try await URLSession.shared.data(from: url)
  /// let report = try await store.background.sync(json: body, into: "Employee")
  /// ```
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call; the store is then exactly as it was.
  @discardableResult
  public func sync(
    json: Data, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncReport {
    let store = store
    return try await Self.run {
      try store.sync(json: json, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Syncs the JSON file at `path` into `entity`, reading it a block at a time, on a global
  /// queue; see ``Store/sync(contentsOf:into:options:parserOptions:)``.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call; the store is then exactly as it was.
  @discardableResult
  public func sync(
    contentsOf path: String, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncReport {
    let store = store
    return try await Self.run {
      try store.sync(contentsOf: path, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Plans syncing `payload` into `entity` without writing anything, on a global queue; see
  /// ``Store/plan(_:into:options:)``.
  ///
  /// - Returns: The plan, against the store's generation when planning started.
  /// - Throws: `CancellationError` when the task is already cancelled, else ``SyncError`` as the
  ///   synchronous call. Nothing is written either way.
  public func plan(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    async throws -> SyncPlan
  {
    let store = store
    return try await Self.run { try store.plan(payload, into: entity, options: options) }
  }

  /// Plans syncing the JSON text `json` into `entity`, on a global queue; see
  /// `Store.plan(json:into:options:parserOptions:)`.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call. Nothing is written either way.
  public func plan(
    json: [UInt8], into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncPlan {
    let store = store
    return try await Self.run {
      try store.plan(json: json, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Plans syncing the JSON text in `json` into `entity`, on a global queue: the `Data` form.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call. Nothing is written either way.
  public func plan(
    json: Data, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncPlan {
    let store = store
    return try await Self.run {
      try store.plan(json: json, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Plans syncing the JSON file at `path` into `entity`, reading it a block at a time, on a
  /// global queue; see ``Store/plan(contentsOf:into:options:parserOptions:)``.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as the synchronous
  ///   call. Nothing is written either way.
  public func plan(
    contentsOf path: String, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) async throws -> SyncPlan {
    let store = store
    return try await Self.run {
      try store.plan(contentsOf: path, into: entity, options: options, parserOptions: parserOptions)
    }
  }

  /// Applies a plan in one atomic commit, on a global queue; see ``Store/apply(_:)``.
  ///
  /// - Returns: The plan's report.
  /// - Throws: `CancellationError` when the task is already cancelled (the plan is not applied),
  ///   else ``SyncError`` as the synchronous call (``SyncError/Code/stalePlan`` when the store
  ///   changed since planning); the store is then exactly as it was.
  @discardableResult
  public func apply(_ plan: SyncPlan) async throws -> SyncReport {
    let store = store
    return try await Self.run { try store.apply(plan) }
  }
}
