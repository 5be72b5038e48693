import Dispatch

/// The long-running calls of a ``Store`` as `async` functions that do their work on a global
/// dispatch queue, off the caller's executor: get one from ``Store/background``.
///
/// Every ``Store`` call is synchronous and blocks its thread until done: a 200k-record sync
/// takes seconds. Called from the main actor, it would freeze the UI; called from a task on the
/// cooperative pool, it would hold one of its few threads. The background forms suspend the
/// caller instead and run the same synchronous call on `DispatchQueue.global`, with a quality of
/// service that follows the calling task's priority. Results, errors and effects are exactly
/// those of the synchronous call.
///
/// ```swift
/// let store = try await BackgroundStore.open(directory: "company.folio", schema: company)
/// let report = try await store.background.sync(json: body, into: "Employee")
/// report.summary   // "24 inserted"
/// ```
///
/// **Cancellation.** Each call checks `Task.isCancelled` before it starts and throws
/// `CancellationError` without doing anything when the task is already cancelled. Once started,
/// the work runs to completion and its result is returned even if the task is cancelled
/// meanwhile: a commit is atomic and is never abandoned halfway.
///
/// They are separate functions rather than `async` overloads of the same names so that existing
/// synchronous calls inside `async` functions keep compiling and meaning what they meant. See
/// Documentation/Concurrency.md for the whole threading model.
public struct BackgroundStore: Sendable {
  /// The store the calls run on.
  public let store: Store

  /// A background view of `store`; the same as `store.background`.
  public init(_ store: Store) { self.store = store }

  /// Opens (or creates) the directory store at `directory` on a global queue; see
  /// ``Store/init(directory:schema:options:)``, whose errors and guarantees it shares.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled (nothing is opened), else
  ///   as ``Store/init(directory:schema:options:)``.
  public static func open(
    directory: String, schema: Schema, options: StoreOptions = StoreOptions()
  ) async throws -> Store {
    try await run { try Store(directory: directory, schema: schema, options: options) }
  }

  /// Opens an existing directory store with its stored schema copy on a global queue; see
  /// ``Store/open(directory:options:)``.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as
  ///   ``Store/open(directory:options:)``.
  public static func open(directory: String, options: StoreOptions = StoreOptions()) async throws -> Store {
    try await run { try Store.open(directory: directory, options: options) }
  }

  /// Runs `body` as one transaction on a global queue and commits (and, for a directory store,
  /// saves) its changes; see ``Store/transaction(_:)``.
  ///
  /// ```swift
  /// try await store.background.transaction { tx in
  ///   try tx.insert("Department", ["id": 9, "name": "Ops"])
  /// }
  /// ```
  ///
  /// - Returns: What `body` returns.
  /// - Throws: `CancellationError` when the task is already cancelled (nothing runs), else as
  ///   ``Store/transaction(_:)``: the store and its files are then exactly as they were.
  @discardableResult
  public func transaction<T: Sendable>(_ body: @escaping @Sendable (inout Transaction) throws -> T)
    async throws -> T
  {
    let store = store
    return try await Self.run { try store.transaction(body) }
  }

  /// Rewrites every file of a directory store on a global queue; see ``Store/rewriteFiles()``.
  ///
  /// - Throws: `CancellationError` when the task is already cancelled, else as
  ///   ``Store/rewriteFiles()``.
  public func rewriteFiles() async throws {
    let store = store
    try await Self.run { try store.rewriteFiles() }
  }

  /// Runs `work` on a global queue and resumes the caller with its result.
  ///
  /// No task is created: the continuation is resumed exactly once, from the queue, so nothing
  /// outlives the call.
  static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try Task.checkCancellation()
    let qos = qualityOfService(Task.currentPriority)
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: qos).async {
        continuation.resume(with: Result { try work() })
      }
    }
  }

  /// The dispatch class matching a task priority.
  static func qualityOfService(_ priority: TaskPriority) -> DispatchQoS.QoSClass {
    switch priority {
    case .high, .userInitiated: return .userInitiated
    case .low, .utility: return .utility
    case .background: return .background
    default: return .default
    }
  }
}

extension Store {
  /// `async` forms of this store's long-running calls (sync, plan, apply, transaction), run off
  /// the caller's executor; see ``BackgroundStore``.
  ///
  /// ```swift
  /// let report = try await store.background.sync(payload, into: "Employee")
  /// ```
  public var background: BackgroundStore { BackgroundStore(self) }
}
