import Synchronization

/// Mark-and-sweep across several sync calls (D21, F13): syncs made through the session mark
/// every record they reach; ``sweep()`` then deletes the records the session did not reach, but
/// only in entities the session synced.
///
/// Marks start empty and belong to this session only; a session in which nothing was synced
/// sweeps nothing.
///
/// ```swift
/// let session = store.beginSyncSession()
/// try session.sync(planesPage1, into: "Plane", options: SyncOptions(deleteMissing: false))
/// try session.sync(planesPage2, into: "Plane", options: SyncOptions(deleteMissing: false))
/// try session.sweep()   // deletes the planes neither page listed (and their cascades)
/// ```
public final class SyncSession: Sendable {
  /// The store the session syncs into.
  public let store: Store
  private let marks = Mutex<[String: Set<RecordID>]>([:])

  init(store: Store) { self.store = store }

  /// Syncs like ``Store/sync(_:into:options:)`` and marks every record the payload reached
  /// (top-level and nested), once the sync has committed.
  ///
  /// - Returns: What happened to each record.
  /// - Throws: ``SyncError``; nothing is written or marked then.
  /// - Complexity: O(*n* + *m*).
  @discardableResult
  public func sync(_ payload: JSONValue, into entity: String, options: SyncOptions = SyncOptions())
    throws(SyncError) -> SyncReport
  {
    let plan = try store.sync(payload, into: entity, options: options, collectMarks: true)
    marks.withLock { marks in
      // The entity synced counts as touched even when the payload reached none of its records.
      if marks[entity] == nil { marks[entity] = [] }
      for (name, ids) in plan.marks { marks[name, default: []].formUnion(ids) }
    }
    return SyncPlan.report(releasing: plan)
  }

  /// The entities this session has synced, top-level or nested.
  public var touchedEntities: Set<String> { marks.withLock { Set($0.keys) } }

  /// Deletes, in one atomic commit, every record of every entity the session touched that no
  /// sync of the session reached; delete rules apply (cascades are reported too). Owned
  /// entities (without an identifier) are not swept themselves: their records go with their
  /// parents.
  ///
  /// - Returns: The deletions.
  /// - Throws: ``SyncError`` when a `deny` rule refuses; nothing is deleted then.
  /// - Complexity: O(*m*) in the records of the touched entities.
  @discardableResult
  public func sweep() throws(SyncError) -> SyncReport {
    let marks = self.marks.withLock { $0 }
    // Owned records go with their parents (a parent the payload gave without the owned key
    // keeps them), so only entities with an identifier are swept.
    let order = store.schema.entities.filter { marks[$0.name] != nil && !$0.isOwned }.map(\.name)
    return try sweep(order, marks: marks, label: order.joined(separator: ", "))
  }

  /// Like ``sweep()``, limited to `entity`; nothing happens when the session did not touch it,
  /// or when `entity` is owned.
  ///
  /// - Returns: The deletions.
  /// - Throws: ``SyncError`` when a `deny` rule refuses; nothing is deleted then.
  /// - Complexity: O(*m*) in the records of `entity`.
  @discardableResult
  public func sweep(entity: String) throws(SyncError) -> SyncReport {
    let marks = self.marks.withLock { $0 }
    let isOwned = store.schema.entity(named: entity)?.isOwned == true
    return try sweep(marks[entity] == nil || isOwned ? [] : [entity], marks: marks, label: entity)
  }

  private func sweep(_ entities: [String], marks: [String: Set<RecordID>], label: String)
    throws(SyncError) -> SyncReport
  {
    do {
      return try store.transaction { tx in
        var planner = SyncPlanner(state: tx.state)
        for entity in entities {
          var doomed: [RecordID] = []
          let reached = marks[entity] ?? []
          planner.work.state.forEachRecord(of: entity) { id, _ in
            if !reached.contains(id) { doomed.append(id) }
          }
          for id in doomed.sorted() {
            try planner.delete(entity, id, because: "not reached by this sync session (sweep)")
          }
        }
        let report = planner.finish(entity: label)
        tx.work = planner.work
        return report
      }
    } catch let error as SyncError {
      throw error
    } catch let error as StoreError {
      throw SyncError(error)
    } catch {
      throw SyncError(code: .storeRefused, message: "\(error)")
    }
  }
}

extension Store {
  /// Starts a sync session with empty marks (D21).
  public func beginSyncSession() -> SyncSession { SyncSession(store: self) }
}
