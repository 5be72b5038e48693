import FolioJSON
import FolioTestSupport
import Testing

@testable import Folio

/// The shard-file reader that fills rows straight from bytes (Design/0005, step 4) against the
/// general path it stands in for: parse, ``RecordChecker``, encode. Whatever it takes must be
/// exactly what the general path keeps, encoded with the same tags; anything else it must leave
/// to the general path (return `nil`), which reports the problems.
@Suite struct StoredRowReaderTests {
  static let reader = StoredRowReader(RowFixtures.entity, layout: RowFixtures.layout)
  static let checker = RecordChecker(RowFixtures.entity)

  /// The records the general path keeps from `bytes` when it keeps every one of them unchanged
  /// (no problem, nothing dropped, no identifier twice), as a chunk; `nil` otherwise.
  static func generalPath(_ bytes: [UInt8]) -> RowChunk? {
    guard case .array(let items)? = try? JSONParser.parse(bytes) else { return nil }
    var chunk = RowChunk(layout: RowFixtures.layout)
    for item in items {
      guard case .object(let record) = item else { return nil }
      let checked = checker.check(record)
      guard checked.problems.isEmpty, checked.record.count == record.count, let id = checked.id,
        chunk.updateValue(checked.record, forKey: id) == nil
      else { return nil }
    }
    return chunk
  }

  /// Whether `read` holds the same records as `expected`, row for row, with the same tags.
  static func sameRows(_ read: RowChunk, _ expected: RowChunk) -> Bool {
    guard read.count == expected.count, Array(read.ids) == Array(expected.ids) else { return false }
    for row in 0..<read.count {
      guard read.record(at: row) == expected.record(at: row),
        read.sameRecord(row: row, as: expected, row: row)
      else { return false }
      for column in RowFixtures.layout.columns.indices where read.tag(row, column) != expected.tag(row, column) {
        return false
      }
    }
    return true
  }

