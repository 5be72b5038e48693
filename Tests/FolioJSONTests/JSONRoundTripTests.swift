import FolioJSON
import FolioTestSupport
import Testing

/// Properties that tie the parser and the writer together, on many generated values.
@Suite struct JSONRoundTripTests {
  /// Deterministic random values of every kind, nested a few levels.
  struct ValueGenerator {
    var random: SeededGenerator

    static let keyPool = [
      "id", "name", "user", "a", "b", "é", "key with space", "department_id", "😀", "",
    ]

    mutating func value(depth: Int = 0) -> JSONValue {
      let kind = Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &random)
      switch kind {
      case 0: return .null
      case 1: return .bool(Bool.random(using: &random))
      case 2: return .int(integer())
      case 3: return .double(double())
      case 4, 5: return .string(string())
      case 6:
        return .array(
          (0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth + 1) })
      default:
        var object = JSONObject()
        for _ in 0..<Int.random(in: 0...6, using: &random) {
          let key =
            Bool.random(using: &random)
            ? Self.keyPool.randomElement(using: &random) ?? "" : string()
          object[key] = value(depth: depth + 1)
        }
        return .object(object)
      }
    }

    mutating func integer() -> Int64 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return Int64.random(in: -10...10, using: &random)
      case 1: return Int64.random(in: -1_000_000...1_000_000, using: &random)
      case 2: return [Int64.max, Int64.min, 0, -1][Int.random(in: 0..<4, using: &random)]
      default: return Int64(bitPattern: random.next())
      }
    }

    mutating func double() -> Double {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100
      case 1: return Double.random(in: -1...1, using: &random)
      case 2:
        return [
          0.1, 1e-7, 1e300, .leastNonzeroMagnitude, -0.0, 0.0, 1.0, 123_456_789_012_345_680_000.0,
        ][Int.random(in: 0..<8, using: &random)]
      case 3: return Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &random))
      default:
        // Any finite bit pattern.
        while true {
          let d = Double(bitPattern: random.next())
          if d.isFinite { return d }
        }
      }
    }

    mutating func string() -> String {
      let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{7F}",
        "\u{FFFF}", "word",
      ]
      var s = ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        s += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      return s
    }
  }

  @Test(arguments: [JSONWriter.Style.compact, .pretty])
  func parsingWrittenValuesGivesThemBack(_ style: JSONWriter.Style) throws {
    var generator = ValueGenerator(random: SeededGenerator(seed: 2026))
    for _ in 0..<2_000 {
      let value = generator.value()
      let bytes = JSONWriter.bytes(value, style: style)
      let back = try JSONParser.parse(bytes)
      #expect(back == value, "\(String(decoding: bytes, as: UTF8.self))")
      // Kinds survive exactly: a double never comes back as an int, nor the reverse.
      #expect(JSONWriter.bytes(back, style: style) == bytes)
    }
  }

  @Test(arguments: [JSONWriter.Style.compact, .pretty])
  func writingParsedCanonicalTextReproducesItByteForByte(_ style: JSONWriter.Style) throws {
    var generator = ValueGenerator(random: SeededGenerator(seed: 8259))
    for _ in 0..<2_000 {
      let canonical = JSONWriter.bytes(generator.value(), style: style)
      #expect(JSONWriter.bytes(try JSONParser.parse(canonical), style: style) == canonical)
    }
  }

  @Test func prettyAndCompactFormsHoldTheSameValue() throws {
    var generator = ValueGenerator(random: SeededGenerator(seed: 7))
    for _ in 0..<500 {
      let value = generator.value()
      let pretty = JSONWriter.bytes(value, style: .pretty)
      #expect(pretty.last == 0x0A)
      #expect(JSONWriter.bytes(try JSONParser.parse(pretty)) == JSONWriter.bytes(value))
    }
  }

  @Test func prettyFormIndentsByTwoSpacesPerLevel() throws {
    var generator = ValueGenerator(random: SeededGenerator(seed: 11))
    for _ in 0..<300 {
      let text = JSONWriter.string(generator.value(), style: .pretty)
      for line in text.split(separator: "\n") {
        let indent = line.prefix { $0 == " " }.count
        #expect(indent % 2 == 0, "\(line)")
        #expect(!line.hasSuffix(" "), "\(line)")
      }
    }
  }

  @Test func writesAndReadsTheEmployeePayloadBackUnchanged() throws {
    let payload = EmployeePayload.day1(count: 500)
    let value = try JSONParser.parse(payload)
    #expect(value.arrayValue?.count == 500)
    #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    #expect(try JSONParser.parse(JSONWriter.bytes(value, style: .pretty)) == value)
  }
}
