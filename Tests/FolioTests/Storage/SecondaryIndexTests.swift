import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// Secondary indexes are kept in step by every write path, refuse duplicates when unique, and
/// need no migration.
@Suite struct SecondaryIndexTests {
  static func schema(unique: Bool = true, indexed: Bool = true) throws -> Schema {
    try Schema {
      Entity("Team") {
        Identifier("id")
        Attribute("id", .int)
        ToMany("members", "Person").inverse("team").deleteRule(.cascade)
      }
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("email", .string).optional()
        Attribute("age", .int).optional().indexed(indexed)
        ToOne("team", "Team").inverse("members")
        if indexed { Index("email").unique(unique) }
      }
    }
  }

  static func ids(_ store: Store, _ condition: Condition) throws -> [RecordID] {
    try store.fetch(Query("Person", where: condition)).map(\.id)
  }

  @Test func aUniqueIndexRefusesAViolatingCommitWithALocatedError() throws {
    let store = try Store.inMemory(schema: Self.schema())
    try store.insert("Person", ["id": 1, "email": "ada@example.com"])
    let error = try #require(throws: StoreError.self) {
      try store.insert("Person", ["id": 2, "email": "ada@example.com"])
    }
    #expect(error.code == .uniqueViolation)
    #expect(error.entity == "Person")
    #expect(error.id == 2)
    #expect(
      error.message
        == #"Person 2 and Person 1 both have (email) = ("ada@example.com"), but the index on (email) is unique; change one of them, or drop unique from the index"#)
    #expect(store.state.count("Person") == 1)
    #expect(store.state.generation == 1)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func aUniqueIndexAllowsASwapInsideOneUnitAndIgnoresMissingValues() throws {
    let store = try Store.inMemory(schema: Self.schema())
    try store.insert("Person", ["id": 1, "email": "a"])
    try store.insert("Person", ["id": 2, "email": "b"])
    try store.insert("Person", ["id": 3])
    try store.insert("Person", ["id": 4, "email": nil])
    try store.transaction { tx in
      try tx.update("Person", 1, ["email": "b"])
      try tx.update("Person", 2, ["email": "a"])
    }
    #expect(try Self.ids(store, "email" == "a") == [2])
    #expect(try Self.ids(store, "email" == nil) == [3, 4])
  }

  @Test func aNonUniqueIndexAcceptsDuplicates() throws {
    let store = try Store.inMemory(schema: Self.schema(unique: false))
    try store.insert("Person", ["id": 1, "email": "a"])
    try store.insert("Person", ["id": 2, "email": "a"])
    #expect(try Self.ids(store, "email" == "a") == [1, 2])
  }

  @Test func aSyncThatWouldViolateAUniqueIndexFailsAsAWhole() throws {
    let store = try Store.inMemory(schema: Self.schema())
    try store.sync([["id": 1, "email": "a"]], into: "Person")
    let error = try #require(throws: SyncError.self) {
      try store.sync([["id": 1, "email": "a"], ["id": 2, "email": "c"], ["id": 3, "email": "a"]], into: "Person")
    }
    #expect(error.code == .storeRefused)
    #expect(
      error.message
        == #"Person 3 and Person 1 both have (email) = ("a"), but the index on (email) is unique; change one of them, or drop unique from the index [uniqueViolation]"#)
    #expect(store.state.count("Person") == 1)
    #expect(store.state.generation == 1)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func cascadesRenamesAndDeletesKeepIndexesInStep() throws {
    let store = try Store.inMemory(schema: Self.schema())
    try store.transaction { tx in
      try tx.insert("Team", ["id": 1])
      for id in 1...6 { try tx.insert("Person", ["id": .int(Int64(id)), "age": .int(Int64(id % 3)), "team": 1]) }
      try tx.insert("Person", ["id": 7, "age": 1, "email": "x"])
    }
    #expect(try Self.ids(store, "age" == 1) == [1, 4, 7])
    try store.rename("Person", from: 7, to: 70)
    #expect(try Self.ids(store, "age" == 1) == [1, 4, 70])
    #expect(try Self.ids(store, "email" == "x") == [70])
    try store.delete("Team", 1)  // cascades to Persons 1…6
    #expect(try Self.ids(store, "age" == 1) == [70])
    #expect(try Self.ids(store, "age" >= 0) == [70])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func addingAnIndexNeedsNoMigrationAndKeepsTheFingerprint() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let plain = try Self.schema(indexed: false)
    let indexed = try Self.schema()
    #expect(plain.fingerprint == indexed.fingerprint)
    #expect(SchemaCopy.incompatibilities(stored: plain, current: indexed) == [])
    #expect(SchemaCopy.incompatibilities(stored: indexed, current: plain) == [])
    do {
      let store = try Store(directory: path, schema: plain)
      try store.sync([["id": 1, "email": "a", "age": 30], ["id": 2, "email": "b", "age": 40]], into: "Person")
    }
    // Opening with the index builds it from the files.
    let store = try Store(directory: path, schema: indexed)
    #expect(try store.explain(Query("Person", where: "age" > 35)).index == ["age"])
    #expect(try Self.ids(store, "age" > 35) == [2])
    #expect(store.state.indexMemory("Person") > 0)
    #expect(try store.check() == [])
    #expect(throws: StoreError.self) { try store.insert("Person", ["id": 3, "email": "b"]) }
  }

  @Test func aMigrationBuildsTheIndexesOfItsResult() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let v1 = try Schema {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("years", .int)
      }
    }
    do {
      let store = try Store(directory: path, schema: v1)
      try store.sync([["id": 1, "years": 30], ["id": 2, "years": 40]], into: "Person")
    }
    let v2 = try Schema {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("age", .int).indexed()
      }
    }
    let rename = Migration("years-to-age") { documents in
      documents["Person"] = documents["Person"]?.map { record in
        var record = record
        record["age"] = record["years"]
        record["years"] = nil
        return record
      }
    }
    let store = try Store(directory: path, schema: v2, options: StoreOptions(migrations: [rename]))
    #expect(try store.explain(Query("Person", where: "age" == 40)).index == ["age"])
    #expect(try Self.ids(store, "age" == 40) == [2])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func theSchemaFileDeclaresIndexes() throws {
    let text = """
      {"entities": [{"name": "Person", "identifiers": ["id"],
        "attributes": [{"name": "id", "type": "int"}, {"name": "last", "type": "string", "indexed": true},
                       {"name": "first", "type": "string"}],
        "indexes": [{"fields": ["last", "first"], "unique": true}]}]}
      """
    let schema = try Schema(fileBytes: Array(text.utf8))
    let person = try #require(schema.entity(named: "Person"))
    #expect(person.attribute(named: "last")?.isIndexed == true)
    #expect(person.indexes == [Index("last", "first").unique()])
    #expect(person.allIndexes == [Index("last"), Index("last", "first").unique()])
    let again = try Schema(fileBytes: schema.fileBytes())
    #expect(again == schema)
  }

  @Test func anIndexOnAnUnknownFieldIsRefused() throws {
    let error = try #require(throws: SchemaError.self) {
      try Schema {
        Entity("Person") {
          Identifier("id")
          Attribute("id", .int)
          Index("nope")
        }
      }
    }
    #expect(error.description.contains("index (nope) names 'nope', which is no attribute of Person"))
  }
}
