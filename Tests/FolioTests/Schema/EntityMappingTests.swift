import Folio
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
    #expect(mapping.attributes[1].keyPaths.map(\.description) == ["firstName", "first_name"])
    #expect(mapping.relationships[0].allKeyPaths.map(\.description)
      == ["homeAddress", "home_address", "home_address_id"])
    #expect(mapping.relationships[1].allKeyPaths.map(\.description) == ["orders", "orders_ids"])
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
  /// Validation caps key paths at 32 components; writing longer ones still works.
  @Test func longKeyPathsAreWrittenAndRead() {
    let path = JSONKeyPath(Array(repeating: "a", count: 300).joined(separator: "."))
    var object = JSONObject()
    path.set(1, in: &object)
    #expect(path.value(in: object) == 1)
    #expect(path.value(in: ["a": 1]) == nil)
  }
}
