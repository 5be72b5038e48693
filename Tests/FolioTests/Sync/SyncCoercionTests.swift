import Folio
import FolioTestSupport
import Testing

/// Type conversion, identifiers, dates and key paths as a sync applies them: the table scenarios
/// U16 and U25–U33, each row an independent run.
@Suite struct SyncCoercionTests {
  /// One row: the attribute, the incoming value as JSON text, and the stored value expected
  /// (`nil`: the item is rejected and the record unchanged).
  struct Row: Sendable, CustomTestStringConvertible {
    let attribute: String
    let incoming: String
    let expected: String?
    var testDescription: String { "\(attribute) ← \(incoming)" }
    init(_ attribute: String, _ incoming: String, _ expected: String?) {
      self.attribute = attribute
      self.incoming = incoming
      self.expected = expected
    }
  }

  static let conversions: [Row] = [
    // U25 int
    Row("count", "7", "7"), Row("count", "7.0", "7"), Row("count", #""7""#, "7"),
    Row("count", #""-3""#, "-3"), Row("count", #""27.0""#, nil), Row("count", "2.5", nil),
    Row("count", #""2.5""#, nil), Row("count", #""abc""#, nil), Row("count", "true", nil),
    Row("count", "1e30", nil), Row("count", #"{"v":1}"#, nil),
    // U26 double
    Row("price", "2.5", "2.5"), Row("price", "3", "3.0"), Row("price", #""2.5""#, "2.5"),
    Row("price", #""x""#, nil), Row("price", "true", nil),
    // U27 bool
    Row("active", "true", "true"), Row("active", "false", "false"), Row("active", "1", "true"),
    Row("active", "0", "false"), Row("active", #""true""#, "true"),
    Row("active", #""false""#, "false"),
    Row("active", "2", nil), Row("active", #""yes""#, nil), Row("active", #""1""#, nil),
    Row("active", #""TRUE""#, nil),
    // U28 string
    Row("name", #""x""#, #""x""#), Row("name", "5", #""5""#), Row("name", "5.0", #""5""#),
    Row("name", "2.5", nil), Row("name", "true", nil), Row("name", #"{"a":1}"#, nil),
    Row("name", "[]", nil),
  ]

  @Test(arguments: conversions, Backing.allCases)
  func attributeValuesConvertLosslesslyOrRejectTheItem(_ row: Row, _ backing: Backing) throws {
    let stored: JSONObject = ["id": 1, "count": 5, "price": 1.0, "active": false, "name": "A"]
    let test = try SyncTestStore.items([stored], backing: backing)
    defer { test.remove() }
    let store = test.store
    var item: JSONObject = ["id": 1]
    item[row.attribute] = try JSONParser.parse(row.incoming)
    let report = try store.sync(
      [.object(item)], into: "Item", options: SyncOptions(deleteMissing: false))
    let record = try #require(store.state.record("Item", 1))
    if let expected = row.expected {
      let value = try JSONParser.parse(expected)
      #expect(record[row.attribute] == value)
      #expect(
        report.outcomes.first?.kind == (stored[row.attribute] == value ? .unchanged : .updated))
    } else {
      #expect(record == stored)
      let outcome = try #require(report.outcomes.first)
      #expect(outcome.kind == .rejected)
      #expect(outcome.pointer == "/0/\(row.attribute)")
      #expect(outcome.reason?.hasPrefix("attribute '\(row.attribute)': expected") == true)
    }
    #expect(store.state.invariantViolations() == [])
  }

  static let dates: [Row] = [
    // U29
    Row("seen", #""2014-07-06T07:59:00Z""#, #""2014-07-06T07:59:00.000Z""#),
    Row("seen", #""2014-07-06T07:59:00+00:00""#, #""2014-07-06T07:59:00.000Z""#),
    // U30
    Row("seen", #""2014-07-06T07:59:00.123Z""#, #""2014-07-06T07:59:00.123Z""#),
    Row("seen", #""2014-07-06T07:59:00.5Z""#, #""2014-07-06T07:59:00.500Z""#),
    Row("seen", #""2014-07-06T07:59:00.123456Z""#, #""2014-07-06T07:59:00.123Z""#),
    // U31
    Row("seen", #""2014-07-06T09:59:00+02:00""#, #""2014-07-06T07:59:00.000Z""#),
    Row("seen", #""2014-07-06T09:59:00+0200""#, #""2014-07-06T07:59:00.000Z""#),
    Row("seen", #""2014-07-06T02:59:00-05:00""#, #""2014-07-06T07:59:00.000Z""#),
    Row("seen", #""2014-07-06T07:59:00.123+02:00""#, #""2014-07-06T05:59:00.123Z""#),
    // U32
    Row("seen", #""2014-07-06T07:59:00""#, nil), Row("seen", #""2014-07-06""#, nil),
    Row("seen", #""2014-07-06 07:59:00Z""#, nil), Row("seen", #""2014-07-06t07:59:00z""#, nil),
    Row("seen", #""06/07/2014""#, nil), Row("seen", "1404633540", nil),
  ]

  @Test(arguments: dates, Backing.allCases)
  func isoDatesAreStoredAsCanonicalUTCInstants(_ row: Row, _ backing: Backing) throws {
    let test = try SyncTestStore.items([["id": 1]], backing: backing)
    defer { test.remove() }
    let store = test.store
    let item: JSONObject = ["id": 1, "seen": try JSONParser.parse(row.incoming)]
    let report = try store.sync(
      [.object(item)], into: "Item", options: SyncOptions(deleteMissing: false))
    let record = try #require(store.state.record("Item", 1))
    if let expected = row.expected {
      #expect(record["seen"] == (try JSONParser.parse(expected)))
      #expect(report.outcomes.map(\.kind) == [.updated])
      // Re-sending the same instant changes nothing (U29).
      let again = try store.sync(
        [.object(item)], into: "Item", options: SyncOptions(deleteMissing: false))
      #expect(again.outcomes.map(\.kind) == [.unchanged])
    } else {
      #expect(record == ["id": 1])
      #expect(report.outcomes.map(\.kind) == [.rejected])
    }
  }

  @Test func anEqualInstantInAnotherOffsetIsUnchanged() throws {
    let store = try SyncTestStore.items([["id": 1, "seen": "2014-07-06T07:59:00.000Z"]])
    let report = try store.sync(
      [["id": 1, "seen": "2014-07-06T09:59:00+02:00"]], into: "Item",
      options: SyncOptions(deleteMissing: false))
    #expect(report.outcomes.map(\.kind) == [.unchanged])
  }

  @Test func anEmptyDateStringClearsTheDate() throws {
    let store = try SyncTestStore.items([["id": 1, "seen": "2014-07-06T07:59:00.000Z"], ["id": 2]])
    let report = try store.sync(
      [["id": 1, "seen": ""], ["id": 2, "seen": ""]], into: "Item",
      options: SyncOptions(deleteMissing: false))
    #expect(SyncTestStore.lines(report) == ["Item 1 updated", "Item 2 unchanged"])
    #expect(store.state.record("Item", 1) == ["id": 1])
  }

  static let identifiers: [Row] = [
    Row("id", #""1""#, "1"), Row("id", "1.0", "1"), Row("id", #""1.5""#, nil),
    Row("id", "true", nil),
  ]

  @Test(arguments: identifiers, Backing.allCases)
  func integerIdentifiersConvertBeforeMatching(_ row: Row, _ backing: Backing) throws {
    // U16: a converted identifier matches the stored record; an unconvertible one is rejected.
    let test = try SyncTestStore.items([["id": 1, "name": "A"]], backing: backing)
    defer { test.remove() }
    let store = test.store
    let item: JSONObject = [
      "id": try JSONParser.parse(row.incoming), "name": row.expected == nil ? "X" : "A",
    ]
    let report = try store.sync(
      [.object(item)], into: "Item", options: SyncOptions(deleteMissing: false))
    #expect(store.state.count("Item") == 1)
    #expect(store.state.record("Item", 1) == ["id": 1, "name": "A"])
    #expect(report.outcomes.map(\.kind) == [row.expected == nil ? .rejected : .unchanged])
  }

  /// U33: one payload per row; the expected name (`nil`: absent) and outcome.
  struct KeyPathRow: Sendable, CustomTestStringConvertible {
    let payload: String
    let name: JSONValue?
    let kind: SyncOutcome.Kind
    var testDescription: String { payload }
  }

  static let keyPaths: [KeyPathRow] = [
    KeyPathRow(payload: #"[{"id":1,"batch":{"name":"B1"}}]"#, name: "B1", kind: .updated),
    KeyPathRow(payload: #"[{"id":1}]"#, name: "Batch 1", kind: .unchanged),
    KeyPathRow(payload: #"[{"id":1,"name":"ROOT","batch":{}}]"#, name: "Batch 1", kind: .unchanged),
    KeyPathRow(payload: #"[{"id":1,"batch":"oops"}]"#, name: "Batch 1", kind: .unchanged),
    KeyPathRow(payload: #"[{"id":1,"batch":null}]"#, name: "Batch 1", kind: .unchanged),
    KeyPathRow(payload: #"[{"id":1,"batch":{"name":null}}]"#, name: nil, kind: .updated),
  ]

  @Test(arguments: keyPaths, Backing.allCases)
  func nestedKeyPathsReadThroughObjectsOnly(_ row: KeyPathRow, _ backing: Backing) throws {
    let schema = try #require(SyncSchemas.named("batches"))
    let test = try SyncTestStore.make(backing, schema, ["Batch": [["id": 1, "name": "Batch 1"]]])
    defer { test.remove() }
    let store = test.store
    let report = try store.sync(
      try JSONParser.parse(row.payload), into: "Batch", options: SyncOptions(deleteMissing: false))
    #expect(store.state.record("Batch", 1)?["name"] == row.name)
    #expect(report.outcomes.map(\.kind) == [row.kind])
    #expect(store.state.invariantViolations() == [])
  }
}
