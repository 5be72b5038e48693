import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// The JSON Schema of an entity's shard files (`Schema.jsonSchema(forFilesOf:)`): every file
/// Folio writes is valid under it, and the hand edits `folio check` refuses for a member's kind
/// or form are flagged by it, as an editor would flag them while typing.
@Suite struct SchemaJSONSchemaTests {
  static let moods = ["happy", "sad"]

  /// An entity with every attribute type and links of each kind, and an owned one.
  static let schema = Schema(entities: [
    Entity(
      name: "Item", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "name", type: .string),
        Attribute(name: "count", type: .int, isOptional: true),
        Attribute(name: "ratio", type: .double, isOptional: true),
        Attribute(name: "flag", type: .bool, isOptional: true),
        Attribute(name: "at", type: .isoDate, isOptional: true),
        Attribute(name: "uid", type: .uuid, isOptional: true),
        Attribute(name: "mood", type: .enumeration(moods), isOptional: true),
        Attribute(name: "price", type: .decimal, isOptional: true),
        Attribute(name: "strings", type: .array(.string), isOptional: true),
        Attribute(name: "dates", type: .array(.isoDate), isOptional: true),
        Attribute(name: "meta", type: .object, isOptional: true),
      ],
      relationships: [
        Relationship(name: "parent", target: "Item", isToMany: false),
        Relationship(name: "links", target: "Item", isToMany: true),
        Relationship(name: "note", target: "Note", isToMany: false),
        Relationship(name: "team", target: "Team", isToMany: false, inverse: "items"),
      ]),
    Entity(
      name: "Team", identifiers: ["code"], attributes: [Attribute(name: "code", type: .string)],
      relationships: [Relationship(name: "items", target: "Item", isToMany: true, inverse: "team")]),
    Entity(
      name: "Note", identifiers: [], attributes: [Attribute(name: "text", type: .string)]),
  ])

  static let full: JSONObject = [
    "id": 1, "name": "Ada", "count": 3, "ratio": 0.5, "flag": true, "at": "2024-02-29T12:34:56.789Z",
    "uid": "123e4567-e89b-12d3-a456-426614174000", "mood": "sad", "price": "-12.3",
    "strings": ["a", "é"], "dates": ["1970-01-01T00:00:00.000Z"], "meta": ["a": ["b": 1]],
  ]

  /// The shard files of `entity` in the store at `path`, parsed.
  static func files(_ entity: String, in path: String) throws -> [JSONValue] {
    let folder = path + "/" + entity
    return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
      try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
    }
  }

  @Test func everyFileFolioWritesIsValidUnderItsEntitysJSONSchema() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.schema)
    try store.transaction { tx in
      try tx.insert("Team", ["code": "core"])
      try tx.insert("Item", Self.full)
      try tx.insert("Item", ["id": 2, "name": "Grace", "parent": 1, "links": [1], "team": "core"])
      try tx.insert("Item", ["id": 3, "name": "Linus", "links": [1, 2], "uid": "00000000-0000-0000-0000-000000000000"])
    }
    try store.sync(
      .array([["id": 4, "name": "Edsger", "note": ["text": "owned"]]]), into: "Item",
      options: SyncOptions(deleteMissing: false))
    var checked = 0
    for entity in ["Item", "Team", "Note"] {
      let document = try #require(Self.schema.jsonSchema(forFilesOf: entity))
      #expect(document.objectValue?["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
      for file in try Self.files(entity, in: path) {
        #expect(JSONSchemaCheck(document).problems(of: file) == [], "\(entity): \(JSONWriter.string(file))")
        checked += file.arrayValue?.count ?? 0
      }
    }
    // Four items, a team and the owned note.
    #expect(checked == 6)
  }

  /// Each edit makes a stored record one that `folio check` refuses for a member's kind or
  /// form; the JSON Schema flags each one.
  @Test(arguments: [
    ("count", JSONValue.string("3")), ("ratio", .string("0.5")), ("flag", .string("true")), ("name", .null),
    ("at", .string("2024-02-29T12:34:56Z")), ("at", .string("2024-02-29")),
    ("uid", .string("123E4567-E89B-12D3-A456-426614174000")), ("uid", .string("{123e4567-e89b-12d3-a456-426614174000}")),
    ("mood", .string("angry")), ("price", .string("1.50")), ("price", .string("-0")), ("price", .string("01")),
    ("price", .double(1.5)), ("strings", .array([.int(1)])), ("dates", .array([.string("1970-01-01")])), ("meta", .array([])),
    ("links", .array([])), ("links", .array([.int(2), .int(2)])), ("links", .int(2)), ("parent", .string("1")),
    ("team", .int(1)), ("note", .int(1)), ("unknown", .int(1)), ("id", .double(1.5)),
  ])
  func aHandEditOfTheWrongKindOrFormIsFlagged(member: String, value: JSONValue) throws {
    let document = try #require(Self.schema.jsonSchema(forFilesOf: "Item"))
    var record = Self.full
    record[member] = value
    #expect(JSONSchemaCheck(document).problems(of: [.object(Self.full)]) == [])
    #expect(!JSONSchemaCheck(document).problems(of: [.object(record)]).isEmpty, "\(member): \(value)")
  }

  @Test func aMissingRequiredMemberAndANonArrayFileAreFlagged() throws {
    let check = JSONSchemaCheck(try #require(Self.schema.jsonSchema(forFilesOf: "Item")))
    var record = Self.full
    record["name"] = nil
    #expect(check.problems(of: [.object(record)]) == ["/0: 'name' is missing"])
    #expect(!check.problems(of: .object(Self.full)).isEmpty)
    #expect(check.problems(of: []) == [])
  }

  @Test func aCompositeIdentifierIsAnArrayOfItsParts() throws {
    let schema = Schema(entities: [
      Entity(
        name: "City", identifiers: ["country", "name"],
        attributes: [Attribute(name: "country", type: .string), Attribute(name: "name", type: .string)]),
      Entity(
        name: "Trip", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
        relationships: [Relationship(name: "stops", target: "City", isToMany: true, isOrdered: true)]),
    ])
    let check = JSONSchemaCheck(try #require(schema.jsonSchema(forFilesOf: "Trip")))
    #expect(check.problems(of: [["id": 1, "stops": [["FR", "Paris"], ["GB", "London"]]]]) == [])
    for stop: JSONValue in [["FR"], ["FR", "Paris", "x"], [1, "Paris"], "Paris"] {
      #expect(!check.problems(of: [["id": 1, "stops": [stop]]]).isEmpty, "\(stop)")
    }
  }

  @Test func theDerivedSideOfALinkIsDescribedAsSuch() throws {
    let document = try #require(Self.schema.jsonSchema(forFilesOf: "Team"))
    let items = document.objectValue?["$defs"]?.objectValue?["Team"]?.objectValue?["properties"]?.objectValue?["items"]
    #expect(
      items?.objectValue?["description"]?.stringValue
        == "Derived from Item.team: Folio leaves it out of files; edit Item.team instead.")
    #expect(Self.schema.jsonSchema(forFilesOf: "Nobody") == nil)
  }
}
