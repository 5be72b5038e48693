import Foundation
import FolioTestSupport
import Testing

@testable import Folio

/// The `decimal` attribute type: exact canonical text, numeric comparison, Codable `Decimal`.
@Suite struct DecimalAttributeTests {
  static func makeSchema() throws -> Schema {
    try Schema {
      Entity("Payment") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("amount", .decimal).optional()
      }
    }
  }

  @Test(arguments: [
    ("12.30", "12.3"), ("12.3", "12.3"), ("-0", "0"), ("0.000", "0"), ("1e3", "1000"),
    ("1.5E-3", "0.0015"), ("-007", nil), ("100", "100"), ("-12.50e1", "-125"),
    ("12345678901234567890.123456789012345678901", "12345678901234567890.123456789012345678901"),
    ("0e999999999", "0"), ("1e999999999", nil), ("12.", nil), (".5", nil), ("1,5", nil),
  ] as [(String, String?)])
  func numericStringsBecomeCanonicalText(_ text: String, _ canonical: String?) {
    #expect(DecimalText.canonical(text) == canonical)
  }

  @Test func numbersAreExactUpToFifteenSignificantDigits() {
    let amount = Attribute(name: "amount", type: .decimal)
    #expect(amount.coerce(0.1, schemaDateFormats: .strict) == .success("0.1"))
    #expect(amount.coerce(12.30, schemaDateFormats: .strict) == .success("12.3"))
    #expect(amount.coerce(7, schemaDateFormats: .strict) == .success("7"))
    #expect(amount.coerce(9_223_372_036_854_775_807, schemaDateFormats: .strict) == .success("9223372036854775807"))
    #expect(amount.coerce(123456789.012345, schemaDateFormats: .strict) == .success("123456789.012345"))
    #expect(amount.coerce(1e-7, schemaDateFormats: .strict) == .success("0.0000001"))
    guard case .failure(let error) = amount.coerce(0.30000000000000004, schemaDateFormats: .strict) else {
      Issue.record("accepted a 17-digit double")
      return
    }
    #expect(error.code == .notLossless)
    #expect(
      error.description
        == #"attribute 'amount': expected a decimal (a number of up to 15 significant digits, or a numeric string such as "12.30" for any precision), found the number 0.30000000000000004 [notLossless]"#)
    guard case .failure(let text) = amount.coerce("ten", schemaDateFormats: .strict) else {
      Issue.record("accepted ten")
      return
    }
    #expect(text.code == .invalidText)
  }

  @Test func storedDecimalMustBeCanonicalText() throws {
    let amount = Attribute(name: "amount", type: .decimal)
    try amount.validateStored("12.3")
    #expect(throws: CoercionError.self) { try amount.validateStored("12.30") }
    #expect(throws: CoercionError.self) { try amount.validateStored(12.3) }
    let bad = try #require(throws: CoercionError.self) { try amount.validateStored("x") }
    #expect(bad.code == .invalidText)
  }

  @Test(arguments: [
    ("9.5", "10", -1), ("-10", "-9.5", -1), ("0.5", "0.51", -1), ("12", "12.5", -1),
    ("-0.5", "0", -1), ("100", "99.999", 1), ("3.14", "3.14", 0),
  ] as [(String, String, Int)])
  func canonicalTextsCompareNumerically(_ a: String, _ b: String, _ order: Int) {
    #expect(DecimalText.compare(a, b) == order)
    #expect(DecimalText.compare(b, a) == -order)
  }

  @Test func queriesCompareNumericallyAndEqualValuesWithOtherScalesMatch() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "amount": "10"], ["id": 2, "amount": 9.5], ["id": 3, "amount": "-0.25"], ["id": 4]], into: "Payment")
    #expect(try store.fetch(Query("Payment", where: "amount" == "10.00")).map(\.id) == [1])
    #expect(try store.fetch(Query("Payment", where: "amount" == 9.50)).map(\.id) == [2])
    #expect(try store.fetch(Query("Payment", where: "amount" < 9.75)).map(\.id) == [2, 3])
    #expect(try store.fetch(Query("Payment", where: "amount" >= "9.5")).map(\.id) == [1, 2])
    #expect(try store.fetch(Query("Payment", sortedBy: "amount")).map(\.id) == [4, 3, 2, 1])
    // A literal that is no decimal matches nothing and orders nothing.
    #expect(try store.fetch(Query("Payment", where: "amount" == "ten")).isEmpty)
    #expect(try store.fetch(Query("Payment", where: "amount" < "ten")).isEmpty)
    #expect(try store.fetch(Query("Payment", where: "amount" != "ten")).count == 4)
    #expect(try store.fetch(Query("Payment", where: "amount" == JSONValue.null)).map(\.id) == [4])
    #expect(try store.fetch(Query("Payment", sortedBy: "-amount")).map(\.id) == [1, 2, 3, 4])
    #expect(store.state.export("Payment") == [["id": 1, "amount": "10"], ["id": 2, "amount": "9.5"], ["id": 3, "amount": "-0.25"], ["id": 4]])
  }

  @Test func minAndMaxAreNumericAndSumIsRefused() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "amount": "10"], ["id": 2, "amount": "9.5"], ["id": 3, "amount": "-0.25"]], into: "Payment")
    #expect(try store.min("amount", in: Query("Payment")) == "-0.25")
    #expect(try store.max("amount", in: Query("Payment")) == "10")
    let error = try #require(throws: QueryError.self) { try store.sum("amount", in: Query("Payment")) }
    #expect(error.code == .invalidOperand)
  }

  @Test func aValueWithAnotherScaleIsNoChange() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "amount": 12.3]], into: "Payment")
    let report = try store.sync([["id": 1, "amount": "12.30"]], into: "Payment")
    #expect(report.outcomes.map(\.kind) == [.unchanged])
  }

  struct Payment: Codable, Equatable {
    var id: Int
    var amount: Decimal?
  }

  @Test func decimalsDecodeAndEncodeExactly() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "amount": "12345678901234567890.12"], ["id": 2, "amount": 0.1]], into: "Payment")
    let payments = try store.fetch(Payment.self, Query("Payment"))
    #expect(payments.map(\.amount) == [Decimal(string: "12345678901234567890.12"), Decimal(string: "0.1")])
    let record = try RecordEncoder().encode(Payment(id: 3, amount: Decimal(string: "19.990")))
    #expect(record == ["id": 3, "amount": "19.99"])
    try store.insert("Payment", record)
    let stored = try #require(store.get("Payment", 3))
    #expect(try RecordDecoder().decode(Payment.self, from: stored) == Payment(id: 3, amount: Decimal(string: "19.99")))
  }

  @Test func schemaFileDeclaresDecimal() throws {
    let text = #"{"folioSchema": 1, "entities": [{"name": "Payment", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}, {"name": "amount", "type": "decimal", "optional": true}]}]}"#
    #expect(try Schema(fileBytes: Array(text.utf8)) == (try Self.makeSchema()))
  }

  @Test func directoryStoreWritesDecimalsAsText() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: try Self.makeSchema())
      try store.sync([["id": 1, "amount": 0.1]], into: "Payment")
    }
    let files = try FileManager.default.subpathsOfDirectory(atPath: path).filter {
      $0.hasPrefix("Payment") && $0.hasSuffix(".json")
    }
    let text = try String(contentsOfFile: path + "/" + (try #require(files.first)), encoding: .utf8)
    #expect(text.contains(#""amount": "0.1""#))
    #expect(try Store.open(directory: path).get("Payment", 1)?["amount"] == "0.1")
  }
}
