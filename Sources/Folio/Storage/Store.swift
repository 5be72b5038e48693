import Synchronization

/// An embedded document store: every record in memory, persisted as sharded canonical JSON
/// files (or nowhere, for an in-memory store), changed only through atomic transactions.
///
/// Readers take an immutable ``StoreState`` snapshot and never see a partial commit. Writers are
/// serialised: one transaction runs at a time, and its changes become visible (and, for a
/// directory store, durable) all at once when it returns.
///
/// ```swift
/// let store = try Store.inMemory(schema: schema)
/// try store.transaction { tx in
///   try tx.insert("Item", ["id": 1, "name": "A"])
/// }
/// store.state.count("Item")   // 1
/// ```
public final class Store: Sendable {
  /// Serialises writers for the whole of a transaction, and owns the files of a directory store.
  let writer: Mutex<Backend>
  /// The committed state and the commit listeners; held only briefly.
  let current: Mutex<Current>

  struct Current: Sendable {
    var state: StoreState
    var listeners: [Int: @Sendable (CommitEvent) -> Void] = [:]
    var nextListener = 0
  }

  /// What only the writer touches: the directory backing, if any.
  struct Backend: Sendable {
    var disk: DirectoryBacking?
  }

  /// The problems a lenient open found and left out (empty for a strict open or an in-memory
  /// store): each names the file, line, column and JSON pointer. First come what any open set
  /// aside without applying it (``StoreError/Code/journalIgnored``): a commit journal or a
  /// local state that is not this working copy's, or a journal whose files changed since.
  public let loadProblems: [StoreError]
  /// The store's directory, or `nil` for an in-memory store.
  public let directory: String?
  /// Where the store logs, if anywhere.
  let logHandler: FolioLogHandler?

  init(
    state: StoreState, disk: DirectoryBacking? = nil, loadProblems: [StoreError] = [],
    logHandler: FolioLogHandler? = nil
  ) {
    current = Mutex(Current(state: state))
    writer = Mutex(Backend(disk: disk))
    directory = disk?.path
    self.loadProblems = loadProblems
    self.logHandler = logHandler
  }

  deinit {
    writer.withLock { $0.disk?.lock?.release() }
  }

  /// A store that keeps its records in memory only; it behaves exactly like a directory store
  /// except that nothing is written anywhere.
  ///
  /// The schema is not validated here (sync tests build deliberately invalid schemas);
  /// ``init(directory:schema:options:)`` validates before touching the disk.
  ///
  /// - Throws: Nothing today; kept throwing so validation can be added without breaking callers.
  public static func inMemory(schema: Schema) throws -> Store {
    Store(state: StoreState(schema: schema))
  }

  /// The schema the store follows.
  public var schema: Schema { state.schema }

  /// A snapshot of every committed record; it never changes afterwards.
  public var state: StoreState { current.withLock { $0.state } }

  /// The number of commits that changed something since the store was created.
  public var generation: UInt64 { state.generation }
}

/// What one commit changed, delivered to commit listeners after the commit is visible.
public struct CommitEvent: Sendable {
  /// The generation the commit produced.
  public let generation: UInt64
  /// Every record that differs from before the commit, in order of first touch.
  public let changes: [RecordChange]
  /// The committed state.
  public let state: StoreState
}

/// One record's change in a commit.
public struct RecordChange: Sendable, Hashable {
  /// How the record changed.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// It did not exist before.
    case insert
    /// It existed and a value changed.
    case update
    /// It no longer exists.
    case delete
  }

  /// The record's entity and identifier.
  public let key: RecordKey
  /// How it changed.
  public let kind: Kind
  /// The record before the commit (`nil` for an insert).
  public let before: JSONObject?
  /// The record after the commit (`nil` for a delete).
  public let after: JSONObject?

  /// The attribute and relationship names whose values differ, in key order.
  public var changedFields: [String] {
    var keys = Set<String>()
    for member in before ?? JSONObject() { keys.insert(member.key) }
    for member in after ?? JSONObject() { keys.insert(member.key) }
    return keys.filter { before?[$0] != after?[$0] }.sorted(by: JSONObject.keyPrecedes)
  }
}
