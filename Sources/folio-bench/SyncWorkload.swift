import Folio
import Foundation

extension BenchWorkload {
  /// Day 1 and day 2 of the employee sync, end to end on disk.
  static let sync = BenchWorkload(
    name: "sync",
    summary: "day 1 + day 2 sync on disk, end to end (read → open → sync of the bytes: parse item by item, plan, apply, durable save), vs Folio's own parse (default --sizes 10000,100000; --repeats 3; --payload-dir; --tmp DIR)",
    run: { arguments in try SyncBenchmark(arguments: arguments).run() })

  /// One phase of the sync as a whole process, for `compare`: `--day 1|2 --store DIR --payload FILE`.
  static let syncOnce = BenchWorkload(
    name: "sync-once",
    summary: "one sync phase in this process: --store DIR --payload FILE; with --parse-only yes, only Folio's own parse of the payload (both used by compare); with --parse-first yes, parse the whole payload, then sync the tree; with --source bytes, read the file into one byte array and sync the bytes (store.sync(json:)) instead of streaming the file (store.sync(contentsOf:))",
    run: { arguments in
      guard let store = arguments.values["store"], let payload = arguments.values["payload"] else {
        throw BenchArguments.UsageError(description: "sync-once needs --store DIR --payload FILE")
      }
      var kept: [AnyObject] = []
      if arguments.values["parse-only"] == "yes" {
        // Folio's own parse of the payload, as a process of its own (compare's baseline).
        let bytes = try PayloadSource.fileBytes(payload)
        var clock = Stopwatch()
        kept.append(Box(try JSONParser.parse(bytes)))
        print(String(format: "parse %.4f", clock.elapsed))
        fflush(nil)
        withExtendedLifetime(kept) { exit(0) }
      }
      let phases = try SyncBenchmark.phase(
        store: store, payload: payload, schema: try EmployeeSchema.make(), keep: &kept,
        parseFirst: arguments.values["parse-first"] == "yes",
        streamFile: arguments.values["source"] != "bytes")
      print(phases.line)
      ProcessStats.printPeak()
      // Like a command-line tool, end without tearing the store and the payload down: the
      // sync is durable when `phase` returns, and freeing a million records is not part of it.
      fflush(nil)  // all output streams
      withExtendedLifetime(kept) { exit(0) }
    })
}

