/// A unit of work on a store: reads see its own writes, and all of its writes commit together
/// or not at all.
///
/// Get one from ``Store/transaction(_:)``; it is valid only inside that closure.
public struct Transaction: Sendable {
  var work: WorkingState
  /// The generation the transaction started from.
  public let baseGeneration: UInt64

  init(state: StoreState) {
    work = WorkingState(state)
    baseGeneration = state.generation
  }

  /// The records as this transaction sees them.
  public var state: StoreState { work.state }

  /// The record of `entity` with identifier `id`, including this transaction's changes.
  public func get(_ entity: String, _ id: RecordID) -> JSONObject? { work.record(entity, id) }
}

extension Store {
  /// Runs `body` as one atomic transaction and commits its changes.
  ///
  /// Transactions are serialised. If `body` throws, nothing is committed and the error is
  /// rethrown. A commit that changes nothing does not advance the generation, writes nothing and
  /// notifies no one.
  ///
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws, or a ``StoreError`` from committing; the store is then
  ///   exactly as it was.
  public func transaction<T>(_ body: (inout Transaction) throws -> T) throws -> T {
    try writer.withLock { _ in
      var tx = Transaction(state: state)
      let result = try body(&tx)
      try commit(tx.work)
      return result
    }
  }

  /// Makes `work` the committed state and notifies listeners. Callers hold `writer`.
  func commit(_ work: WorkingState) throws {
    let changes = work.log.changes
    guard !changes.isEmpty else { return }
    var next = work.state
    next.generation += 1
    let events = changes.map { entry in
      RecordChange(
        key: entry.key,
        kind: entry.before == nil ? .insert : entry.after == nil ? .delete : .update,
        before: entry.before, after: entry.after)
    }
    let listeners = current.withLock { current in
      current.state = next
      return Array(current.listeners.values)
    }
    let event = CommitEvent(generation: next.generation, changes: events, state: next)
    for listener in listeners { listener(event) }
  }

  /// Registers `listener` to be called after every commit that changed something, on the
  /// committing thread, after the new state is visible.
  ///
  /// - Returns: a token for ``removeCommitListener(_:)``.
  @discardableResult
  public func addCommitListener(_ listener: @escaping @Sendable (CommitEvent) -> Void) -> Int {
    current.withLock { current in
      let token = current.nextListener
      current.nextListener += 1
      current.listeners[token] = listener
      return token
    }
  }

  /// Stops calling the listener registered under `token`.
  public func removeCommitListener(_ token: Int) {
    _ = current.withLock { $0.listeners.removeValue(forKey: token) }
  }
}
