import FolioJSON
import FolioTestSupport
import Testing

@testable import Folio

/// The shard writer on rows prints exactly what the canonical writer prints for the decoded
/// records, without the skipped members, in identifier order (Design/0005, step 3).
@Suite struct RowWriterTests {
  /// What the writer must print: the chunk's records decoded, in identifier order, without the
  /// members named in `skipped`, through `JSONWriter.prettyBytes(ofObjects:)` (the writer
  /// shards had before rows).
  static func expectedBytes(_ chunk: RowChunk, skipping skipped: [String]) -> [UInt8] {
    let records = chunk.ids.sorted().map { id -> JSONObject in
      var record = chunk[id] ?? [:]
      for name in skipped where record[name] != nil { record[name] = nil }
      return record
    }
    return JSONWriter.prettyBytes(ofObjects: records)
  }

  /// A chunk of `layout` holding `records` under `ids`.
  static func chunk(_ layout: RowLayout, _ entries: [(RecordID, JSONObject)]) -> RowChunk {
    var chunk = RowChunk(layout: layout)
    for (id, record) in entries { chunk.updateValue(record, forKey: id) }
    return chunk
  }

  /// `count` distinct identifiers of one of five families: integers shuffled, integers
  /// ascending (a chunk read from its file), strings, composites, or all three mixed.
  static func identifiers(_ count: Int, _ generator: inout RowRecordGenerator) -> [RecordID] {
    let family = generator.rng.below(5)
    var seen = Set<RecordID>()
    var ids: [RecordID] = []
    while ids.count < count {
      let id: RecordID
      switch generator.chance(50) && family == 4 ? generator.rng.below(3) : family {
      case 0, 1:
        // Spread over a range like a shard's (radix order) or over all of Int64 (comparison).
        id = .int(
          generator.chance(90) ? Int64(generator.rng.below(1_000_000)) - 1000 : generator.int())
      case 2: id = .string(generator.string())
      default:
        id = .composite([.string(generator.string()), .int(Int64(generator.rng.below(50)))])
      }
      if seen.insert(id).inserted { ids.append(id) }
    }
    if family == 1 { ids.sort() }
    return ids
  }

  /// The layouts the random chunks use: every column kind, and a small one with a string
  /// identifier and link columns only.
  static let layouts = [
    RowFixtures.layout,
    RowLayout(columns: [
      RowColumn(name: "code", kind: .string), RowColumn(name: "parent", kind: .toOne),
      RowColumn(name: "children", kind: .toMany), RowColumn(name: "\u{E9}t\u{E9}", kind: .date),
      RowColumn(name: "a\"b", kind: .int),
    ]),
  ]

  @Test(arguments: 0..<8)
  func randomChunksAreWrittenAsTheirDecodedRecordsAre(seed: Int) {
    var generator = RowRecordGenerator(seed: UInt64(seed) &* 7919 &+ 11)
    var written = (chunks: 0, records: 0, bytes: 0)
    for round in 0..<300 {
      let layout = generator.pick(Self.layouts)
      let count = generator.chance(15) ? 64 + generator.rng.below(200) : generator.rng.below(30)
      let ids = Self.identifiers(count, &generator)
      var chunk = RowChunk(layout: layout)
      for id in ids { chunk.updateValue(generator.record(layout), forKey: id) }
      // Replacements and removals move rows, leave arena garbage and compact.
      for _ in 0..<generator.rng.below(count / 2 + 1) where !ids.isEmpty {
        let id = generator.pick(ids)
        if generator.chance(40) {
          chunk.removeValue(forKey: id)
        } else {
          chunk.updateValue(generator.record(layout), forKey: id)
        }
      }
      // Derived columns: some of the layout's, sometimes a name no column has.
      var skipped = layout.columns.map(\.name).filter { _ in generator.chance(15) }
      if generator.chance(10) { skipped.append("missing") }
      let bytes = ShardFile.bytes(chunk, skipping: skipped)
      let expected = Self.expectedBytes(chunk, skipping: skipped)
      if bytes != expected {
        Issue.record(
          """
          seed \(seed), round \(round): the row writer printed
          \(String(decoding: bytes, as: UTF8.self))
          but the records print as
          \(String(decoding: expected, as: UTF8.self))
          """)
        return
      }
      written.chunks += 1
      written.records += chunk.count
      written.bytes += bytes.count
    }
    #expect(written.chunks == 300)
    #expect(written.records > 1_500)
  }

