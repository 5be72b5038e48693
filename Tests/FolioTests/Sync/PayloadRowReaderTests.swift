import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// Items read straight into rows (``PayloadRowReader``) sync exactly as items parsed into values
/// do: the same reports, the same records, the same errors, for payloads an outsider would write
/// — wrong kinds, `null`s, escapes, odd Unicode, dates in every form, keys given twice, unknown
/// keys, nested objects, missing identifiers.
struct PayloadRowReaderTests {
  /// A schema with every kind the reader reads, kinds it leaves to the general path (UUID,
  /// decimal, enumeration), a key path, snake_case keys, a required attribute, a default and
  /// lenient dates.
  static func schema() -> Schema {
    Schema(
      entities: [
        Entity(
          name: "Thing", identifiers: ["id"],
          attributes: [
            Attribute(name: "id", type: .int),
            Attribute(name: "title", type: .string),
            Attribute(name: "note", type: .string, isOptional: true),
            Attribute(name: "count", type: .int, isOptional: true, defaultValue: 7),
            Attribute(name: "ratio", type: .double, isOptional: true),
            Attribute(name: "isOn", type: .bool, isOptional: true),
            Attribute(name: "seenAt", type: .isoDate, isOptional: true),
            Attribute(name: "labels", type: .array(.string), isOptional: true),
            Attribute(name: "scores", type: .array(.int), isOptional: true),
            Attribute(name: "nick", type: .string, key: "profile.nick", isOptional: true),
            Attribute(name: "code", type: .uuid, isOptional: true),
            Attribute(name: "price", type: .decimal, isOptional: true),
            Attribute(name: "size", type: .enumeration(["s", "m", "l"]), isOptional: true),
          ])
      ], keyConvention: .snakeCase, dateFormats: [.noZone, .dateOnly, .spaceSeparator])
  }

