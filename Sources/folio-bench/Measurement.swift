import Foundation

/// Wall-clock times of repeated runs of one operation, summarised as median, min and max.
struct Measurement: Sendable {
  /// What was measured, e.g. `"Folio parse"`.
  var label: String
  /// Bytes processed per run, for MB/s; 0 when not meaningful.
  var bytes: Int
  /// Seconds per run, in the order measured.
  var seconds: [Double] = []

  /// The median run time.
  var median: Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
  /// The fastest run.
  var min: Double { seconds.min() ?? .nan }
  /// The slowest run.
  var max: Double { seconds.max() ?? .nan }
  /// Throughput at the median, in MB/s (10^6 bytes).
  var megabytesPerSecond: Double { Double(bytes) / median / 1e6 }

  /// Runs `body` once, adds its time, and returns its result.
  mutating func time<T>(_ body: () throws -> T) rethrows -> T {
    let clock = Stopwatch()
    let result = try body()
    seconds.append(clock.elapsed)
    return result
  }

  /// One table row: label, median, min, max, MB/s.
  var row: String {
    func f(_ x: Double) -> String { String(format: "%9.4f", x) }
    let rate = bytes > 0 ? String(format: "%9.1f", megabytesPerSecond) : "        -"
    return
      "\(label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(f(median)) \(f(min)) \(f(max)) \(rate)"
  }

  /// The header matching ``row``.
  static let header =
    "\("operation".padding(toLength: 28, withPad: " ", startingAt: 0))    median       min       max      MB/s"
}

/// A monotonic clock started at creation.
struct Stopwatch {
  private let start = DispatchTime.now().uptimeNanoseconds
  /// Seconds since creation.
  var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
