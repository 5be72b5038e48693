@testable import Folio
import Testing

/// ``ShardMerge/init(file:of:identifiers:)``: one file's share of a three-way merge of a whole
/// entity, with records that moved between files or were renamed.
@Suite struct ShardMergeEntityTests {
  static let head = ShardLayout.headName + ".json"

  /// The first identifier after `start` that is a boundary record, and its file's name.
  static func boundary(after start: Int64) throws -> (Int64, String) {
    let id = try #require((start...start + 100_000).first { ShardLayout.isBoundary(.int($0)) })
    return (id, ShardLayout.name(hash: ShardLayout.boundaryHash(.int(id))) + ".json")
  }

  static func file(_ ids: [Int64], changed: Int64? = nil) -> [UInt8] {
    JSONWriter.prettyBytes(
      ofObjects: ids.map { id in
        ["id": .int(id), "note": .string(id == changed ? "changed" : "-")]
      })
  }

  @Test func aRecordDeletedOnOneSideAndMovedOnTheOtherIsAConflictSayingWhereItMoved() throws {
    let (cut, name) = try Self.boundary(after: 10)
    let before = Array(Int64(1)..<cut)
    let after = Array(cut + 1...cut + 5)
    let files = ShardMerge.EntityFiles(
      base: [Self.head: Self.file(before + after)],
      ours: [Self.head: Self.file(before + after.filter { $0 != cut + 2 })],
      theirs: [Self.head: Self.file(before), name: Self.file([cut] + after)])
    let merge = try ShardMerge(file: Self.head, of: files, identifiers: ["id"])
    #expect(merge.conflicts.map(\.id) == [.int(cut + 2)])
    #expect(merge.conflicts.first?.note?.contains("deleted in ours, moved in theirs; moved to \(name)") == true)
    #expect(merge.records.count == before.count)
    // The markers enclose no record on either side: keeping one side leaves the merged records.
    let text = String(decoding: merge.bytes, as: UTF8.self)
    #expect(text.contains("<<<<<<< ours\n"))
    var kept: [Substring] = []
    var inTheirs = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("=======") { inTheirs = true } else if line.hasPrefix(">>>>>>>") {
        inTheirs = false
      } else if !line.hasPrefix("<<<<<<<") && !inTheirs {
        kept.append(line)
      }
    }
    #expect(Array(kept.joined(separator: "\n").utf8) == Self.file(before))
  }

  @Test func bothSidesInsertingTheSameBoundaryMergeTheRecordsItMoved() throws {
    let (cut, name) = try Self.boundary(after: 10)
    let before = Array(Int64(1)..<cut)
    let after = Array(cut + 1...cut + 5)
    let ours = Self.file([cut] + after, changed: cut + 1)
    let files = ShardMerge.EntityFiles(
      base: [Self.head: Self.file(before + after)],
      ours: [Self.head: Self.file(before), name: ours],
      theirs: [Self.head: Self.file(before, changed: 1), name: Self.file([cut] + after, changed: cut + 3)])
    let merge = try ShardMerge(file: name, of: files, identifiers: ["id"])
    #expect(merge.isClean)
    let changed = merge.records.filter { $0["note"] == "changed" }.compactMap { $0["id"] }
    #expect(changed == [.int(cut + 1), .int(cut + 3)])
  }

  @Test func aRenameAgainstADeleteIsAConflictNamingTheRename() throws {
    let ids = Array(Int64(1)...5)
    let renamed = JSONWriter.prettyBytes(
      ofObjects: ids.filter { $0 != 2 }.map { ["id": .int($0), "note": "-"] } + [["id": 6, "note": "-"]])
    let files = ShardMerge.EntityFiles(
      base: [Self.head: Self.file(ids)], ours: [Self.head: renamed],
      theirs: [Self.head: Self.file([1, 3, 4, 5], changed: 4)])
    let merge = try ShardMerge(file: Self.head, of: files, identifiers: ["id"])
    #expect(merge.conflicts.map(\.id) == [.int(2)])
    #expect(merge.conflicts.first?.note == "renamed to 6 in ours, deleted in theirs")
  }

  @Test func filesNamedByHandAreMergedOneAtATime() throws {
    let files = ShardMerge.EntityFiles(
      base: ["0a1b2c3d4e5f6789.json": Self.file([1, 2])],
      ours: ["0a1b2c3d4e5f6789.json": Self.file([1, 2], changed: 1)],
      theirs: ["0a1b2c3d4e5f6789.json": Self.file([1, 2], changed: 2)])
    let merge = try ShardMerge(file: "0a1b2c3d4e5f6789.json", of: files, identifiers: ["id"])
    #expect(merge.isClean)
    #expect(merge.records.compactMap { $0["note"] } == ["changed", "changed"])
  }
}
