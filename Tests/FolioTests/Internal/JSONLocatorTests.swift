import Testing

@testable import Folio

@Suite struct JSONLocatorTests {
  @Test func locatorFindsPointersInHandWrittenJSON() {
    let text = Array(#"{"a": [1, {"b~c": 2, "d/e": [true, "x,]"]}], "f": {}}"#.utf8)
    #expect(JSONLocator.locate("/a/1/b~0c", in: text) == (1, 19))
    #expect(JSONLocator.locate("/a/1/d~1e/1", in: text) == (1, 36))
    #expect(JSONLocator.locate("/f", in: text) == (1, 51))
    #expect(JSONLocator.locate("/missing", in: text) == (1, 1))
  }

  @Test func locatesRecordsAcrossLinesOfAPrettyFile() {
    let text = Array("[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2,\n    \"name\": \"x\"\n  }\n]\n".utf8)
    #expect(JSONLocator.locate("/1", in: text) == (5, 3))
    #expect(JSONLocator.locate("/1/name", in: text) == (7, 13))
  }
}
