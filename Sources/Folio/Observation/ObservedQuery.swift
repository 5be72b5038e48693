import Observation
import Synchronization

/// The results of a query as an `@Observable` model on the main actor: ``results`` changes
/// whenever a commit changes them, so a SwiftUI view (or anything using Observation) that reads
/// it redraws by itself.
///
/// ```swift
/// @MainActor final class RepoList {
///   let open: ObservedQuery
///   init(store: Store) throws {
///     open = try ObservedQuery(Query("Repo", where: "state" == "open"), in: store)
///   }
/// }
/// // In a SwiftUI view: ForEach(list.open.results, id: \.id) { Text($0["fullName"]?.stringValue ?? "") }
/// ```
///
/// It is built on ``Store/observe(_:)``: the results are read when it is created, and each
/// later commit that changes them (see ``LiveQuery``) replaces ``results`` and ``changes`` in one
/// main-actor turn. **Updates arrive on the main actor, asynchronously**: the committing thread
/// returns first, and the new results are set when the main actor next runs, so a commit made
/// on the main actor is visible in ``results`` after the caller's next suspension, not on the
/// line after the commit. Commits are delivered in order and none is skipped.
///
/// The observation lasts as long as the object: releasing it cancels the task that reads the
/// updates and unregisters it from the store.
@MainActor @Observable
public final class ObservedQuery {
  /// The observed query.
  public let query: Query
  /// The current results, in query order.
  public private(set) var results: [FetchedRecord]
  /// The changes of the last update (empty until the first one): positions for animating a list.
  public private(set) var changes: [ResultChange] = []
  /// The generation ``results`` reflect.
  public private(set) var generation: UInt64

  /// Cancels the task reading the updates when this object goes away.
  @ObservationIgnored private let reader = UpdateReader()

  /// Starts observing `query` in `store` with its current results.
  ///
  /// - Parameters:
  ///   - query: The query to keep up to date.
  ///   - store: The store whose commits update it.
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: one ``StoreState/fetch(_:)`` now; per relevant commit, as ``Store/observe(_:)``.
  public init(_ query: Query, in store: Store) throws(QueryError) {
    let live = try store.observe(query)
    self.query = query
    results = live.initial
    generation = live.generation
    reader.start { [weak self] in
      for await update in live {
        guard let self else { return }
        self.apply(update)
      }
    }
  }

  /// Replaces the results with an update's.
  func apply(_ update: QueryUpdate) {
    results = update.results
    changes = update.changes
    generation = update.generation
  }
}

/// Owns the main-actor task that feeds an observed model, and cancels it on release, which ends
/// the live query's iteration and unregisters it from the store. (A class of its own so that the
/// model needs no deinit: the model's deinit is not on the main actor.)
final class UpdateReader: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)

  /// Runs `body` in a main-actor task owned by this reader.
  func start(_ body: @escaping @MainActor @Sendable () async -> Void) {
    task.withLock { $0 = Task { @MainActor in await body() } }
  }

  deinit { task.withLock { $0?.cancel() } }
}
