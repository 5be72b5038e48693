/// How far a sync has come, reported to ``SyncOptions/progress`` while it plans and writes.
///
/// Planning reports the items taken from the payload, every ``SyncProgress/reportingInterval``
/// items and once at the end; writing (``Store/apply(_:)`` and ``Store/sync(_:into:options:)``
/// of a directory store) reports each store file it has encoded and, when its bytes changed,
/// staged. A command-line tool draws a bar from these; an app can show a determinate progress
/// view.
///
/// ```swift
/// var options = SyncOptions()
/// options.progress = { progress in
///   print(progress.phase, progress.completed, "of", progress.total)
/// }
/// ```
public struct SyncProgress: Sendable, Equatable {
  /// A step of a sync.
  public enum Phase: String, Sendable {
    /// Items are read from the payload and compared with the stored records.
    case planning
    /// The changed records' files are encoded and written.
    case writing
  }

  /// A closure that receives progress reports.
  ///
  /// While writing, it is called from the store's worker threads, possibly several at once:
  /// make it thread-safe and quick (hand the figures to your UI; do not block).
  public typealias Handler = @Sendable (SyncProgress) -> Void

  /// Items between two planning reports.
  public static let reportingInterval = 1024

  /// The step reported.
  public var phase: Phase
  /// Items planned, or files written, so far.
  public var completed: Int
  /// The items of the payload (exact for a payload in memory; for a streamed array, an
  /// estimate from its first chunk until its end has been read, never below ``completed``, and
  /// exact in the last planning report), or the files the save considers; 0 when unknown.
  public var total: Int

  /// A report of `completed` out of `total` in `phase`.
  public init(phase: Phase, completed: Int, total: Int) {
    self.phase = phase
    self.completed = completed
    self.total = total
  }
}
