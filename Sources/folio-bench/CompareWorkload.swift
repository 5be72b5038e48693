import Folio
import Foundation

extension BenchWorkload {
  /// Folio's sync against the peers (GRDB, naive Codable store, TinyDB) as whole processes on the
  /// same payload files, with a table of ratios and an SVG chart.
  static let compare = BenchWorkload(
    name: "compare",
    summary: "Folio sync vs ../shared/peers/run (GRDB, naive, TinyDB), whole processes on the same payloads; ratio table + SVG chart (--sizes 10000,100000; --reps 3; --peers \"grdb naive tinydb\"; --work DIR; --chart Documentation/performance-chart.svg; --peers-run PATH; --results FILE; --append yes keeps earlier runs in FILE)",
    run: { arguments in try CompareBenchmark(arguments: arguments).run() })
}

/// Runs Folio's `sync-once` and the peer harness alternately: half of Folio's repetitions
/// before the peers, half after, so that load from other processes hits both sides alike.
struct CompareBenchmark {
  var sizes: [Int]
  var repeats: Int
  var peers: String
  var work: String
  var chart: String
  var runScript: String
  /// Every run (Folio's and the peers') as JSON lines; with `append`, earlier runs are kept and
  /// the table and chart cover them too (e.g. 1M with fewer repetitions, in a second call).
  var resultsFile: String
  var append: Bool

  /// One timed phase of one system.
  struct Row {
    var system: String
    var n: Int
    var phase: String
    var seconds: Double
    var peakKiB: Int
    /// Folio only: its own parse of the payload, and the sync without opening the store.
    var parse = 0.0
    var withoutOpen = 0.0

