import FolioJSON
import FolioTestSupport
import Testing

/// Members, lookup and equality of objects.
@Suite struct JSONObjectTests {
  @Test func comparesEqualInAnyMemberOrder() {
    let ab: JSONObject = ["a": 1, "b": [true]]
    let ba: JSONObject = ["b": [true], "a": 1]
    #expect(ab == ba)
    #expect(ab.hashValue == ba.hashValue)
    #expect(ab != ["a": 1, "b": [false]])
    #expect(ab != ["a": 1])
  }

  @Test func setsReplacesAndRemovesMembersInPlace() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = "two"
    object["d"] = nil
    object["a"] = nil
    object["e"] = 5
    #expect(object.keys == ["b", "c", "e"])
    #expect(object["b"] == "two")
  }

  @Test func treatsCanonicallyEquivalentKeysAsDifferentKeys() {
    var object = JSONObject()
    object["é"] = 1
    object["e\u{301}"] = 2
    #expect(object.count == 2)
    #expect(object["é"] == 1)
    #expect(object["e\u{301}"] == 2)
    #expect(JSONObject.sameKey("é", "é"))
    #expect(!JSONObject.sameKey("é", "e\u{301}"))
    #expect(object != ["é": 2, "e\u{301}": 1])
  }

  @Test func ordersKeysByTheirUTF8Bytes() {
    let object: JSONObject = ["é": 1, "z": 2, "Z": 3, "": 4, "a": 5]
    #expect(object.sortedMembers.map(\.key) == ["", "Z", "a", "z", "é"])
    #expect(!object.isSortedByKey)
    #expect(JSONObject(uniqueMembers: object.sortedMembers).isSortedByKey)
    #expect(!JSONObject.keyPrecedes("a", "a"))
  }

  /// The word-at-a-time comparison against the byte-by-byte order of the UTF-8 views, on keys
  /// that share prefixes of every length around the 8-byte words, differ in one byte (ASCII or
  /// not) or in length, and on small strings, native strings and substrings made strings.
  @Test func keyOrderIsTheOrderOfTheUTF8Bytes() {
    var random = SeededGenerator(seed: 18)
    let alphabet: [String] = ["a", "b", "z", "A", "0", "/", ".", "é", "ß", "€", "😀", "\u{0}", "\u{7F}", "\u{80}"]
    var keys: [String] = ["", "a", "b", "Employee/0000000000000000.json", "Employee/0000000000000001.json"]
    for _ in 0..<400 {
      let prefix = String(repeating: "Employee/", count: Int.random(in: 0...3, using: &random))
      let tail = (0..<Int.random(in: 0...20, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }
      keys.append(prefix + tail.joined())
    }
    for key in keys.prefix(60) {
      keys.append(key + "x")
      keys.append(String(key.dropLast()))
      keys.append(String("\(key)!".dropFirst()))
    }
    for a in keys {
      for b in keys.prefix(120) {
        let expected = a.utf8.lexicographicallyPrecedes(b.utf8)
        #expect(JSONObject.keyPrecedes(a, b) == expected, "\(a.debugDescription) < \(b.debugDescription)")
        #expect(JSONObject.keyPrecedes(b, a) == b.utf8.lexicographicallyPrecedes(a.utf8))
      }
    }
  }
}
