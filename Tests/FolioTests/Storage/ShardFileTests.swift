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

  @Test func filesAreNamedByTheirBoundarysHashNeverByIdentifier() {
    #expect(ShardLayout.path(entity: "Employee", name: ShardLayout.headName) == "Employee/0000000000000000.json")
    #expect(ShardLayout.name(hash: 0x3af000) == "00000000003af000")
    #expect(ShardLayout.name(hash: 0) == ShardLayout.headName)
    #expect(ShardLayout.name(hash: .max) == "ffffffffffffffff")
    #expect(ShardLayout.name(hash: 0x0123_4567_89ab_cdef) == "0123456789abcdef")
    // Every digit in every position: sixteen lowercase hex digits, zero-padded.
    for shift in stride(from: 0, to: 64, by: 4) {
      for digit in UInt64(0)...15 {
        let hash = digit << UInt64(shift) | 0x8000_0000_0000_0001 >> UInt64(60 - shift % 60)
        let hex = String(hash, radix: 16)
        #expect(ShardLayout.name(hash: hash) == String(repeating: "0", count: 16 - hex.count) + hex)
      }
    }
    // The documented example: FNV-1a 64 of the text `7`, then the SplitMix64 finalizer.
    #expect(RecordID.int(7).stableHash == 0xaf63_aa4c_8601_9796)
    #expect(ShardLayout.boundaryHash(.int(7)) == Self.splitMix(0xaf63_aa4c_8601_9796))
  }

  /// A save matches files to chunks by the hash a file's name spells: exactly the names
  /// `name(hash:)` writes, nothing else.
  @Test func aFileNameSpellsItsHashBack() {
    for hash: UInt64 in [0, 1, 0x3af000, 0x0123_4567_89ab_cdef, .max, ShardLayout.boundaryHash(.int(7))] {
      let path = ShardLayout.path(entity: "Employee", name: ShardLayout.name(hash: hash))
      #expect(ShardLayout.match(path, folder: "Employee/") == .chunk(hash))
    }
    for name in ["", "3AF000", "00000000003AF000", "00000000003af00", "00000000003af0000", "00000000003af00g", "0000000000 3af00"] {
      #expect(ShardLayout.match("Employee/\(name).json", folder: "Employee/") == .other, "\(name)")
    }
    for path in [
      "Employee/00000000003af000.JSON", "Employee/00000000003af000.json.tmp", "Employee/00000000003af000",
      "Employee/sub/00000000003af000.json", "Employee/00000000003AF000.json", "Employee/.json", "Employee/",
    ] {
      #expect(ShardLayout.match(path, folder: "Employee/") == .other, "\(path)")
    }
    for path in ["Employees/00000000003af000.json", "Employee00000000003af000.json", "Employé/00000000003af000.json", "", "E"] {
      #expect(ShardLayout.match(path, folder: "Employee/") == .elsewhere, "\(path)")
    }
    // Bytes, not canonical equivalence: a decomposed `é` is another folder.
    #expect(ShardLayout.match("Caf\u{65}\u{301}/00000000003af000.json", folder: "Caf\u{e9}/") == .elsewhere)
    #expect(ShardLayout.match("Caf\u{e9}/00000000003af000.json", folder: "Caf\u{e9}/") == .chunk(0x3af000))
  }

  static func splitMix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  @Test func aboutOneRecordInAThousandTwentyFourStartsAFile() {
    let ints = (1...200_000).filter { ShardLayout.isBoundary(.int(Int64($0))) }.count
    let strings = (1...200_000).filter { ShardLayout.isBoundary(.string("flag-\($0)")) }.count
    // Expected 195.3; a binomial spread of a few standard deviations (±14 each).
    #expect((140...250).contains(ints))
    #expect((140...250).contains(strings))
  }

  @Test func recordsAreWrittenInIdentifierOrderWithSortedKeys() {
    let records: [(key: RecordID, value: JSONObject)] = [
      (.string("b"), ["id": "b", "n": 2.5]), (.int(10), ["z": true, "id": 10]), (.int(9), ["id": 9]),
    ]
    let layout = RowLayout(columns: [
      RowColumn(name: "id", kind: .int), RowColumn(name: "n", kind: .double),
      RowColumn(name: "z", kind: .bool),
    ])
    let bytes = ShardFile.bytes(RowWriterTests.chunk(layout, records.map { ($0.key, $0.value) }), skipping: [])
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
    #expect(ShardFile.bytes(RowChunk(layout: layout), skipping: []) == Array("[]\n".utf8))
  }

  @Test func conflictMarkersAreFoundOnTheirLine() {
    #expect(ShardFile.conflictMarkerLine(Array("[\n  {},\n>>>>>>> theirs\n]".utf8)) == 3)
    #expect(ShardFile.conflictMarkerLine(Array("[\"=======\"]".utf8)) == nil)
  }
}