    /// The row as one JSON line.
    var json: String {
      "{\"peer\":\"\(system)\",\"n\":\(n),\"phase\":\"\(phase)\"," + String(format: "\"secs\":%.4f,\"rss_kb\":%d,\"parse\":%.4f,\"without_open\":%.4f}", seconds, peakKiB, parse, withoutOpen)
    }
  }

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [10_000, 100_000])
    guard let reps = Int(arguments.values["reps"] ?? arguments.values["repeats"] ?? "3"), reps > 0 else {
      throw BenchArguments.UsageError(description: "--reps expects a positive count")
    }
    repeats = reps
    peers = arguments.values["peers"] ?? "grdb naive tinydb"
    let tmp = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    work = arguments.values["work"] ?? tmp + "/folio-peers"
    let root = FileManager.default.currentDirectoryPath
    chart = arguments.values["chart"] ?? root + "/Documentation/performance-chart.svg"
    runScript = arguments.values["peers-run"] ?? root + "/../shared/peers/run"
    resultsFile = arguments.values["results"] ?? work + "/compare-results.jsonl"
    append = arguments.values["append"] == "yes"
    guard FileManager.default.isExecutableFile(atPath: runScript) else {
      throw BenchArguments.UsageError(
        description: "the peer harness is missing: no executable at \(runScript); run compare from the package root with the shared folder beside it (../shared/peers/run), or pass --peers-run PATH")
    }
  }

  func run() throws {
    print("folio-bench compare: sizes \(sizes), reps \(repeats), peers \(peers), work \(work)")
    try FileManager.default.createDirectory(atPath: work + "/data", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: work + "/db", withIntermediateDirectories: true)
    for size in sizes { try ensurePayloads(size) }
    let schema = try EmployeeSchema.make()
    _ = schema  // fail early on a schema error, before minutes of peer runs
    var rows: [Row] = []
    let before = (repeats + 1) / 2
    for size in sizes { for rep in 0..<before { rows += try folio(size, rep: rep) } }
    if !peers.trimmingCharacters(in: .whitespaces).isEmpty {
      let sizeList = sizes.map(String.init).joined(separator: " ")
      let result = try ChildProcess.run(
        "/bin/bash", [runScript, "--sizes", sizeList, "--peers", peers, "--reps", String(repeats), "--work", work], echo: true)
      guard result.status == 0 else {
        throw BenchArguments.UsageError(description: "the peer harness \(runScript) failed with status \(result.status)")
      }
      rows += try peerRows()
    }
    for size in sizes { for rep in before..<repeats { rows += try folio(size, rep: rep) } }
    var saved = append ? (try? PayloadSource.fileBytes(resultsFile)) ?? [] : []
    for row in rows { saved += Array(row.json.utf8) + [0x0A] }
    try Data(saved).write(to: URL(fileURLWithPath: resultsFile))
    let all = try Self.rows(in: saved)
    let table = CompareTable(rows: all, sizes: Set(all.map(\.n)).sorted())
    print("\n" + table.markdown)
    try CompareChart(table: table).svg.write(toFile: chart, atomically: true, encoding: .utf8)
    print("chart written to \(chart)")
  }

  /// Writes the generated payloads (byte-identical to gen_payload.py) unless present.
  func ensurePayloads(_ size: Int) throws {
    for day in 1...2 {
      let path = "\(work)/data/day\(day)_\(size).json"
      if !FileManager.default.fileExists(atPath: path) {
        try Data(PayloadSource.generate(day: day, count: size)).write(to: URL(fileURLWithPath: path))
      }
    }
  }

  /// Day 1 into an empty store, then day 2, each as a whole `sync-once` process.
  func folio(_ size: Int, rep: Int) throws -> [Row] {
    let store = "\(work)/db/folio"
    try? FileManager.default.removeItem(atPath: store)
    var rows: [Row] = []
    for day in 1...2 {
      _ = try ChildProcess.run("/bin/sync", [])
      let result = try ChildProcess.run(
        ChildProcess.selfPath, ["sync-once", "--store", store, "--payload", "\(work)/data/day\(day)_\(size).json"])
      guard result.status == 0 else {
        throw BenchArguments.UsageError(description: "folio sync-once failed with status \(result.status)")
      }
      let words = result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
      func value(_ name: String) -> Double {
        guard let i = words.firstIndex(of: name), i + 1 < words.count else { return .nan }
        return Double(words[i + 1]) ?? .nan
      }
      var row = Row(
        system: "folio", n: size, phase: "day\(day)", seconds: result.seconds,
        peakKiB: ChildProcess.lastValue("peak-rss-kib:", in: result.output) ?? 0)
      // Folio's own parse of the same payload, in a process of its own right after.
      let parse = try ChildProcess.run(
        ChildProcess.selfPath, ["sync-once", "--parse-only", "yes", "--store", store, "--payload", "\(work)/data/day\(day)_\(size).json"])
      let parseWords = parse.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
      row.parse = parseWords.firstIndex(of: "parse").flatMap { $0 + 1 < parseWords.count ? Double(parseWords[$0 + 1]) : nil } ?? .nan
      row.withoutOpen = value("read") + value("sync")
      print(String(format: "{\"peer\":\"folio\",\"n\":%d,\"phase\":\"day%d\",\"rep\":%d,\"secs\":%.3f,\"rss_kb\":%d,\"parse\":%.3f}", size, day, rep, row.seconds, row.peakKiB, row.parse))
      rows.append(row)
    }
    try? FileManager.default.removeItem(atPath: store)
    return rows
  }

  /// The peers' runs from the harness's results.jsonl.
  func peerRows() throws -> [Row] {
    try Self.rows(in: try PayloadSource.fileBytes(work + "/results.jsonl"))
  }

  /// The runs in JSON lines such as `{"peer":"grdb","n":100000,"phase":"day1","secs":1.74,"rss_kb":141252}`.
  static func rows(in bytes: [UInt8]) throws -> [Row] {
    var rows: [Row] = []
    for line in bytes.split(separator: 0x0A) where !line.isEmpty {
      guard case .object(let o) = try JSONParser.parse(Array(line)),
        case .string(let peer)? = o["peer"], case .string(let phase)? = o["phase"],
        let n = o["n"]?.doubleValue, let secs = o["secs"]?.doubleValue
      else { continue }
      var row = Row(system: peer, n: Int(n), phase: phase, seconds: secs, peakKiB: Int(o["rss_kb"]?.doubleValue ?? 0))
      row.parse = o["parse"]?.doubleValue ?? 0
      row.withoutOpen = o["without_open"]?.doubleValue ?? 0
      rows.append(row)
    }
    return rows
  }
}
