import Foundation
import FolioTestSupport
import Testing

@testable import Folio

/// The `uuid` and `enum` attribute types (`decimal` and `object` have their own files): coercion, stored form, schema file, DSL, queries,
/// sorting, export and Codable decoding.
@Suite struct AttributeTypesTests {
  static let upper = "0F8FAD5B-D9CB-469F-A165-70867728950E"
  static let lower = "0f8fad5b-d9cb-469f-a165-70867728950e"

  static func makeSchema() throws -> Schema {
    try Schema {
    Entity("Ticket") {
      Identifier("id")
      Attribute("id", .uuid)
      Attribute("state", .enumeration(["open", "closed"]))
      Attribute("owner", .uuid).optional()
      Attribute("labels", .array(.enumeration(["bug", "feature"]))).optional()
    }
    }
  }

  // MARK: uuid

  @Test(arguments: [
    upper, lower, "{\(upper)}", "{\(lower)}", "0f8fad5b-D9CB-469f-a165-70867728950E",
  ])
  func uuidFormsBecomeLowercaseHyphenatedText(_ text: String) {
    let id = Attribute(name: "id", type: .uuid)
    #expect(id.coerce(.string(text), schemaDateFormats: .strict) == .success(.string(Self.lower)))
  }

  @Test(arguments: [
    "0f8fad5bd9cb469fa16570867728950e", "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e",
    "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950g",
    "{0f8fad5b-d9cb-469f-a165-70867728950e", " 0f8fad5b-d9cb-469f-a165-70867728950e", "",
  ])
  func uuidRejectsOtherText(_ text: String) throws {
    let id = Attribute(name: "id", type: .uuid)
    guard case .failure(let error) = id.coerce(.string(text), schemaDateFormats: .strict) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(error.code == .invalidUUID)
  }

