import Folio
import Foundation
import Synchronization

extension BenchWorkload {
  /// Opening a directory store of N records, against parsing the same bytes.
  static let open = BenchWorkload(
    name: "open",
    summary: "open a store of N records vs Folio parsing its shard bytes (default --sizes 100000; --repeats 5; --store DIR uses an existing store; --only open; --trust off validates every file in full)",
    run: { arguments in
      let schema = try EmployeeSchema.make()
      let repeats = try arguments.repeats()
      var options = StoreOptions()
      options.trustsUnchangedFiles = arguments.values["trust"] != "off"
      // The last open's file counts: how many files it took on trust and how many it validated.
      let counts = Mutex("")
      options.logHandler = FolioLogHandler { entry in
        guard entry.event == "store.opened" else { return }
        counts.withLock { $0 = "files trusted \(entry.metadata["trustedFiles"] ?? "?"), validated \(entry.metadata["validatedFiles"] ?? "?")" }
      }
      print("folio-bench open: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores, trust \(options.trustsUnchangedFiles ? "on" : "off")")
      for size in try arguments.sizes(default: [100_000]) {
        let fixture = try StoreFixture(count: size, schema: schema, arguments: arguments)
        defer { fixture.remove() }
        if arguments.values["only"] == "open" {
          // For the memory workload: nothing but opening, so the peak is the open's.
          var open = Measurement(label: "open store", bytes: fixture.bytes)
          for _ in 0..<repeats { _ = try open.time { try Store(directory: fixture.path, schema: schema, options: options) } }
          print(Measurement.header)
          print(open.row)
          print("store-bytes: \(fixture.bytes)")
          continue
        }
        let shards = try fixture.shardBytes()
        var open = Measurement(label: "open store", bytes: fixture.bytes)
        var parse = Measurement(label: "parse its shard bytes", bytes: fixture.bytes)
        var parallel = Measurement(label: "parse them on all cores", bytes: fixture.bytes)
        var count = 0
        for _ in 0..<repeats {
          count = try open.time { try Store(directory: fixture.path, schema: schema, options: options) }.state.count("Employee")
          _ = try parse.time { try shards.map { try JSONParser.parse($0) } }
          _ = parallel.time { OpenBenchmark.parseConcurrently(shards) }
        }
        print("\nN=\(size): \(count) records in \(shards.count) shards, \(fixture.bytes) bytes on disk; \(counts.withLock { $0 })")
        print(Measurement.header)
        for m in [open, parse, parallel] { print(m.row) }
        print(String(format: "ratio open/parse: %.2f× (vs one core), %.2f× (vs all cores)", open.median / parse.median, open.median / parallel.median))
        print("store-bytes: \(fixture.bytes)")
      }
      ProcessStats.printPeak()
    })
}

/// Helpers for the `open` workload.
enum OpenBenchmark {
  /// Parses every buffer, spread over all cores like the loader does; returns how many parsed.
  static func parseConcurrently(_ buffers: [[UInt8]]) -> Int {
    let parsed = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: buffers.count) { n in
      if (try? JSONParser.parse(buffers[n])) != nil { parsed.withLock { $0 += 1 } }
    }
    return parsed.withLock { $0 }
  }
}
