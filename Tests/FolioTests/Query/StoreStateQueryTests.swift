import Foundation
import Testing

@testable import Folio

/// Ordering edge cases: missing values, mixed numbers, Unicode, dates, Booleans; typed results.
@Suite struct StoreStateQueryTests {
  @Test func missingValuesSortFirstAscendingAndLastDescending() throws {
    let store = try QueryFixtures.items([["id": 1, "count": 5], ["id": 2], ["id": 3, "count": 1]])
    #expect(try store.fetch(Query("Item", sortedBy: "count")).ids == [2, 3, 1])
    #expect(try store.fetch(Query("Item", sortedBy: "-count")).ids == [1, 3, 2])
  }

  @Test func integersAndDoublesSortNumerically() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "price": 2.5], ["id": 2, "price": 2], ["id": 3, "price": -1],
      ["id": 4, "price": 10],
      ["id": 5, "price": 2.0],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "price")).ids == [3, 2, 5, 1, 4])
  }

  @Test func largeIntegersCompareExactlyWithDoubles() throws {
    let big: Int64 = 9_007_199_254_740_993  // 2^53 + 1: not representable as a Double
    let store = try QueryFixtures.items([
      ["id": 1, "count": .int(big)], ["id": 2, "count": .int(big - 1)],
    ])
    #expect(try store.fetch(Query("Item", where: "count" > 9_007_199_254_740_992.0)).ids == [1])
    #expect(try store.fetch(Query("Item", where: "count" == 9_007_199_254_740_992.0)).ids == [2])
    #expect(try store.fetch(Query("Item", where: "count" < 1e300)).ids == [1, 2])
  }

  @Test func stringsSortByUTF8Bytes() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "name": "zebra"], ["id": 2, "name": "Émile"], ["id": 3, "name": "apple"],
      ["id": 4, "name": "Zoë"],
      ["id": 5, "name": "e\u{301}mile"],
    ])
    // Byte order, no locale, no normalisation: "Z" < "a" < "e" + U+0301 < "z" < "É" (C3 89).
    #expect(try store.fetch(Query("Item", sortedBy: "name")).ids == [4, 3, 5, 1, 2])
    #expect(try store.fetch(Query("Item", sortedBy: "-name")).ids == [2, 1, 5, 3, 4])
    #expect(try store.fetch(Query("Item", where: "name" < "f")).ids == [3, 4, 5])
  }

  @Test func canonicallyEquivalentStringsAreDifferentValues() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "name": "caf\u{E9}", "tags": ["caf\u{E9}"]],
      ["id": 2, "name": "cafe\u{301}", "tags": ["cafe\u{301}"]],
    ])
    #expect(try store.fetch(Query("Item", where: "name" == "caf\u{E9}")).ids == [1])
    #expect(try store.fetch(Query("Item", where: "name" == "cafe\u{301}")).ids == [2])
    #expect(try store.fetch(Query("Item", where: "name" != "caf\u{E9}")).ids == [2])
    #expect(try store.fetch(Query("Item", where: Field("name").isIn(["caf\u{E9}"]))).ids == [1])
    #expect(try store.fetch(Query("Item", where: Field("tags").contains("cafe\u{301}"))).ids == [2])
    #expect(try store.fetch(Query("Item", where: Field("name").contains("e"))).ids == [2])
    #expect(try store.fetch(Query("Item", where: Field("name").hasPrefix("cafe"))).ids == [2])
  }

  @Test func datesSortByTime() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "seen": "2020-01-01T00:00:00.000Z"], ["id": 2, "seen": "1999-12-31T23:59:59.999Z"],
      ["id": 3, "seen": "2020-01-01T00:00:00.001Z"],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "-seen")).ids == [3, 1, 2])
  }

  @Test func booleansSortFalseFirst() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "active": true], ["id": 2, "active": false], ["id": 3],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "active")).ids == [3, 2, 1])
  }

  @Test func mixedKindsSortByKindThenValue() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "name": "x"], ["id": 2, "name": 3], ["id": 3, "name": true], ["id": 4],
      ["id": 5, "name": ["a"]],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "name")).ids == [4, 3, 2, 1, 5])
  }

  @Test func arraysSortElementByElement() throws {
    let store = try QueryFixtures.items([
      ["id": 1, "tags": ["b"]], ["id": 2, "tags": ["a", "z"]], ["id": 3, "tags": ["a"]],
    ])
    #expect(try store.fetch(Query("Item", sortedBy: "tags")).ids == [3, 2, 1])
  }

  @Test func fetchedRecordsCarryTheirIdentifierAndValues() throws {
    let store = try QueryFixtures.clicks()
    let record = try #require(try store.first(Query("Click", where: "clickID" == 3)))
    #expect(record.id == 3)
    #expect(record.values == ["clickID": 3, "batch": 100])
    #expect(record["batch"] == 100)
    #expect(try store.state.fetchIDs(Query("Click", sortedBy: "-clickID", limit: 2)) == [4, 3])
  }

  struct Employee: Decodable, Equatable {
    var employeeID: Int
    var fullName: String
    var age: Int64?
    var active: Bool
    var hiredAt: Date
    var department: Int?
  }

  @Test func decodesRecordsIntoCodableTypes() throws {
    let store = try QueryFixtures.company()
    let people = try store.fetch(
      Employee.self, Query("Employee", where: "age" > 40, sortedBy: "age"))
    #expect(
      people == [
        Employee(
          employeeID: 2, fullName: "Bob", age: 45, active: true,
          hiredAt: Date(timeIntervalSince1970: 1_547_078_400),
          department: 2),
        Employee(
          employeeID: 4, fullName: "Dee", age: 52, active: true,
          hiredAt: Date(timeIntervalSince1970: 1_422_864_000),
          department: nil),
      ])
  }

  struct Wrong: Decodable {
    var fullName: Int
  }

  @Test func decodingReportsMismatches() throws {
    let store = try QueryFixtures.company()
    let error = try #require(throws: RecordCodingError.self) {
      try store.fetch(Wrong.self, Query("Employee"))
    }
    #expect(error.code == .typeMismatch)
    #expect(error.path == "fullName")
  }

  @Test func queriesRunInsideTransactionsSeeTheirOwnWrites() throws {
    let store = try QueryFixtures.clicks()
    let seen = try store.transaction { tx in
      try tx.work.insert("Click", attributes: ["clickID": 9])
      return try tx.state.count(Query("Click", where: "clickID" > 3))
    }
    #expect(seen == 2)
    #expect(store.state.invariantViolations() == [])
  }
}

