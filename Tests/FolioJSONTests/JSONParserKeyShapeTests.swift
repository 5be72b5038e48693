import FolioJSON
import Testing

/// The parser reads a key that is the next one of the key sequence last closed at its depth by
/// comparing bytes, without building a string. Whatever follows such a sequence — the same keys,
/// fewer, more, others, escaped spellings, duplicates, or input cut at any byte — parses to the
/// value, or fails with the error and offset, that the same object gives with nothing before it.
@Suite struct JSONParserKeyShapeTests {
  /// An object that sets the key sequences of depths 1 and 3 (its `tags` elements).
  static let shape =
    #"{"id":1,"name":"x","q\"k":true,"tags":[{"a":1}],"a_key_longer_than_15_bytes":2,"é":0}"#

  static let followers = [
    #"{"id":2,"name":"y","q\"k":false,"tags":[{"a":2},{"a":3}],"a_key_longer_than_15_bytes":3,"é":1}"#,
    #"{"id":1,"name":"x"}"#,
    #"{"id":1}"#,
    #"{"id":1,"name":"x","q\"k":true,"tags":[],"a_key_longer_than_15_bytes":2,"é":0,"extra":3}"#,
    #"{"id":1,"id":2}"#,
    #"{"id":1,"name":"x","name":"y"}"#,
    #"{"id":1,"n\u0061me":2,"name":3}"#,
    #"{"\u0069d":1,"name":"x"}"#,
    "{\"id\" : 1 ,\t\"name\" :\"x\"}",
    #"{"name":"x","id":1}"#,
    #"{"i":1,"nam":2,"namex":3}"#,
    #"{"id":1,"namex":3}"#,
    #"{"id":1,"nam":3}"#,
    #"{"id":1,"name":"x","q\"k":true,"tags":[{"a":1,"a":2}]}"#,
    #"{"id":1,"name":"x","q\"k":true,"tags":[{"b":1},{"a":1}]}"#,
    #"{"id":1,"name":"x","e\u0301":0,"é":1}"#,
    #"{"id":1,"name":"x""#,
    #"{"id":1,"name""#,
    #"{"id":1,"na"#,
    #"{"id":1,"name":"x",}"#,
  ]

  enum Outcome: Equatable {
    case value(JSONValue, keys: [[String]])
    case error(JSONError.Code, offset: Int)
  }

  /// The outcome of parsing `text`'s last array element, its offsets made relative to where
  /// that element starts (`elementStart`).
  static func outcome(_ text: String, elementStart: Int) -> Outcome {
    do {
      let value = try JSONParser.parse(Array(text.utf8))
      let last = value.arrayValue?.last ?? .null
      return .value(last, keys: keySequences(last))
    } catch {
      return .error(error.code, offset: error.offset - elementStart)
    }
  }

  /// Every object's keys in member order, depth first: equality of values ignores key order,
  /// the parser must not.
  static func keySequences(_ value: JSONValue) -> [[String]] {
    switch value {
    case .object(let object):
      return [object.keys] + object.values.flatMap(keySequences)
    case .array(let elements): return elements.flatMap(keySequences)
    default: return []
    }
  }

  @Test(arguments: followers)
  func anObjectAfterTheSequenceParsesAsItDoesAlone(_ follower: String) {
    let after = "[" + Self.shape + "," + follower + "]"
    let alone = "[" + follower + "]"
    let expected = Self.outcome(alone, elementStart: 1)
    let got = Self.outcome(after, elementStart: 2 + Self.shape.utf8.count)
    #expect(got == expected)
  }

  @Test func inputCutAtEveryByteFailsAsItDoesAlone() {
    for follower in Self.followers.prefix(4) {
      let bytes = Array(follower.utf8)
      for cut in 0...bytes.count {
        let part = String(decoding: bytes[..<cut], as: UTF8.self)
        guard part.utf8.count == cut else { continue }  // cut inside a multi-byte character
        let expected = Self.outcome("[" + part, elementStart: 1)
        let got = Self.outcome("[" + Self.shape + "," + part, elementStart: 2 + Self.shape.utf8.count)
        #expect(got == expected, "cut at \(cut): \(part)")
      }
    }
  }

  @Test func objectsNestedPastTheCachedDepthsParseExactly() throws {
    // Twelve levels of one key each, twice: depths 8 and deeper are not cached.
    var nested = "1"
    for level in (0..<12).reversed() { nested = #"{"k\#(level)":\#(nested)}"# }
    let value = try JSONParser.parse("[\(nested),\(nested)]")
    let elements = try #require(value.arrayValue)
    #expect(elements.count == 2)
    #expect(elements[0] == elements[1])
    var inner = elements[1]
    for level in 0..<12 {
      let object = try #require(inner.objectValue)
      #expect(object.keys == ["k\(level)"])
      inner = try #require(object["k\(level)"])
    }
    #expect(inner == 1)
  }
}
