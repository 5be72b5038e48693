import FolioJSON
import Testing

/// Every string in a document is compared by its UTF-8 bytes, at any depth.
@Suite struct JSONValueEqualityTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  @Test func stringsDifferingOnlyInNormalisationAreDifferentValues() {
    #expect(JSONValue.string(Self.composed) != .string(Self.decomposed))
    #expect(JSONValue.array([.string(Self.composed)]) != [.string(Self.decomposed)])
    #expect(JSONValue.object(["k": .string(Self.composed)]) != ["k": .string(Self.decomposed)])
    #expect(JSONObject.Member(key: Self.composed, value: 1) != JSONObject.Member(key: Self.decomposed, value: 1))
    #expect(Set<JSONValue>([.string(Self.composed), .string(Self.decomposed)]).count == 2)
  }

  @Test func equalValuesHashEqually() {
    let a: JSONValue = ["name": .string(Self.composed), "tags": ["x", 1, 2.5, true, nil]]
    let b: JSONValue = ["tags": ["x", 1, 2.5, true, nil], "name": .string(String(decoding: [0xC3, 0xA9], as: UTF8.self))]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(JSONValue.int(1) != .double(1))
    #expect(JSONValue.double(0) == .double(-0.0))
    #expect(JSONValue.double(0).hashValue == JSONValue.double(-0.0).hashValue)
  }

  /// Strings are compared a word at a time: every length around the word size, a difference at
  /// every position, small (inline) and heap strings, and strings built in different ways.
  @Test func stringsAreEqualExactlyWhenEveryByteIs() {
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 40, 64] {
      let base = (0..<length).map { "abcdéfghij"[String.Index(utf16Offset: $0 % 10, in: "abcdéfghij")] }
      let text = String(base)
      let copy = String(decoding: Array(text.utf8), as: UTF8.self)
      #expect(JSONValue.string(text) == .string(copy))
      var bytes = Array(text.utf8)
      for position in bytes.indices where bytes[position] < 0x80 {
        bytes[position] ^= 0x01
        #expect(JSONValue.string(text) != .string(String(decoding: bytes, as: UTF8.self)), "length \(length), byte \(position)")
        bytes[position] ^= 0x01
      }
      #expect(JSONValue.string(text) != .string(text + "x"))
    }
  }
}
