import FolioJSON
import FolioTestSupport
import Testing

/// The writer's fast paths — prepared object shapes, word-at-a-time strings, the record-array
/// entry point — against a plain reference writer that sorts, escapes and indents one value at
/// a time.
@Suite struct JSONWriterShapeTests {
  /// Keys that need escapes, non-ASCII keys, and keys whose UTF-8 order differs from their
  /// `Character` and UTF-16 orders.
  static let trickyKeys = [
    "id", "Z", "a", "é", "e\u{301}", "\u{FFFD}", "😀", "quo\"te", "back\\slash", "tab\t",
    "nul\u{0}", "", "a-long-key-longer-than-fifteen-bytes", "ü",
  ]

  static func trickyRecord(_ n: Int) -> JSONObject {
    let values: [JSONValue] = [
      .int(Int64(n)), .int(-Int64(n) * 1_000_003), .double(-0.0), .double(0.1 * Double(n)),
      .double(90518.37), .double(1e300), .bool(n % 2 == 0), .null, .string("plain \(n)"),
      .string("tab\there \"quoted\" \\ é😀 \u{1}"), .string(""), [], [:], ["x", 1, [2.5, [:]]],
      ["nested": ["deeper": [true, "é"]], "b": []],
    ]
    var members: [JSONObject.Member] = []
    for (k, key) in trickyKeys.enumerated().reversed() {
      members.append(.init(key: key, value: values[(k + n) % values.count]))
    }
    return JSONObject(uniqueMembers: members)
  }

  @Test func recordArraysMatchTheReferenceWriter() {
    let records = (0..<300).map(Self.trickyRecord)
    let expected = ReferenceWriter.pretty(.array(records.map { .object($0) })) + "\n"
    #expect(String(decoding: JSONWriter.prettyBytes(ofObjects: records), as: UTF8.self) == expected)
    #expect(JSONWriter.string(.array(records.map { .object($0) }), style: .pretty) == expected)
    #expect(
      JSONWriter.string(.array(records.map { .object($0) }))
        == ReferenceWriter.compact(.array(records.map { .object($0) })))
  }

  @Test func shapesAreKeptApartByKeyOrderKeyBytesAndIndentation() {
    // The same keys in another order, keys equal as Swift strings but not as bytes, and one
    // key sequence met both as a record and nested one level deeper.
    let ab = JSONObject(uniqueMembers: [.init(key: "a", value: 1), .init(key: "b", value: 2)])
    let ba = JSONObject(uniqueMembers: [.init(key: "b", value: 3), .init(key: "a", value: 4)])
    let composed = JSONObject(uniqueMembers: [.init(key: "é", value: 5), .init(key: "f", value: 6)])
    let decomposed = JSONObject(uniqueMembers: [
      .init(key: "e\u{301}", value: 7), .init(key: "f", value: 8),
    ])
    let nesting = JSONObject(uniqueMembers: [.init(key: "a", value: .object(ab)), .init(key: "b", value: 0)])
    let records = [ab, ba, composed, decomposed, nesting, ab, decomposed, composed, ba, nesting]
    let value = JSONValue.array(records.map { .object($0) })
    #expect(
      String(decoding: JSONWriter.prettyBytes(ofObjects: records), as: UTF8.self)
        == ReferenceWriter.pretty(value) + "\n")
    #expect(JSONWriter.string(value) == ReferenceWriter.compact(value))
  }

  @Test func manyShapesAndObjectsUsedAsDictionariesMatchTheReferenceWriter() {
    // Hundreds of distinct key sets: the cache evicts, then stops caching.
    var generator = SeededGenerator(seed: 0x5AFE)
    let objects = (0..<400).map { n in
      var object = JSONObject()
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        object["k\(Int.random(in: 0..<1000, using: &generator))"] = .int(Int64(n))
      }
      return object
    }
    let value = JSONValue.array(objects.map { .object($0) })
    #expect(
      String(decoding: JSONWriter.prettyBytes(ofObjects: objects), as: UTF8.self)
        == ReferenceWriter.pretty(value) + "\n")
    #expect(JSONWriter.string(value) == ReferenceWriter.compact(value))
    #expect(
      JSONWriter.string(["outer": value, "z": value], style: .pretty)
        == ReferenceWriter.pretty(["outer": value, "z": value]) + "\n")
  }

  @Test func recordsLargerThanTheFirstOnesAreWrittenWhole() {
    // The output is reserved from the first 64 records; much larger ones later overflow it.
    let small = (0..<64).map { JSONObject(uniqueMembers: [.init(key: "id", value: .int(Int64($0)))]) }
    let large = (0..<200).map { n in
      JSONObject(uniqueMembers: [
        .init(key: "id", value: .int(Int64(n))),
        .init(key: "text", value: .string(String(repeating: "long text é ", count: 40))),
      ])
    }
    let records = small + large
    #expect(
      String(decoding: JSONWriter.prettyBytes(ofObjects: records), as: UTF8.self)
        == ReferenceWriter.pretty(.array(records.map { .object($0) })) + "\n")
    #expect(JSONWriter.prettyBytes(ofObjects: []) == Array("[]\n".utf8))
    #expect(JSONWriter.prettyBytes(ofObjects: [[:]]) == Array("[\n  {}\n]\n".utf8))
  }

  @Test func stringsOfEveryLengthAreEscapedWhereverTheSpecialByteFalls() {
    for length in 0...40 {
      let plain = String(repeating: "a", count: length)
      #expect(JSONWriter.string(.string(plain)) == ReferenceWriter.compact(.string(plain)))
      for position in 0..<length {
        for special in ["\"", "\\", "\n", "\u{1F}", "é"] {
          var scalars = Array(plain.unicodeScalars)
          scalars[position] = special.unicodeScalars.first ?? "a"
          var text = ""
          text.unicodeScalars.append(contentsOf: scalars)
          #expect(
            JSONWriter.string(.string(text)) == ReferenceWriter.compact(.string(text)),
            "length \(length), \(special.debugDescription) at \(position)")
        }
      }
    }
  }

  @Test(arguments: [-1, -2, Int.min + 1, Int.min])
  func negativeIndentationLevelsLayOutLikeTheReferenceWriter(_ indent: Int) {
    let value: JSONValue = ["a": [1, ["b": [], "c": [[:], ["d": true]]]], "e": "f"]
    var out: [UInt8] = []
    JSONWriter.writePretty(value, indent: indent, into: &out)
    #expect(String(decoding: out, as: UTF8.self) == ReferenceWriter.pretty(value, indent: indent))
  }
}

