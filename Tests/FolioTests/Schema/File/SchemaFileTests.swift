import Folio
import FolioTestSupport
import Foundation
import Testing

@Suite struct SchemaFileTests {
  static let fixtureNames = [
    "item", "tag", "pair", "batch-click", "employee-department", "user-address-order",
    "plane-passenger-baggage", "commit-git-user", "performance-employee",
  ]

  @Test(arguments: fixtureNames)
  func fixtureFileDecodesToTheDSLValue(_ name: String) throws {
    let dsl = try #require(try SchemaFixtures.all().first { $0.file == name }?.schema)
    let file = try Schema.load(contentsOf: SchemaFixtures.path(name))
    #expect(file == dsl)
    let again = try Schema(fileBytes: dsl.fileBytes())
    #expect(again == dsl)
    #expect(again.fileBytes() == dsl.fileBytes())
  }

  @Test func everyFixtureFileHasADSLTwin() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: SchemaFixtures.directory.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    #expect(files == (try SchemaFixtures.all().map(\.file).sorted()))
  }

  static let everyOption = Schema(
    entities: [
      Entity(
        name: "Item", identifiers: ["id"],
        attributes: [
          Attribute(name: "id", type: .int),
          Attribute(name: "tags", type: .array(.string), key: "meta.tags", defaultValue: ["a"]),
          Attribute(name: "seen", type: .isoDate, isOptional: true, dateFormats: [.dateOnly, .noZone]),
          Attribute(name: "price", type: .double, isOptional: true, dateFormats: []),
        ],
        relationships: [
          Relationship(
            name: "parts", target: "Item", isToMany: true, isOrdered: true, inverse: "owner",
            deleteRule: .deny, key: "p",
            childOptions: ChildSyncOptions(insertMissing: false, updateExisting: true),
            referencePolicy: .ignore),
          Relationship(name: "owner", target: "Item", isToMany: false, inverse: "parts"),
        ],
        defaultSort: ["-price", "id"], isVerbose: true,
        validators: [
          Validator(.dropWhere(field: "x.y", equals: ["k": 1])), Validator(.dropIfEmpty(field: "id")),
          Validator(.trim(field: "name")), .custom("lower") { $0 },
        ],
        validityRules: [
          .nonEmpty("id"), .distinct("id", "price"), .atLeast("price", -1.5),
          .greaterThan("price", 2), .custom("odd") { _ in nil },
        ],
        deleteIfInvalid: true, shouldUpdate: .whenIncreases("price")),
      Entity(
        name: "Other", identifiers: ["id"], attributes: [Attribute(name: "id", type: .string)],
        shouldUpdate: .custom("newer") { _, _ in true }),
    ], keyConvention: .snakeCase, dateFormats: [.spaceSeparator, .unixMilliseconds])

  @Test func everyOptionRoundTripsWithARegistry() throws {
    let schema = try Self.everyOption.validated()
    let rules = CustomRules(collectingFrom: schema)
    let decoded = try Schema(fileBytes: schema.fileBytes(), customRules: rules)
    #expect(decoded == schema)
    let lower = try #require(decoded.entities[0].validators.last)
    #expect(lower.apply(to: ["a": 1]) == ["a": 1])
  }

  @Test func customRulesNeedTheRegistry() throws {
    var caught: SchemaError?
    do {
      _ = try Schema(fileBytes: Self.everyOption.fileBytes(), file: "every.json")
    } catch { caught = error }
    let error = try #require(caught)
    #expect(error.code == .invalidFile)
    #expect(
      error.description.split(separator: "\n").map(String.init) == [
        #"every.json:83:21 /entities/0/validators/3/custom: custom validator "lower" is not in the registry; pass CustomRules with a rule named "lower" [unknownCustomRule]"#,
        #"every.json:105:21 /entities/0/validity/4/custom: custom validity rule "odd" is not in the registry; pass CustomRules with a rule named "odd" [unknownCustomRule]"#,
        #"every.json:122:19 /entities/1/shouldUpdate/custom: custom should-update rule "newer" is not in the registry; pass CustomRules with a rule named "newer" [unknownCustomRule]"#,
      ])
  }

  @Test func malformedJSONReportsLineAndColumn() throws {
    let text = "{\n  \"entities\": [\n    {\"name\": \"A\",}\n  ]\n}\n"
    var caught: SchemaError?
    do { _ = try Schema(fileBytes: Array(text.utf8), file: "bad.json") } catch { caught = error }
    let error = try #require(caught)
    #expect(error.code == .invalidFile)
    #expect(error.problems.map(\.code) == [.syntax])
    #expect(error.description.hasPrefix("bad.json:3:"))
  }

  @Test func shapeProblemsAreAllReportedWithPointers() throws {
    let text = """
      {
        "folioSchema": 2,
        "keyConvention": "kebab",
        "entities": [
          {"name": "A", "identifiers": ["id"], "colour": "red",
           "attributes": [{"name": "id", "type": "integer"}, {"type": "int"}, 5],
           "relationships": [{"name": "b", "toOne": "B", "toMany": "B", "deleteRule": "explode"}],
           "validity": [{"atLeast": "id"}, {"nonEmpty": "id", "distinct": ["a", "b"]}],
           "verbose": "yes"}
        ]
      }
      """
    var caught: SchemaError?
    do { _ = try Schema(fileBytes: Array(text.utf8), file: "shape.json") } catch { caught = error }
    let error = try #require(caught)
    #expect(
      error.description == """
        shape.json:2:18 /folioSchema: unsupported schema file format 2; this version of Folio reads "folioSchema": 1 [invalidValue]
        shape.json:3:20 /keyConvention: unknown key convention "kebab"; use "exact" or "snakeCase" [invalidValue]
        shape.json:5:52 /entities/0/colour: unknown member "colour"; expected one of: attributes, defaultSort, deleteIfInvalid, identifiers, indexes, name, relationships, shouldUpdate, validators, validity, verbose [invalidValue]
        shape.json:6:44 /entities/0/attributes/0/type: unknown attribute type "integer"; use string, bool, int, double, decimal, isoDate, uuid, enum, object or array(T) [invalidValue]
        shape.json:6:56 /entities/0/attributes/1: missing required member "name" (a string) [invalidValue]
        shape.json:6:73 /entities/0/attributes/2: expected an attribute object, found int [invalidValue]
        shape.json:7:24 /entities/0/relationships/0: a relationship needs exactly one of "toOne" or "toMany", naming the target entity [invalidValue]
        shape.json:7:81 /entities/0/relationships/0/deleteRule: unknown delete rule "explode"; use nullify, cascade or deny [invalidValue]
        shape.json:9:17 /entities/0/verbose: expected true or false, found string [invalidValue]
        shape.json:8:19 /entities/0/validity/0: missing required member "minimum" (a number) [invalidValue]
        shape.json:8:38 /entities/0/validity/1: a rule needs exactly one of "nonEmpty", "distinct", "atLeast", "greaterThan", "custom" [invalidValue]
        """)
  }

  @Test func decodedSchemasAreValidatedWithLocations() throws {
    let text = """
      {"folioSchema": 1, "entities": [
        {"name": "A", "identifiers": [], "attributes": [{"name": "id", "type": "int"}]},
        {"name": "B", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}],
         "relationships": [{"name": "c", "toOne": "C"}]}
      ]}
      """
    var caught: SchemaError?
    do { _ = try Schema(fileBytes: Array(text.utf8), file: "s.json") } catch { caught = error }
    let error = try #require(caught)
    #expect(error.code == .invalidSchema)
    #expect(
      error.description == """
        s.json:2:3 /entities/0 A: entity 'A' declares no identifier and no entity with one owns it through a relationship; add Identifier("id") naming an int or string attribute, or nest it under a parent's ToOne/ToMany to make it owned (D28) [missingIdentifier]
        s.json:4:22 /entities/1/relationships/0 B.c: relationship 'c' targets unknown entity 'C'; declare an entity named 'C' or fix the target [unknownTarget]
        """)
  }

  @Test func deeplyNestedArrayTypesAreRefusedNotBuilt() throws {
    let deep = String(repeating: "array(", count: 5000) + "int" + String(repeating: ")", count: 5000)
    let text = #"{"entities": [{"name": "A", "identifiers": ["id"], "attributes": [{"name": "id", "type": "\#(deep)"}]}]}"#
    var caught: SchemaError?
    do { _ = try Schema(fileBytes: Array(text.utf8)) } catch { caught = error }
    #expect(try #require(caught).problems.map(\.code) == [.invalidValue])
  }

  @Test func missingFileIsAClearError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/absent.json"
    var caught: SchemaError?
    do { _ = try Schema.load(contentsOf: path) } catch { caught = error }
    let error = try #require(caught)
    #expect(error.problems.map(\.code) == [.unreadableFile])
    #expect(
      error.description
        == "\(path): cannot read the schema file; check that it exists and is readable [unreadableFile]")
  }

  @Test func codableUsesTheSchemaFileForm() throws {
    let schema = try SchemaFixtures.planePassengerBaggage
    let data = try JSONEncoder().encode(schema)
    #expect(try JSONDecoder().decode(Schema.self, from: data) == schema)
    let decoder = JSONDecoder()
    decoder.userInfo[.folioCustomRules] = CustomRules(collectingFrom: Self.everyOption)
    let every = try decoder.decode(Schema.self, from: JSONEncoder().encode(Self.everyOption))
    #expect(every == Self.everyOption)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Schema.self, from: JSONEncoder().encode(Self.everyOption))
    }
    let type = try JSONDecoder().decode([AttributeType].self, from: Data(#"["array(int)","isoDate"]"#.utf8))
    #expect(type == [.array(.int), .isoDate])
  }
}