  /// A record that is mostly valid: a unique integer identifier, each other column absent,
  /// given a value of its stored form, or (rarely) a value of any kind.
  static func record(_ id: Int64, _ generator: inout RowRecordGenerator) -> JSONObject {
    var record: JSONObject = ["id": .int(id)]
    // `nested` (a list of lists) holds no valid stored value: every record with it is refused.
    for column in RowFixtures.layout.columns where column.name != "id" && column.name != "nested" {
      switch generator.rng.below(100) {
      case 0..<40: continue
      case 40..<98:
        var value = generator.fitting(column)
        // Random text is no canonical decimal, and an object attribute holds an object.
        switch column.name {
        case "price": value = .string(generator.chance(50) ? "12.3" : "-0.5")
        case "decimals": value = generator.chance(50) ? ["1.5", "2"] : []
        case "meta": value = ["a": .int(generator.int())]
        default: break
        }
        if column.kind == .toMany {
          // Stored to-many links are sorted identifiers without duplicates.
          let ids = Set((value.arrayValue ?? []).compactMap(RecordID.init(json:))).sorted()
          value = .array(ids.map(\.jsonValue))
        }
        record[column.name] = value
      default:
        record[column.name] = generator.anyValue()
      }
    }
    return record
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func whatTheReaderTakesIsExactlyWhatTheGeneralPathKeeps(seed: UInt64) {
    var generator = RowRecordGenerator(seed: seed)
    var taken = 0
    var kept = 0
    for _ in 0..<400 {
      var ids = Set<Int64>()
      var records: [JSONObject] = []
      for _ in 0..<generator.rng.below(6) + 1 {
        var id = generator.int()
        // Now and then the same identifier twice, which the general path refuses.
        if !ids.isEmpty, generator.chance(3) { id = ids.first ?? id }
        ids.insert(id)
        records.append(Self.record(id, &generator))
      }
      let bytes = JSONWriter.prettyBytes(ofObjects: records)
      let expected = Self.generalPath(bytes)
      if expected != nil { kept += 1 }
      guard let read = Self.reader.read(bytes) else { continue }
      taken += 1
      guard let expected else {
        Issue.record("the reader took a file the general path does not keep unchanged: \(String(decoding: bytes, as: UTF8.self))")
        continue
      }
      #expect(Self.sameRows(read.chunk, expected), "\(String(decoding: bytes, as: UTF8.self))")
      let sorted = Array(read.chunk.ids).sorted()
      #expect(read.first == sorted.first && read.last == sorted.last)
      #expect(read.boundaries == Array(read.chunk.ids).filter(ShardLayout.isBoundary))
    }
    // The reader is the usual path, not a rare one: it takes most files the general path keeps
    // (it leaves to it only values whose stored form needs the attribute's own check).
    #expect(kept > 40 && taken * 10 >= kept * 5, "taken \(taken) of \(kept) kept files")
  }

  @Test func aFileOfEveryKindIsTakenWithTheTagsEncodingGives() throws {
    var record = RowFixtures.fullRecord
    record["price"] = "12.3"  // the canonical decimal
    record["nested"] = nil  // a list of lists is no valid stored value
    var second = record
    second["id"] = 5
    second["name"] = "Grace \u{2014} \"quoted\"\n\u{1}"
    let bytes = JSONWriter.prettyBytes(ofObjects: [record, second])
    let expected = try #require(Self.generalPath(bytes))
    let read = try #require(Self.reader.read(bytes))
    #expect(Self.sameRows(read.chunk, expected))
    #expect(read.first == 1 && read.last == 5)
  }

  /// What a hand edit or a merge can leave, each refused so that the general path reports it.
  @Test(arguments: [
    #"[{"id": 1, "name": null}]"#,  // a null member is dropped: the record changes
    #"[{"id": 1, "members": []}]"#,  // an empty to-many is dropped
    #"[{"id": 1, "members": [3, 2]}]"#,  // not in identifier order
    #"[{"id": 1, "members": [2, 2]}]"#,  // a member twice
    #"[{"id": 1, "unknown": 1}]"#,  // not a column
    #"[{"name": "no id"}]"#,  // no identifier
    #"[{"id": 1}, {"id": 1}]"#,  // an identifier twice
    #"[{"id": 1, "at": "2024-02-30T00:00:00.000Z"}]"#,  // no such day
    #"[{"id": 1, "at": "2024-02-01T00:00:00Z"}]"#,  // not the canonical form
    #"[{"id": 1, "uid": "123E4567-E89B-12D3-A456-426614174000"}]"#,  // upper case
    #"[{"id": 1, "mood": "angry"}]"#,  // not a case
    #"[{"id": 1, "ratio": 1}]"#,  // an integer in a double column
    #"[{"id": 1.5}]"#,  // not an integer
    #"[{"id": 1, "id": 2}]"#,  // a key twice (a JSON error)
    #"[{"id": 1},]"#,  // a trailing comma (a JSON error)
    #"{"id": 1}"#,  // not an array
    "[{\"id\": 1}]\n<<<<<<< ours\n",  // a conflict marker
  ])
  func anythingButACanonicalValidFileIsLeftToTheGeneralPath(_ text: String) {
    #expect(Self.reader.read(Array(text.utf8)) == nil)
  }

  /// Members may come in any order and with any spacing: order and spacing are not what makes
  /// a record valid, so the reader takes them (a hand-formatted file still opens fast).
  @Test func membersOutOfOrderAndOtherSpacingAreRead() throws {
    let text = "[\r\n\t{\"name\":\"Ada\",\"id\":7,\"flag\":false}  ,{ \"id\" : 8 }\r\n]"
    let read = try #require(Self.reader.read(Array(text.utf8)))
    let expected = try #require(Self.generalPath(Array(text.utf8)))
    #expect(Self.sameRows(read.chunk, expected))
  }

  // MARK: The fast path against the scanner

  /// Whether two reads of a file are the same: rows, tags, first, last and boundaries.
  static func sameOutput(_ a: StoredRowReader.Output, _ b: StoredRowReader.Output) -> Bool {
    sameRows(a.chunk, b.chunk) && a.first == b.first && a.last == b.last && a.boundaries == b.boundaries
  }

  /// Random files as Folio writes them: the fast path finishes most of them, and whatever it
  /// finishes, the scanner reads to the same rows.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func theFastPathReadsWhatTheScannerReadsToTheSameRows(seed: UInt64) {
    var generator = RowRecordGenerator(seed: seed)
    var scanned = 0
    var fast = 0
    for _ in 0..<400 {
      var records: [JSONObject] = []
      for n in 0..<generator.rng.below(6) + 1 { records.append(Self.record(Int64(n) * 7 - 3, &generator)) }
      let bytes = JSONWriter.prettyBytes(ofObjects: records)
      let byScanner = Self.reader.readScanning(bytes)
      if byScanner != nil { scanned += 1 }
      guard let read = Self.reader.readFast(bytes) else { continue }
      fast += 1
      guard let byScanner else {
        Issue.record("the fast path took a file the scanner refuses: \(String(decoding: bytes, as: UTF8.self))")
        continue
      }
      #expect(Self.sameOutput(read, byScanner), "\(String(decoding: bytes, as: UTF8.self))")
    }
    // Values it hands to the scanner (decimals, objects, to-many links) do not stop it.
    #expect(scanned > 40 && fast == scanned, "fast \(fast) of \(scanned) scanned files")
  }

