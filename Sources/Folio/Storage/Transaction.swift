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

  /// The record of `entity` with identifier `id`, including this transaction's changes (a
  /// `uuid` identifier in any accepted spelling).
  public func get(_ entity: String, _ id: RecordID) -> JSONObject? {
    work.record(entity, work.index.canonicalID(entity, id))
  }
}

extension Store {
  /// Runs `body` as one atomic transaction and commits its changes.
  ///
  /// Transactions are serialised. If `body` throws, nothing is committed and the error is
  /// rethrown. A commit that changes nothing does not advance the generation, writes nothing and
  /// notifies no one.
  ///
  /// For a directory store the commit is saved before this returns (autosave on commit): only
  /// the shards whose bytes changed are rewritten, atomically as a whole. Before `body` runs,
  /// the store reads again any file changed outside Folio since it last read or wrote it (an
  /// editor, `git pull`, `checkout`, `merge`), so `body` sees what the files hold now; a file
  /// that changes while `body` runs is never overwritten: the commit fails with
  /// ``StoreError/Code/changedOutside`` and writes nothing, and the next transaction sees it. Do not call
  /// `transaction` or ``check()`` from inside `body` (writers are serialised, not reentrant).
  ///
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws, or a ``StoreError`` from saving; the store and its files are
  ///   then exactly as they were (except that a save failing after its commit point is completed
  ///   by the next open, and the store refuses further transactions until reopened).
  public func transaction<T>(_ body: (inout Transaction) throws -> T) throws -> T {
    do {
      return try writer.withLock { backend in
        try backend.disk?.requireWritable()
        try refreshFromDisk(&backend)
        var tx = Transaction(state: state)
        let result = try body(&tx)
        try commit(tx.work, backend: &backend)
        return result
      }
    } catch {
      logHandler?.transactionFailed(error)
      throw error
    }
  }

  /// Makes `work` the committed state (saving it first for a directory store) and notifies
  /// listeners. Callers hold `writer`.
  func commit(_ work: WorkingState, backend: inout Backend) throws(StoreError) {
    // The log is read in place: a filtered copy of it (``ChangeLog/changes``) took 56 bytes per
    // changed record at the sync's memory peak (massif, 100k day 1), and is built below only
    // for a logger or listeners.
    guard !work.log.isEmpty else { return }
    let entries = work.log.entries
    var next = work.state
    next.generation += 1
    // Note the chunks each entity's changes touched. Changes are grouped by entity first (they
    // come in runs), so a change costs no String-keyed lookup (callgrind, 100k-record sync: 300k
    // such lookups in this function, ~5% of the sync).
    var touched: [(entity: String, ids: [RecordID])] = []
    // Read through the buffer: a loop over the entries copied each one out (its key and both
    // records: 2.9% of a 100k day-1 sync's samples were retains there, perf).
    entries.withUnsafeBufferPointer { entries in
      for position in entries.indices where entries[position].isChange {
        let key = entries[position].key
        if let last = touched.indices.last, touched[last].entity == key.entity {
          touched[last].ids.append(key.id)
        } else if let position = touched.firstIndex(where: { $0.entity == key.entity }) {
          touched[position].ids.append(key.id)
        } else {
          // The first entity usually has nearly all the changes (a sync's own entity): room for
          // all of them at once, rather than up to twice that by doubling.
          var ids: [RecordID] = []
          if touched.isEmpty { ids.reserveCapacity(entries.count) }
          ids.append(key.id)
          touched.append((key.entity, ids))
        }
      }
    }
    // Unique indexes are checked once per commit, so a unit of work may pass through a
    // duplicate (swapping two values) as long as it does not commit one.
    try next.checkUniqueIndexes(touched)
    var dirty: [String: Set<UInt64>] = [:]
    if backend.disk != nil {
      for (entity, ids) in touched {
        guard let table = next.tables[entity] else {
          dirty[entity] = []
          continue
        }
        // One flag per chunk rather than a `Set<Int>`, whose hashing cost 170 instructions per
        // change (callgrind, 100k-record sync).
        var isDirty = [Bool](repeating: false, count: table.chunkCount)
        var count = 0
        func mark(_ chunk: Int) {
          if !isDirty[chunk] {
            isDirty[chunk] = true
            count += 1
          }
        }
        for id in ids where count != table.chunkCount {
          let chunk = table.chunkIndex(for: id)
          mark(chunk)
          // A new boundary took the tail of the chunk before it.
          if chunk > 0, table.boundaries[chunk - 1] == id { mark(chunk - 1) }
        }
        dirty[entity] = Set(isDirty.indices.filter { isDirty[$0] }.map(table.chunkHash))
      }
    }
    if backend.disk != nil { try backend.disk?.save(next, dirty: dirty) }
    let listeners = current.withLock { current in
      current.state = next
      return Array(current.listeners.values)
    }
    // Events and the log entry are built only for someone to hear them: a large sync changes
    // every record.
    let logs = logHandler?.accepts(.info) == true
    guard logs || !listeners.isEmpty else { return }
    let changes = work.log.changes
    if logs {
      logHandler?.committed(changes, generation: next.generation, directory: backend.disk?.path)
    }
    guard !listeners.isEmpty else { return }
    let events = changes.map { entry in
      RecordChange(
        key: entry.key,
        kind: entry.before == nil ? .insert : !entry.exists ? .delete : .update,
        before: entry.before, after: work.after(entry))
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
