import Synchronization

/// The current results of an observed query, updated by the store's commit listener.
///
/// Commit listeners run one at a time (commits are serialised), but the state is also read
/// while the observation is set up, so it lives behind a mutex.
final class LiveQueryState: Sendable {
  private struct Current: Sendable {
    var generation: UInt64
    var results: [FetchedRecord]
  }

  let query: Query
  private let current: Mutex<Current>

  init(query: Query, generation: UInt64, results: [FetchedRecord]) {
    self.query = query
    current = Mutex(Current(generation: generation, results: results))
  }

  /// Brings the results up to the commit in `event` and returns what changed, or `nil` when the
  /// commit did not affect the results (or was already included).
  func apply(_ event: CommitEvent) -> QueryUpdate? {
    current.withLock { current -> QueryUpdate? in
      guard event.generation > current.generation else { return nil }
      current.generation = event.generation
      guard let compiled = try? CompiledQuery(query, in: event.state) else { return nil }
      let state = event.state
      var touched = Set<RecordID>()
      var dependencyChanged = false
      for change in event.changes {
        if change.key.entity == query.entity {
          touched.insert(change.key.id)
        } else if compiled.dependencies.contains(change.key.entity) {
          dependencyChanged = true
        }
      }
      guard !touched.isEmpty || dependencyChanged else { return nil }
      let rows: [CompiledQuery.Row]
      if dependencyChanged || query.limit != nil || query.offset != 0 {
        rows = compiled.results(in: state)
      } else {
        // Incremental: untouched results keep their rows; touched records are re-evaluated.
        var candidates: [CompiledQuery.Row] = []
        candidates.reserveCapacity(current.results.count + touched.count)
        for row in current.results where !touched.contains(row.id) {
          candidates.append((row.id, row.values))
        }
        for id in touched {
          guard let record = state.record(query.entity, id) else { continue }
          if compiled.matcher?(.object(record)) ?? true { candidates.append((id, record)) }
        }
        rows = compiled.ordered(candidates, first: candidates.count, reversed: false)
      }
      let results = rows.map { FetchedRecord(id: $0.id, values: $0.record) }
      let changes = ResultsDiff.changes(from: current.results, to: results)
      current.results = results
      guard !changes.isEmpty else { return nil }
      return QueryUpdate(generation: event.generation, results: results, changes: changes)
    }
  }
}
