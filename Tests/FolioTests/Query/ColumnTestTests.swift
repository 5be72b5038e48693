import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// Conditions tested on a row's words and arena bytes (``ColumnTest``) answer as the same
/// conditions do on the decoded record, for every kind of column, typed or boxed, present or
/// absent; and a scan ordered on sort-key words orders as the decoded records do.
@Suite struct ColumnTestTests {
  static let colors = ["red", "green", "blue"]

  /// One attribute of every type a column has, optional, and a to-one link.
  static let schema = Schema(entities: [
    Entity(
      name: "Thing", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "count", type: .int, isOptional: true),
        Attribute(name: "price", type: .double, isOptional: true),
        Attribute(name: "flag", type: .bool, isOptional: true),
        Attribute(name: "at", type: .isoDate, isOptional: true),
        Attribute(name: "name", type: .string, isOptional: true),
        Attribute(name: "color", type: .enumeration(colors), isOptional: true),
        Attribute(name: "amount", type: .decimal, isOptional: true),
        Attribute(name: "uid", type: .uuid, isOptional: true),
        Attribute(name: "tags", type: .array(.string), isOptional: true),
      ],
      relationships: [Relationship(name: "owner", target: "Owner", isToMany: false)]),
    Entity(name: "Owner", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)]),
  ])

  static let texts: [String] = [
    "", "a", "A", "ab", "Ab", "b", "é", "e\u{301}", "É", "école", "ÉCOLE", "Ecole", "straße", "STRASSE",
    "İstanbul", "istanbul", "zebra", "Zoë", "日本", "🙂", "the quick brown fox jumps", "THE QUICK BROWN FOX",
    "quick", "fox jumps", "red", "blue",
  ]
  static let uuids = [
    "0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
  ]
  static let dates: [Int64] = [0, -1, 1, -62_135_596_800_000, 253_402_300_799_999, 1_577_836_800_000, 1_577_836_800_001]

  /// Values each column is given: its own kind and others, which the chunk boxes.
  static func value(for column: String, _ random: inout SeededGenerator) -> JSONValue? {
    let others: [JSONValue] = [.null, .int(1), .double(2.5), .string("3"), .bool(true), .array([.string("a")])]
    if random.below(8) == 0 { return nil }
    if random.below(8) == 0 { return others[random.below(others.count)] }
    let text = JSONValue.string(texts[random.below(texts.count)])
    switch column {
    case "count":
      let ints: [Int64] = [0, 1, 2, -2, -3, 9_007_199_254_740_993, .min, .max]
      return .int(ints[random.below(ints.count)])
    case "price":
      let doubles: [Double] = [0, -0.0, 2, 2.5, -0.5, 1e300, -1e300, 9_007_199_254_740_992, .infinity, .nan]
      return .double(doubles[random.below(doubles.count)])
    case "flag": return .bool(random.below(2) == 0)
    case "at":
      guard random.below(6) != 0 else { return .string("2020-01-01") }  // not canonical: boxed
      return .string(ISODate.string(fromMilliseconds: dates[random.below(dates.count)]) ?? "")
    case "name": return text
    case "color": return random.below(5) == 0 ? .string("purple") : .string(colors[random.below(colors.count)])
    case "amount":
      let amounts = ["1.5", "10", "-2", "0.25", "9.5", "0", "09.5", "ten"]
      return .string(amounts[random.below(amounts.count)])
    case "uid":
      let uid = uuids[random.below(uuids.count)]
      return .string(random.below(5) == 0 ? uid.uppercased() : uid)
    case "tags": return .array((0..<random.below(3)).map { _ in .string(texts[random.below(texts.count)]) })
    case "owner":
      return random.below(4) == 0 ? .string("o\(random.below(3))") : .int(Int64(random.below(4)))
    default: return .int(Int64(random.below(100)))
    }
  }

  /// Literals conditions compare with: every kind, date and UUID spellings, numbers on both
  /// sides of the stored ones.
  static let literals: [JSONValue] =
    [
      .null, .bool(true), .bool(false), .int(0), .int(1), .int(2), .int(-2), .int(9_007_199_254_740_992),
      .double(2.0), .double(2.5), .double(-0.0), .double(1.5), .double(9_007_199_254_740_992), .double(.nan),
      .double(-.infinity),
      .string("2020-01-01"), .string("2020-01-01T00:00:00.000Z"), .string("2020-01-01T00:00:00.001Z"),
      .string("1970-01-01T00:00:00Z"), .string("0001-01-01T00:00:00.000Z"), .string("not a date"),
      .string("0F8FAD5B-D9CB-469F-A165-70867728950E"), .string("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
      .string("8"), .string("1.50"), .string("9.5"), .string("green"), .string("purple"),
      .array([.string("a")]),
    ] + texts.map(JSONValue.string)

  static let fields = ["count", "price", "flag", "at", "name", "color", "amount", "uid", "tags", "owner"]

  /// A random leaf condition on one of the fields.
  static func condition(_ random: inout SeededGenerator) -> Condition.Node {
    let field = Field(fields[random.below(fields.count)])
    let literal = literals[random.below(literals.count)]
    let text = texts[random.below(texts.count)]
    let options = [TextOptions(), .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive]]
    let comparisons: [Condition.Comparison] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
    let tests: [Condition.TextTest] = [.equal, .contains, .beginsWith, .endsWith]
    switch random.below(7) {
    case 0: return .isIn(field, (0..<random.below(4)).map { _ in literals[random.below(literals.count)] })
    case 1: return .contains(field, random.below(2) == 0 ? literal : .string(text))
    case 2: return .beginsWith(field, text)
    case 3:
      return .text(field, tests[random.below(tests.count)], text, options[random.below(options.count)])
    case 4: return .isNull(field)
    default: return .compare(field, comparisons[random.below(comparisons.count)], literal)
    }
  }

  /// A chunk of `count` random rows of `Thing`, every column's value chosen from
  /// ``value(for:_:)``.
  static func randomChunk(_ state: StoreState, count: Int, _ random: inout SeededGenerator) -> RowChunk {
    var chunk = RowChunk(layout: state.index.layout("Thing"))
    for id in 0..<Int64(count) {
      var record: JSONObject = ["id": .int(id)]
      for name in fields {
        if let value = value(for: name, &random) { record[name] = value }
      }
      chunk.updateValue(record, forKey: .int(id))
    }
    return chunk
  }

  @Test func conditionsOnRowsAnswerAsOnDecodedRecordsOverRandomRows() throws {
    let store = try Store.inMemory(schema: Self.schema)
    let state = store.state
    var random = SeededGenerator(seed: 0x51DE)
    let chunk = Self.randomChunk(state, count: 300, &random)
    for _ in 0..<600 {
      let node = Self.condition(&random)
      let compiled = try CompiledQuery(Query("Thing", where: Condition(node)), in: state)
      let matcher = try #require(compiled.matcher)
      for row in 0..<chunk.count {
        let onRow = withUnsafePointer(to: chunk) { matcher(.row($0, row)) }
        let record = chunk.record(at: row)
        #expect(onRow == matcher(.object(record)), "\(node) on \(record)")
      }
    }
  }

  /// Each edge case: a condition and the identifiers it matches among ``edgeRecords``.
  static let edgeRecords: [JSONObject] = [
    ["id": 1, "count": 2, "price": 2.0, "name": "", "at": "2020-01-01T00:00:00.000Z", "flag": true],
    ["id": 2, "count": -3, "price": -0.5, "name": "École", "at": "1969-12-31T23:59:59.999Z", "flag": false],
    ["id": 3, "count": .int(9_007_199_254_740_993), "name": "e\u{301}cole", "price": .null],
    ["id": 4, "name": "ECOLE", "color": "blue", "amount": "9.5", "uid": "7c9e6679-7425-40de-944b-e07fc1f90ae7"],
    ["id": 5, "name": .null, "color": "red", "amount": "10", "uid": "0f8fad5b-d9cb-469f-a165-70867728950e"],
  ]

  static let edgeCases: [(Condition, [RecordID])] = [
    ("count" == 2.0, [1]),
    ("count" > 1.5, [1, 3]),
    ("count" < -2, [2]),
    ("count" == 9_007_199_254_740_992.0, []),
    ("count" > 9_007_199_254_740_992.0, [3]),
    ("price" == 2, [1]),
    ("price" < 0, [2]),
    ("price" == nil, [3, 4, 5]),
    ("price" != nil, [1, 2]),
    ("name" == nil, [5]),
    ("name" == "", [1]),
    ("name" < "E", [1]),
    ("name" >= "e", [3, 2]),
    (Field("name").hasPrefix(""), [1, 2, 3, 4]),
    (Field("name").contains("cole"), [2, 3]),
    (Field("name").equals("ecole", .caseInsensitive), [4]),
    (Field("name").equals("ecole", [.caseInsensitive, .diacriticInsensitive]), [2, 3, 4]),
    (Field("name").hasPrefix("É", .caseInsensitive), [2, 3]),
    (Field("name").hasSuffix("COLE", .caseInsensitive), [2, 3, 4]),
    ("at" < "1970-01-01", [2]),
    ("at" == "2020-01-01", [1]),
    ("at" >= "2020-01-01T01:00:00+01:00", [1]),
    ("at" != "2020-01-01T00:00:00.000Z", [2, 3, 4, 5]),
    ("flag" == false, [2]),
    ("flag" != true, [2, 3, 4, 5]),
    ("color" > "green", [5]),
    (Field("color").isIn(["blue", "purple"]), [4]),
    ("amount" < 10, [4]),
    ("amount" == "10.0", [5]),
    ("uid" == "7C9E6679-7425-40DE-944B-E07FC1F90AE7", [4]),
    ("uid" < "7c9e6679-7425-40de-944b-e07fc1f90ae7", [5]),
    (Field("uid").isIn(["0F8FAD5B-D9CB-469F-A165-70867728950E"]), [5]),
  ]

  @Test func edgeCasesMatchOnRowsAsDocumented() throws {
    let store = try Store.inMemory(schema: Self.schema)
    try store.transaction { tx in
      for record in Self.edgeRecords { try tx.work.insert("Thing", attributes: record) }
    }
    let state = store.state
    for (condition, expected) in Self.edgeCases {
      let query = Query("Thing", where: condition, sortedBy: "id")
      #expect(try state.fetchIDs(query).sorted() == expected.sorted(), "\(condition.node)")
      #expect(try state.count(query) == expected.count, "\(condition.node)")
    }
  }

  @Test func scansOrderedOnSortKeyWordsOrderAsDecodedRecords() throws {
    let store = try Store.inMemory(schema: Self.schema)
    var random = SeededGenerator(seed: 0x50F7)
    let records = (0..<Int64(200)).map { id -> JSONObject in
      var record: JSONObject = ["id": .int(id)]
      // Few distinct values, so ties fall to the next key and to the identifier.
      let counts: [Int64] = [-2, -1, 1, 2, .min, .max]
      let prices: [JSONValue] = [.int(2), .double(-0.0), .double(0), .double(-1.5), .double(0.5), .double(1e300), .double(-.infinity)]
      if random.below(5) != 0 { record["count"] = .int(random.below(4) == 0 ? 0 : counts[random.below(counts.count)]) }
      if random.below(5) != 0 { record["price"] = prices[random.below(prices.count)] }
      if random.below(5) != 0 { record["flag"] = .bool(random.below(2) == 0) }
      if random.below(5) != 0 {
        record["at"] = .string(ISODate.string(fromMilliseconds: Self.dates[random.below(3)]) ?? "")
      }
      if random.below(5) != 0 { record["name"] = .string(Self.texts[random.below(6)]) }
      return record
    }
    try store.transaction { tx in
      for record in records { try tx.work.insert("Thing", attributes: record) }
    }
    let state = store.state
    // Each ordering with its keys (field, descending), for a reference sort of the decoded
    // records by ``ValueOrder/sortCompare(_:_:)`` then identifier.
    let orders: [(Ordering, [(String, Bool)])] = [
      ("count", [("count", false)]), ("-count", [("count", true)]), ("price", [("price", false)]),
      ("-price", [("price", true)]), ("flag", [("flag", false)]), ("at", [("at", false)]),
      ("-at", [("at", true)]), ("name", [("name", false)]), ("name[c]", []),
      (["flag", "-at", "price"], [("flag", false), ("at", true), ("price", false)]),
      (["-price", "count"], [("price", true), ("count", false)]),
    ]
    let all = try state.fetchIDs(Query("Thing"))
    for (ordering, keys) in orders {
      for (limit, offset) in [(nil, 0), (10, 0), (10, 5), (1000, 190)] as [(Int?, Int)] {
        let query = Query("Thing", where: "count" != 0, sortedBy: ordering, limit: limit, offset: offset)
        let compiled = try CompiledQuery(query, in: state)
        let decoded = compiled.window(of: compiled.matchingRows(in: state))
        let scanned = compiled.results(in: state)
        #expect(scanned.map(\.id) == decoded.map(\.id), "\(ordering) \(String(describing: limit)) \(offset)")
        #expect(scanned.map(\.record) == decoded.map(\.record), "\(ordering)")
        guard !keys.isEmpty else { continue }
        let matching = all.compactMap { id in state.record("Thing", id).map { (id, $0) } }
          .filter { $0.1["count"] != .int(0) }
        let sorted = matching.sorted { a, b in
          for (field, descending) in keys {
            let c = ValueOrder.sortCompare(a.1[field], b.1[field])
            if c != 0 { return descending ? c > 0 : c < 0 }
          }
          return a.0 < b.0
        }
        let window = sorted.dropFirst(offset).prefix(limit ?? sorted.count).map(\.0)
        #expect(scanned.map(\.id) == Array(window), "\(ordering) \(String(describing: limit)) \(offset)")
      }
    }
  }

  @Test func aggregatesReadOnRowsAgreeWithAggregatesOfTheDecodedResults() throws {
    let store = try Store.inMemory(schema: Self.schema)
    var random = SeededGenerator(seed: 0xA66)
    try store.transaction { tx in
      for id in 0..<Int64(150) {
        var record: JSONObject = ["id": .int(id)]
        if random.below(4) != 0 { record["count"] = .int(Int64(random.below(11)) - 5) }
        if random.below(4) != 0 { record["price"] = random.below(3) == 0 ? .null : .double(Double(random.below(9)) / 4) }
        if random.below(4) != 0 { record["name"] = .string(Self.texts[random.below(Self.texts.count)]) }
        try tx.work.insert("Thing", attributes: record)
      }
    }
    let state = store.state
    for condition in ["count" > 0, "price" <= 1.0, Field("name").contains("e", .caseInsensitive), Condition.all] {
      // A window past every record reads the decoded results; none reads the rows.
      let rows = Query("Thing", where: condition)
      let decoded = Query("Thing", where: condition, limit: 1000)
      for field in ["count", "price"] as [Field] {
        #expect(try state.sum(field, in: rows) == state.sum(field, in: decoded), "\(condition.node) \(field)")
        #expect(try state.average(field, in: rows) == state.average(field, in: decoded), "\(condition.node)")
      }
      for field in ["count", "price", "name"] as [Field] {
        #expect(try state.min(field, in: rows) == state.min(field, in: decoded), "\(condition.node) \(field)")
        #expect(try state.max(field, in: rows) == state.max(field, in: decoded), "\(condition.node) \(field)")
      }
    }
  }
}
