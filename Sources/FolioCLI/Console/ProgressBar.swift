/// A one-line progress bar on standard error, drawn only when standard error is a terminal and
/// the work is long enough to be worth watching; otherwise every call does nothing.
///
/// It redraws in place with a carriage return and clears its line when finished, so it never
/// mixes with results (those go to standard output) or with piped error logs.
struct ProgressBar {
  /// Work with fewer items than this finishes too fast for a bar.
  static let minimumItems = 10_000
  /// Payload files at least this large get a bar from the start, while they are read.
  static let minimumBytes = 4 << 20
  /// The bar's width in cells.
  static let width = 30

  private let console: Console
  private let isEnabled: Bool
  private var lastCells = -1

  /// A bar for `items` units of work on `console`.
  init(console: Console, items: Int) {
    self.init(console: console, isLong: items >= Self.minimumItems)
  }

  /// A bar on `console` for work already known to be long (or not).
  init(console: Console, isLong: Bool) {
    self.console = console
    self.isEnabled = console.isErrorTerminal && isLong
  }

  /// Whether the bar draws anything.
  var isDrawing: Bool { isEnabled }

  /// Draws `fraction` (0…1) done with a short `label` for the current step.
  mutating func update(_ fraction: Double, _ label: String) {
    guard isEnabled else { return }
    let clamped = min(max(fraction, 0), 1)
    let cells = Int(clamped * Double(Self.width))
    guard cells != lastCells else { return }
    lastCells = cells
    let bar =
      String(repeating: "█", count: cells) + String(repeating: "░", count: Self.width - cells)
    console.err("\r\(bar) \(Int(clamped * 100))% \(label)\u{1B}[K")
  }

  /// Clears the bar's line.
  func finish() {
    guard isEnabled else { return }
    console.err("\r\u{1B}[K")
  }
}
