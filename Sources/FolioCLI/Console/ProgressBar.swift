import Foundation
import Synchronization

/// A one-line progress display on standard error — the step, a bar, the percentage, the counts,
/// the rate and the time left — drawn only when standard error is a terminal and the work is long
/// enough to be worth watching; otherwise every call does nothing.
///
/// It redraws in place (carriage return, then clear to the end of the line) and never writes a
/// line wider than the terminal, so a narrow terminal never wraps it into stale lines; it clears
/// its line when finished and when the process is interrupted (Ctrl-C), so it never mixes with
/// results (those go to standard output) or with piped error logs.
///
/// Updates may come from several threads at once (a save encodes its files in parallel): the
/// state is behind a mutex, and redraws are limited to about ten a second.
final class ProgressBar: Sendable {
  /// Planning fewer items than this finishes too fast for a bar.
  static let minimumItems = 10_000
  /// Payload files at least this large get a bar from the start, while they are read.
  static let minimumBytes = 4 << 20
  /// The widest bar, in cells; a narrow terminal gets a shorter one, or none.
  static let maximumBarWidth = 30
  /// The narrowest bar worth drawing.
  static let minimumBarWidth = 5
  /// The least time between two redraws of the same step.
  static let redrawInterval: Duration = .milliseconds(100)

  /// What a step counts.
  enum Unit: String, Sendable {
    case bytes, items, files
  }

  /// One step's figures, as drawn.
  struct Figures: Sendable, Equatable {
    /// What is being done: `reading day-1.json`, `planning Employee`, `writing company.folio`.
    var label: String
    var completed: Int
    /// 0 when unknown: the line then shows the count and rate only.
    var total: Int
    var unit: Unit
    /// Units per second so far in this step, once measurable.
    var rate: Double?
  }

  private struct State: ~Copyable {
    var isDrawing = false
    var label = ""
    var started = ContinuousClock.now
    var lastDraw: ContinuousClock.Instant?
    var interruptHandlerInstalled = false
  }

  private let console: Console
  private let state = Mutex(State())

  /// A bar on `console`, silent until a step long enough to show is reported.
  init(console: Console) {
    self.console = console
  }

  /// Whether the bar has drawn anything (and will go on drawing until ``finish()``).
  var isDrawing: Bool { state.withLock { $0.isDrawing } }

  /// Reports `completed` of `total` `unit`s done in the step `label`.
  ///
  /// Drawing starts at the first step whose total makes it long (``minimumBytes`` bytes read,
  /// ``minimumItems`` items planned) and, once started, goes on for every later step.
  func update(_ label: String, completed: Int, total: Int, unit: Unit) {
    guard console.isErrorTerminal else { return }
    state.withLock { state in
      let now = ContinuousClock.now
      if state.label != label {
        state.label = label
        state.started = now
        state.lastDraw = nil
      }
      if !state.isDrawing {
        let long =
          switch unit {
          case .bytes: total >= Self.minimumBytes
          case .items: total >= Self.minimumItems
          case .files: false
          }
        guard long else { return }
        state.isDrawing = true
        if !state.interruptHandlerInstalled, console.clearsLineOnInterrupt {
          Self.installInterruptHandler()
          state.interruptHandlerInstalled = true
        }
      }
      let done = total > 0 && completed >= total
      if let last = state.lastDraw, now - last < Self.redrawInterval, !done { return }
      state.lastDraw = now
      let elapsed = now - state.started
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let rate = seconds >= 0.25 && completed > 0 ? Double(completed) / seconds : nil
      let figures = Figures(label: label, completed: completed, total: total, unit: unit, rate: rate)
      let width = console.terminalWidth() ?? 80
      console.err("\r" + Self.line(figures, width: width) + "\u{1B}[K")
    }
  }

