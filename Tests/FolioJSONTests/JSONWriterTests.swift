import FolioJSON
import FolioTestSupport
import Testing

/// The canonical writer: layout, number and string forms, and round trips with the parser.
@Suite struct JSONWriterTests {
  @Test func writesCompactTextWithKeysSortedByBytes() {
    let value: JSONValue = ["b": [1, 2.5, "x\n"], "a": nil, "é": true, "Z": false, "aa": [:]]
    #expect(JSONWriter.string(value) == #"{"Z":false,"a":null,"aa":{},"b":[1,2.5,"x\n"],"é":true}"#)
  }

  @Test func writesPrettyTextWithTwoSpaceIndentAndTrailingNewline() {
    let value: JSONValue = ["b": [1, [:], []], "a": ["c": "d"]]
    #expect(
      JSONWriter.string(value, style: .pretty) == """
        {
          "a": {
            "c": "d"
          },
          "b": [
            1,
            {},
            []
          ]
        }

        """)
    #expect(JSONWriter.string(1, style: .pretty) == "1\n")
  }

  @Test func embedsPrettyValuesAtAnIndentationLevel() {
    var out = Array("  \"records\": ".utf8)
    JSONWriter.writePretty(["id": 1], indent: 1, into: &out)
    #expect(String(decoding: out, as: UTF8.self) == "  \"records\": {\n    \"id\": 1\n  }")
  }

  struct DoubleCase: Sendable, CustomTestStringConvertible {
    var value: Double
    var text: String
    var testDescription: String { text }
  }

  static let doubles: [DoubleCase] = [
    .init(value: 0.1, text: "0.1"), .init(value: 1e-7, text: "1e-07"),
    .init(value: 1e300, text: "1e+300"), .init(value: .leastNonzeroMagnitude, text: "5e-324"),
    .init(value: -0.0, text: "-0.0"), .init(value: 0.0, text: "0.0"),
    .init(value: 123_456_789_012_345_680_000.0, text: "1.2345678901234568e+20"),
    .init(value: 1.0, text: "1.0"), .init(value: -30000.0, text: "-30000.0"),
    .init(value: 90518.37, text: "90518.37"), .init(value: 2147483648.0, text: "2147483648.0"),
    .init(value: .greatestFiniteMagnitude, text: "1.7976931348623157e+308"),
    .init(value: 1.0 / 3.0, text: "0.3333333333333333"),
  ]

  @Test(arguments: doubles)
  func writesDoublesInShortestRoundTripForm(_ example: DoubleCase) throws {
    let text = JSONWriter.string(.double(example.value))
    #expect(text == example.text)
    let back = try JSONParser.parse(text)
    #expect(back == .double(example.value))
    #expect(back.doubleValue?.sign == example.value.sign)
    #expect(back.intValue == nil)
  }

  @Test func writesEveryDoubleAsItsShortestDescription() {
    // The writer's fast path for whole numbers and hundredths must agree with `description`.
    var generator = SeededGenerator(seed: 0xD0_0B1E)
    for _ in 0..<50_000 {
      let hundredths = Double(
        Int64.random(in: -300_000_000_000...300_000_000_000, using: &generator))
      let candidates = [
        hundredths / 100, hundredths / 10, hundredths, hundredths / 1000,
        Double(bitPattern: generator.next()), Double.random(in: -3e9...3e9, using: &generator),
      ]
      for value in candidates where value.isFinite {
        #expect(JSONWriter.string(.double(value)) == value.description, "\(value)")
      }
    }
  }

  @Test func writesNonFiniteDoublesAsNull() {
    #expect(
      JSONWriter.string([.double(.nan), .double(.infinity), .double(-.infinity)])
        == "[null,null,null]")
  }

  @Test func writesIntegersExactly() {
    #expect(
      JSONWriter.string([.int(0), .int(-1), .int(.max), .int(.min)])
        == "[0,-1,9223372036854775807,-9223372036854775808]")
  }

  @Test func escapesOnlyQuotesBackslashesAndControlCharacters() {
    var controls = ""
    for scalar in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
    let text = JSONWriter.string(.string(controls + "\"\\/é😀\u{7F}\u{2028}"))
    #expect(
      text == #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
        + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d"#
        + "\\u001e\\u001f\\\"\\\\/é😀\u{7F}\u{2028}\"")
  }

  @Test func appendsToExistingBytes() {
    var out = Array("x=".utf8)
    JSONWriter.writeString("a\"b", into: &out)
    JSONWriter.writeInt(-12, into: &out)
    JSONWriter.writeDouble(0.5, into: &out)
    JSONWriter.writeCompact(["k": [true]], into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"x="a\"b"-120.5{"k":[true]}"#)
  }

  @Test func sortsEachObjectShapeIndependently() {
    // Objects with the same keys in different orders, and keys equal as Swift strings but not
    // as bytes, must each be written in byte order.
    let first: JSONValue = .object(
      JSONObject(uniqueMembers: [.init(key: "b", value: 1), .init(key: "a", value: 2)]))
    let second: JSONValue = .object(
      JSONObject(uniqueMembers: [.init(key: "a", value: 3), .init(key: "b", value: 4)]))
    let decomposed: JSONValue = .object(
      JSONObject(uniqueMembers: [
        .init(key: "e\u{301}", value: 1), .init(key: "f", value: 2),
      ]))
    let precomposed: JSONValue = .object(
      JSONObject(uniqueMembers: [
        .init(key: "é", value: 1), .init(key: "f", value: 2),
      ]))
    #expect(
      JSONWriter.string([first, second, first]) == #"[{"a":2,"b":1},{"a":3,"b":4},{"a":2,"b":1}]"#)
    #expect(
      JSONWriter.string([decomposed, precomposed]) == "[{\"e\u{301}\":1,\"f\":2},{\"f\":2,\"é\":1}]"
    )
  }
}
