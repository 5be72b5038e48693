@testable import Folio
import Testing

@Suite struct EntityMappingTests {
  static let batch = Entity(
    name: "Batch", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, key: "batch.name"),
    ])

  @Test(arguments: [
    ("firstName", "first_name"), ("userID", "user_id"), ("numberOfOrders", "number_of_orders"),
    ("URLString", "url_string"), ("id", "id"), ("already_snake", "already_snake"),
    ("address2Line", "address2_line"), ("HTTPServerURL", "http_server_url"), ("ID", "id"),
  ])
  func snakeCaseHandlesAcronymsAndDigits(_ name: String, _ expected: String) {
    #expect(KeyConvention.snakeCased(name) == expected)
  }

  /// U33: a missing, null or non-object intermediate counts as missing; a null leaf clears.
  @Test(arguments: [
    (#"{"id":1,"batch":{"name":"B1"}}"#, #""B1""#), (#"{"id":1}"#, nil),
    (#"{"id":1,"name":"ROOT","batch":{}}"#, nil), (#"{"id":1,"batch":"oops"}"#, nil),
    (#"{"id":1,"batch":null}"#, nil), (#"{"id":1,"batch":{"name":null}}"#, "null"),
  ])
  func nestedKeyPathsFollowScenarioU33(_ item: String, _ expected: String?) throws {
    let mapping = EntityMapping(entity: Self.batch, keyConvention: .exact)
    let object = try #require(try JSONParser.parse(item).objectValue)
    let want = try expected.map { try JSONParser.parse($0) }
    #expect(mapping.attributes[1].value(in: object) == want)
  }

  @Test func snakeCaseAddsCandidatesAfterTheName() throws {
    let user = Entity(
      name: "User", identifiers: ["uuid"],
      attributes: [
        Attribute(name: "uuid", type: .string), Attribute(name: "firstName", type: .string),
      ],
      relationships: [
        Relationship(name: "homeAddress", target: "Address", isToMany: false),
        Relationship(name: "orders", target: "Order", isToMany: true),
      ])
    let mapping = EntityMapping(entity: user, keyConvention: .snakeCase)
    #expect(
      mapping.attributes[1].keyPaths.map(\.description) == ["firstName", "first_name", "FirstName"])
    #expect(mapping.relationships[0].allKeyPaths.map(\.description)
      == ["homeAddress", "home_address", "HomeAddress", "home_address_id"])
    #expect(
      mapping.relationships[1].allKeyPaths.map(\.description)
        == ["orders", "Orders", "orders_ids", "order_ids"])
    let item: JSONObject = ["first_name": "Ada", "firstName": "Grace", "home_address_id": "a1"]
    #expect(mapping.attributes[1].value(in: item) == "Grace")
    let found = try #require(mapping.relationships[0].lookup(in: item))
    #expect(found.value == "a1" && found.isReferenceKey)
    let exact = EntityMapping(entity: user, keyConvention: .exact)
    #expect(exact.attributes[1].value(in: ["first_name": "Ada"]) == nil)
    #expect(exact.identifierIndices == [0])
  }

  @Test func exportWritesThroughTheSameMapping() throws {
    let employee = Entity(
      name: "Employee", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "fullName", type: .string, key: "user.name"),
        Attribute(name: "hiredAt", type: .isoDate, isOptional: true),
      ],
      relationships: [Relationship(name: "department", target: "Department", isToMany: false)])
    let mapping = EntityMapping(entity: employee, keyConvention: .snakeCase)
    let record: JSONObject = [
      "id": 1, "fullName": "Ada", "hiredAt": "2021-04-01T03:33:17.000Z", "department": 36,
      "undeclared": true,
    ]
    let payload = mapping.export(record)
    #expect(
      JSONWriter.string(.object(payload))
        == #"{"department_id":36,"hired_at":"2021-04-01T03:33:17.000Z","id":1,"user":{"name":"Ada"}}"#)
    for (index, member) in mapping.attributes.enumerated() {
      #expect(member.value(in: payload) == record[employee.attributes[index].name])
    }
    #expect(mapping.relationships[0].value(in: payload) == 36)
  }

  @Test func keyPathSetReplacesNonObjectIntermediates() {
    var object: JSONObject = ["a": 5]
    JSONKeyPath("a.b.c").set(true, in: &object)
    #expect(JSONWriter.string(.object(object)) == #"{"a":{"b":{"c":true}}}"#)
  }
}

extension EntityMappingTests {
  @Test(arguments: [
    ("mobilePhone", "MobilePhone"), ("id", "Id"), ("userID", "UserID"), ("first_name", "FirstName"),
    ("URLString", "URLString"), ("_private", "_private"),
  ])
  func pascalCaseCapitalisesEachWord(_ name: String, _ expected: String) {
    #expect(KeyConvention.pascalCased(name) == expected)
  }

