import Foundation
import FolioTestSupport
import Testing

@testable import Folio

/// The `object` attribute type: a JSON object stored, compared and diffed as one value.
@Suite struct ObjectAttributeTests {
  static func makeSchema() throws -> Schema {
    try Schema {
      Entity("Product") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("size", .object).optional()
      }
    }
  }

  @Test func acceptsOnlyObjects() {
    let size = Attribute(name: "size", type: .object)
    #expect(size.coerce(["w": 1], schemaDateFormats: .strict) == .success(["w": 1]))
    guard case .failure(let error) = size.coerce([1, 2], schemaDateFormats: .strict) else {
      Issue.record("accepted an array")
      return
    }
    #expect(error.description == "attribute 'size': expected a JSON object, found an array [1,2] [typeMismatch]")
  }

  @Test func changingOneInnerMemberIsOneFieldChange() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "size": ["w": 1, "h": 2, "unit": "cm"]]], into: "Product")
    let same = try store.sync([["id": 1, "size": ["unit": "cm", "h": 2, "w": 1]]], into: "Product")
    #expect(same.outcomes.map(\.kind) == [.unchanged])
    let report = try store.sync([["id": 1, "size": ["w": 3, "h": 2, "unit": "cm"]]], into: "Product")
    let changes = try #require(report.outcomes.first?.changes)
    #expect(changes.map(\.description) == [#"size {"h":2,"unit":"cm","w":1} → {"h":2,"unit":"cm","w":3}"#])
  }

  @Test func queriesCompareObjectsAsWholeValuesAndSortByCanonicalText() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.sync([["id": 1, "size": ["w": 2]], ["id": 2, "size": ["w": 1, "h": 1]], ["id": 3]], into: "Product")
    #expect(try store.fetch(Query("Product", where: "size" == JSONValue.object(["h": 1, "w": 1]))).map(\.id) == [2])
    #expect(try store.fetch(Query("Product", where: "size" < JSONValue.object(["w": 3]))).isEmpty)
    #expect(try store.fetch(Query("Product", sortedBy: "size")).map(\.id) == [3, 2, 1])
    #expect(store.state.export("Product") == [["id": 1, "size": ["w": 2]], ["id": 2, "size": ["h": 1, "w": 1]], ["id": 3]])
  }

  struct Size: Codable, Equatable {
    var w: Int
    var h: Int?
  }
  struct Product: Codable, Equatable {
    var id: Int
    var size: Size?
  }

  @Test func decodesToANestedCodableStruct() throws {
    let store = try Store.inMemory(schema: try Self.makeSchema())
    try store.insert("Product", try RecordEncoder().encode(Product(id: 1, size: Size(w: 4, h: nil))))
    #expect(store.get("Product", 1) == ["id": 1, "size": ["w": 4]])
    #expect(try store.fetch(Product.self, Query("Product")) == [Product(id: 1, size: Size(w: 4, h: nil))])
  }

  @Test func schemaFileAndDirectoryStoreKeepTheObject() throws {
    let text = #"{"folioSchema": 1, "entities": [{"name": "Product", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}, {"name": "size", "type": "object", "optional": true}]}]}"#
    #expect(try Schema(fileBytes: Array(text.utf8)) == (try Self.makeSchema()))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: try Self.makeSchema())
      try store.sync([["id": 1, "size": ["w": 1, "h": 2]]], into: "Product")
    }
    #expect(try Store.open(directory: path).get("Product", 1) == ["id": 1, "size": ["h": 2, "w": 1]])
  }
}
