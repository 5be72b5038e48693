import Foundation

extension BenchWorkload {
  /// Peak resident memory of each operation, each in its own child process, on one store.
  static let memory = BenchWorkload(
    name: "memory",
    summary: "peak RSS (VmHWM) of sync day 1, sync day 2, open, query and save-one, each in a child process on one store, vs the store's bytes (default --sizes 100000; --payload-dir; --tmp)",
    run: { arguments in
      var passed: [String] = []
      if let value = arguments.values["tmp"] { passed += ["--tmp", value] }
      print("folio-bench memory: peak RSS from /proc/self/status VmHWM, one child process per operation")
      print("operation           N    peak MiB   store MiB   peak/store")
      for size in try arguments.sizes(default: [100_000]) {
        let payloads = try PayloadFiles(count: size, arguments: arguments)
        defer { payloads.removeIfGenerated() }
        let scratch = try ScratchDirectory("memory", arguments: arguments)
        defer { scratch.remove() }
        let store = scratch.path + "/store"
        let common = ["--sizes", String(size), "--repeats", "1", "--store", store] + passed
        let steps: [(String, [String])] = [
          ("sync day 1", ["sync-once", "--store", store, "--payload", payloads.day1]),
          ("sync day 2", ["sync-once", "--store", store, "--payload", payloads.day2]),
          ("open", ["open", "--only", "open"] + common),
          // The query alone: the workload's index comparison and indexed sync are not a query.
          ("query", ["query", "--only", "scan"] + common),
          ("save-one", ["save-one"] + common),
        ]
        for (label, childArguments) in steps {
          let result = try ChildProcess.run(ChildProcess.selfPath, childArguments)
          guard result.status == 0, let peak = ChildProcess.lastValue("peak-rss-kib:", in: result.output) else {
            print("\(label) \(size): child failed with status \(result.status)")
            continue
          }
          let storeBytes = Double(ScratchDirectory.size(of: store))
          let peakBytes = Double(peak) * 1024
          print(label.padding(toLength: 12, withPad: " ", startingAt: 0) + String(format: " %9d %10.1f %11.1f %11.2f×", size, peakBytes / 1_048_576, storeBytes / 1_048_576, peakBytes / storeBytes))
        }
      }
    })
}