  @Test func everyKindIsWrittenFromItsWords() throws {
    let layout = RowFixtures.layout
    var record = RowFixtures.fullRecord
    record["name"] = "tab\t\"quoted\" \\ \u{1F}\u{7F} /\u{E9}\u{1F600}"
    record["doubles"] = [
      -0.0, .double(.leastNonzeroMagnitude), 1e21, 1e-7, 0.1, 123.45, 2_147_483_648.5, 1e300,
      .double(.infinity),
    ]
    record["ints"] = [.int(.min), .int(.max), 0, -7]
    record["strings"] = []
    record["members"] = []
    record["owner"] = ["P", 4]
    let chunk = Self.chunk(layout, [(.int(1), record)])
    let text = String(decoding: ShardFile.bytes(chunk, skipping: []), as: UTF8.self)
    #expect(ShardFile.bytes(chunk, skipping: []) == Self.expectedBytes(chunk, skipping: []))
    #expect(
      text == """
        [
          {
            "at": "2024-02-29T12:34:56.789Z",
            "bools": [
              true,
              false
            ],
            "count": 42,
            "dates": [
              "1970-01-01T00:00:00.000Z"
            ],
            "decimals": [
              "1.5"
            ],
            "doubles": [
              -0.0,
              5e-324,
              1e+21,
              1e-07,
              0.1,
              123.45,
              2147483648.5,
              1e+300,
              null
            ],
            "flag": true,
            "id": 1,
            "ints": [
              -9223372036854775808,
              9223372036854775807,
              0,
              -7
            ],
            "members": [],
            "meta": {
              "a": 1
            },
            "mood": "sad",
            "moods": [
              "happy"
            ],
            "name": "tab\\t\\"quoted\\" \\\\ \\u001f\u{7F} /\u{E9}\u{1F600}",
            "nested": [
              [
                1
              ]
            ],
            "owner": [
              "P",
              4
            ],
            "price": "12.30",
            "ratio": 0.5,
            "strings": [],
            "uid": "123e4567-e89b-12d3-a456-426614174000",
            "uuids": [
              "00000000-0000-0000-0000-000000000000"
            ]
          }
        ]

        """)
  }

  @Test func linksAreWrittenAsIdentifiersAndDerivedOnesAreLeftOut() {
    let record: JSONObject = [
      "id": 2, "owner": 9, "members": [3, "x", ["P", 4]], "name": "\u{E9}",
    ]
    let chunk = Self.chunk(RowFixtures.layout, [(.int(2), record)])
    #expect(
      String(decoding: ShardFile.bytes(chunk, skipping: ["members"]), as: UTF8.self) == """
        [
          {
            "id": 2,
            "name": "\u{E9}",
            "owner": 9
          }
        ]

        """)
    #expect(
      String(decoding: ShardFile.bytes(chunk, skipping: ["id", "name"]), as: UTF8.self) == """
        [
          {
            "members": [
              3,
              "x",
              [
                "P",
                4
              ]
            ],
            "owner": 9
          }
        ]

        """)
  }

  @Test func recordsWithoutWrittenMembersAreEmptyObjects() {
    let chunk = Self.chunk(RowFixtures.layout, [(.int(5), ["owner": 1]), (.int(4), [:])])
    #expect(
      String(decoding: ShardFile.bytes(chunk, skipping: ["owner"]), as: UTF8.self) == """
        [
          {},
          {}
        ]

        """)
    #expect(
      ShardFile.bytes(RowChunk(layout: RowFixtures.layout), skipping: []) == Array("[]\n".utf8))
  }

  @Test func aRowWithExtrasHasItsMembersInKeyOrder() {
    // "meta" < "mf" < "mood": the extra sorts between two columns.
    let chunk = Self.chunk(
      RowFixtures.layout,
      [
        (.int(3), ["id": 3, "meta": ["z": 1], "mf": [1, 2], "mood": "sad", "owner": 1]),
        (.int(1), ["id": 1]),
      ])
    #expect(chunk.extras.count == 1)
    #expect(
      String(decoding: ShardFile.bytes(chunk, skipping: ["owner"]), as: UTF8.self) == """
        [
          {
            "id": 1
          },
          {
            "id": 3,
            "meta": {
              "z": 1
            },
            "mf": [
              1,
              2
            ],
            "mood": "sad"
          }
        ]

        """)
  }
}
