import Synchronization

/// The results of a query kept up to date: the initial results, then one ``QueryUpdate`` per
/// commit that changed them (D24).
///
/// A commit produces exactly one update listing every insert, update, move and delete, or none
/// at all when the results are unaffected: changes to other entities, to records outside the
/// results that still do not match, or a sync that changed nothing (it does not commit). A record
/// that stops matching the predicate, or is deleted, is a delete and leaves the results.
///
/// ```swift
/// let live = try store.observe(Query("Item", where: "active" == true, sortedBy: "id"))
/// live.initial  // the results now
/// for await update in live {
///   print(update.changes)  // e.g. [insert 1 at 0, insert 3 at 1]
/// }
/// ```
///
/// Iterate it once, from one task. Cancelling that task ends the sequence and unregisters the
/// observation from the store; so does releasing the sequence and its iterator.
public struct LiveQuery: AsyncSequence, Sendable {
  /// One commit's effect on the results.
  public typealias Element = QueryUpdate

  /// The observed query.
  public let query: Query
  /// The results when the observation started.
  public let initial: [FetchedRecord]
  /// The generation ``initial`` reflects; updates follow from later commits.
  public let generation: UInt64

  let stream: AsyncStream<QueryUpdate>
  let registration: ListenerRegistration

  /// Creates the iterator; create at most one per live query.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: stream.makeAsyncIterator(), registration: registration)
  }

  /// Reads the updates of a ``LiveQuery``.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<QueryUpdate>.Iterator
    let registration: ListenerRegistration

    /// The next update, or `nil` once the observation ended (the task was cancelled).
    public mutating func next() async -> QueryUpdate? { await base.next() }

    /// The next update on the caller's actor, or `nil` once the observation ended.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> QueryUpdate? {
      await base.next(isolation: actor)
    }
  }
}

extension Store {
  /// Observes `query`: its results now, and one update per later commit that changes them.
  ///
  /// No commit is missed or counted twice: the observation is registered before the initial
  /// results are read, and commits already included in them are skipped.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: one ``StoreState/fetch(_:)`` now; per relevant commit, O(*r* log *r*) in the
  ///   number of results (re-ordering a nearly sorted list), or a full query when the query has a
  ///   limit or offset or reads other entities through key paths.
  public func observe(_ query: Query) throws(QueryError) -> LiveQuery {
    let (stream, continuation) = AsyncStream.makeStream(of: QueryUpdate.self)
    // Validate before registering anything.
    _ = try CompiledQuery(query, in: state)
    let box = StateBox()
    let token = addCommitListener { event in
      guard let live = box.state.withLock({ $0 }) else { return }
      if let update = live.apply(event) { continuation.yield(update) }
    }
    continuation.onTermination = { [weak self] _ in self?.removeCommitListener(token) }
    let registration = ListenerRegistration(store: self, token: token)
    // Read the initial results after registering; hold the box so a concurrent commit's
    // listener waits and then sees the generation the results reflect.
    let (initial, generation) = try box.state.withLock { slot throws(QueryError) in
      let snapshot = state
      let initial = try snapshot.fetch(query)
      slot = LiveQueryState(query: query, generation: snapshot.generation, results: initial)
      return (initial, snapshot.generation)
    }
    return LiveQuery(
      query: query, initial: initial, generation: generation, stream: stream,
      registration: registration)
  }
}

/// Holds the live state once it exists; the listener is registered before it is created.
private final class StateBox: Sendable {
  let state = Mutex<LiveQueryState?>(nil)
}
