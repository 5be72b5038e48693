import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// Queries through secondary indexes return exactly what a scan returns, and say which index
/// they used.
@Suite struct IndexedQueryTests {
  /// `Person` with every kind of indexable attribute; `indexed` adds single-field indexes on
  /// each and a composite one on (name, age).
  static func schema(indexed: Bool) throws -> Schema {
    try Schema {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string).optional().indexed(indexed)
        Attribute("age", .int).optional().indexed(indexed)
        Attribute("score", .double).optional().indexed(indexed)
        Attribute("born", .isoDate).optional().indexed(indexed)
        Attribute("active", .bool).optional().indexed(indexed)
        Attribute("city", .string).optional()
        if indexed { Index("city", "age") }
      }
    }
  }

  static let names = ["", "a", "ab", "abc", "b", "B", "é", "e\u{301}", "Zoë", "zz", "a b", "ä", "abcdefgh", "abcdefghX", "abcdefgh\u{0}", "abcdefghY"]
  static let dates = [
    "2020-01-01T00:00:00.000Z", "2020-01-01T00:00:00.001Z", "1999-12-31T23:59:59.999Z",
    "2024-02-29T12:00:00.000Z",
  ]

  static func randomValue(_ field: String, _ g: inout SeededGenerator) -> JSONValue? {
    if g.below(8) == 0 { return nil }
    if g.below(12) == 0 { return .null }
    switch field {
    case "name", "city": return .string(names[g.below(names.count)])
    case "age":
      // Beyond 2^53 several integers share one double: the index's number prefix ties them.
      if g.below(5) == 0 { return .int(9_007_199_254_740_992 + Int64(g.below(3))) }
      return .int(Int64(g.below(7)) - 2)
    case "score":
      // Whole numbers too, so 2 and 2.0 meet.
      switch g.below(6) {
      case 0: return .double(-0.0)
      case 1: return .double(9_007_199_254_740_992)  // 2^53
      case 2, 3: return .int(Int64(g.below(5)))
      default: return .double(Double(g.below(9)) / 2 - 1)
      }
    case "born": return .string(dates[g.below(dates.count)])
    default: return .bool(g.below(2) == 0)
    }
  }

  static func randomRecord(_ id: Int, _ g: inout SeededGenerator) -> JSONObject {
    var record: JSONObject = ["id": .int(Int64(id))]
    for field in ["name", "age", "score", "born", "active", "city"] {
      if let value = randomValue(field, &g) { record[field] = value }
    }
    return record
  }

  static func randomLiteral(_ field: String, _ g: inout SeededGenerator) -> JSONValue {
    if g.below(15) == 0 { return .string("b") }  // a kind the field does not hold
    if field == "age", g.below(6) == 0 { return .double(9_007_199_254_740_992) }
    if field == "born", g.below(3) == 0 { return .string("2020-01-01T01:00:00+01:00") }  // non-canonical
    return randomValue(field, &g) ?? .null
  }

  static func randomCondition(_ g: inout SeededGenerator) -> Condition {
    let fields = ["name", "age", "score", "born", "active", "city"]
    let field = Field(fields[g.below(fields.count)])
    let a = randomLiteral(field.path, &g)
    switch g.below(9) {
    case 0: return field == a
    case 1: return field.isIn([a, randomLiteral(field.path, &g), randomLiteral(field.path, &g)])
    case 2: return field < a
    case 3: return field <= a
    case 4: return field > a
    case 5: return field >= a && field < randomLiteral(field.path, &g)
    case 6: return field.hasPrefix(["", "a", "e", "Z", "ab"][g.below(5)])
    case 7: return field == a && Field(fields[g.below(fields.count)]) >= randomLiteral(field.path, &g)
    default: return field > a && field <= randomLiteral(field.path, &g) && Field("id") != 3
    }
  }

  static func randomQuery(_ g: inout SeededGenerator) -> Query {
    let condition = g.below(6) == 0 ? Condition.all : randomCondition(&g)
    let sorts: [Ordering] = [.unspecified, "name", "-name", "age", "-age", "score", "-score", "born", "-active"]
    let limit: Int? = g.below(2) == 0 ? nil : g.below(6)
    return Query(
      "Person", where: condition, sortedBy: sorts[g.below(sorts.count)], limit: limit, offset: g.below(4) == 0 ? 1 : 0)
  }

  @Test func indexedResultsEqualScannedResultsOverRandomQueriesAndWrites() throws {
    var g = SeededGenerator(seed: 17)
    let plain = try Store.inMemory(schema: Self.schema(indexed: false))
    let indexed = try Store.inMemory(schema: Self.schema(indexed: true))
    var usedIndex = 0
    var queries = 0
    for round in 0..<12 {
      // Writes of every kind, the same on both stores.
      let batch = (0..<60).map { _ in (g.below(4), g.below(150), Self.randomRecord(0, &g)) }
      for store in [plain, indexed] {
        try store.transaction { tx in
          for (kind, id, record) in batch {
            var values = record
            values["id"] = .int(Int64(id))
            let exists = tx.get("Person", .int(Int64(id))) != nil
            switch kind {
            case 0 where exists: try tx.delete("Person", .int(Int64(id)))
            case 1 where exists:
              var changes = values
              changes["id"] = nil
              try tx.update("Person", .int(Int64(id)), changes)
            default:
              if !exists { try tx.insert("Person", values) }
            }
          }
        }
      }
      #expect(indexed.state.invariantViolations() == [], "round \(round)")
      for _ in 0..<150 {
        let query = Self.randomQuery(&g)
        queries += 1
        let expected = try plain.state.fetchIDs(query)
        #expect(try indexed.state.fetchIDs(query) == expected, "\(query)")
        #expect(try indexed.state.count(query) == plain.state.count(query), "\(query)")
        #expect(try indexed.state.first(query)?.id == plain.state.first(query)?.id, "\(query)")
        #expect(try indexed.state.last(query)?.id == plain.state.last(query)?.id, "\(query)")
        if try indexed.explain(query).index != nil { usedIndex += 1 }
        #expect(try plain.explain(query).index == nil)
      }
    }
    // The test means something only when most queries went through an index.
    #expect(usedIndex * 2 > queries)
  }

  @Test func explainNamesTheIndexAndWhatItReads() throws {
    let store = try Store.inMemory(schema: Self.schema(indexed: true))
    #expect(try store.explain(Query("Person", where: "name" == "Ada")).description == #"index Person(name): name == "Ada""#)
    #expect(
      try store.explain(Query("Person", where: "age" >= 18 && "age" < 65)).description
        == "index Person(age): age >= 18 && age < 65")
    #expect(
      try store.explain(Query("Person", where: Field("name").hasPrefix("Ad"), sortedBy: "name")).description
        == #"index Person(name): name beginsWith "Ad", in order"#)
    #expect(try store.explain(Query("Person", sortedBy: "-score")).description == "index Person(score): order by -score, in order")
    #expect(try store.explain(Query("Person", where: "city" == "Oslo")).index == ["city", "age"])
    #expect(try store.explain(Query("Person", where: "name" != "Ada")).description == "scan Person")
    #expect(try store.explain(Query("Person", where: "name" == "Ada" || "age" == 3)).description == "scan Person")
  }

  @Test func anIndexedLookupReadsOnlyItsCandidates() throws {
    let store = try Store.inMemory(schema: Self.schema(indexed: true))
    try store.transaction { tx in
      for id in 0..<2000 { try tx.insert("Person", ["id": .int(Int64(id)), "age": .int(Int64(id % 100))]) }
    }
    let compiled = try CompiledQuery(Query("Person", where: "age" == 42), in: store.state)
    var candidates = 0
    compiled.forEachIndexedMatch(in: store.state) { _, _, _ in
      candidates += 1
      return true
    }
    #expect(candidates == 20)
    #expect(try store.fetch(Query("Person", where: "age" == 42, limit: 3)).map(\.id) == [42, 142, 242])
  }
}
