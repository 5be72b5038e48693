import FolioJSON
import FolioTestSupport
import Testing

/// The parser's string pool (``JSONParser/StringPool``): repeated values become one shared
/// `String`, and a pooled parse gives exactly the value an ordinary parse gives.
@Suite struct JSONStringPoolTests {
  /// The address of a string's UTF-8 storage, to tell one shared string from two equal ones.
  /// Only compared, never read through; the strings compared are alive while it is.
  static func storage(_ string: String) -> UnsafeRawPointer? {
    string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
  }

  /// The string values of a parsed document, in order.
  static func strings(_ value: JSONValue) -> [String] {
    var result: [String] = []
    var stack = [value]
    while let next = stack.popLast() {
      switch next {
      case .string(let s): result.append(s)
      case .array(let elements): stack.append(contentsOf: elements.reversed())
      case .object(let object): stack.append(contentsOf: object.members.map(\.value).reversed())
      default: break
      }
    }
    return result
  }

  @Test func aValueSeenTwiceIsSharedFromItsThirdSighting() throws {
    let pool = JSONParser.StringPool()
    let text = Array(#"[{"name":"Margaret Montgomery"}]"#.utf8)
    let first = Self.strings(try JSONParser.parse(text, pool: pool))[0]
    let second = Self.strings(try JSONParser.parse(text, pool: pool))[0]
    let third = Self.strings(try JSONParser.parse(text, pool: pool))[0]
    let fourth = Self.strings(try JSONParser.parse(text, pool: pool))[0]
    #expect(first == "Margaret Montgomery" && second == first && third == first && fourth == first)
    // The first sighting only notes the hash; the second is kept; later ones are the kept one.
    #expect(Self.storage(first) != Self.storage(second))
    #expect(Self.storage(third) == Self.storage(second))
    #expect(Self.storage(fourth) == Self.storage(second))
  }

  @Test func shortValuesAndValuesWithEscapesAreNotPooled() throws {
    let pool = JSONParser.StringPool()
    let text = Array(#"["short", "short", "short", "with \u0065scape, long enough", "with \u0065scape, long enough", "with \u0065scape, long enough"]"#.utf8)
    let values = Self.strings(try JSONParser.parse(text, pool: pool))
    #expect(values == ["short", "short", "short"] + Array(repeating: "with escape, long enough", count: 3))
    #expect(Set(values[3...].map(Self.storage)).count == 3)
  }

  @Test func valuesLongerThanTheLimitAreNotPooled() throws {
    let pool = JSONParser.StringPool()
    let long = String(repeating: "x", count: JSONParser.StringPool.maxLength + 1)
    let atLimit = String(repeating: "y", count: JSONParser.StringPool.maxLength)
    let text = Array("[\"\(long)\",\"\(long)\",\"\(long)\",\"\(atLimit)\",\"\(atLimit)\",\"\(atLimit)\"]".utf8)
    let values = Self.strings(try JSONParser.parse(text, pool: pool))
    #expect(values == [long, long, long, atLimit, atLimit, atLimit])
    #expect(Set(values[0..<3].map(Self.storage)).count == 3)
    #expect(Self.storage(values[5]) == Self.storage(values[4]))
    #expect(Self.storage(values[4]) != Self.storage(values[3]))
  }

  /// Many strings that share slots, with non-ASCII text, canonically equivalent spellings and
  /// lengths around every boundary: a pooled parse must give the same bytes as an ordinary one.
  /// With `slotHashOnly`, every string of a slot has the same kept hash, so only the byte
  /// comparison keeps them apart.
  @Test(arguments: [false, true]) func pooledParsesGiveExactlyTheOrdinaryValues(slotHashOnly: Bool) throws {
    var random = SeededGenerator(seed: 0xF0_110)
    let alphabet: [String] = ["a", "b", "Z", "0", "-", " ", "é", "e\u{301}", "€", "𝄞", "ß"]
    var vocabulary: [String] = []
    for _ in 0..<600 {
      let length = Int.random(in: 10...70, using: &random)
      var s = ""
      while s.utf8.count < length { s += alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
      vocabulary.append(s)
    }
    let pool = JSONParser.StringPool(slotHashOnly: slotHashOnly)
    var shared = 0
    for _ in 0..<20 {
      var items: [JSONValue] = []
      for _ in 0..<300 {
        let s = vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]
        items.append(["v": .string(s), "w": .string(s + "!")])
      }
      let text = JSONWriter.bytes(.array(items))
      let plain = Self.strings(try JSONParser.parse(text))
      let pooled = Self.strings(try JSONParser.parse(text, pool: pool))
      // Compared by bytes: `==` on strings would equate "é" with "e\u{301}".
      let differing = zip(pooled, plain).filter { !$0.utf8.elementsEqual($1.utf8) }
      #expect(pooled.count == plain.count)
      #expect(differing.isEmpty, "first: \(String(describing: differing.first))")
      shared += Set(pooled.map(Self.storage)).count < pooled.count ? 1 : 0
    }
    // Most documents repeat vocabulary the pool already keeps.
    #expect(shared >= 15)
  }
}