/// Times each sync phase and Folio's parse of the same bytes, alternating within each repeat.
struct SyncBenchmark {
  var sizes: [Int]
  var repeats: Int
  var arguments: BenchArguments

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [10_000, 100_000])
    repeats = try arguments.repeats(default: 3)
    self.arguments = arguments
  }

  /// The times of one phase, in seconds.
  struct Phases {
    /// Reading the payload file; opening (or creating) the store; the sync itself: parsing the
    /// payload item by item, planning, applying and saving durably.
    var read = 0.0, open = 0.0, sync = 0.0
    var summary = ""
    /// Everything: what a process doing this phase would take, minus process start.
    var total: Double { read + open + sync }
    /// The sync without opening the store: read, parse, plan, apply, durable save.
    var withoutOpen: Double { read + sync }
    var line: String {
      String(format: "read %.4f open %.4f sync %.4f total %.4f (%@)", read, open, sync, total, summary)
    }
  }

  /// Runs one phase: reads `payload`, opens (or creates) the store at `store`, syncs the bytes
  /// with the default options (insert, update, delete missing; `Store.sync(json:into:)`, which
  /// parses the array item by item), and closes the store.
  static func phase(store path: String, payload: String, schema: Schema) throws -> Phases {
    var kept: [AnyObject] = []
    return try phase(store: path, payload: payload, schema: schema, keep: &kept)
  }

  /// ``phase(store:payload:schema:)``, handing the store and the parsed payload to `keep` so
  /// the caller decides when they are freed.
  ///
  /// With `parseFirst`, the payload is parsed whole and the tree synced (`Store.sync(_:into:)`),
  /// the way to sync a payload already in memory, for comparison with the bytes API. With
  /// `streamFile`, the file is not read first: `Store.sync(contentsOf:into:)` reads it a block
  /// at a time as it syncs (its reading counts in `sync`).
  static func phase(
    store path: String, payload: String, schema: Schema, keep: inout [AnyObject], parseFirst: Bool = false,
    streamFile: Bool = false
  ) throws -> Phases {
    var phases = Phases()
    var clock = Stopwatch()
    if streamFile, !parseFirst {
      let store = try Store(directory: path, schema: schema)
      phases.open = clock.elapsed
      clock = Stopwatch()
      let report = try store.sync(contentsOf: payload, into: "Employee")
      phases.sync = clock.elapsed
      phases.summary = report.summary
      keep.append(store)
      return phases
    }
    let bytes = try PayloadSource.fileBytes(payload)
    phases.read = clock.elapsed
    clock = Stopwatch()
    let store = try Store(directory: path, schema: schema)
    phases.open = clock.elapsed
    clock = Stopwatch()
    let report = parseFirst
      ? try store.sync(JSONParser.parse(bytes), into: "Employee") : try store.sync(json: bytes, into: "Employee")
    phases.sync = clock.elapsed
    phases.summary = report.summary
    keep.append(store)
    keep.append(Box(bytes))
    return phases
  }

  func run() throws {
    print("folio-bench sync: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let schema = try EmployeeSchema.make()
    for size in sizes { try run(size: size, schema: schema) }
    ProcessStats.printPeak()
  }

  func run(size: Int, schema: Schema) throws {
    let payloads = try PayloadFiles(count: size, arguments: arguments)
    defer { payloads.removeIfGenerated() }
    let bytes = [try PayloadSource.fileBytes(payloads.day1), try PayloadSource.fileBytes(payloads.day2)]
    var day = [[Phases]](repeating: [], count: 2)
    var parse = [Measurement](repeating: Measurement(label: "", bytes: 0), count: 2)
    var storeBytes = 0
    for _ in 0..<repeats {
      let scratch = try ScratchDirectory("sync", arguments: arguments)
      defer { scratch.remove() }
      for d in 0..<2 {
        day[d].append(try Self.phase(store: scratch.path + "/store", payload: d == 0 ? payloads.day1 : payloads.day2, schema: schema))
        _ = try parse[d].time { try JSONParser.parse(bytes[d]) }
      }
      storeBytes = ScratchDirectory.size(of: scratch.path + "/store")
    }
    print("\nN=\(size): day-1 payload \(bytes[0].count) bytes, day-2 \(bytes[1].count) bytes, store \(storeBytes) bytes")
    print("  day 2: \(day[1].last?.summary ?? "")")
    print(Measurement.header)
    for d in 0..<2 {
      func m(_ label: String, _ key: (Phases) -> Double) -> Measurement {
        Measurement(label: "day \(d + 1) \(label)", bytes: bytes[d].count, seconds: day[d].map(key))
      }
      let total = m("end to end", \.total)
      let withoutOpen = m("sync without open", \.withoutOpen)
      parse[d].label = "day \(d + 1) Folio parse only"
      parse[d].bytes = bytes[d].count
      for row in [m("  read file", \.read), m("  open store", \.open), m("  parse+plan+apply+save", \.sync), withoutOpen, total, parse[d]] {
        print(row.row)
      }
      print(String(format: "day %d ratio sync/parse: %.2f× (without open), %.2f× (end to end incl. open)", d + 1, withoutOpen.median / parse[d].median, total.median / parse[d].median))
    }
    print("store-bytes: \(storeBytes)")
  }
}

/// A reference holding a value, to keep it alive.
final class Box<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The day-1 and day-2 payload files of one size: in `--payload-dir`, or generated into a
/// scratch directory (byte-identical to `gen_payload.py`).
struct PayloadFiles {
  let day1: String
  let day2: String
  private let generated: ScratchDirectory?

  init(count: Int, arguments: BenchArguments) throws {
    if let directory = arguments.payloadDirectory {
      day1 = "\(directory)/day1_\(count).json"
      day2 = "\(directory)/day2_\(count).json"
      generated = nil
    } else {
      let scratch = try ScratchDirectory("payload", arguments: arguments)
      day1 = "\(scratch.path)/day1_\(count).json"
      day2 = "\(scratch.path)/day2_\(count).json"
      try Data(PayloadSource.generate(day: 1, count: count)).write(to: URL(fileURLWithPath: day1))
      try Data(PayloadSource.generate(day: 2, count: count)).write(to: URL(fileURLWithPath: day2))
      generated = scratch
    }
  }

  /// Removes generated payloads (never files in `--payload-dir`).
  func removeIfGenerated() { generated?.remove() }
}
