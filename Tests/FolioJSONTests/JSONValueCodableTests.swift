import Foundation
import FolioJSON
import Testing

@Suite struct JSONValueCodableTests {
  @Test func roundTripsThroughFoundationsCoders() throws {
    let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": -7]]
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded == value)
  }

  @Test func theDocumentationExampleHolds() throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":[1,2.5]}"#.utf8))
    #expect(value["a"]?[1] == .double(2.5))
    #expect(value["a"]?[0] == .int(1))
  }
}
