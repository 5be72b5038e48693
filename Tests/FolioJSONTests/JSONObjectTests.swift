import FolioJSON
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
}