/// A scan tests each record on its row, reading only the columns its condition names
/// (``QueryRecord/row(_:_:)``), and orders on the sort keys' columns decoded alone: every field
/// a condition can name — an attribute, a link, a key path through a to-one — gives the records
/// and counts a test of the whole record gives, and the records come back whole.
@Suite struct QueryColumnScanTests {
  @Test func conditionsTestedOnRowsMatchAsOnWholeRecords() throws {
    let store = try QueryFixtures.company()
    let state = store.state
    let conditions: [(Query, [RecordID])] = [
      (Query("Employee", where: "active" == true && "age" > 30, sortedBy: "employeeID"), [1, 2, 4]),
      (Query("Employee", where: "department.name" == "QA", sortedBy: "employeeID"), [1, 3]),
      (Query("Employee", where: "department" == nil, sortedBy: "employeeID"), [4]),
      (Query("Employee", where: "hiredAt" < "2020-01-01T00:00:00Z", sortedBy: "employeeID"), [2, 4]),
      (Query("Employee", where: !("fullName" == "Bob") && "department" == 1, sortedBy: "-employeeID"), [3, 1]),
      (Query("Employee", where: "fullName" != "Ann", sortedBy: "-hiredAt", limit: 2), [3, 2]),
    ]
    for (query, expected) in conditions {
      let compiled = try CompiledQuery(query, in: state)
      #expect(compiled.sortColumns != nil, "\(query)")
      let fetched = try state.fetch(query)
      #expect(fetched.map { (record: FetchedRecord) in record.id } == expected, "\(query)")
      // The whole records come back, not the columns the sort read.
      #expect(
        fetched.allSatisfy { (record: FetchedRecord) in record.values == state.record("Employee", record.id) },
        "\(query)")
      #expect(try state.count(query) == expected.count, "\(query)")
      // Each row tests as its decoded record does.
      guard let table = state.tables["Employee"], let matcher = compiled.matcher else { continue }
      for chunk in table.chunks {
        for (row, id) in chunk.ids.enumerated() {
          let onRow = withUnsafePointer(to: chunk) { matcher(.row($0, row)) }
          #expect(onRow == matcher(.object(chunk.record(at: row))), "\(query) \(id)")
        }
      }
    }
  }
}