  /// Hand edits and hostile bytes: canonical files with bytes deleted, inserted, replaced or cut
  /// off. Whatever ``StoredRowReader/read(_:)`` takes, the general path keeps unchanged, and
  /// whatever the fast path finishes, the scanner reads to the same rows.
  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func editedBytesAreReadAsTheScannerReadsThem(seed: UInt64) {
    var generator = RowRecordGenerator(seed: seed)
    // JSON's structure, digits, escapes, and UTF-8 that is valid, overlong, a surrogate, beyond
    // U+10FFFF or cut short.
    let pieces: [[UInt8]] = [
      [0x22], [0x5C], [0x2C], [0x3A], [0x7B], [0x7D], [0x5B], [0x5D], [0x20], [0x0A], [0x09], [0x00],
      [0x2D], [0x30], [0x31], [0x2E], [0x65], [0x2B], Array("null".utf8), Array("true".utf8),
      Array(#"\u00e9"#.utf8), Array(#"\""#.utf8), [0xC3, 0xA9], [0xE2, 0x80, 0x94], [0xF0, 0x9F, 0x98, 0x80],
      [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC3], [0xE2, 0x80], [0xEF, 0xBB, 0xBF],
    ]
    var taken = 0
    for _ in 0..<1_000 {
      var records: [JSONObject] = []
      for n in 0..<generator.rng.below(4) + 1 { records.append(Self.record(Int64(n) * 5 + 1, &generator)) }
      var bytes = JSONWriter.prettyBytes(ofObjects: records)
      for _ in 0..<generator.rng.below(2) + 1 where !bytes.isEmpty {
        let at = generator.rng.below(bytes.count)
        switch generator.rng.below(4) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: generator.pick(pieces), at: at)
        case 2: bytes.replaceSubrange(at..<min(bytes.count, at + 1), with: generator.pick(pieces))
        default: bytes.removeSubrange(at...)
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let byScanner = Self.reader.readScanning(bytes)
      if let read = Self.reader.readFast(bytes) {
        taken += 1
        guard let byScanner else {
          Issue.record("the fast path took bytes the scanner refuses: \(text)")
          continue
        }
        #expect(Self.sameOutput(read, byScanner), "\(text)")
      }
      if let read = Self.reader.read(bytes) {
        guard let expected = Self.generalPath(bytes) else {
          Issue.record("the reader took bytes the general path does not keep unchanged: \(text)")
          continue
        }
        #expect(Self.sameRows(read.chunk, expected), "\(text)")
      }
    }
    #expect(taken > 15, "the fast path took \(taken) edited files")
  }

  /// Values at the edges of what the fast path reads itself: each file is read the same way by
  /// both paths, or refused by both.
  @Test(arguments: [
    #"[{"id": -0}]"#, #"[{"id": 0, "ratio": -0.0}]"#, #"[{"id": 1, "ratio": 0.1000000000000000055511}]"#,
    #"[{"id": 1, "ratio": 9007199254740993.5}]"#, #"[{"id": 1, "ratio": 1.5e3}]"#, #"[{"id": 1, "ratio": 1.}]"#,
    #"[{"id": 1, "ratio": .5}]"#, #"[{"id": 1, "ratio": 01.5}]"#, #"[{"id": 1, "ratio": -}]"#,
    #"[{"id": 123456789012345678}]"#, #"[{"id": 1234567890123456789}]"#, #"[{"id": 9223372036854775808}]"#,
    #"[{"id": 1, "count": 1.0}]"#, #"[{"id": 1, "flag": tru}]"#, #"[{"id": 1, "flag": truefalse}]"#,
    #"[{"id": 1, "name": "café"}]"#, "[{\"id\": 1, \"name\": \"caf\u{E9}\"}]",
    #"[{"id": 1, "name": "a\"b"}]"#, "[{\"id\": 1, \"name\": \"tab\there\"}]",
    #"[{"i\u0064": 1}]"#, #"[{"id": 1, "strings": ["a", "b",]}]"#, #"[{"id": 1, "strings": []}]"#,
    #"[{"id": 1, "ints": [1, 2.5]}]"#, #"[{"id": 1, "ints": [ ]}]"#, #"[{"id": 1, "owner": 2}]"#,
    #"[{"id": 1, "owner": "x"}]"#, #"[{"id": 1, "members": [2, 3]}]"#, #"[{"id": 1, "meta": {"a": [[[1]]]}}]"#,
    #"[{"id": 1, "mood": "happy"}]"#, #"[{"id": 1, "mood": "Happy"}]"#, #"[{"id": 1,}]"#, #"[{,"id": 1}]"#,
    #"[{"id": 1} {"id": 2}]"#, #"[{"id": 1}] x"#, #"[{"id": 1}]]"#, "[{\"id\": 1}]\n\n", #"[]"#, #"[ ]"#,
    #"[{}]"#, #"[{"id": 1, "at": "2024-02-29T12:34:56.789Z"}]"#, #"[{"id": 1 "name": "x"}]"#,
  ])
  func edgeValuesAreReadTheSameByBothPaths(_ text: String) {
    let bytes = Array(text.utf8)
    let byScanner = Self.reader.readScanning(bytes)
    let fast = Self.reader.readFast(bytes)
    if let fast {
      guard let byScanner else {
        Issue.record("the fast path took what the scanner refuses")
        return
      }
      #expect(Self.sameOutput(fast, byScanner))
    }
    #expect((Self.reader.read(bytes) != nil) == (byScanner != nil))
  }

  /// A file as Folio writes it, with every kind the fast path reads, is finished by it (it is
  /// the usual path for a store's files, not a rare one).
  @Test func aCanonicalFileOfTheCommonKindsIsReadByTheFastPath() throws {
    var records: [JSONObject] = []
    for n in 1...50 {
      var record: JSONObject = ["id": .int(Int64(n)), "name": .string("Émile \(n) — ✓"), "count": .int(Int64(-n))]
      record["ratio"] = .double(Double(n) / 8)
      record["flag"] = .bool(n % 2 == 0)
      record["at"] = "2024-02-29T12:34:56.789Z"
      record["uid"] = "123e4567-e89b-12d3-a456-426614174000"
      record["mood"] = "sad"
      record["strings"] = ["a", "", "\u{1F600}"]
      record["ints"] = [1, -2]
      record["owner"] = .int(Int64(n + 1))
      records.append(record)
    }
    let bytes = JSONWriter.prettyBytes(ofObjects: records)
    let fast = try #require(Self.reader.readFast(bytes))
    let byScanner = try #require(Self.reader.readScanning(bytes))
    #expect(Self.sameOutput(fast, byScanner))
    #expect(fast.chunk.count == 50)
  }
}
