import Folio
import Foundation

extension BenchWorkload {
  /// The `folio` executable against the library on the same payload files: whole processes,
  /// alternating, each timed and measured (peak RSS, from `wait4`) the same way.
  static let cli = BenchWorkload(
    name: "cli",
    summary: "`folio sync` (the built executable beside folio-bench) vs the library's sync-once (open, store.sync(contentsOf:), reading the file as it plans), whole processes alternating on the same payloads, day 1 and day 2: median seconds and peak RSS, CLI / library (default --sizes 100000; --repeats 5; --folio PATH)",
    run: { arguments in try CLIBenchmark(arguments: arguments).run() })
}

/// `folio sync` against the library's `sync-once`, alternating within each repetition (the
/// order flips every repetition) so that load from other processes hits both alike.
struct CLIBenchmark {
  var sizes: [Int]
  var repeats: Int
  var folio: String
  var arguments: BenchArguments

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [100_000])
    repeats = try arguments.repeats(default: 5)
    let beside = (ChildProcess.selfPath as NSString).deletingLastPathComponent + "/folio"
    folio = arguments.values["folio"] ?? beside
    guard FileManager.default.isExecutableFile(atPath: folio) else {
      throw BenchArguments.UsageError(
        description: "no folio executable at \(folio); build it in the same configuration (swift build -c release --product folio) or pass --folio PATH")
    }
    self.arguments = arguments
  }

  /// One measured run: seconds and peak RSS in KiB.
  struct Run {
    var seconds: Double
    var peakKiB: Int
  }

  func run() throws {
    print("folio-bench cli: \(folio) vs sync-once, whole processes, \(repeats) alternating repetitions")
    print("N        phase  CLI s    library s  CLI/library   CLI MiB  library MiB  CLI/library")
    for size in sizes {
      let payloads = try PayloadFiles(count: size, arguments: arguments)
      defer { payloads.removeIfGenerated() }
      let scratch = try ScratchDirectory("cli", arguments: arguments)
      defer { scratch.remove() }
      let schema = try schemaFile(in: scratch.path)
      var runs: [String: [Run]] = [:]
      for repetition in 0..<repeats {
        let sides = repetition % 2 == 0 ? ["library", "cli"] : ["cli", "library"]
        for side in sides {
          let store = scratch.path + "/\(side)-\(repetition)"
          for (phase, payload) in [("day1", payloads.day1), ("day2", payloads.day2)] {
            let command =
              side == "cli"
              ? [folio, "sync", "--store", store, "--schema", schema, "--entity", "Employee", payload]
              : [ChildProcess.selfPath, "sync-once", "--store", store, "--payload", payload]
            runs[side + phase, default: []].append(try measure(command))
          }
          try? FileManager.default.removeItem(atPath: store)
        }
      }
      for phase in ["day1", "day2"] {
        let cli = runs["cli" + phase] ?? [], library = runs["library" + phase] ?? []
        let (cliSeconds, librarySeconds) = (median(cli.map(\.seconds)), median(library.map(\.seconds)))
        let cliMiB = median(cli.map { Double($0.peakKiB) }) / 1024
        let libraryMiB = median(library.map { Double($0.peakKiB) }) / 1024
        print(
          String(
            format: "%-8d %-6@ %-8.3f %-10.3f %-13.2f %-8.1f %-12.1f %.2f", size, phase, cliSeconds,
            librarySeconds, cliSeconds / librarySeconds, cliMiB, libraryMiB, cliMiB / libraryMiB))
      }
    }
  }

  /// The bench's Employee schema as a schema file for `folio sync --schema`: a store's own
  /// `schema.json` without its `folioStore` member.
  func schemaFile(in directory: String) throws -> String {
    _ = try Store(directory: directory + "/schema-store", schema: try EmployeeSchema.make())
    let bytes = try PayloadSource.fileBytes(directory + "/schema-store/schema.json")
    guard case .object(var members) = try JSONParser.parse(bytes) else {
      throw BenchArguments.UsageError(description: "the store's schema.json is not an object")
    }
    members["folioStore"] = nil
    let path = directory + "/employee-schema.json"
    try Data(JSONWriter.bytes(.object(members), style: .pretty)).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs `command` as a child with its output discarded.
  func measure(_ command: [String]) throws -> Run {
    let result = try ChildProcess.run(
      command[0], Array(command.dropFirst()), passError: false, discardOutput: true)
    guard result.status == 0 else {
      throw BenchArguments.UsageError(
        description: "\(command.joined(separator: " ")) failed with status \(result.status)")
    }
    return Run(seconds: result.seconds, peakKiB: result.peakKiB)
  }

  func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
}
