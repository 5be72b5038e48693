@testable import FolioJSON
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

  /// Values compared in place (`same(at:_:)`, for buffers of another module) and compared by
  /// `==` agree on every pair: each kind against each, strings differing in normalisation or in
  /// one byte, arrays of other lengths and orders, objects with members in another order, and
  /// arrays that share their storage.
  @Test func comparingInPlaceAgreesWithEquality() {
    let shared: [JSONValue] = ["x", 1, [2, ["y"]]]
    let values: [JSONValue] = [
      nil, true, false, 0, 1, 1.0, -0.0, 0.0, .string(Self.composed), .string(Self.decomposed),
      "a string longer than fifteen bytes", "a string longer than fifteen bytez", [], [1, 2], [2, 1],
      [1, 2, 3], .array(shared), .array(shared.map { $0 }), ["a": 1, "b": [true]], ["b": [true], "a": 1],
      ["a": 1, "b": [false]], ["a": 1], [:],
    ]
    for a in values {
      for b in values {
        let inPlace = withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in JSONValue.same(at: a, b) } }
        #expect(inPlace == (a == b), "\(a) vs \(b)")
        let optional: (JSONValue?, JSONValue?) = (a, b)
        let optionalInPlace = withUnsafePointer(to: optional.0) { a in
          withUnsafePointer(to: optional.1) { b in JSONValue.same(at: a, b) }
        }
        #expect(optionalInPlace == (a == b))
      }
      let absent: JSONValue? = .none
      let present: JSONValue? = a
      #expect(!withUnsafePointer(to: absent) { x in withUnsafePointer(to: present) { y in JSONValue.same(at: x, y) } })
      #expect(withUnsafePointer(to: absent) { x in withUnsafePointer(to: absent) { y in JSONValue.same(at: x, y) } })
    }
    #expect(JSONValue.array(shared) == .array(shared.map { $0 }))
  }
}
