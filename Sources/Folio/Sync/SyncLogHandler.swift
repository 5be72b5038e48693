/// How important a log message is.
public enum SyncLogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, Codable {
  /// Each record's outcome, for entities marked verbose.
  case verbose
  /// One summary line per applied sync.
  case info
  /// Rejected items, dangling references, the mass-delete guard.
  case warning
  /// A sync that failed.
  case error

  /// Orders levels by importance.
  public static func < (lhs: SyncLogLevel, rhs: SyncLogLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// A pluggable destination for sync log messages (F23). Syncs are silent unless options carry a
/// handler.
///
/// ```swift
/// var options = SyncOptions()
/// options.logHandler = SyncLogHandler(minimumLevel: .info) { level, message in
///   print("[\(level)] \(message)")
/// }
/// ```
public struct SyncLogHandler: Sendable {
  /// Messages below this level are dropped.
  public var minimumLevel: SyncLogLevel
  let sink: @Sendable (SyncLogLevel, String) -> Void

  /// A handler receiving every message at or above `minimumLevel`.
  public init(
    minimumLevel: SyncLogLevel = .info, _ sink: @escaping @Sendable (SyncLogLevel, String) -> Void
  ) {
    self.minimumLevel = minimumLevel
    self.sink = sink
  }

  /// Sends `message` when `level` is at or above ``minimumLevel``; the message is built only then.
  public func log(_ level: SyncLogLevel, _ message: @autoclosure () -> String) {
    guard level >= minimumLevel else { return }
    sink(level, message())
  }

  /// Logs an applied report: each outcome of a verbose entity (verbose), each rejection and
  /// diagnostic (warning), and the summary (info).
  func log(_ report: SyncReport, schema: Schema) {
    var verboseEntities = Set<String>()
    for entity in schema.entities where entity.isVerbose { verboseEntities.insert(entity.name) }
    for outcome in report.outcomes {
      if outcome.kind == .rejected {
        log(.warning, outcome.line)
      } else if verboseEntities.contains(outcome.entity) {
        log(.verbose, outcome.line)
      }
    }
    for diagnostic in report.diagnostics { log(.warning, diagnostic.message) }
    log(.info, "\(report.entity) sync: \(report.summary)")
  }
}