  @Test func uuidErrorSaysWhatIsAccepted() {
    let id = Attribute(name: "id", type: .uuid)
    guard case .failure(let error) = id.coerce(42, schemaDateFormats: .strict) else {
      Issue.record("accepted a number")
      return
    }
    #expect(error.code == .typeMismatch)
    #expect(
      error.description
        == #"attribute 'id': expected a UUID string such as "0f8fad5b-d9cb-469f-a165-70867728950e" (any case, optionally in braces), found the number 42 [typeMismatch]"#
    )
  }

  @Test(arguments: [
    (lower, true), (upper, false), ("{\(lower)}", false), (lower + "0", false),
    (String(lower.dropLast()), false), ("0f8fad5b-d9cb-469f-a165+70867728950e", false), ("", false),
  ])
  func canonicalUUIDCheckAgreesWithNormalising(_ text: String, _ isCanonical: Bool) {
    #expect(Attribute.isCanonicalUUID(text) == isCanonical)
    #expect((Attribute.canonicalUUID(text) == text) == isCanonical)
  }

  @Test func storedUUIDMustBeCanonical() throws {
    let id = Attribute(name: "id", type: .uuid)
    try id.validateStored(.string(Self.lower))
    let upper = try #require(throws: CoercionError.self) { try id.validateStored(.string(Self.upper)) }
    #expect(upper.code == .notCanonical)
    let bad = try #require(throws: CoercionError.self) { try id.validateStored("nope") }
    #expect(bad.code == .invalidUUID)
  }

  @Test func upperAndLowerCaseUUIDIdentifiersAreOneRecord() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": .string(Self.upper), "state": "open"]], into: "Ticket")
    try store.sync([["id": .string(Self.lower), "state": "closed"]], into: "Ticket")
    #expect(store.state.export("Ticket") == [["id": .string(Self.lower), "state": "closed"]])
    let id = try store.insert("Ticket", ["id": "{7C9E6679-7425-40DE-944B-E07FC1F90AE7}", "state": "open"])
    #expect(id == .string("7c9e6679-7425-40de-944b-e07fc1f90ae7"))
  }

  @Test func lookupsByAUUIDInAnotherSpellingFindTheRecord() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": .string(Self.lower), "state": "open"]], into: "Ticket")
    #expect(store.get("Ticket", .string(Self.upper))?["state"] == "open")
    #expect(store.get("Ticket", .string("{\(Self.upper)}"))?["state"] == "open")
    try store.update("Ticket", .string(Self.upper), ["state": "closed"])
    try store.transaction { tx in
      #expect(tx.get("Ticket", .string(Self.upper))?["state"] == "closed")
    }
    #expect(try store.delete("Ticket", .string(Self.upper)) == [RecordKey("Ticket", .string(Self.lower))])
    #expect(store.state.export("Ticket") == [])
  }

  @Test func linksNamingAUUIDInAnotherCaseReachTheSameRecord() throws {
    let schema = try Schema {
      Entity("Ticket") {
        Identifier("id")
        Attribute("id", .uuid)
      }
      Entity("Comment") {
        Identifier("id")
        Attribute("id", .int)
        ToOne("ticket", "Ticket")
      }
    }
    let store = try Store.inMemory(schema: schema)
    try store.sync([["id": .string(Self.lower)]], into: "Ticket")
    try store.sync([["id": 1, "ticket": .string(Self.upper)]], into: "Comment")
    try store.insert("Comment", ["id": 2, "ticket": .string("{\(Self.upper)}")])
    #expect(store.state.export("Ticket") == [["id": .string(Self.lower)]])
    #expect(store.get("Comment", 1)?["ticket"] == .string(Self.lower))
    #expect(store.get("Comment", 2)?["ticket"] == .string(Self.lower))
    #expect(try store.check() == [])
  }

  @Test func invalidUUIDInASyncIsRejectedAtItsPointer() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    let report = try store.sync(
      [["id": .string(Self.lower), "state": "open", "owner": "not-a-uuid"]], into: "Ticket")
    #expect(report.outcomes.map(\.kind) == [.rejected])
    #expect(report.outcomes.map(\.pointer) == ["/0/owner"])
    #expect(report.outcomes.first?.reason?.hasSuffix("found the string \"not-a-uuid\" [invalidUUID]") == true)
    #expect(store.state.export("Ticket") == [])
  }

  @Test func uuidQueriesMatchAnyCaseAndSortByText() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    let ids = [
      "c56a4180-65aa-42ec-a945-5fd21dec0538", Self.lower, "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    ]
    try store.sync(.array(ids.map { ["id": .string($0.uppercased()), "state": "open"] }), into: "Ticket")
    #expect(try store.fetch(Query("Ticket", where: "id" == Self.upper)).map(\.id) == [.string(Self.lower)])
    #expect(
      try store.fetch(Query("Ticket", where: "id" < "7c9e6679-7425-40de-944b-e07fc1f90ae7")).map(\.id)
        == [.string(Self.lower)])
    #expect(try store.fetch(Query("Ticket", sortedBy: "-id")).map(\.id) == ids.sorted().reversed().map { .string($0) })
  }

  // MARK: enum

  @Test func enumAcceptsOnlyDeclaredValues() {
    let state = Attribute(name: "state", type: .enumeration(["open", "closed"]))
    #expect(state.coerce("open", schemaDateFormats: .strict) == .success("open"))
    guard case .failure(let error) = state.coerce("Open", schemaDateFormats: .strict) else {
      Issue.record("accepted Open")
      return
    }
    #expect(error.code == .notAllowedValue)
    #expect(
      error.description
        == #"attribute 'state': expected one of "open", "closed", found the string "Open" [notAllowedValue]"#)
    guard case .failure(let number) = state.coerce(1, schemaDateFormats: .strict) else {
      Issue.record("accepted 1")
      return
    }
    #expect(number.code == .typeMismatch)
  }

  @Test func enumArrayNamesTheBadElement() {
    let labels = Attribute(name: "labels", type: .array(.enumeration(["bug", "feature"])))
    guard case .failure(let error) = labels.coerce(["bug", "chore"], schemaDateFormats: .strict) else {
      Issue.record("accepted chore")
      return
    }
    #expect(
      error.description
        == #"attribute 'labels': expected one of "bug", "feature" at element 1, found the string "chore" [notAllowedValue]"#)
  }

  @Test func storedEnumOutsideTheSetIsReported() throws {
    let state = Attribute(name: "state", type: .enumeration(["open", "closed"]))
    try state.validateStored("closed")
    let error = try #require(throws: CoercionError.self) { try state.validateStored("pending") }
    #expect(error.code == .notAllowedValue)
  }

  @Test func enumsQueryAndSortAsStrings() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync(
      [
        ["id": "c56a4180-65aa-42ec-a945-5fd21dec0538", "state": "open"],
        ["id": .string(Self.lower), "state": "closed"],
      ], into: "Ticket")
    #expect(try store.fetch(Query("Ticket", where: "state" == "closed")).map(\.id) == [.string(Self.lower)])
    #expect(try store.fetch(Query("Ticket", where: "state" < "open")).count == 1)
    #expect(
      try store.fetch(Query("Ticket", sortedBy: "state")).map { $0["state"] } == ["closed", "open"])
  }

  @Test func enumIdentifiersAreAllowed() throws {
    let schema = try Schema {
      Entity("Status") {
        Identifier("code")
        Attribute("code", .enumeration(["open", "closed"]))
      }
    }
    let store = try Store.inMemory(schema: schema)
    try store.sync([["code": "open"], ["code": "shut"]], into: "Status")
    #expect(store.state.export("Status") == [["code": "open"]])
  }

  @Test func emptyOrRepeatedEnumValuesAreSchemaErrors() throws {
    let error = try #require(throws: SchemaError.self) {
      try Schema(entities: [
        Entity(
          name: "T", identifiers: ["id"],
          attributes: [
            Attribute(name: "id", type: .int), Attribute(name: "a", type: .enumeration([])),
            Attribute(name: "b", type: .enumeration(["x", "x"])),
          ])
      ]).validated()
    }
    let text = error.description
    #expect(text.contains("enum attribute 'a' declares no values"))
    #expect(text.contains("enum attribute 'b' lists a value twice"))
  }

  // MARK: schema file, stored files, Codable

  @Test func schemaFileFormRoundTripsAndEqualsTheDSL() throws {
    let text = """
      {"folioSchema": 1, "entities": [{"name": "Ticket", "identifiers": ["id"], "attributes": [
        {"name": "id", "type": "uuid"},
        {"name": "state", "type": "enum", "values": ["open", "closed"]},
        {"name": "owner", "type": "uuid", "optional": true},
        {"name": "labels", "type": "array(enum)", "values": ["bug", "feature"], "optional": true}
      ]}]}
      """
    let decoded = try Schema(fileBytes: Array(text.utf8))
    let schema = try Self.makeSchema()
    #expect(decoded == schema)
    #expect(try Schema(fileBytes: schema.fileBytes()) == schema)
    let encoded = JSONWriter.string(schema.fileValue)
    #expect(encoded.contains(#"{"name":"state","type":"enum","values":["open","closed"]}"#))
    let typeData = try JSONEncoder().encode(AttributeType.array(.enumeration(["a"])))
    #expect(String(decoding: typeData, as: UTF8.self).contains(#""values":["a"]"#))
    #expect(try JSONDecoder().decode(AttributeType.self, from: typeData) == .array(.enumeration(["a"])))
    #expect(try JSONDecoder().decode(AttributeType.self, from: Data(#""uuid""#.utf8)) == .uuid)
  }

  @Test func schemaFileEnumWithoutValuesOrValuesOnAnotherTypeIsLocated() throws {
    let text = """
      {"folioSchema": 1, "entities": [{"name": "T", "identifiers": ["id"], "attributes": [
        {"name": "id", "type": "int", "values": ["x"]},
        {"name": "state", "type": "enum"}
      ]}]}
      """
    let error = try #require(throws: SchemaError.self) { try Schema(fileBytes: Array(text.utf8)) }
    #expect(error.description.contains(#"/entities/0/attributes/0/values"#))
    #expect(error.description.contains(#""values" applies only to an enum attribute"#))
    #expect(error.description.contains(#"an enum attribute needs "values""#))
  }

  @Test func enumValuesChangeTheFingerprintButOtherSchemasKeepTheirs() {
    let a = Schema(entities: [
      Entity(name: "T", identifiers: ["id"], attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "s", type: .enumeration(["a"])),
      ])
    ])
    var b = a
    b.entities[0].attributes[1].type = .enumeration(["a", "b"])
    #expect(a.fingerprint != b.fingerprint)
    let plain = Schema(entities: [Entity(name: "T", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)])])
    #expect(!JSONWriter.string(plain.fingerprintSource).contains("values"))
  }

  @Test func directoryStoreWritesCanonicalTextAndRefusesHandEditedBadValues() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: try Self.makeSchema())
      try store.sync([["id": .string(Self.upper), "state": "open", "labels": ["bug"]]], into: "Ticket")
    }
    let files = try FileManager.default.subpathsOfDirectory(atPath: path).filter {
      $0.hasPrefix("Ticket") && $0.hasSuffix(".json")
    }
    let file = try #require(files.first)
    let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
    #expect(text.contains(#""id": "\#(Self.lower)""#))
    #expect(text.contains(#""state": "open""#))
    #expect(try Store.open(directory: path).get("Ticket", .string(Self.lower))?["state"] == "open")
    try text.replacingOccurrences(of: #""open""#, with: #""pending""#)
      .write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
    let error = try #require(throws: StoreValidationError.self) { try Store.open(directory: path) }
    #expect(error.description.contains("[notAllowedValue]"))
  }

  @Test func addingEnumValuesNeedsNoMigrationButRemovingOneDoes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    func schema(_ values: [String]) throws -> Schema {
      try Schema {
        Entity("Ticket") {
          Identifier("id")
          Attribute("id", .uuid)
          Attribute("state", .enumeration(values))
        }
      }
    }
    do {
      let store = try Store(directory: path, schema: try schema(["open", "closed"]))
      try store.sync([["id": .string(Self.lower), "state": "open"]], into: "Ticket")
    }
    do {
      let store = try Store(directory: path, schema: try schema(["open", "closed", "blocked"]))
      #expect(store.get("Ticket", .string(Self.lower))?["state"] == "open")
    }
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: try schema(["open"])) }
    #expect(error.code == .schemaMismatch)
    #expect(error.description.contains(#"Ticket.state no longer allows "closed", "blocked""#))
  }

  enum State: String, Codable { case open, closed }
  struct Ticket: Codable, Equatable {
    var id: UUID
    var state: State
    var owner: UUID?
  }

  @Test func recordsDecodeToUUIDAndStringEnums() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": .string(Self.upper), "state": "closed"]], into: "Ticket")
    let tickets = try store.fetch(Ticket.self, Query("Ticket"))
    #expect(tickets == [Ticket(id: try #require(UUID(uuidString: Self.upper)), state: .closed, owner: nil)])
    // Foundation encodes UUIDs upper-case; storing normalises them.
    let owner = UUID()
    let record = try RecordEncoder().encode(
      Ticket(id: try #require(UUID(uuidString: Self.lower)), state: .open, owner: owner))
    try store.update("Ticket", .string(Self.lower), record)
    #expect(store.get("Ticket", .string(Self.lower))?["owner"] == .string(owner.uuidString.lowercased()))
  }
}
