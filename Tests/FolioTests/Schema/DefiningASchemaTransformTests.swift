import Folio
import FolioTestSupport
import Testing

/// Twins of the ```swift blocks of Documentation/DefiningASchema.md about key paths into arrays
/// and value transforms, kept verbatim at column 0 so the drift check finds them; the checks
/// after each block hold what its comments print.
@Suite struct DefiningASchemaTransformTests {
  @Test func keyPathsIntoArraysExample() throws {
let gallery = try Schema {
  Entity("Post") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("firstTag", .string, from: "tags.0").optional()
    Attribute("cover", .string, from: "images.0.url").optional()
  }
}
let posts = try Store.inMemory(schema: gallery)
try posts.sync(
  [
    ["id": 1, "tags": ["swift", "json"], "images": [["url": "a.png"], ["url": "b.png"]]],
    ["id": 2, "tags": [], "images": ["0": ["url": "c.png"]]],
  ],
  into: "Post")
print(JSONValue.object(posts.get("Post", 1) ?? [:]))  // {"cover":"a.png","firstTag":"swift","id":1}
print(JSONValue.object(posts.get("Post", 2) ?? [:]))  // {"cover":"c.png","id":2}
print(posts.state.export("Post"))
// [{"id":1,"images":[{"url":"a.png"}],"tags":["swift"]},{"id":2,"images":[{"url":"c.png"}]}]
    #expect(JSONWriter.string(.object(posts.get("Post", 1) ?? [:])) == #"{"cover":"a.png","firstTag":"swift","id":1}"#)
    #expect(JSONWriter.string(.object(posts.get("Post", 2) ?? [:])) == #"{"cover":"c.png","id":2}"#)
    #expect(
      JSONWriter.string(posts.state.export("Post"))
        == #"[{"id":1,"images":[{"url":"a.png"}],"tags":["swift"]},{"id":2,"images":[{"url":"c.png"}]}]"#)
  }

  @Test func valueTransformsExample() throws {
let billing = try Schema(keyConvention: .snakeCase) {
  Entity("Invoice") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("total", .double, from: "total_cents").transform(.cents)
    Attribute("paid", .bool).transform(.yesNo)
    Attribute("issuedAt", .isoDate, from: "issued")
      .transform(.datePattern("dd/MM/yyyy HH:mm", timeZone: "+01:00"))
    Attribute("tags", .array(.string)).transform(.list(separator: ";")).optional()
  }
}
let invoices = try Store.inMemory(schema: billing)
let billed = try invoices.sync(
  [
    ["id": 1, "total_cents": 1999, "paid": "YES", "issued": "06/07/2014 09:59", "tags": "urgent; export"],
    ["id": 2, "total_cents": 250, "paid": "maybe", "issued": "31/12/2024 23:30"],
  ],
  into: "Invoice")
print(JSONValue.object(invoices.get("Invoice", 1) ?? [:]))
// {"id":1,"issuedAt":"2014-07-06T08:59:00.000Z","paid":true,"tags":["urgent","export"],"total":19.99}
print(billed.outcomes[1].pointer ?? "-")  // /1/paid
print(billed.outcomes[1].reason ?? "-")
// attribute 'paid': expected "yes" or "no" (transform "yesNo"), found the string "maybe" [transformFailed]
print(invoices.state.export("Invoice"))
// [{"id":1,"issued":"06/07/2014 09:59","paid":"yes","tags":"urgent;export","total_cents":1999}]
    #expect(
      JSONWriter.string(.object(invoices.get("Invoice", 1) ?? [:]))
        == #"{"id":1,"issuedAt":"2014-07-06T08:59:00.000Z","paid":true,"tags":["urgent","export"],"total":19.99}"#)
    #expect(billed.outcomes[1].pointer == "/1/paid")
    #expect(
      billed.outcomes[1].reason
        == #"attribute 'paid': expected "yes" or "no" (transform "yesNo"), found the string "maybe" [transformFailed]"#)
    #expect(
      JSONWriter.string(invoices.state.export("Invoice"))
        == #"[{"id":1,"issued":"06/07/2014 09:59","paid":"yes","tags":"urgent;export","total_cents":1999}]"#)
  }

  @Test func customTransformExample() throws {
let hex = ValueTransform.custom(
  "hex",
  read: { value in value.stringValue.flatMap { Int64($0, radix: 16) }.map { .int($0) } },
  write: { value in value.intValue.map { .string(String($0, radix: 16)) } ?? value })
let palette = try Schema {
  Entity("Color") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("rgb", .int).transform(hex)
  }
}
let colors = try Store.inMemory(schema: palette)
try colors.sync([["id": 1, "rgb": "ff8800"]], into: "Color")
print(colors.get("Color", 1)?["rgb"] ?? .null)  // 16746496
print(colors.state.export("Color"))  // [{"id":1,"rgb":"ff8800"}]
let decoded = try Schema(fileBytes: palette.fileBytes(), customRules: CustomRules(transforms: [hex]))
print(decoded == palette)  // true
    #expect(colors.get("Color", 1)?["rgb"] == 16_746_496)
    #expect(JSONWriter.string(colors.state.export("Color")) == #"[{"id":1,"rgb":"ff8800"}]"#)
    #expect(decoded == palette)
    #expect(decoded.entities[0].attributes[1].transform?.read("10", attribute: "rgb") == .success(16))
  }
}
