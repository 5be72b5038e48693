import FolioJSON
import Testing

@Suite struct JSONPointerLocationTests {
  static let text = Array("[\n  {\"id\": 1, \"tags\": [\"a\", \"b\"]},\n  {\"id\": 2, \"a~b\": {\"x/y\": null}}\n]\n".utf8)

  @Test(arguments: [
    ("", 1, 1),
    ("/0", 2, 3),
    ("/0/id", 2, 10),
    ("/0/tags/1", 2, 27),
    ("/1/a~0b/x~1y", 3, 28),
    ("/1/missing", 3, 3),
    ("/7", 1, 1),
  ])
  func locatesAValueOrItsDeepestExistingAncestor(pointer: String, line: Int, column: Int) throws {
    let location = try JSONPointer(parsing: pointer).location(in: Self.text)
    #expect(location.line == line)
    #expect(location.column == column)
  }

  @Test func theDocumentationExampleHolds() {
    let text = Array("[\n  {\"id\": 1}\n]".utf8)
    let location = JSONPointer(tokens: ["0", "id"]).location(in: text)
    #expect(location.line == 2)
    #expect(location.column == 10)
  }

  @Test func findsPointersInHandWrittenJSONWithEscapes() throws {
    let text = Array(#"{"a": [1, {"b~c": 2, "d/e": [true, "x,]"]}], "f": {}}"#.utf8)
    func at(_ pointer: String) throws -> [Int] {
      let location = try JSONPointer(parsing: pointer).location(in: text)
      return [location.line, location.column]
    }
    #expect(try at("/a/1/b~0c") == [1, 19])
    #expect(try at("/a/1/d~1e/1") == [1, 36])
    #expect(try at("/f") == [1, 51])
    #expect(try at("/missing") == [1, 1])
  }

  @Test func locatesRecordsAcrossLinesOfAPrettyFile() throws {
    let text = Array("[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2,\n    \"name\": \"x\"\n  }\n]\n".utf8)
    let record = try JSONPointer(parsing: "/1").location(in: text)
    let name = try JSONPointer(parsing: "/1/name").location(in: text)
    #expect([record.line, record.column] == [5, 3])
    #expect([name.line, name.column] == [7, 13])
  }
}
