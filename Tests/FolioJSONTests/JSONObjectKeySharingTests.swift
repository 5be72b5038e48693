import FolioJSON
import FolioTestSupport
import Testing

/// Objects keep their keys apart from their values, and objects of one shape share one key
/// array: what the parser builds, what `shareKeys(of:)` does, and that sharing never lets one
/// object's change show in another.
@Suite struct JSONObjectKeySharingTests {
  static func parsedObjects(_ text: String) throws -> [JSONObject] {
    let value = try JSONParser.parse(Array(text.utf8))
    return try #require(value.arrayValue).compactMap(\.objectValue)
  }

  @Test func objectsOfOneShapeInAParseShareTheirKeys() throws {
    let objects = try Self.parsedObjects(
      #"[{"id":1,"user":{"name":"a"},"tags":[]},{"id":2,"user":{"name":"b"},"tags":["x"]},"#
        + #"{"id":3,"user":{"name":"c"},"tags":[]}]"#)
    #expect(objects.count == 3)
    #expect(objects[0].sharesKeys(with: objects[1]))
    #expect(objects[1].sharesKeys(with: objects[2]))
    // The nested objects, one level deeper, share theirs too.
    let users = objects.compactMap { $0["user"]?.objectValue }
    #expect(users.count == 3)
    #expect(users[0].sharesKeys(with: users[2]))
    #expect(!users[0].sharesKeys(with: objects[0]))
    #expect(objects.map { $0["id"] } == [1, 2, 3])
    #expect(users.map { $0["name"] } == ["a", "b", "c"])
  }

  @Test func objectsWithOtherKeysOrOrderDoNotShare() throws {
    // Each object is compared with the last one closed at its depth.
    let objects = try Self.parsedObjects(
      #"[{"a":1,"b":2},{"a":1,"b":3},{"b":2,"a":1},{"b":4,"a":5},{"a":1,"c":2},{"a":1}]"#)
    #expect(objects[0].sharesKeys(with: objects[1]))
    #expect(!objects[1].sharesKeys(with: objects[2]))
    #expect(objects[2].sharesKeys(with: objects[3]))
    #expect(!objects[3].sharesKeys(with: objects[4]))
    #expect(!objects[4].sharesKeys(with: objects[5]))
    // Order is not equality: these two are equal without sharing.
    #expect(objects[0] == objects[2])
    #expect(objects[0] != objects[1])
    #expect(objects[2].keys == ["b", "a"])
    #expect(objects[5].keys == ["a"])
  }

  @Test func canonicallyEquivalentKeysAreNotShared() throws {
    let objects = try Self.parsedObjects(#"[{"é":1},{"é":2},{"e\u0301":1}]"#)
    #expect(objects[0].sharesKeys(with: objects[1]))
    #expect(!objects[1].sharesKeys(with: objects[2]))
    #expect(objects[2].keys == ["e\u{301}"])
    #expect(objects[0] != objects[2])
  }

  @Test func changingOneObjectLeavesTheOthersThatShareItsKeys() throws {
    let objects = try Self.parsedObjects(#"[{"a":1,"b":2},{"a":3,"b":4}]"#)
    var changed = objects[0]
    changed["c"] = 5
    changed["a"] = nil
    #expect(changed.keys == ["b", "c"])
    #expect(objects[0].keys == ["a", "b"])
    #expect(objects[1].keys == ["a", "b"])
    #expect(objects[0].sharesKeys(with: objects[1]))
    var renamed = objects[1]
    renamed.setValue(9, at: 1)
    #expect(renamed.sharesKeys(with: objects[0]))
    #expect(objects[1]["b"] == 4)
    #expect(renamed["b"] == 9)
  }

  @Test func shareKeysAdoptsEqualKeysOnly() {
    let first = JSONObject(uniqueKeys: ["id", "name"], values: [1, "a"])
    var second: JSONObject = [:]
    second.appendUnchecked(key: "id", value: 2)
    second.appendUnchecked(key: "name", value: "b")
    #expect(!second.sharesKeys(with: first))
    let adopted = second.shareKeys(of: first)
    #expect(adopted)
    #expect(second.sharesKeys(with: first))
    #expect(second["name"] == "b")
    var other: JSONObject = ["name": "c", "id": 3]
    let declined = other.shareKeys(of: first)
    #expect(!declined)
    #expect(other.keys == ["name", "id"])
  }

  @Test func membersIterationAndPositionsAgree() {
    let object = JSONObject(uniqueKeys: ["b", "a", "c"], values: [2, 1, [true]])
    #expect(object.members.map(\.key) == ["b", "a", "c"])
    #expect(Array(object).map(\.value) == [2, 1, [true]])
    #expect(object.values == [2, 1, [true]])
    #expect(object.member(at: 2) == JSONObject.Member(key: "c", value: [true]))
    #expect(object.key(at: 1) == "a")
    #expect(object.value(at: 0) == 2)
    #expect(object.index(forKey: "c") == 2)
    #expect(object.sortedMembers.map(\.key) == ["a", "b", "c"])
  }

  @Test func objectsUsedAsDictionariesStillParseExactly() throws {
    // Every object has other keys: the cache misses throughout, stops keeping arrays, and every
    // object keeps its own keys, read back exactly.
    let count = 300
    let text = "[" + (0..<count).map { #"{"k\#($0)":\#($0),"x":[{"n\#($0)":true}]}"# }.joined(separator: ",") + "]"
    let objects = try Self.parsedObjects(text)
    #expect(objects.count == count)
    for (n, object) in objects.enumerated() {
      #expect(object.keys == ["k\(n)", "x"])
      #expect(object["k\(n)"] == .int(Int64(n)))
      #expect(object["x"]?[0]?["n\(n)"] == true)
    }
    #expect(try JSONParser.parse(JSONWriter.bytes(.array(objects.map(JSONValue.object))))
      == JSONParser.parse(Array(text.utf8)))
  }
}
