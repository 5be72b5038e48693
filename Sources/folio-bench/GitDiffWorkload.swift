import Folio
import FolioTestSupport
import Foundation

extension BenchWorkload {
  /// How many lines of a store's files one insert or delete changes, as `git diff` counts them.
  static let gitDiff = BenchWorkload(
    name: "git-diff",
    summary: "insert or delete one record in a committed store of N: lines git diff shows besides the record's own (default --sizes 1000,10000,100000; --repeats 100)",
    run: { arguments in try GitDiffBenchmark(arguments: arguments).run() })
}

/// Inserts (then deletes) one random record at a time into a store committed to git, and counts
/// the lines `git diff --numstat` reports changed beyond the record's own lines, each measured
/// against the committed store and then reverted.
struct GitDiffBenchmark {
  var sizes: [Int]
  var repeats: Int

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [1_000, 10_000, 100_000])
    repeats = try arguments.repeats(default: 100)
  }

  static let schema = Schema(entities: [
    Entity(
      name: "Flag", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .string), Attribute(name: "enabled", type: .bool),
        Attribute(name: "rollout", type: .int),
      ])
  ])

  /// The record a run inserts: its canonical form spans `recordLines` lines in a shard file.
  static func record(_ id: String) -> JSONObject { ["id": .string(id), "enabled": true, "rollout": 5] }
  static let recordLines = 5  // {, three members, }

  func run() throws {
    print("folio-bench git-diff: \(repeats) inserts and \(repeats) deletes per size; lines changed besides the record's own \(Self.recordLines)")
    print("| records | files | insert: median other lines | insert: max | delete: median other lines | delete: max |")
    print("|---|---|---|---|---|---|")
    for size in sizes {
      let directory = try TemporaryDirectory(prefix: "folio-bench-git")
      defer { directory.remove() }
      let repository = try GitRepository(creatingAt: directory.path)
      let path = directory.path + "/flags.folio"
      // Identifiers `flag-00000000`, `flag-00000100`, …: new ones fall between stored ones.
      func name(_ n: UInt64) -> String {
        let digits = String(n)
        return "flag-" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
      }
      do {
        let store = try Store(directory: path, schema: Self.schema)
        try store.transaction { tx in
          for n in 0..<UInt64(size) { try tx.insert("Flag", Self.record(name(n * 100))) }
        }
      }
      try repository.commitAll("base")
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path + "/Flag").count) ?? 0
      var random = SeededGenerator(seed: UInt64(size))
      var inserts: [Int] = []
      var deletes: [Int] = []
      for _ in 0..<repeats {
        let fresh = name(random.next() % UInt64(size * 100))
        if !fresh.hasSuffix("00") {
          try Store(directory: path, schema: Self.schema).insert("Flag", Self.record(fresh))
          inserts.append(try changedLines(repository) - Self.recordLines)
          try revert(repository)
        }
        let stored = name((random.next() % UInt64(size)) * 100)
        try Store(directory: path, schema: Self.schema).delete("Flag", .string(stored))
        deletes.append(try changedLines(repository) - Self.recordLines)
        try revert(repository)
      }
      inserts.sort()
      deletes.sort()
      print("| \(size) | \(files) | \(inserts[inserts.count / 2]) | \(inserts.last ?? 0) | \(deletes[deletes.count / 2]) | \(deletes.last ?? 0) |")
    }
  }

  /// Lines added plus lines deleted in the working tree against the last commit, new files
  /// included.
  func changedLines(_ repository: GitRepository) throws -> Int {
    try repository.git("add", "-A")
    let numstat = try repository.git("diff", "--cached", "--numstat")
    return numstat.split(separator: "\n").reduce(0) { total, line in
      let fields = line.split(separator: "\t")
      return total + (fields.count >= 2 ? (Int(fields[0]) ?? 0) + (Int(fields[1]) ?? 0) : 0)
    }
  }

  /// Puts the working tree back to the last commit (the store's local folder stays: it is
  /// ignored, and the next open finds the files changed and rebuilds it).
  func revert(_ repository: GitRepository) throws {
    try repository.git("reset", "-q", "--hard")
    try repository.git("clean", "-q", "-fd")
  }
}
