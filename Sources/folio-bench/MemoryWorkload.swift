import Foundation

extension BenchWorkload {
  /// Peak resident memory of each workload, each in its own child process.
  static let memory = BenchWorkload(
    name: "memory",
    summary: "peak RSS (VmHWM) of sync, open, save-one and query, each in a child process, vs the store's bytes (default --sizes 100000; --workloads sync,open,save-one,query)",
    run: { arguments in
      let workloads = (arguments.values["workloads"] ?? "sync,open,save-one,query").split(separator: ",").map(String.init)
      var passed: [String] = []
      for key in ["payload-dir", "tmp"] { if let value = arguments.values[key] { passed += ["--\(key)", value] } }
      print("folio-bench memory: peak RSS from /proc/self/status VmHWM, one child process per workload and size")
      print("workload          N    peak MiB   store MiB   peak/store")
      for size in try arguments.sizes(default: [100_000]) {
        for workload in workloads {
          let result = try ChildProcess.run(
            ChildProcess.selfPath, [workload, "--sizes", String(size), "--repeats", "1"] + passed)
          guard result.status == 0, let peak = ChildProcess.lastValue("peak-rss-kib:", in: result.output) else {
            print("\(workload) \(size): child failed with status \(result.status)")
            continue
          }
          let store = ChildProcess.lastValue("store-bytes:", in: result.output) ?? 0
          let peakBytes = Double(peak) * 1024
          print(workload.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: " %9d %10.1f %11.1f %11.2f×", size, peakBytes / 1_048_576, Double(store) / 1_048_576, store > 0 ? peakBytes / Double(store) : .nan))
        }
      }
    })
}
