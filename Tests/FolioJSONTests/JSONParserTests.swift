import FolioJSON
import FolioTestSupport
import Testing

/// RFC 8259 conformance of the strict parser: accepted texts and their values.
@Suite struct JSONParserTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    var text: String
    var expected: JSONValue
    var testDescription: String { text.debugDescription }
    init(_ text: String, _ expected: JSONValue) {
      self.text = text
      self.expected = expected
    }
  }

  static let validTexts: [Valid] = [
    // Literals and whitespace.
    Valid("null", .null), Valid("true", true), Valid("false", false),
    Valid(" \t\n\r[ 1 ,\t2\n]\r\n ", [1, 2]),
    // Integers, including the Int64 limits and what lies beyond them.
    Valid("0", .int(0)), Valid("-0", .int(0)), Valid("7", 7), Valid("-42", -42),
    Valid("9223372036854775807", .int(.max)), Valid("-9223372036854775808", .int(.min)),
    Valid("9223372036854775808", .double(9_223_372_036_854_775_808.0)),
    Valid("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
    Valid("123456789012345678901234567890", .double(1.2345678901234568e29)),
    // Fractions and exponents in every form.
    Valid("1.5", 1.5), Valid("-0.0", .double(-0.0)), Valid("0.1", 0.1), Valid("1e2", 100.0),
    Valid("1E2", 100.0), Valid("1e+2", 100.0), Valid("1e-2", 0.01), Valid("-1.5E-3", -0.0015),
    Valid("0e0", 0.0), Valid("0.0000000000000000000001", 1e-22), Valid("1e-7", 1e-7),
    Valid("90518.37", 90518.37), Valid("123456789012345680000.0", 123_456_789_012_345_680_000.0),
    // Extremes: the largest and smallest doubles, and underflow to zero.
    Valid("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
    Valid("2.2250738585072014e-308", .double(.leastNormalMagnitude)),
    Valid("5e-324", .double(.leastNonzeroMagnitude)), Valid("1e-400", 0.0),
    Valid("1e300", 1e300), Valid("17976931348623157e292", .double(.greatestFiniteMagnitude)),
    // Strings: every escape, surrogate pairs, raw UTF-8 of every length.
    Valid(#""""#, ""), Valid(#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    Valid(#""\u00e9\u00E9""#, "éé"), Valid(#""\u0000\u001f""#, "\u{0}\u{1F}"),
    Valid(#""\uD83D\uDE00""#, "😀"), Valid(#""\udbff\udfff""#, "\u{10FFFF}"),
    Valid(#""\uFFFF\u2028""#, "\u{FFFF}\u{2028}"), Valid("\"aé€😀\"", "aé€😀"),
    Valid("\"\u{7F}\"", "\u{7F}"), Valid(#""a/b""#, "a/b"),
    Valid(
      #""a long string that does not fit in a small string, with \"escapes\"""#,
      "a long string that does not fit in a small string, with \"escapes\""),
    // Containers.
    Valid("[]", []), Valid("{}", [:]), Valid("[[]]", [[]]),
    Valid(#"[{}, {"a": []}]"#, [[:], ["a": []]]),
    Valid(#"{"a": {"b": {"c": [1, {"d": null}]}}}"#, ["a": ["b": ["c": [1, ["d": nil]]]]]),
    Valid(#"{"\u0061": 1, "b\n": 2, "": 3}"#, ["a": 1, "b\n": 2, "": 3]),
    Valid(#"[{"a": 1}, {"a": 2}]"#, [["a": 1], ["a": 2]]),
    Valid(
      #"{"a_key_longer_than_eight": 1, "a_key_longer_than_eighT": 2}"#,
      ["a_key_longer_than_eight": 1, "a_key_longer_than_eighT": 2]),
  ]

  @Test(arguments: validTexts)
  func acceptsValidText(_ valid: Valid) throws {
    let value = try JSONParser.parse(valid.text)
    #expect(value == valid.expected)
    #expect(try JSONParser.parse(Array(valid.text.utf8)) == valid.expected)
  }

  @Test func keepsIntegersExactAndFractionsAsDoubles() throws {
    #expect(try JSONParser.parse("-0") == .int(0))
    let negativeZero = try #require(try JSONParser.parse("-0.0").doubleValue)
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
    #expect(try JSONParser.parse("1.0") == .double(1.0))
    #expect(try JSONParser.parse("1e0") == .double(1.0))
    #expect(try JSONParser.parse("1") == .int(1))
  }

  @Test func treatsKeysThatDifferInBytesAsDifferentKeys() throws {
    // "e" + combining acute and the precomposed "é" are equal as Swift strings but are
    // different JSON keys, so this is not a duplicate.
    let value = try JSONParser.parse(#"{"e\u0301": 1, "é": 2}"#)
    #expect(value.objectValue?.members.map(\.key) == ["e\u{301}", "é"])
    #expect(
      value.objectValue?.members.map { Array($0.key.utf8) } == [[0x65, 0xCC, 0x81], [0xC3, 0xA9]])
  }

  @Test(arguments: ["a", "é", "€", "𝄞"])
  func buildsStringsOfEveryLengthLikeTheStandardLibrary(unit: String) throws {
    // Short strings are built in place (the small-string form); around 15 bytes the parser
    // switches to `String(decoding:)`. Every length must give the same string, as a value and
    // as a key, in the middle of the input and at its very end (no 16-byte load possible).
    for repeats in 0...20 {
      let text = String(repeating: unit, count: repeats)
      let expected = String(decoding: Array(text.utf8), as: UTF8.self)
      let value = try JSONParser.parse(#"[{"\#(text)": "\#(text)"}, 0]"#)
      let member = try #require(value[0]?.objectValue?.members.first)
      #expect(member.key == expected && Array(member.key.utf8) == Array(expected.utf8))
      #expect(member.value == .string(expected))
      #expect(try JSONParser.parse(#""\#(text)""#) == .string(expected))
      #expect(try JSONParser.parse(#"{"\#(text)":1}"#)[expected] == 1)
    }
  }

  @Test(arguments: [
    "k", "fifteen_bytes__", "sixteen_bytes___", "naïve-ключ", #"\u00e9t\u00e9"#, "é", #"a\u0000"#,
  ])
  func rejectsDuplicatesOfKeysOfAnyLength(key: String) throws {
    let text = #"{"\#(key)":1,"other":2,"\#(key)":3}"#
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
    #expect(error.code == .duplicateKey)
    // The same key once escaped and once literal is still a duplicate.
    let mixed = #"{"\u00e9":1,"é":2}"#
    #expect(throws: JSONError.self) { try JSONParser.parse(mixed) }
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let depth = JSONParser.Options().maxDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONParser.parse(text)
    var levels = 0
    while case .array(let elements) = value {
      levels += 1
      guard let first = elements.first else { break }
      value = first
    }
    #expect(levels == depth)
  }

  @Test func acceptsObjectsWithManyMembersAndCatchesTheirDuplicates() throws {
    let members = (0..<2_000).map { #""k\#($0)": \#($0)"# }
    let value = try JSONParser.parse("{" + members.joined(separator: ",") + "}")
    #expect(value.objectValue?.count == 2_000)
    #expect(value["k1999"] == 1999)
    let text = "{" + members.joined(separator: ",") + #", "k17": 0}"#
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
    #expect(error.code == .duplicateKey)
    #expect(error.offset == text.utf8.count - 9)
  }

  @Test func parsesTextHeldInAnyStringRepresentation() throws {
    let decoded = String(decoding: Array(#"{"naïve": [1, "x"]}"#.utf8), as: UTF8.self)
    let sliced = String(#"xx{"naïve": [1, "x"]}"#.dropFirst(2))
    #expect(try JSONParser.parse(decoded) == ["naïve": [1, "x"]])
    #expect(try JSONParser.parse(sliced) == ["naïve": [1, "x"]])
  }

  @Test func parsesDecimalsExactlyLikeTheStandardLibrary() throws {
    // Deterministic decimals of every shape: short and long mantissas, exponents across the
    // fast path's ±22 boundary, and the slow path beyond it.
    var generator = SeededGenerator(seed: 0xF0_110)
    var checked = 0
    for _ in 0..<20_000 {
      let digitCount = Int.random(in: 1...20, using: &generator)
      var digits = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
      let point = Int.random(in: 0...digitCount, using: &generator)
      var text = Bool.random(using: &generator) ? "-" : ""
      if point == 0 {
        text += "0." + digits
      } else if point < digitCount {
        text += digits.prefix(point) + "." + digits.dropFirst(point)
      } else {
        text += digits + ".0"
      }
      if Bool.random(using: &generator) {
        text += "e\(Int.random(in: -330...310, using: &generator))"
      }
      let expected = try #require(Double(text), "\(text)")
      guard expected.isFinite else { continue }
      #expect(try JSONParser.parse(text) == .double(expected), "\(text)")
      checked += 1
    }
    #expect(checked > 15_000)
  }
}
