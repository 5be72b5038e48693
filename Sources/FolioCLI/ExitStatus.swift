/// The exit statuses of `folio`.
public enum ExitStatus {
  /// The command did what was asked.
  public static let success: Int32 = 0
  /// The command failed; the reason is on standard error.
  public static let failure: Int32 = 1
  /// The command was called wrongly (unknown option, missing argument).
  public static let usage: Int32 = 2
  /// The change was committed (readers see it), but finishing the save failed; the next
  /// command that opens the store for writing finishes it. The reason is on standard error.
  public static let committedNotFinished: Int32 = 3
}
