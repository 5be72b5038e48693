import Folio
import FolioTestSupport
import Foundation
import Testing

/// Random branch pairs on a store written by Folio, merged by real git with `folio merge-driver`:
/// every pair that changes different fields of one record merges with both changes; every pair
/// that changes one field two ways is a conflict on that record alone, which `folio check`
/// locates by line. Each pair also edits a different record on each side, which must merge.
///
/// `FOLIO_DRIVER_PAIRS=N` sets the number of pairs of each kind (50 by default).
@Suite(.serialized, .enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct MergeDriverPairTests {
  static let schema = Schema(entities: [
    Entity(
      name: "Flag", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "name", type: .string),
        Attribute(name: "enabled", type: .bool), Attribute(name: "rollout", type: .int),
        Attribute(name: "note", type: .string),
      ])
  ])
  static let fields = ["enabled", "name", "note", "rollout"]

  /// The value branch `branch` gives `field` of a record.
  static func value(_ field: String, branch: Int, pair: Int) -> JSONValue {
    switch field {
    case "enabled": return .bool(branch == 1)
    case "rollout": return .int(Int64(pair * 10 + branch))
    default: return .string("\(field) of pair \(pair) on branch \(branch)")
    }
  }

  static var pairs: Int { Int(ProcessInfo.processInfo.environment["FOLIO_DRIVER_PAIRS"] ?? "") ?? 50 }

  /// A repository holding a store of 1,000 flags, committed on `base`, with the driver set up.
  static func repository() throws -> GitRepository {
    let repository = try GitRepository.withMergeDriver()
    let store = try Store(directory: repository.path + "/flags.folio", schema: schema)
    try store.transaction { tx in
      for id in 1...1_000 {
        try tx.insert("Flag", ["id": .int(Int64(id)), "name": .string("flag \(id)"), "enabled": false, "rollout": 0, "note": "-"])
      }
    }
    try repository.commitAll("base")
    try repository.git("branch", "base")
    return repository
  }

  /// Applies `changes` (record → field → value) to the store on a new branch from `base`.
  static func branch(_ name: String, _ changes: [(Int64, String, JSONValue)], in repository: GitRepository) throws {
    try repository.git("checkout", "-q", "-B", name, "base")
    let store = try Store(directory: repository.path + "/flags.folio", schema: schema)
    try store.transaction { tx in
      for (id, field, value) in changes { try tx.update("Flag", .int(id), [field: value]) }
    }
    try repository.commitAll(name)
  }

  @Test func differentFieldsOfOneRecordAlwaysMerge() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    var random = SeededGenerator(seed: 29)
    var failures: [String] = []
    for pair in 0..<Self.pairs {
      let id = Int64(1 + random.next() % 1_000)
      let other = Int64(1 + (UInt64(id) + 1 + random.next() % 998) % 1_000)
      let first = Self.fields[Int(random.next() % 4)]
      let second = Self.fields.filter { $0 != first }[Int(random.next() % 3)]
      let a = [(id, first, Self.value(first, branch: 1, pair: pair)), (other, "note", .string("a"))]
      let b = [(id, second, Self.value(second, branch: 2, pair: pair))]
      try Self.branch("a", a, in: repository)
      try Self.branch("b", b, in: repository)
      try repository.git("checkout", "-q", "a")
      let merge = try repository.run("merge", "--no-edit", "b")
      guard merge.status == 0 else {
        failures.append("pair \(pair) (\(id).\(first) / \(id).\(second)): \(merge.combined)")
        try repository.run("merge", "--abort")
        continue
      }
      let merged = try Store(directory: repository.path + "/flags.folio", schema: Self.schema, options: StoreOptions(readOnly: true))
      #expect(merged.get("Flag", .int(id))?[first] == Self.value(first, branch: 1, pair: pair), "pair \(pair)")
      #expect(merged.get("Flag", .int(id))?[second] == Self.value(second, branch: 2, pair: pair), "pair \(pair)")
      #expect(merged.get("Flag", .int(other))?["note"] == "a", "pair \(pair)")
      #expect(merged.nonCanonicalFiles() == [], "pair \(pair)")
    }
    #expect(failures == [], "\(failures.count) of \(Self.pairs) pairs did not merge")
  }

  @Test func oneFieldChangedTwoWaysIsAConflictOnThatRecordOnly() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    var random = SeededGenerator(seed: 31)
    for pair in 0..<Self.pairs {
      let id = Int64(1 + random.next() % 1_000)
      let other = Int64(1 + (UInt64(id) + 1 + random.next() % 998) % 1_000)
      // A bool cannot change two different ways from its base value.
      let field = ["name", "note", "rollout"][Int(random.next() % 3)]
      try Self.branch("a", [(id, field, Self.value(field, branch: 1, pair: pair)), (other, "note", .string("a"))], in: repository)
      try Self.branch("b", [(id, field, Self.value(field, branch: 2, pair: pair))], in: repository)
      try repository.git("checkout", "-q", "a")
      let merge = try repository.run("merge", "--no-edit", "b")
      #expect(merge.status != 0, "pair \(pair)")
      let reported = merge.combined.split(separator: "\n").filter { $0.contains(": conflict in ") }
      #expect(reported.count == 1 && reported[0].hasSuffix("conflict in Flag \(id): \(field)"), "pair \(pair): \(merge.combined)")
      // `folio check` points at the conflict's line; every other record is the merge of both.
      let check = try FolioBinaryTests.run(["check", "--store", "flags.folio"], in: repository.path)
      #expect(check.status == 1, "pair \(pair)")
      let line = reported.first.flatMap { $0.split(separator: ":").dropFirst().first }.map(String.init) ?? "?"
      #expect(check.output.contains(".json:\(line):1: error: the file holds git merge-conflict markers"), "pair \(pair): \(check.output)")
      let lenient = try Store(
        directory: repository.path + "/flags.folio", schema: Self.schema, options: StoreOptions(validation: .lenient, readOnly: true))
      if lenient.get("Flag", .int(other)) != nil {  // in a file without the conflict
        #expect(lenient.get("Flag", .int(other))?["note"] == "a", "pair \(pair)")
      }
      try repository.run("merge", "--abort")
    }
  }
}
