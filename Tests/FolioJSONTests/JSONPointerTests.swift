import FolioJSON
import Testing

/// RFC 6901 pointers and dotted key paths.
@Suite struct JSONPointerTests {
  static let document: JSONValue = [
    "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,
    "k\"l": 6, " ": 7, "m~n": 8,
  ]

  /// The examples of RFC 6901 §5.
  static let rfcExamples: [(String, JSONValue)] = [
    ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
    ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
  ]

  @Test(arguments: rfcExamples)
  func resolvesTheRFCExamples(_ text: String, _ expected: JSONValue) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(Self.document.value(at: pointer) == expected)
    #expect(pointer.description == text)
  }

  @Test func theEmptyPointerIsTheWholeDocument() throws {
    #expect(try JSONPointer(parsing: "") == .root)
    #expect(Self.document.value(at: .root) == Self.document)
    #expect(JSONPointer.root.description == "")
    #expect(JSONPointer.root.parent == nil)
  }

  @Test func buildsLocationsForErrorMessages() {
    var pointer = JSONPointer.root.appending(index: 3).appending("user")
    pointer.append("name")
    #expect(pointer.description == "/3/user/name")
    #expect(pointer.tokens == ["3", "user", "name"])
    #expect(pointer.parent?.description == "/3/user")
    pointer.append(index: 0)
    pointer.append("a/b~c")
    #expect(pointer.description == "/3/user/name/0/a~1b~0c")
  }

  @Test func escapesAndUnescapesTokens() throws {
    #expect(JSONPointer.escape("~/") == "~0~1")
    #expect(JSONPointer.escape("plain") == "plain")
    // "~01" is "~1" unescaped once, not "/".
    #expect(try JSONPointer(parsing: "/~01").tokens == ["~1"])
    #expect(try JSONPointer(parsing: "/a//b/").tokens == ["a", "", "b", ""])
  }

  @Test(arguments: ["a/b", "/~", "/~2", "/a~"])
  func rejectsMalformedPointers(_ text: String) throws {
    let error = try #require(throws: JSONPointer.ParseError.self) { try JSONPointer(parsing: text) }
    #expect(error.text == text)
    #expect(error.description.hasPrefix("invalid JSON pointer \"\(text)\": "))
  }

  @Test(arguments: [
    "/foo/2", "/foo/-", "/foo/01", "/foo/+1", "/foo/bar", "/missing", "/a~1b/x", "/foo/0/x",
  ])
  func findsNothingWhereNothingIs(_ text: String) throws {
    #expect(Self.document.value(at: try JSONPointer(parsing: text)) == nil)
  }

  @Test func readsDottedKeyPaths() {
    let record: JSONValue = ["user": ["name": "Ada", "tags": ["x"]], "id": 1]
    #expect(record.value(atKeyPath: "user.name") == "Ada")
    #expect(record.value(atKeyPath: "id") == 1)
    #expect(record.value(atKeyPath: "user") == ["name": "Ada", "tags": ["x"]])
    #expect(record.value(atKeyPath: "user.age") == nil)
    #expect(record.value(atKeyPath: "id.value") == nil)
    #expect(record.value(atKeyPath: "user.tags.0") == nil)
    #expect(record.value(atKeyPath: "missing.name") == nil)
    #expect(JSONValue.array([record]).value(atKeyPath: "user") == nil)
  }
}
