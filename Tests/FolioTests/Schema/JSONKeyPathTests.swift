import Folio
import FolioTestSupport
import Testing

/// Key paths into arrays (`tags.0`, `images.0.url`): reading, writing, and the rule telling an
/// index from a member name.
@Suite struct JSONKeyPathTests {
  static let item: JSONObject = [
    "tags": ["red", "blue"],
    "images": [["url": "a.png"], ["url": "b.png", "meta": ["alt": "B"]]],
    "byNumber": ["0": "zero", "07": "seven"],
  ]

  @Test(arguments: [
    ("tags.0", JSONValue?.some("red")), ("tags.1", "blue"), ("images.1.url", "b.png"),
    ("images.1.meta.alt", "B"), ("byNumber.0", "zero"), ("byNumber.07", "seven"),
  ])
  func aNumericComponentIndexesAnArrayAndNamesAMemberOfAnObject(
    _ path: String, _ expected: JSONValue?
  ) {
    #expect(JSONKeyPath(path).value(in: Self.item) == expected)
  }

  @Test(arguments: [
    "tags.2", "tags.07", "tags.-1", "tags.x", "images.0.meta.alt", "images.5.url", "tags.0.x",
    "images.url", "tags.10000",
  ])
  func anIndexPastTheEndOrAStepThroughAScalarIsMissing(_ path: String) {
    #expect(JSONKeyPath(path).value(in: Self.item) == nil)
  }

  @Test func aNullElementReadsAsNullAtTheEndAndMissingOnTheWay() {
    let item: JSONObject = ["tags": [nil], "images": [nil]]
    #expect(JSONKeyPath("tags.0").value(in: item) == .null)
    #expect(JSONKeyPath("images.0.url").value(in: item) == nil)
  }

  @Test(arguments: [
    ("0", 0), ("9", 9), ("12", 12), ("9999", 9999),
  ])
  func indexesAreCanonicalDecimalNumbers(_ text: String, _ index: Int) {
    #expect(JSONKeyPath.index(text) == index)
  }

  @Test(arguments: ["", "00", "01", "-1", "+1", "1e2", "10000", "1.0", "x"])
  func otherComponentsAreNotIndexes(_ text: String) {
    #expect(JSONKeyPath.index(text) == nil)
  }

  @Test func writingAnIndexCreatesAnArrayPaddedWithNulls() {
    var item: JSONObject = [:]
    JSONKeyPath("images.1.url").set("b.png", in: &item)
    JSONKeyPath("images.0.url").set("a.png", in: &item)
    JSONKeyPath("images.1.meta.alt").set("B", in: &item)
    JSONKeyPath("tags.0").set("red", in: &item)
    #expect(
      JSONWriter.string(.object(item))
        == #"{"images":[{"url":"a.png"},{"meta":{"alt":"B"},"url":"b.png"}],"tags":["red"]}"#)
  }

  @Test func writingIntoAnObjectKeepsItAnObject() {
    var item: JSONObject = ["byNumber": ["1": "one"]]
    JSONKeyPath("byNumber.0").set("zero", in: &item)
    #expect(JSONWriter.string(.object(item)) == #"{"byNumber":{"0":"zero","1":"one"}}"#)
  }

  @Test func writingAMemberNameThroughAnArrayReplacesItWithAnObject() {
    var item: JSONObject = ["tags": ["red"]]
    JSONKeyPath("tags.first").set("red", in: &item)
    #expect(JSONWriter.string(.object(item)) == #"{"tags":{"first":"red"}}"#)
  }

  @Test(arguments: ["tags.0", "images.3.url", "images.0.meta.alt", "a.0.0.b"])
  func whatIsWrittenReadsBack(_ path: String) {
    var item: JSONObject = ["images": [["url": "a.png"]]]
    JSONKeyPath(path).set("v", in: &item)
    #expect(JSONKeyPath(path).value(in: item) == "v")
  }
}
