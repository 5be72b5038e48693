import FolioJSON
import Testing

@Suite struct JSONSmokeTests {
  @Test func parsesAndWritesCanonicalText() throws {
    let value = try JSONParser.parse(#"{"b":[1,2.5,"x\n"],"a":null,"c":true}"#)
    #expect(JSONWriter.string(value) == #"{"a":null,"b":[1,2.5,"x\n"],"c":true}"#)
  }
}
