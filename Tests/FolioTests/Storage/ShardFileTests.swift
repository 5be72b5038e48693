import Testing

@testable import Folio

/// Vectors computed independently (a few lines of Python following Documentation/FileFormat.md).
@Suite struct ShardFileTests {
  @Test(arguments: [
    (RecordID.int(7), UInt64(0xaf63_aa4c_8601_9796)),
    (RecordID.string("abc"), UInt64(0xc6cf_8fb5_38aa_dbab)),
    (RecordID.composite([.string("Paris"), .string("London")]), UInt64(0xbc04_d475_c81e_8dba)),
  ])
  func shardHashesFollowTheDocumentedAlgorithm(_ id: RecordID, _ hash: UInt64) {
    #expect(id.stableHash == hash)
  }

  @Test func checksumsFollowTheDocumentedAlgorithm() {
    #expect(ShardFile.checksum(Array("[]\n".utf8)) == "fnv1a64w:a2a2fd1a0fa1fa7b")
    #expect(ShardFile.checksum(Array("hello, world!\n".utf8)) == "fnv1a64w:8ae6a8728cdb3812")
  }

  @Test func shardFilesAreNamedByIndexNeverByIdentifier() {
    #expect(ShardFile.path(entity: "Employee", index: 0) == "Employee/0000.json")
    #expect(ShardFile.path(entity: "Employee", index: 0x3af) == "Employee/03af.json")
  }

  @Test func recordsAreWrittenInIdentifierOrderWithSortedKeys() {
    let bytes = ShardFile.bytes([
      .string("b"): ["id": "b", "n": 2.5], .int(10): ["z": true, "id": 10], .int(9): ["id": 9],
    ])
    #expect(String(decoding: bytes, as: UTF8.self) == """
      [
        {
          "id": 9
        },
        {
          "id": 10,
          "z": true
        },
        {
          "id": "b",
          "n": 2.5
        }
      ]

      """)
    #expect(ShardFile.bytes([:]) == Array("[]\n".utf8))
  }

  @Test func conflictMarkersAreFoundOnTheirLine() {
    #expect(ShardFile.conflictMarkerLine(Array("[\n  {},\n>>>>>>> theirs\n]".utf8)) == 3)
    #expect(ShardFile.conflictMarkerLine(Array("[\"=======\"]".utf8)) == nil)
  }
}
