/// One benchmark the `folio-bench` executable can run, e.g. `json`.
///
/// To add a workload, write a file with a `static let` of this type and list it in ``all``.
struct BenchWorkload: Sendable {
  /// The command-line name, e.g. `"json"`.
  var name: String
  /// One line for `--help`, including the options the workload reads.
  var summary: String
  /// Runs the workload and prints its report.
  /// Synchronous on purpose: an `async` main runs on Dispatch, which valgrind (callgrind)
  /// cannot follow, and instruction counts are how hot spots are found on these machines.
  var run: @Sendable (BenchArguments) throws -> Void

  /// Every workload, in the order `--help` lists them.
  static let all: [BenchWorkload] = [
    .json, .payload, .sync, .syncOnce, .open, .saveOne, .query, .memory, .compare, .gitDiff, .cli, .history,
  ]

  /// The usage text.
  static var usage: String {
    var text = "usage: folio-bench <workload> [options]   (build with -c release)\n\nworkloads:\n"
    for workload in all {
      text +=
        "  \(workload.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(workload.summary)\n"
    }
    text += "\ncommon options:\n"
    text += "  --sizes N,N,...     record counts (default per workload)\n"
    text += "  --repeats N         timed repetitions per measurement (default 5)\n"
    text +=
      "  --payload-dir DIR   read day1_N.json/day2_N.json from DIR instead of generating them\n"
    return text
  }
}
