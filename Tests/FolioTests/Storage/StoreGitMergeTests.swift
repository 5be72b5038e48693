import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// A store kept in git: branches that edit different records merge with plain `git merge` (no
/// merge driver) without a conflict, and the merged store opens strictly and checks clean with
/// every edit of both branches in it. Driven through the real `git` binary.
///
/// `FOLIO_GIT_PAIRS=N` sets the number of random branch pairs (200 by default).
@Suite(.serialized) struct StoreGitMergeTests {
  static let schema = Schema(entities: [
    Entity(
      name: "Team", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .string)],
      relationships: [Relationship(name: "flags", target: "Flag", isToMany: true, inverse: "owner")]),
    Entity(
      name: "Flag", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "name", type: .string),
        Attribute(name: "enabled", type: .bool), Attribute(name: "rollout", type: .int),
      ],
      relationships: [Relationship(name: "owner", target: "Team", isToMany: false, inverse: "flags")]),
  ])

  /// The base store's flags: 10,000 identifiers spread over 1,000 … 1,000,900, so that new
  /// identifiers fall between stored ones, as they do in real data.
  static let baseIDs = (0..<10_000).map { Int64(1_000 + $0 * 100) }
  static let teams = (0..<40).map { "team-\($0)" }

  /// One branch's edits.
  struct Edits {
    var inserts: [Int64] = []
    var updates: [Int64] = []
    var deletes: [Int64] = []
  }

  /// Draws the edits of two branches: each inserts, updates and deletes `count` records, and
  /// no record is edited by both.
  static func drawEdits(_ random: inout SeededGenerator, count: Int, existing: Set<Int64>) -> (Edits, Edits) {
    var used = Set<Int64>()
    func stored() -> Int64 {
      while true {
        let id = baseIDs[Int(random.next() % UInt64(baseIDs.count))]
        if existing.contains(id), used.insert(id).inserted { return id }
      }
    }
    func fresh() -> Int64 {
      while true {
        let id = Int64(1_000 + random.next() % 1_000_000)
        if id % 100 != 0, used.insert(id).inserted { return id }
      }
    }
    var a = Edits()
    var b = Edits()
    for _ in 0..<count {
      a.inserts.append(fresh())
      b.inserts.append(fresh())
      a.updates.append(stored())
      b.updates.append(stored())
      a.deletes.append(stored())
      b.deletes.append(stored())
    }
    return (a, b)
  }

  /// The value an update on branch `branch` gives `id`.
  static func updated(_ id: Int64, branch: String) -> JSONObject {
    ["rollout": .int(id % 97 + (branch == "a" ? 1_000 : 2_000)), "owner": .string(teams[Int(id % 7)])]
  }

  static func apply(_ edits: Edits, branch: String, to path: String) throws {
    let store = try Store(directory: path, schema: schema)
    try store.transaction { tx in
      for id in edits.inserts {
        try tx.insert("Flag", ["id": .int(id), "name": .string("\(branch)-\(id)"), "enabled": true, "rollout": 0, "owner": "team-1"])
      }
      for id in edits.updates { try tx.update("Flag", .int(id), updated(id, branch: branch)) }
      for id in edits.deletes { try tx.delete("Flag", .int(id)) }
    }
  }

  @Test func branchesEditingDifferentRecordsMergeInPlainGitWithoutConflict() throws {
    guard GitRepository.isGitInstalled else {
      Issue.record("git is not installed; .ci/run installs it")
      return
    }
    let pairs = Int(ProcessInfo.processInfo.environment["FOLIO_GIT_PAIRS"] ?? "") ?? 200
    let directory = try TemporaryDirectory(prefix: "folio-git")
    defer { directory.remove() }
    let repository = try GitRepository(creatingAt: directory.path)
    let path = directory.path + "/flags.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      let flags: [JSONValue] = Self.baseIDs.map { id in
        ["id": .int(id), "name": .string("flag-\(id)"), "enabled": .bool(id % 3 == 0), "rollout": .int(id % 101),
         "owner": .string(Self.teams[Int((id / 100) % 40)])]
      }
      try store.sync(.array(flags), into: "Flag")  // teams are inserted as stubs
    }
    try repository.commitAll("base: 10,000 flags")
    try repository.git("branch", "base")
    var random = SeededGenerator(seed: 13)
    var conflicts: [String] = []
    let existing = Set(Self.baseIDs)
    for pair in 0..<pairs {
      let (a, b) = Self.drawEdits(&random, count: 2, existing: existing)
      try repository.git("checkout", "-q", "-B", "a", "base")
      try Self.apply(a, branch: "a", to: path)
      try repository.commitAll("pair \(pair): a")
      try repository.git("checkout", "-q", "-B", "b", "base")
      try Self.apply(b, branch: "b", to: path)
      try repository.commitAll("pair \(pair): b")
      try repository.git("checkout", "-q", "a")
      let merge = try repository.run("merge", "-q", "--no-edit", "b")
      guard merge.status == 0 else {
        conflicts.append("pair \(pair): \(merge.output)\(merge.errors)")
        try repository.run("merge", "--abort")
        continue
      }
      let merged = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
      #expect(try merged.check() == [], "pair \(pair)")
      #expect(merged.state.count("Flag") == Self.baseIDs.count, "pair \(pair)")
      for (edits, branch) in [(a, "a"), (b, "b")] {
        for id in edits.inserts { #expect(merged.get("Flag", .int(id))?["name"] == .string("\(branch)-\(id)"), "pair \(pair)") }
        for id in edits.deletes { #expect(merged.get("Flag", .int(id)) == nil, "pair \(pair)") }
        for id in edits.updates {
          let expected = Self.updated(id, branch: branch)
          #expect(merged.get("Flag", .int(id))?["rollout"] == expected["rollout"], "pair \(pair)")
          let owner = try #require(expected["owner"]?.stringValue)
          #expect(merged.get("Team", .string(owner))?["flags"]?.arrayValue?.contains(.int(id)) == true, "pair \(pair)")
        }
      }
    }
    #expect(conflicts == [], "\(conflicts.count) of \(pairs) merges conflicted")
  }
}
