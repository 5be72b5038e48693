import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// The schema side of owned entities (no identifier; `Schema+Ownership.swift`): who may own
/// them, the rules on owning relationships, the schema-file form, the storage form and the
/// synthesized identifier.
@Suite struct SchemaOwnershipTests {
  @Test func theSynthesizedIdentifierNameIsReserved() throws {
    let schema = Schema(entities: [
      Entity(name: "Tag", identifiers: ["$id"], attributes: [Attribute(name: "$id", type: .string)])
    ])
    let error = try #require(throws: SchemaError.self) { try schema.validated() }
    #expect(
      error.description
        == "Tag.$id: attribute name '$id' is reserved: it holds the synthesized identifier of owned records; rename it [invalidName]"
    )
  }

  @Test func anEntityWithoutIdentifierThatNothingOwnsIsASchemaError() throws {
    let schema = Schema(entities: [
      Entity(name: "Log", identifiers: [], attributes: [Attribute(name: "text", type: .string)])
    ])
    let error = try #require(throws: SchemaError.self) { try schema.validated() }
    #expect(
      error.description
        == #"Log: entity 'Log' declares no identifier and no entity with one owns it through a relationship; add Identifier("id") naming an int or string attribute, or nest it under a parent's ToOne/ToMany to make it owned (D28) [missingIdentifier]"#
    )
  }

  @Test func ownedEntitiesReachedOnlyFromOtherOwnedOnesNeedARoot() throws {
    // Two owned entities owning each other, and nothing with an identifier above them.
    let schema = Schema(entities: [
      Entity(
        name: "A", identifiers: [],
        relationships: [Relationship(name: "b", target: "B", isToMany: false)]),
      Entity(
        name: "B", identifiers: [],
        relationships: [Relationship(name: "a", target: "A", isToMany: false)]),
    ])
    #expect(schema.validationProblems().map(\.code) == [.missingIdentifier, .missingIdentifier])
  }

  @Test func anOwningRelationshipMayNotDenyDeletionAndAnOwningToManyIsOrdered() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Customer", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
        relationships: [
          Relationship(name: "address", target: "Address", isToMany: false, deleteRule: .deny),
          Relationship(name: "phones", target: "Phone", isToMany: true),
        ]),
      Entity(name: "Address", identifiers: [], attributes: [Attribute(name: "street", type: .string)]),
      Entity(name: "Phone", identifiers: [], attributes: [Attribute(name: "number", type: .string)]),
    ])
    let error = try #require(throws: SchemaError.self) { try schema.validated() }
    #expect(
      error.description == """
        Customer.address: relationship 'address' owns Address, which declares no identifier, so its records are deleted with their parent; remove deleteRule deny [invalidOwnership]
        Customer.phones: to-many relationship 'phones' owns Phone, which declares no identifier, so its records are identified by their position; declare it ordered [invalidOwnership]
        """)
  }

  @Test func aSchemaFileDeclaresAnOwnedEntityWithAnEmptyIdentifierList() throws {
    let url = StoreFixtures.fixturesDirectory.appendingPathComponent("owned/schema.json")
    let schema = try Schema.load(contentsOf: url.path)
    #expect(schema.entity(named: "PostalAddress")?.isOwned == true)
    #expect(schema.entity(named: "Customer")?.isOwned == false)
    // The store keeps a synthesized identifier; the schema it reports writes and hashes as
    // declared.
    let store = try Store.inMemory(schema: schema)
    #expect(store.schema.entity(named: "PostalAddress")?.identifiers == [Entity.ownedIdentifier])
    #expect(store.schema.fingerprint == schema.fingerprint)
    #expect(JSONWriter.string(store.schema.fileValue) == JSONWriter.string(schema.fileValue))
    #expect(store.schema.mermaid() == schema.mermaid())
    #expect(store.schema.markdown() == schema.markdown())
    #expect(
      schema.markdown().contains(
        "## PostalAddress\n\nIdentifier: none — owned by its parent (records are synced nested under it)\n"))
  }

  @Test func theSynthesizedIdentifierNamesOwnerParentRelationshipAndPosition() {
    #expect(Schema.ownedID(owner: "User", parent: .string("u1"), relationship: "address") == .string("User/u1/address"))
    #expect(
      Schema.ownedID(owner: "Batch", parent: .int(1), relationship: "clicks", position: 0)
        == .string("Batch/1/clicks/0"))
    #expect(
      Schema.ownedID(
        owner: "City", parent: .composite([.string("Paris"), .string("London")]), relationship: "mayor")
        == .string(#"City/["Paris","London"]/mayor"#))
  }

  @Test func theSchemaGuideExampleDeclaresAnOwnedEntity() throws {
    let contacts = try Schema {
      Entity("Customer") {
        Identifier("id")
        Attribute("id", .int)
        ToOne("address", "PostalAddress")
      }
      Entity("PostalAddress") {
        Attribute("street", .string).optional()
      }
    }
    print(contacts.entity(named: "PostalAddress")?.isOwned ?? false)  // true
    #expect(contacts.entity(named: "PostalAddress")?.isOwned == true)
  }
}
