/// The options shared by workloads: `--sizes`, `--repeats`, `--payload-dir`, plus any other
/// `--name value` pairs a workload reads itself.
struct BenchArguments: Sendable {
  /// `--name value` pairs, without the dashes.
  var values: [String: String] = [:]

  /// A usage error.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// What follows a bare `--`: a command line for the workload to run (`measured`).
  var rest: [String] = []

  /// Parses `--name value` pairs, up to a bare `--`.
  init(_ arguments: [String]) throws {
    var i = 0
    while i < arguments.count {
      let flag = arguments[i]
      if flag == "--" {
        rest = Array(arguments[(i + 1)...])
        return
      }
      guard flag.hasPrefix("--"), i + 1 < arguments.count else {
        throw UsageError(description: "expected '--option value', got '\(flag)'")
      }
      values[String(flag.dropFirst(2))] = arguments[i + 1]
      i += 2
    }
  }

  /// `--sizes`, comma-separated, or `defaults`.
  func sizes(default defaults: [Int]) throws -> [Int] {
    guard let text = values["sizes"] else { return defaults }
    let sizes = text.split(separator: ",").compactMap { Int($0.replacing("_", with: "")) }
    guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
      throw UsageError(description: "--sizes expects positive counts such as 10000,100000")
    }
    return sizes
  }

  /// `--repeats`, default 5.
  func repeats(default fallback: Int = 5) throws -> Int {
    guard let text = values["repeats"] else { return fallback }
    guard let n = Int(text), n > 0 else {
      throw UsageError(description: "--repeats expects a positive count")
    }
    return n
  }

  /// `--payload-dir`, if given.
  var payloadDirectory: String? { values["payload-dir"] }
}