  /// Clears the bar's line (when it drew anything) and stops clearing it on interruption.
  func finish() {
    state.withLock { state in
      if state.isDrawing { console.err("\r\u{1B}[K") }
      state.isDrawing = false
      if state.interruptHandlerInstalled {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        state.interruptHandlerInstalled = false
      }
    }
  }

  /// The line drawn for `figures` on a terminal `width` columns wide: never more than
  /// `width - 1` characters (the last column would make some terminals wrap), dropping first the
  /// rate and time left, then the bar, then cutting the label, as the terminal narrows.
  ///
  /// `reading day-1.json ██████░░░░ 40% 4.0/10.0 MB 8.1 MB/s 1s left`
  static func line(_ figures: Figures, width: Int) -> String {
    let room = max(width - 1, 1)
    let fraction = figures.total > 0 ? min(Double(figures.completed) / Double(figures.total), 1) : nil
    var counts = count(figures.completed, figures.unit)
    if figures.total > 0 { counts += "/" + count(figures.total, figures.unit) }
    counts += figures.unit == .bytes ? " MB" : " " + figures.unit.rawValue
    let percent = fraction.map { "\(Int($0 * 100))%" }
    var pace: String?
    if let rate = figures.rate {
      var text = rateText(rate, figures.unit)
      if let fraction, fraction < 1 {
        text += " " + durationText(Double(figures.total - figures.completed) / rate) + " left"
      }
      pace = text
    }
    // The bar keeps room for the pace even before there is one, so it does not jump when the
    // rate appears; on a narrower terminal the pace goes first, then the bar, then the line is cut.
    let tail = ([percent, counts] as [String?]).compactMap { $0 }.joined(separator: " ")
    let plain = figures.label + " " + tail
    if let fraction {
      let reserve = 1 + max(pace?.count ?? 0, 22)
      for (space, shownPace) in [(room - reserve, pace), (room, nil)] {
        let cells = min(Self.maximumBarWidth, space - plain.count - 1)
        guard cells >= Self.minimumBarWidth else { continue }
        let full = Int(fraction * Double(cells))
        let bar = String(repeating: "█", count: full) + String(repeating: "░", count: cells - full)
        return figures.label + " " + bar + " " + tail + (shownPace.map { " " + $0 } ?? "")
      }
    } else if let pace, plain.count + 1 + pace.count <= room {
      return plain + " " + pace
    }
    return plain.count <= room ? plain : String(plain.prefix(room))
  }

  /// `count` for display: megabytes with one decimal for bytes, else grouped by thousands.
  static func count(_ count: Int, _ unit: Unit) -> String {
    if unit == .bytes { return String(format: "%.1f", Double(count) / 1_000_000) }
    var digits = String(count)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits = String(digits.dropLast(3))
    }
    groups.insert(Substring(digits), at: 0)
    return groups.joined(separator: ",")
  }

  /// A rate such as `52.1k items/s` or `8.1 MB/s`.
  static func rateText(_ rate: Double, _ unit: Unit) -> String {
    if unit == .bytes { return String(format: "%.1f MB/s", rate / 1_000_000) }
    let value = rate >= 10_000 ? String(format: "%.1fk", rate / 1000) : String(Int(rate))
    return "\(value) \(unit.rawValue)/s"
  }

  /// A time left such as `7s` or `2m05s`.
  static func durationText(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    return whole < 60 ? "\(whole)s" : "\(whole / 60)m" + String(format: "%02ds", whole % 60)
  }

  /// On SIGINT or SIGTERM: clear the bar's line, then die of the signal as if it had not been
  /// caught (the shell then reports the interruption as usual). Only async-signal-safe calls.
  private static func installInterruptHandler() {
    let clearLine: @convention(c) (Int32) -> Void = { signal in
      let text: StaticString = "\r\u{1B}[K"
      text.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
      _ = Foundation.signal(signal, SIG_DFL)
      _ = raise(signal)
    }
    signal(SIGINT, clearLine)
    signal(SIGTERM, clearLine)
  }
}
