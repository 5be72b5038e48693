import FolioTestSupport
import Testing

@testable import Folio

/// Properties of the record-level readers of a store in git, on random versions of a shard:
/// the diff that sets unchanged bytes aside agrees with one that parses everything, and a
/// conflicted merge read back and resolved with one side gives that side's three-way merge.
struct StoreDiffPropertyTests {
  static let identifiers = ["id"]
  static let schema = Schema(entities: [
    Entity(
      name: "Tag", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "a", type: .string, isOptional: true),
        Attribute(name: "b", type: .int, isOptional: true), Attribute(name: "c", type: .array(.string), isOptional: true),
      ])
  ])

  /// A random record with identifier `id`.
  static func record(_ id: Int64, _ generator: inout SeededGenerator) -> JSONObject {
    var record: JSONObject = ["id": .int(id)]
    if Bool.random(using: &generator) { record["a"] = .string(["x", "y", "é", "a|b", "q\"uote"].randomElement(using: &generator) ?? "x") }
    if Bool.random(using: &generator) { record["b"] = .int(Int64.random(in: 0...3, using: &generator)) }
    if Int.random(in: 0..<4, using: &generator) == 0 { record["c"] = ["p", "q"] }
    return record
  }

  /// `records` changed at random: some edited, some removed, some added.
  static func edit(_ records: [Int64: JSONObject], _ generator: inout SeededGenerator) -> [Int64: JSONObject] {
    var result = records
    for _ in 0..<Int.random(in: 0...6, using: &generator) {
      let id = Int64.random(in: 1...30, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: result[id] = nil
      default: result[id] = record(id, &generator)
      }
    }
    return result
  }

  /// The records laid out over up to three files, in identifier order, canonical or compact.
  static func files(_ records: [Int64: JSONObject], split: [Int64], compact: Bool) -> [String: [UInt8]] {
    var files: [String: [JSONObject]] = [:]
    for id in records.keys.sorted() {
      let name = "Tag/" + (split.filter { $0 <= id }.max().map { String(format: "%016llx", $0) } ?? "0000000000000000") + ".json"
      files[name, default: []].append(records[id] ?? [:])
    }
    return files.mapValues { compact ? JSONWriter.bytes(.array($0.map(JSONValue.object))) : JSONWriter.prettyBytes(ofObjects: $0) }
  }

  @Test(arguments: 0..<200)
  func settingUnchangedBytesAsideChangesNothing(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) + 1)
    var before: [Int64: JSONObject] = [:]
    for id in 1...Int64.random(in: 1...30, using: &generator) where Bool.random(using: &generator) {
      before[id] = Self.record(id, &generator)
    }
    let after = Self.edit(before, &generator)
    let splitBefore = [Int64.random(in: 5...25, using: &generator)]
    let splitAfter = Bool.random(using: &generator) ? splitBefore : [Int64.random(in: 5...25, using: &generator)]
    let old = Self.files(before, split: splitBefore, compact: Int.random(in: 0..<4, using: &generator) == 0)
    let new = Self.files(after, split: splitAfter, compact: Int.random(in: 0..<4, using: &generator) == 0)
    let diff = try StoreDiff(from: .init(schema: Self.schema, files: old), to: .init(schema: Self.schema, files: new))
    // The reference: every record parsed, compared by identifier.
    let reference = StoreDiff.compare(
      entity: "Tag", identifiers: Self.identifiers,
      try StoreDiff.records(of: "Tag", in: old, schema: Self.schema, label: "a"),
      try StoreDiff.records(of: "Tag", in: new, schema: Self.schema, label: "b"))
    #expect(diff.changes == reference, "seed \(seed)")
    // And it says what happened.
    for id in Set(before.keys).union(after.keys) {
      let change = diff.changes.first { $0.id == .int(id) && $0.kind != .moved }
      switch (before[id], after[id]) {
      case (nil, _?): #expect(change?.kind == .added || change?.kind == .renamed, "seed \(seed) id \(id)")
      case (_?, nil): #expect(change?.kind == .removed || diff.changes.contains { $0.previousID == .int(id) }, "seed \(seed) id \(id)")
      case (let a?, let b?): #expect((change?.kind == .changed) == (a != b), "seed \(seed) id \(id)")
      case (nil, nil): break
      }
    }
  }

  /// What a three-way merge gives when every conflict goes `side`'s way.
  static func merge(base: [Int64: JSONObject], ours: [Int64: JSONObject], theirs: [Int64: JSONObject], favouring side: ShardMerge.Side) -> [Int64: JSONObject] {
    var result: [Int64: JSONObject] = [:]
    for id in Set(base.keys).union(ours.keys).union(theirs.keys) {
      let (o, m, t) = (base[id], ours[id], theirs[id])
      if m == t || t == o { result[id] = m; continue }
      if m == o { result[id] = t; continue }
      guard let m, let t else {
        result[id] = side == .ours ? m : t
        continue
      }
      var merged = JSONObject()
      for key in ShardMerge.keys(of: [o ?? [:], m, t]) {
        let (a, b, c) = (o?[key], m[key], t[key])
        let value = b == c || c == a ? b : (b == a ? c : (side == .ours ? b : c))
        if let value { merged[key] = value }
      }
      result[id] = merged
    }
    return result
  }

  @Test(arguments: 0..<200)
  func aConflictedMergeResolvedWithOneSideIsThatSidesMerge(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) + 1_000)
    var base: [Int64: JSONObject] = [:]
    for id in 1...Int64.random(in: 1...20, using: &generator) where Bool.random(using: &generator) {
      base[id] = Self.record(id, &generator)
    }
    let ours = Self.edit(base, &generator)
    let theirs = Self.edit(base, &generator)
    let bytes = { (records: [Int64: JSONObject]) in JSONWriter.prettyBytes(ofObjects: records.keys.sorted().compactMap { records[$0] }) }
    let merge = try ShardMerge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), identifiers: Self.identifiers)
    for side in [ShardMerge.Side.ours, .theirs] {
      var shard = try ConflictedShard(bytes: merge.bytes, base: bytes(base), identifiers: Self.identifiers)
      #expect(shard.conflicts.count == merge.conflicts.count, "seed \(seed)")
      #expect(shard.conflicts.map(\.line) == merge.conflicts.map(\.line), "seed \(seed)")
      for conflict in shard.conflicts { try shard.resolve(conflict.id, with: side == .ours ? .ours : .theirs) }
      let expected = Self.merge(base: base, ours: ours, theirs: theirs, favouring: side)
      #expect(shard.isResolved)
      #expect(shard.bytes == bytes(expected), "seed \(seed) \(side)")
    }
  }
}