/// A plain canonical writer, one value at a time, for comparing the fast paths against: keys
/// sorted by their UTF-8 bytes, minimal escapes, `description` for doubles, two spaces per
/// indentation level (none for negative levels).
enum ReferenceWriter {
  static func compact(_ value: JSONValue) -> String {
    switch value {
    case .array(let elements): return "[" + elements.map(compact).joined(separator: ",") + "]"
    case .object(let object):
      return "{" + sorted(object).map { quoted($0.key) + ":" + compact($0.value) }
        .joined(separator: ",") + "}"
    default: return scalar(value)
    }
  }

  static func pretty(_ value: JSONValue, indent: Int = 0) -> String {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      return "[" + elements.map { newline(indent + 1) + pretty($0, indent: indent + 1) }
        .joined(separator: ",") + newline(indent) + "]"
    case .object(let object) where !object.isEmpty:
      return "{" + sorted(object).map {
        newline(indent + 1) + quoted($0.key) + ": " + pretty($0.value, indent: indent + 1)
      }.joined(separator: ",") + newline(indent) + "}"
    default: return compact(value)
    }
  }

  static func scalar(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .double(let d): return d.isFinite ? d.description : "null"
    case .string(let s): return quoted(s)
    case .array, .object: return compact(value)
    }
  }

  static func sorted(_ object: JSONObject) -> [JSONObject.Member] {
    object.members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
  }

  static func newline(_ indent: Int) -> String {
    "\n" + String(repeating: " ", count: max(0, indent) * 2)
  }

  static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{8}": out += "\\b"
      case "\u{C}": out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u00" + (hex.count < 2 ? "0" : "") + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