  static let strings = [
    #""plain""#, #""""#, #""é""#, #""e\u0301""#, #""\u00e9""#, #""tab\there""#, #""🙂 ok""#,
    #""\ud83d\ude42""#, #""quote \" and \\ slash""#, #""a long text well past fifteen bytes""#,
  ]
  static let dates = [
    #""2021-04-01T03:33:17Z""#, #""2021-04-01T03:33:17.250Z""#, #""2021-04-01T03:33:17.000Z""#,
    #""2021-04-01""#, #""2021-04-01 03:33:17""#, #""2021-04-01T05:33:17+02:00""#,
    #""2021-04-01T03:33:17""#, #""""#, #""yesterday""#, #""2021-02-30T00:00:00Z""#, "1700000000",
    "null",
  ]
  static let ints = ["0", "-0", "12", "-5", "9007199254740993", "12.0", "1e2", #""12""#, "true", "null"]
  static let doubles = ["0.5", "-0.0", "0", "3", "9007199254740993", "1e-3", "1E300", #""2.5""#, "null"]

  /// One random item of `Thing`, as JSON text: half of them with only values of their
  /// attribute's own kind (what the reader takes), the rest with anything.
  static func item(_ random: inout SeededGenerator, ids: Int) -> String {
    func pick(_ options: [String]) -> String { options[Int(random.next() % UInt64(options.count))] }
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    let clean = chance(50)
    func value(_ options: [String], good: Int) -> String {
      pick(clean ? Array(options.prefix(good)) : options)
    }
    var members: [String] = []
    if chance(clean ? 100 : 95) {
      let id = Int(random.next() % UInt64(ids))
      members.append(
        clean || chance(97) ? #""id":\#(id)"# : pick([#""id":"\#(id)""#, #""id":null"#, #""id":1.5"#]))
    }
    if chance(85) { members.append(#""title":\#(clean || chance(90) ? pick(strings) : pick(ints))"#) }
    if chance(40) { members.append(#""note":\#(clean || chance(85) ? pick(strings) : "null")"#) }
    if chance(50) { members.append(#""count":\#(value(ints, good: 5))"#) }
    if chance(50) { members.append(#""ratio":\#(value(doubles, good: 7))"#) }
    if chance(50) { members.append(#""is_on":\#(value(["true", "false", "1", "null", #""yes""#], good: 2))"#) }
    if chance(10), !clean { members.append(#""isOn":\#(pick(["true", "false"]))"#) }
    if chance(50) { members.append(#""seen_at":\#(value(dates, good: 7))"#) }
    if chance(40) {
      let elements = (0..<Int(random.next() % 4)).map { _ in
        clean || chance(90) ? pick(strings) : pick(ints)
      }
      members.append(#""labels":[\#(elements.joined(separator: ","))]"#)
    } else if chance(10), !clean {
      members.append(#""labels":\#(pick(["null", #""one""#, "{}"]))"#)
    }
    if chance(30) {
      let elements = (0..<Int(random.next() % 4)).map { _ in
        clean || chance(90) ? pick(["1", "-2", "30"]) : pick(doubles)
      }
      members.append(#""scores":[\#(elements.joined(separator: ","))]"#)
    }
    if chance(40) {
      members.append(
        value(
          [
            #""profile":{"nick":\#(pick(strings))}"#, #""profile":{}"#, #""profile":{"other":1}"#,
            #""profile":"flat""#, #""profile":{"nick":null,"x":[1,{"y":2}]}"#, #""profile":null"#,
          ], good: 4))
    }
    if chance(10), !clean {
      members.append(#""code":\#(pick([#""0E5AE0B4-7E5B-4C7A-9F1E-2B6C7D8E9F00""#, #""bad""#]))"#)
    }
    if chance(10), !clean { members.append(#""price":\#(pick(["1.50", #""2.25""#, "3"]))"#) }
    if chance(10), !clean { members.append(#""size":\#(pick([#""m""#, #""xl""#]))"#) }
    if chance(20) { members.append(#""extra":\#(pick(["1", #"{"a":[1,2,{"b":null}]}"#, "[]", #""x""#]))"#) }
    members.shuffle(using: &random)
    if !clean, chance(3) { return pick(["null", "12", #""text""#, "[1]"]) }
    // Spacing as people and tools write it: none, after commas, around colons, on lines.
    let spacing = random.next() % 4
    if spacing == 2 {
      members = members.map { member in
        guard let colon = member.firstIndex(of: ":") else { return member }
        return member[..<colon] + " : " + member[member.index(after: colon)...]
      }
    }
    let separator = [",", ", ", ", ", ",\n  "][Int(spacing)]
    return (spacing == 3 ? "{\n  " : "{") + members.joined(separator: separator) + (spacing == 3 ? "\n}" : "}")
  }

  /// Syncs `payload` into both stores, one reading rows and one not, and checks both did the
  /// same: report or error, and records.
  static func syncBoth(
    _ payload: String, _ rows: Store, _ values: Store, options: SyncOptions
  ) throws {
    try syncBoth(bytes: Array(payload.utf8), rows, values, options: options)
  }

  /// ``syncBoth(_:_:_:options:)`` for a payload's bytes, which need not be UTF-8.
  static func syncBoth(
    bytes: [UInt8], _ rows: Store, _ values: Store, options: SyncOptions
  ) throws {
    var plain = options
    plain.readsRows = false
    let viaRows = Result { try rows.sync(json: bytes, into: "Thing", options: options) }
    let viaValues = Result { try values.sync(json: bytes, into: "Thing", options: plain) }
    switch (viaRows, viaValues) {
    case (.success(let a), .success(let b)):
      if a != b {
        let differing = zip(a.outcomes, b.outcomes).first { $0 != $1 }
        Issue.record("the reports differ; first differing outcomes: \(String(describing: differing))")
      }
    case (.failure(let a), .failure(let b)):
      #expect(String(describing: a) == String(describing: b))
    default:
      Issue.record("one way failed: \(viaRows) against \(viaValues)")
    }
    #expect(StoreDigest.of(rows.state) == StoreDigest.of(values.state))
    #expect(rows.state.invariantViolations() == [])
  }

  /// How many items of `payload` the reader takes into rows, and how many it leaves parsed.
  static func kinds(of payload: String, _ store: Store) throws -> (rows: Int, values: Int) {
    guard
      let reader = PayloadRowReader(
        state: store.state, entity: "Thing", options: SyncOptions(),
        parserOptions: JSONParser.Options()),
      var items = StreamedItems(
        json: Array(payload.utf8), options: JSONParser.Options(), rowReader: reader)
    else {
      Issue.record("the payload is not read into rows")
      return (0, 0)
    }
    defer { items.finish() }
    var counts = (rows: 0, values: 0)
    while let item = try items.nextItem() {
      if case .row = item { counts.rows += 1 } else { counts.values += 1 }
    }
    return counts
  }

  @Test(arguments: 0..<24)
  func randomPayloadsSyncAlikeReadIntoRowsOrNot(_ seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &+ 0x5EED)
    let rows = try SyncTestStore.make(Self.schema())
    let values = try SyncTestStore.make(Self.schema())
    // Some payloads span several chunks, read on the parsing thread.
    let count = seed % 4 == 0 ? 1_300 : 40
    for round in 0..<4 {
      let items = (0..<count).map { _ in Self.item(&random, ids: count) }
      if round == 0 {
        // Both ways are taken: most items are read into rows, the odd ones parsed.
        let (read, parsed) = try Self.kinds(of: "[" + items.joined(separator: ",") + "]", rows)
        #expect(read > count / 10 && parsed > 0 && read + parsed == count)
      }
      var options = SyncOptions()
      options.deleteMissing = round % 2 == 1
      options.insertMissing = seed % 5 != 1 || round == 0
      options.updateExisting = seed % 7 != 2
      options.forceUpdate = seed % 11 == 3
      options.forceInsert = seed % 13 == 5 && round == 0
      options.allOrNothing = seed % 17 == 6
      try Self.syncBoth("[" + items.joined(separator: ",") + "]", rows, values, options: options)
    }
  }

  /// Read from a file a few bytes at a time, items cut by the window's end are read again once
  /// the rest is in: the same records either way, for every block size.
  @Test(arguments: [7, 61, 4_096])
  func itemsCutByTheWindowSyncAlike(_ blockSize: Int) throws {
    var random = SeededGenerator(seed: UInt64(blockSize))
    let directory = try TemporaryDirectory(prefix: "folio-row-reader")
    for round in 0..<2 {
      let rows = try SyncTestStore.make(Self.schema())
      let values = try SyncTestStore.make(Self.schema())
      let items = (0..<700).map { _ in Self.item(&random, ids: 500) }
      let path = directory.path + "/payload-\(round).json"
      try Data(("[\n" + items.joined(separator: ",\n") + "\n]\n").utf8).write(to: URL(fileURLWithPath: path))
      var plain = SyncOptions()
      plain.readsRows = false
      let a = try rows.sync(
        contentsOf: path, into: "Thing", options: SyncOptions(), parserOptions: JSONParser.Options(),
        blockSize: blockSize)
      let b = try values.sync(
        contentsOf: path, into: "Thing", options: plain, parserOptions: JSONParser.Options(),
        blockSize: blockSize)
      #expect(a == b)
      #expect(a.outcomes.count > 100)
      #expect(StoreDigest.of(rows.state) == StoreDigest.of(values.state))
    }
  }

  /// The eight-bytes-at-a-time test of a string's bytes never misses a byte that ends the fast
  /// run: a quote, a backslash, a control character or a non-ASCII byte, at any place, beside
  /// any ASCII bytes.
  @Test func noByteThatEndsAStringIsMissedEightAtATime() {
    var random = SeededGenerator(seed: 8)
    let special = [0x22, 0x5C, 0x7F + 1, 0xFF, 0xC3] + (0..<0x20).map { $0 }
    for _ in 0..<20_000 {
      var bytes = (0..<8).map { _ in UInt8(0x20 + random.next() % 0x60) }
      let plain = bytes.allSatisfy { $0 != 0x22 && $0 != 0x5C }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      if plain { #expect(JSONBytes.specialBytes(word) == 0 || bytes.contains { $0 >= 0x80 }) }
      let place = Int(random.next() % 8)
      bytes[place] = UInt8(special[Int(random.next() % UInt64(special.count))])
      let marked = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      #expect(JSONBytes.specialBytes(marked) != 0)
    }
  }

  /// The lowest byte ``JSONBytes/specialBytes(_:)`` marks is exactly the first quote,
  /// backslash, control character or non-ASCII byte, however many follow it: the string reader
  /// jumps there.
  @Test func theFirstByteThatEndsAStringIsFoundExactly() {
    var random = SeededGenerator(seed: 9)
    let special: [UInt8] = [0x22, 0x5C, 0x80, 0xFF, 0xC3, 0x00, 0x01, 0x1F]
    func isSpecial(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }
    for _ in 0..<20_000 {
      // Plain bytes, with up to three special ones anywhere, or none.
      var bytes = (0..<8).map { _ in UInt8(0x20 + random.next() % 0x60) }
      for _ in 0..<random.next() % 4 {
        bytes[Int(random.next() % 8)] = special[Int(random.next() % UInt64(special.count))]
      }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      let marked = JSONBytes.specialBytes(word)
      if let first = bytes.firstIndex(where: isSpecial) {
        #expect(marked.trailingZeroBitCount / 8 == first, "\(bytes)")
      } else {
        #expect(marked == 0, "\(bytes)")
      }
    }
  }

  @Test func employeePayloadsSyncAlikeAndAreReadIntoRows() throws {
    let schema = try SchemaFixtures.performanceEmployee
    let rows = try SyncTestStore.make(schema)
    let values = try SyncTestStore.make(schema)
    let day1 = EmployeePayload.day1(count: 1_200)
    // The reader takes every item of the benchmark's payload.
    let reader = try #require(
      PayloadRowReader(
        state: rows.state, entity: "Employee", options: SyncOptions(),
        parserOptions: JSONParser.Options()))
    var items = try #require(StreamedItems(json: day1, options: JSONParser.Options(), rowReader: reader))
    var read = 0
    while let item = try items.nextItem() {
      guard case .row = item else {
        Issue.record("item \(read) was not read into a row")
        break
      }
      read += 1
    }
    items.finish()
    #expect(read == 1_200)
    func sync(_ bytes: [UInt8]) throws {
      var plain = SyncOptions()
      plain.readsRows = false
      let a = try rows.sync(json: bytes, into: "Employee")
      let b = try values.sync(json: bytes, into: "Employee", options: plain)
      #expect(a == b)
      #expect(StoreDigest.of(rows.state) == StoreDigest.of(values.state))
    }
    try sync(day1)
    let day2 = EmployeePayload.day2(count: 1_200)
    try sync(day2.bytes)
    #expect(rows.state.count("Employee") == values.state.count("Employee"))
  }

  @Test func anEntityWithWhatOnlyTheGeneralPathDoesIsNotReadIntoRows() throws {
    let withRule = Schema(entities: [
      Entity(
        name: "Thing", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
        validityRules: [ValidityRule(.requiredNonEmpty(field: "id"))])
    ])
    let store = try SyncTestStore.make(withRule)
    #expect(
      PayloadRowReader(
        state: store.state, entity: "Thing", options: SyncOptions(),
        parserOptions: JSONParser.Options()) == nil)
    let plain = try SyncTestStore.make(Self.schema())
    var options = SyncOptions()
    options.validators = [Validator(.trim(field: "title"))]
    #expect(
      PayloadRowReader(
        state: plain.state, entity: "Thing", options: options, parserOptions: JSONParser.Options())
        == nil)
    options = SyncOptions()
    options.readsRows = false
    #expect(
      PayloadRowReader(
        state: plain.state, entity: "Thing", options: options, parserOptions: JSONParser.Options())
        == nil)
  }

  /// Rows read for one schema's layout are not planned against a store whose schema differs
  /// (the store's schema changed between reading the first chunk and planning): the payload is
  /// then read the ordinary way.
  @Test func rowsFitOnlyTheLayoutTheyWereReadFor() throws {
    let store = try SyncTestStore.make(Self.schema())
    let reader = try #require(
      PayloadRowReader(
        state: store.state, entity: "Thing", options: SyncOptions(),
        parserOptions: JSONParser.Options()))
    #expect(reader.fits(store.state, entity: "Thing"))
    let other = try SyncTestStore.make(Self.schema())
    #expect(!reader.fits(other.state, entity: "Thing"))
  }

  @Test func malformedPayloadsFailAlikeReadIntoRowsOrNot() throws {
    let payloads = [
      #"[{"id":1,"title":"a"},{"id":2,"title":"b""#, #"[{"id":1,"title":"a",}]"#,
      #"[{"id":1,"id":2,"title":"a"}]"#, #"[{"id":1,"title":"\x"}]"#, #"[{"id":1,"title":"a"} {"id":2}]"#,
      #"[{"id":1,"title":"a"}]x"#, #"[{"id":01,"title":"a"}]"#, #"[{"id":-,"title":"a"}]"#,
      #"[{"id":1,"ratio":1.,"title":"a"}]"#, #"[{"id":1,"ratio":.5,"title":"a"}]"#,
      #"[{"id":1,"is_on":truex,"title":"a"}]"#, #"[{"id":1,"is_on":tru,"title":"a"}]"#,
      #"[{"id":1,"labels":["a",],"title":"a"}]"#, #"[{"id":1,"labels":["a" "b"],"title":"a"}]"#,
      #"[{"id":1,"profile":{"nick":"a",},"title":"a"}]"#, #"[{"id":1,"title":"a"}}]"#,
      "[{\"id\":1,\"title\":\"a\u{01}b\"}]", #"[{"id":1,"title":"a","title":"b"}]"#,
      #"[{"id":1,"profile":{"nick":"a","nick":"b"},"title":"a"}]"#, #"[{"id":1,"extra":1,"extra":2}]"#,
      #"[{"id":1 "title":"a"}]"#, #"[{"id" 1,"title":"a"}]"#, #"[{"id":1,"ratio":1e999,"title":"a"}]"#, "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]",
      #"[{"id":1,"title":"a","x":"# + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}]",
    ]
    for payload in payloads {
      let rows = try SyncTestStore.make(Self.schema())
      let values = try SyncTestStore.make(Self.schema())
      try Self.syncBoth(payload, rows, values, options: SyncOptions())
    }
  }

  /// Text in UTF-8 the fast path reads itself (valid sequences of two to four bytes) and bytes
  /// it must leave to the scanner's errors (overlong forms, surrogates, beyond U+10FFFF, a
  /// continuation byte alone, a sequence cut short), in a value and in a key.
  @Test(arguments: [
    [0xC3, 0xA9], [0xE2, 0x80, 0x94], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBF],
    [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
    [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC3], [0xE2, 0x80], [0xFF],
  ] as [[UInt8]])
  func textInAnyUTF8SyncsAlikeReadIntoRowsOrNot(_ sequence: [UInt8]) throws {
    let inValue = Array(#"[{"id":1,"title":"a"#.utf8) + sequence + Array(#"b","ratio":0.25}]"#.utf8)
    let inKey = Array(#"[{"id":1,"title":"a","x"#.utf8) + sequence + Array(#"":1}]"#.utf8)
    for payload in [inValue, inKey] {
      let rows = try SyncTestStore.make(Self.schema())
      let values = try SyncTestStore.make(Self.schema())
      try Self.syncBoth(bytes: payload, rows, values, options: SyncOptions())
    }
  }
}
