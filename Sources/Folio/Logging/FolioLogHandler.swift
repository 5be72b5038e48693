/// How important a ``FolioLogEntry`` is. The raw values are swift-log's level names, so
/// `Logger.Level(rawValue: entry.level.rawValue)` converts one.
public enum FolioLogLevel: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
  /// Each record a commit changed (`record.inserted`, `record.updated`, `record.deleted`), and
  /// each sync outcome of an entity marked verbose.
  case debug
  /// A store opened, a migration applied, a commit, an applied sync.
  case info
  /// A record a lenient open left out, a rejected sync item, a sync diagnostic.
  case warning
  /// An open, transaction or sync that failed (nothing was written).
  case error

  /// Orders levels by importance.
  public static func < (lhs: FolioLogLevel, rhs: FolioLogLevel) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// One thing a store did, for a ``FolioLogHandler``: a stable event name, a human message, and
/// structured metadata.
///
/// Metadata keys (present when they apply): `file` (the store directory, or the file a problem
/// is in), `line`, `entity`, `identifier`, `pointer` (JSON pointer into a payload or file),
/// `generation` (the commit's), `changes` (records a commit changed), `migration`, `summary` (a
/// sync's counts), `code` (an error's code), `trustedFiles` and `validatedFiles` (an open's
/// content files taken on trust and validated in full). Events and their keys are listed in
/// Documentation/Logging.md.
public struct FolioLogEntry: Sendable, Hashable, CustomStringConvertible {
  /// How important it is.
  public var level: FolioLogLevel
  /// The stable event name, e.g. `store.opened`, `commit`, `record.inserted`, `sync.applied`.
  public var event: String
  /// What happened, in a sentence.
  public var message: String
  /// Structured details: entity, identifier, pointer, generation, file, …
  public var metadata: [String: String]

  /// Creates an entry.
  public init(level: FolioLogLevel, event: String, message: String, metadata: [String: String] = [:]) {
    self.level = level
    self.event = event
    self.message = message
    self.metadata = metadata
  }

  /// `[level] event: message key=value …`, keys sorted.
  public var description: String {
    let details = metadata.keys.sorted().map { "\($0)=\(metadata[$0] ?? "")" }.joined(separator: " ")
    return "[\(level.rawValue)] \(event): \(message)" + (details.isEmpty ? "" : " " + details)
  }
}

/// Where a store's log goes: opening, migrations, commits, each changed record, transactions
/// that failed, and syncs (F23). Stores are silent unless given one, in
/// ``StoreOptions/logHandler`` or ``Store/inMemory(schema:logHandler:)``.
///
/// ```swift
/// var options = StoreOptions()
/// options.logHandler = FolioLogHandler(minimumLevel: .info) { entry in print(entry) }
/// let store = try Store(directory: "company.folio", schema: company, options: options)
/// // [info] store.opened: opened company.folio (0 records) file=company.folio generation=0 records=0 trustedFiles=0 validatedFiles=0
/// ```
///
/// The sink is called on the thread doing the work (the committing thread for commits), after
/// the fact; keep it short. Entries below ``minimumLevel`` are never built, so a
/// `.info` handler costs nothing per record. ``SyncLogHandler`` (per-sync, in
/// ``SyncOptions/logHandler``) keeps working beside it.
public struct FolioLogHandler: Sendable {
  /// Entries below this level are dropped before they are built.
  public var minimumLevel: FolioLogLevel
  let sink: @Sendable (FolioLogEntry) -> Void

  /// A handler receiving every entry at or above `minimumLevel`.
  ///
  /// - Parameters:
  ///   - minimumLevel: The least important level delivered; `.info` by default.
  ///   - sink: Receives each entry, on the thread doing the work.
  public init(minimumLevel: FolioLogLevel = .info, _ sink: @escaping @Sendable (FolioLogEntry) -> Void) {
    self.minimumLevel = minimumLevel
    self.sink = sink
  }

  /// Whether entries of `level` are delivered.
  public func accepts(_ level: FolioLogLevel) -> Bool { level >= minimumLevel }

  /// Delivers an entry when its level is accepted; the message and metadata are built only then.
  ///
  /// - Parameters:
  ///   - level: How important it is.
  ///   - event: The stable event name.
  ///   - message: What happened.
  ///   - metadata: Structured details.
  public func log(
    _ level: FolioLogLevel, _ event: String, _ message: @autoclosure () -> String,
    metadata: @autoclosure () -> [String: String] = [:]
  ) {
    guard accepts(level) else { return }
    sink(FolioLogEntry(level: level, event: event, message: message(), metadata: metadata()))
  }
}

extension Store {
  /// A store that keeps its records in memory only and logs its commits, changed records,
  /// failed transactions and syncs to `logHandler`; see ``inMemory(schema:)``.
  ///
  /// ```swift
  /// let store = try Store.inMemory(schema: schema, logHandler: FolioLogHandler { print($0) })
  /// ```
  ///
  /// - Throws: Nothing today, as ``inMemory(schema:)``.
  public static func inMemory(schema: Schema, logHandler: FolioLogHandler?) throws -> Store {
    Store(state: StoreState(schema: schema), logHandler: logHandler)
  }
}
