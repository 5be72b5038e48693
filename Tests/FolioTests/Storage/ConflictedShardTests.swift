import Folio
import Testing

/// ``ConflictedShard`` on files with conflict markers: what is in conflict, diff3 bases, marker
/// mistakes, and resolutions that change only what they name.
struct ConflictedShardTests {
  static let base = #"[{"id": 1, "label": "old"}, {"id": 2, "label": "old"}, {"id": 3, "label": "old"}]"#

  /// What Folio's merge driver writes when ours relabels 1, 2 and 3 and theirs relabels 2 and
  /// deletes 3: record 1 merged, record 2 with a field in conflict, record 3 deleted in theirs.
  static func merge() throws -> ShardMerge {
    try ShardMerge(
      base: Array(base.utf8),
      ours: Array(#"[{"id": 1, "label": "merged"}, {"id": 2, "label": "mine"}, {"id": 3, "label": "kept"}]"#.utf8),
      theirs: Array(#"[{"id": 1, "label": "old"}, {"id": 2, "label": "yours"}]"#.utf8), identifiers: ["id"])
  }

  static func shard() throws -> ConflictedShard {
    try ConflictedShard(bytes: try merge().bytes, base: Array(base.utf8), identifiers: ["id"])
  }

  @Test func conflictsAreTheRecordsWhoseOursAndTheirsReadingsDiffer() throws {
    let shard = try Self.shard()
    #expect(shard.conflicts.map(\.id) == [.int(2), .int(3)])
    let lines = try Self.merge().conflicts.map(\.line)
    #expect(shard.conflicts.map(\.line) == lines)
    #expect(shard.conflicts[0].fields == [ConflictedShard.FieldConflict(field: "label", ours: "mine", theirs: "yours", base: "old")])
    #expect(shard.conflicts[1].deletedIn == .theirs)
    #expect(!shard.isResolved)
  }

  @Test func resolvingChangesOnlyWhatItNamesAndRendersTheRestWithMarkers() throws {
    var shard = try Self.shard()
    try shard.resolve(.int(3), with: .theirs)
    let text = String(decoding: shard.bytes, as: UTF8.self)
    #expect(text.contains("\"label\": \"merged\""))
    #expect(text.contains("<<<<<<< ours") && !text.contains("\"id\": 3"))
    // The file written back reads the same way.
    var again = try ConflictedShard(bytes: shard.bytes, base: Array(Self.base.utf8), identifiers: ["id"])
    #expect(again.conflicts.map(\.id) == [.int(2)])
    try again.resolve(.int(2), field: "label", with: .value(nil))
    #expect(again.isResolved)
    #expect(again.bytes == JSONWriter.prettyBytes(ofObjects: [["id": 1, "label": "merged"], ["id": 2]]))
    #expect(throws: ShardMergeError.self) { try again.resolve(.int(2), with: .ours) }
  }

  @Test func aDiff3BaseSectionIsSkippedAndMarkerMistakesAreLocated() throws {
    let diff3 = "[\n<<<<<<< ours\n  {\"id\": 1, \"v\": 1}\n||||||| base\n  {\"id\": 1, \"v\": 0}\n=======\n  {\"id\": 1, \"v\": 2}\n>>>>>>> theirs\n]\n"
    var shard = try ConflictedShard(bytes: Array(diff3.utf8), base: nil, identifiers: ["id"])
    #expect(shard.conflicts.first?.fields.first?.ours == 1 && shard.conflicts.first?.fields.first?.theirs == 2)
    try shard.resolve(.int(1), field: "v", with: .base)  // no base given: the field goes
    #expect(shard.bytes == JSONWriter.prettyBytes(ofObjects: [["id": 1]]))
    let cases: [(String, Int)] = [
      ("[\n<<<<<<< ours\n  {\"id\": 1}\n=======\n", 2),  // never closed
      ("[\n=======\n]\n", 2),  // out of place
      ("[\n  {\"id\": 1}\n<<<<<<< ours\n=======\n>>>>>>> theirs\n]\n", 5),  // nothing on either side
    ]
    for (text, line) in cases {
      #expect {
        try ConflictedShard(bytes: Array(text.utf8), base: nil, identifiers: ["id"])
      } throws: { error in
        (error as? ShardMergeError)?.code == .conflictMarkers && (error as? ShardMergeError)?.line == line
      }
    }
  }
}
