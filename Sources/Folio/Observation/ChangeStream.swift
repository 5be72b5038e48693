/// The changes of one commit, as delivered by ``ChangeStream``.
public struct CommittedChanges: Sendable {
  /// The generation the commit produced.
  public let generation: UInt64
  /// The changed records (entity, identifier, kind, values before and after, and
  /// ``RecordChange/changedFields``), in order of first touch.
  public let changes: [RecordChange]
}

/// An asynchronous sequence of commits: one element per commit that changed something, in
/// commit order, starting with the first commit after the stream was created.
///
/// ```swift
/// let changes = store.changes(to: ["Item"])
/// for await commit in changes {
///   for change in commit.changes { print(change.kind, change.key, change.changedFields) }
/// }
/// ```
///
/// Elements are buffered until read, so a slow reader loses nothing. Iterate a stream once (from
/// one task). The store stops feeding it — the listener is removed — when the iterating task is
/// cancelled, or when the stream and its iterators are released.
public struct ChangeStream: AsyncSequence, Sendable {
  /// One commit's changes.
  public typealias Element = CommittedChanges

  let stream: AsyncStream<CommittedChanges>
  let registration: ListenerRegistration

  /// Creates the iterator; create at most one per stream.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: stream.makeAsyncIterator(), registration: registration)
  }

  /// Reads the commits of a ``ChangeStream``.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<CommittedChanges>.Iterator
    let registration: ListenerRegistration

    /// The next commit's changes, or `nil` once the stream ended (the task was cancelled).
    public mutating func next() async -> CommittedChanges? { await base.next() }

    /// The next commit's changes on the caller's actor, or `nil` once the stream ended.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> CommittedChanges? {
      await base.next(isolation: actor)
    }
  }
}

extension Store {
  /// A stream of every later commit's changes, optionally only those touching some entities.
  ///
  /// The listener is registered before this returns, so no commit after the call is missed.
  ///
  /// - Parameter entities: the entity names to report; commits changing none of them are not
  ///   delivered, and other entities' changes are left out. `nil` reports everything.
  /// - Returns: a stream to iterate once.
  public func changes(to entities: Set<String>? = nil) -> ChangeStream {
    let (stream, continuation) = AsyncStream.makeStream(of: CommittedChanges.self)
    let token = addCommitListener { event in
      let changes =
        entities.map { names in event.changes.filter { names.contains($0.key.entity) } }
        ?? event.changes
      guard !changes.isEmpty else { return }
      continuation.yield(CommittedChanges(generation: event.generation, changes: changes))
    }
    continuation.onTermination = { [weak self] _ in self?.removeCommitListener(token) }
    return ChangeStream(
      stream: stream, registration: ListenerRegistration(store: self, token: token))
  }
}