  static let contact = Entity(
    name: "Contact", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int),
      Attribute(name: "title", type: .string, key: "job_title"),
      Attribute(name: "jobTitle", type: .string, key: "position"),
      Attribute(name: "name", type: .string, key: "user.name"),
      Attribute(name: "username", type: .string, key: "name"),
    ],
    relationships: [Relationship(name: "team", target: "Team", isToMany: false, key: "squad")])

  /// An explicit key comes first, then the name's own keys as fallbacks; a fallback another
  /// member reads (`job_title` is `title`'s) belongs to neither; a dotted key has none (U33).
  @Test func explicitKeysFallBackToTheNameUnlessAnotherMemberReadsIt() throws {
    let mapping = EntityMapping(entity: Self.contact, keyConvention: .snakeCase)
    let paths = mapping.attributes.map { $0.allKeyPaths.map(\.description) }
    #expect(paths[1] == ["job_title", "title", "Title"])
    #expect(paths[2] == ["position", "jobTitle", "JobTitle"])
    #expect(paths[3] == ["user.name"])
    #expect(paths[4] == ["name", "username", "Username"])
    #expect(
      mapping.relationships[0].allKeyPaths.map(\.description) == ["squad", "team", "Team", "team_id"])
    #expect(mapping.attributes[1].candidates.map(\.isFallback) == [false, true, true])
    let found = try #require(mapping.relationships[0].match(in: ["team_id": 3]))
    #expect(found.path.description == "team_id" && found.isReferenceKey)
    #expect(mapping.attributes[1].value(in: ["title": "CTO"]) == "CTO")
    #expect(mapping.attributes[1].value(in: ["job_title": "CTO", "title": "Dev"]) == "CTO")
    #expect(
      mapping.attributes[1].matches(in: ["title": "Dev", "job_title": "CTO"]).map(\.path.description)
        == ["job_title", "title"])
    #expect(mapping.export(["id": 1, "title": "CTO"]) == ["id": 1, "job_title": "CTO"])
  }

  /// Schemas that validated before fallbacks existed still do: a fallback that is another
  /// member's key is dropped, never reported as a conflict.
  @Test func aFallbackThatIsAnotherMembersKeyIsNotAConflict() throws {
    let schema = try Schema {
      Entity("Post") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("title", .string, from: "job_title")
        Attribute("jobTitle", .string, from: "title")
      }
    }
    let mapping = try #require(schema.mapping(forEntity: "Post"))
    #expect(mapping.attributes[1].allKeyPaths.map(\.description) == ["job_title"])
    #expect(mapping.attributes[2].allKeyPaths.map(\.description) == ["title", "jobTitle"])
  }

  @Test func keyFallbackOffReadsOnlyExplicitKeys() {
    let mapping = EntityMapping(entity: Self.contact, keyConvention: .snakeCase, keyFallback: false)
    #expect(mapping.attributes[1].allKeyPaths.map(\.description) == ["job_title"])
    #expect(mapping.relationships[0].allKeyPaths.map(\.description) == ["squad"])
    #expect(mapping.attributes[0].allKeyPaths.map(\.description) == ["id", "Id"])
    #expect(mapping.attributes[1].value(in: ["title": "CTO"]) == nil)
  }

  @Test func keyFallbackIsPartOfTheSchemaFileAndTheDSL() throws {
    let schema = try Schema(keyConvention: .snakeCase, keyFallback: false) {
      Entity("Contact") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("title", .string, from: "job_title").optional()
      }
    }
    #expect(!schema.keyFallback)
    let text = String(decoding: schema.fileBytes(), as: UTF8.self)
    #expect(text.contains(#""keyFallback": false"#))
    #expect(try Schema(fileBytes: schema.fileBytes()) == schema)
    #expect(
      try Schema(fileBytes: Array(#"{"folioSchema": 1, "entities": []}"#.utf8)).keyFallback)
    let mapping = try #require(schema.mapping(forEntity: "Contact"))
    #expect(mapping.attributes[1].allKeyPaths.map(\.description) == ["job_title"])
  }

  /// Validation caps key paths at 32 components; writing longer ones still works.
  @Test func longKeyPathsAreWrittenAndRead() {
    let path = JSONKeyPath(Array(repeating: "a", count: 300).joined(separator: "."))
    var object = JSONObject()
    path.set(1, in: &object)
    #expect(path.value(in: object) == 1)
    #expect(path.value(in: ["a": 1]) == nil)
  }
}

@Suite struct SingularReferenceKeyTests {
  @Test(arguments: [
    ("members", "member"), ("categories", "category"), ("boxes", "box"), ("addresses", "address"),
    ("matches", "match"), ("wishes", "wish"), ("orders", "order"), ("ids", "id"),
  ])
  func aToManysIdentifiersAreAlsoReadUnderItsSingular(plural: String, singular: String) {
    #expect(KeyConvention.singular(plural) == singular)
  }

  @Test(arguments: ["staff", "address", "s", "data"])
  func namesThatAreNotRegularPluralsHaveNone(name: String) {
    #expect(KeyConvention.singular(name) == nil)
  }
}
