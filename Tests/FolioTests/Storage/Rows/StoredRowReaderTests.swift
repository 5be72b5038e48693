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
}
