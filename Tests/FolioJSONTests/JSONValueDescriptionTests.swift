import FolioJSON
import Testing

/// `JSONValue` prints as its compact canonical JSON text, alone, in optionals and in collections.
@Suite struct JSONValueDescriptionTests {
  /// What `print` writes for `items`, without the trailing newline.
  static func printed(_ items: Any...) -> String {
    var out = ""
    for item in items { print(item, terminator: "", to: &out) }
    return out
  }

  @Test func printsAsTheDocCommentShows() {
    let value: JSONValue = ["name": "Ada", "tags": ["a", "b"], "id": 7]
    #expect(Self.printed(value) == #"{"id":7,"name":"Ada","tags":["a","b"]}"#)
    #expect(Self.printed(value["name"] as Any) == #"Optional("Ada")"#)
    #expect(Self.printed(value["id"] as Any) == "Optional(7)")
  }

  static let cases: [(JSONValue, String)] = [
    (.null, "null"), (true, "true"), (-3, "-3"), (2.5, "2.5"), (1.0, "1.0"),
    ("line\n\"q\"", #""line\n\"q\"""#), ([], "[]"), ([:], "{}"),
    (["b": [1, nil], "a": "é"], #"{"a":"é","b":[1,null]}"#),
  ]

  @Test(arguments: cases)
  func describesEveryKindAsCompactCanonicalJSON(value: JSONValue, text: String) {
    #expect(value.description == text)
    #expect(value.debugDescription == text)
    #expect("\(value)" == text)
  }

  @Test func readsAsJSONInsideCollections() {
    let values: [JSONValue?] = ["Dennis Ritchie", nil, .null]
    #expect(Self.printed(values) == #"[Optional("Dennis Ritchie"), nil, Optional(null)]"#)
    #expect(Self.printed(["a": JSONValue.int(1)]) == #"["a": 1]"#)
  }
}
