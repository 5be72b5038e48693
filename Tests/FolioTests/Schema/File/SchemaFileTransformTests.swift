import Folio
import FolioTestSupport
import Testing

/// Value transforms in schema files and schema validation.
@Suite struct SchemaFileTransformTests {
  static func decode(_ text: String, rules: CustomRules = .none) throws(SchemaError) -> Schema {
    try Schema(fileBytes: Array(text.utf8), customRules: rules, file: "s.json")
  }

  static func fileError(_ text: String, rules: CustomRules = .none) throws -> [String] {
    var caught: SchemaError?
    do { _ = try decode(text, rules: rules) } catch { caught = error }
    return try #require(caught).description.split(separator: "\n").map(String.init)
  }

  static func entity(_ attributes: String) -> String {
    """
    {"entities": [{"name": "Invoice", "identifiers": ["id"], "attributes": [
    {"name": "id", "type": "int"},
    \(attributes)
    ]}]}
    """
  }

  @Test func namesAndObjectsDecodeToTheBuiltIns() throws {
    let schema = try Self.decode(
      Self.entity(
        """
        {"name": "total", "type": "double", "transform": "cents"},
        {"name": "paid", "type": "bool", "transform": {"name": "yesNo", "yes": "Y", "no": "N"}},
        {"name": "at", "type": "isoDate", "transform": {"name": "datePattern", "pattern": "dd/MM/yyyy", "timeZone": "+01:00"}},
        {"name": "tags", "type": "array(string)", "transform": {"name": "list", "separator": ";"}}
        """))
    #expect(
      schema.entities[0].attributes.map(\.transform) == [
        nil, .cents, .yesNo(yes: "Y", no: "N"), .datePattern("dd/MM/yyyy", timeZone: "+01:00"),
        .list(separator: ";"),
      ])
  }

  @Test func theInvoiceSchemaRoundTripsThroughItsFile() throws {
    let schema = try #require(SyncSchemas.named("invoices"))
    let text = String(decoding: schema.fileBytes(), as: UTF8.self)
    let attributes = schema.fileValue["entities"]?[0]?["attributes"]?.arrayValue ?? []
    #expect(
      attributes.map { JSONWriter.string($0["transform"] ?? nil) } == [
        "null", #""cents""#, #""yesNo""#, #"{"name":"yesNo","no":"N","yes":"Y"}"#,
        #"{"name":"datePattern","pattern":"dd/MM/yyyy HH:mm","timeZone":"+01:00"}"#,
        #"{"name":"list","separator":";"}"#, #""list""#,
      ])
    #expect(try Self.decode(text) == schema)
  }

  @Test func customTransformsComeFromTheRegistry() throws {
    let upper = ValueTransform.custom(
      "upper", read: { $0.stringValue.map { .string($0.uppercased()) } }, write: { $0 })
    let text = Self.entity(#"{"name": "code", "type": "string", "transform": "upper"}"#)
    let schema = try Self.decode(text, rules: CustomRules(transforms: [upper]))
    let transform = try #require(schema.entities[0].attributes[1].transform)
    #expect(transform.read("ab", attribute: "code") == .success("AB"))
    let lines = try Self.fileError(text)
    #expect(
      lines == [
        #"s.json:3:49 /entities/0/attributes/1/transform: unknown transform "upper"; use cents, yesNo, datePattern or list, or register a custom transform named "upper" in CustomRules [unknownTransform]"#
      ])
  }

  @Test func badTransformsAreReportedWithPointers() throws {
    let lines = try Self.fileError(
      Self.entity(
        """
        {"name": "a", "type": "isoDate", "transform": "datePattern"},
        {"name": "b", "type": "isoDate", "transform": {"name": "datePattern", "pattern": "dd/MM/yy"}},
        {"name": "c", "type": "isoDate", "transform": {"name": "datePattern", "pattern": "dd/MM/yyyy", "timeZone": "CET"}},
        {"name": "d", "type": "double", "transform": {"name": "cents", "scale": 100}},
        {"name": "e", "type": "double", "transform": 7}
        """))
    #expect(
      lines == [
        #"s.json:3:47 /entities/0/attributes/1/transform: transform "datePattern" needs a pattern; write {"name": "datePattern", "pattern": "dd/MM/yyyy"} [invalidTransform]"#,
        #"s.json:4:82 /entities/0/attributes/2/transform/pattern: pattern "dd/MM/yy" uses 'yy', which is not supported; use yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, SSS, and quote literal letters like 'T' [invalidTransform]"#,
        #"s.json:5:108 /entities/0/attributes/3/transform/timeZone: time zone "CET" is not a fixed offset; use UTC, +HH:MM, -HH:MM, +HHMM or +HH [invalidTransform]"#,
        #"s.json:6:73 /entities/0/attributes/4/transform/scale: transform "cents" takes no member "scale" [invalidValue]"#,
        #"s.json:7:46 /entities/0/attributes/5/transform: expected a transform name or object, found int [invalidValue]"#,
      ])
  }

  @Test func validationChecksIdentifiersTypesAndParameters() throws {
    let schema = Schema(entities: [
      Entity(
        name: "A", identifiers: ["id"],
        attributes: [
          Attribute(name: "id", type: .string).transform(.list()),
          Attribute(name: "total", type: .int).transform(.cents),
          Attribute(name: "paid", type: .bool).transform(.yesNo(yes: "y", no: "Y")),
          Attribute(name: "tags", type: .array(.string)).transform(.list(separator: "")),
          Attribute(name: "at", type: .isoDate).transform(.datePattern("HH:mm")),
          Attribute(name: "x", type: .string).transform(ValueTransform(.custom(name: "x"))),
        ])
    ])
    var caught: SchemaError?
    do { _ = try schema.validated() } catch { caught = error }
    #expect(
      try #require(caught).description == #"""
        A.id: identifier attribute 'id' cannot have a transform: identifiers are matched as given; transform the payload with a validator instead [invalidTransform]
        A.id: transform "list" needs an attribute of type array(string), array(int), array(double) or array(bool), but 'id' is string; change the type or the transform [invalidTransform]
        A.total: transform "cents" needs an attribute of type double, but 'total' is int; change the type or the transform [invalidTransform]
        A.paid: transform "yesNo" needs two different non-empty words, found "y" and "Y" [invalidTransform]
        A.tags: transform "list" needs a non-empty separator [invalidTransform]
        A.at: pattern "HH:mm" has no year; a date pattern needs yyyy, MM (or M) and dd (or d) [invalidTransform]
        A.x: custom transform 'x' has no closures; create it with ValueTransform.custom("x", read:write:) or register it in CustomRules [missingClosure]
        """#)
  }

  @Test func theSchemaMarkdownNamesEachTransform() throws {
    let markdown = try #require(SyncSchemas.named("invoices")).markdown()
    #expect(markdown.contains(#"transform `"cents"`"#))
    #expect(markdown.contains(#"transform `{"name":"list","separator":";"}`"#))
  }
}
