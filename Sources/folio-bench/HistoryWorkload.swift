import Folio
import Foundation

extension BenchWorkload {
  /// `folio diff`, `folio log` and `folio blame` on stores committed to git, whole processes.
  static let history = BenchWorkload(
    name: "history",
    summary: "`folio diff` of a 1,000-record change on a store of N committed to git (revision against revision, and against the working tree), and `folio blame`/`log` of one record on a history of C commits each changing one random record of a store of M: median seconds of whole processes (default --sizes 100000; --commits 1000; --records 2000; --repeats 5; --folio PATH; --keep yes keeps the repositories)",
    run: { arguments in try HistoryBenchmark(arguments: arguments).run() })
}

/// Times the history commands of the `folio` executable beside folio-bench on repositories it
/// builds in a scratch directory with the `git` binary.
struct HistoryBenchmark {
  var sizes: [Int]
  var commits: Int
  var records: Int
  var repeats: Int
  var cli: CLIBenchmark
  var arguments: BenchArguments

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [100_000])
    repeats = try arguments.repeats(default: 5)
    commits = Int(arguments.values["commits"] ?? "") ?? 1_000
    records = Int(arguments.values["records"] ?? "") ?? 2_000
    cli = try CLIBenchmark(arguments: arguments)
    self.arguments = arguments
  }

  /// Runs `git arguments` in `directory`, throwing unless it exits with 0.
  func git(_ directory: String, _ arguments: String...) throws {
    let result = try ChildProcess.run(
      "git", ["-C", directory, "-c", "user.name=bench", "-c", "user.email=bench@folio.invalid", "-c", "commit.gpgsign=false"] + arguments,
      passError: true, discardOutput: true)
    guard result.status == 0 else {
      throw BenchArguments.UsageError(description: "git \(arguments.joined(separator: " ")) failed with status \(result.status)")
    }
  }

  /// A repository in `scratch` holding a store of `size` employees synced from the day-1
  /// payload by `folio sync`, committed on `main`; the store's path.
  func committedStore(of size: Int, in scratch: ScratchDirectory) throws -> String {
    let payloads = try PayloadFiles(count: size, arguments: arguments)
    defer { payloads.removeIfGenerated() }
    try git(scratch.path, "init", "-q", "-b", "main")
    let schema = try cli.schemaFile(in: scratch.path)
    let store = scratch.path + "/employees.folio"
    _ = try cli.measure([cli.folio, "sync", "--store", store, "--schema", schema, "--entity", "Employee", payloads.day1])
    try git(scratch.path, "add", "employees.folio")
    try git(scratch.path, "commit", "-q", "-m", "Day 1")
    return store
  }

  /// Removes `scratch`, unless `--keep yes` asks to keep the repositories for profiling.
  func keepOrRemove(_ scratch: ScratchDirectory) {
    if arguments.values["keep"] == "yes" {
      print("kept \(scratch.path)")
    } else {
      scratch.remove()
    }
  }

  /// The median wall time of `repeats` runs of `folio arguments`.
  func time(_ arguments: [String]) throws -> Double {
    var seconds: [Double] = []
    for _ in 0..<repeats { seconds.append(try cli.measure([cli.folio] + arguments).seconds) }
    return cli.median(seconds)
  }

  func run() throws {
    print("folio-bench history: \(cli.folio), whole processes, median of \(repeats)")
    print("| command | store | history | median s |")
    print("|---|---|---|---|")
    for size in sizes { try diff(size) }
    try blame()
  }

  /// A store of `size` synced from the day-1 payload and committed; 1,000 records then
  /// changed by a sync and committed.
  func diff(_ size: Int) throws {
    let scratch = try ScratchDirectory("history", arguments: arguments)
    defer { keepOrRemove(scratch) }
    let store = try committedStore(of: size, in: scratch)
    // 1,000 records spread over the store, each with another salary.
    let opened = try Store.open(directory: store)
    var generator = SystemRandomNumberGenerator()
    let ids = Set((0..<1_000).map { _ in Int64.random(in: 1...Int64(size), using: &generator) })
    try opened.transaction { tx in
      for id in ids { try tx.update("Employee", .int(id), ["salary": .double(Double.random(in: 1_000...99_000, using: &generator).rounded())]) }
    }
    let changed = "\(ids.count) changed"
    print("| `folio diff --store S HEAD` (working tree) | \(size) | \(changed) | \(String(format: "%.3f", try time(["diff", "--store", store, "HEAD", "--stat"]))) |")
    try git(scratch.path, "commit", "-q", "-am", "1,000 raises")
    print("| `folio diff --store S HEAD~1..HEAD` | \(size) | \(changed) | \(String(format: "%.3f", try time(["diff", "--store", store, "HEAD~1..HEAD", "--stat"]))) |")
    print("| `folio diff --store S HEAD~1..HEAD --json` | \(size) | \(changed) | \(String(format: "%.3f", try time(["diff", "--store", store, "HEAD~1..HEAD", "--json"]))) |")
  }

  /// A store of `records`, then `commits` commits each changing one field of one random
  /// record; blame and log of a record whose oldest fields date from the first commit, so the
  /// whole history is read.
  func blame() throws {
    let scratch = try ScratchDirectory("blame", arguments: arguments)
    defer { keepOrRemove(scratch) }
    let store = try committedStore(of: records, in: scratch)
    let opened = try Store.open(directory: store)
    var generator = SystemRandomNumberGenerator()
    let traced: Int64 = 1
    for step in 1..<commits {
      // Every tenth commit changes the traced record's salary; the others another record.
      let id = step % 10 == 0 ? traced : Int64.random(in: 2...Int64(records), using: &generator)
      try opened.update("Employee", .int(id), ["salary": .double(Double(step))])
      try git(scratch.path, "commit", "-q", "-am", "Step \(step)")
    }
    let record = "Employee:\(traced)"
    print("| `folio blame --store S --record \(record)` | \(records) | \(commits) commits | \(String(format: "%.3f", try time(["blame", "--store", store, "--record", record]))) |")
    print("| `folio log --store S --record \(record)` | \(records) | \(commits) commits | \(String(format: "%.3f", try time(["log", "--store", store, "--record", record]))) |")
    print("| `folio log --store S --record \(record) --max-count 10` | \(records) | \(commits) commits | \(String(format: "%.3f", try time(["log", "--store", store, "--record", record, "--max-count", "10"]))) |")
  }
}
