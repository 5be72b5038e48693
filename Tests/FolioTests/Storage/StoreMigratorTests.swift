import Foundation
import Synchronization
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreMigratorTests {
  static let v1 = Schema(entities: [
    Entity(
      name: "Employee", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "fullName", type: .string)]),
    Entity(name: "Legacy", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)]),
  ])

  func makeV1(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.v1)
    try store.insert("Employee", ["id": 1, "fullName": "Ada"])
    try store.insert("Employee", ["id": 2, "fullName": "Bo"])
    try store.insert("Legacy", ["id": 1])
    return path
  }

  /// The schema copy and the store's format member in `schema.json`.
  func stored(_ path: String) throws -> (schema: Schema, format: StoreFormat) {
    try SchemaCopy.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path + "/schema.json"))), customRules: .none)
  }

  @Test func addingOptionalAttributesAndEntitiesNeedsNoMigration() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try makeV1(directory)
    var v2 = Self.v1
    v2.entities[0].attributes.append(Attribute(name: "nickname", type: .string, isOptional: true))
    v2.entities.append(Entity(name: "Team", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)]))
    let store = try Store(directory: path, schema: v2)
    #expect(store.get("Employee", 1) == ["id": 1, "fullName": "Ada"])
    try store.update("Employee", 1, ["nickname": "A"])
    try store.insert("Team", ["id": 1])
    #expect(try stored(path).schema.fingerprint == v2.fingerprint)
    #expect(try store.check() == [])
  }

  @Test func anIncompatibleSchemaWithoutMigrationIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try makeV1(directory)
    var v2 = Self.v1
    v2.entities[0].attributes[1] = Attribute(name: "fullName", type: .int)
    v2.entities[0].attributes.append(Attribute(name: "email", type: .string))
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: v2) }
    #expect(error.description == "schema.json: error: the store was written with a different schema (Employee.fullName changed type from string to int; Employee.email was added as a required attribute); declare a Migration for the change (StoreOptions.migrations), or open with the schema the store was written with [schemaMismatch]")
    #expect(try stored(path).schema.fingerprint == Self.v1.fingerprint)
  }

  @Test func migrationsRunInOrderOnceAndAreRecorded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try makeV1(directory)
    let v2 = Schema(entities: [
      Entity(
        name: "Employee", identifiers: ["id"],
        attributes: [Attribute(name: "id", type: .int), Attribute(name: "name", type: .string), Attribute(name: "rank", type: .int)])
    ])
    let runs = Mutex<[String]>([])
    let migrations = [
      Migration("rename-fullName") { documents in
        runs.withLock { $0.append("rename") }
        documents["Employee"] = documents["Employee"]?.map { record in
          var record = record
          record["name"] = record["fullName"]
          record["fullName"] = nil
          return record
        }
      },
      Migration("rank-and-drop-legacy") { documents in
        runs.withLock { $0.append("rank") }
        documents["Employee"] = documents["Employee"]?.enumerated().map { index, record in
          var record = record
          record["rank"] = .int(Int64(index + 1))
          return record
        }
        documents["Legacy"] = nil
      },
    ]
    do {
      let store = try Store(directory: path, schema: v2, options: StoreOptions(migrations: migrations))
      #expect(store.get("Employee", 2) == ["id": 2, "name": "Bo", "rank": 2])
      #expect(try store.check() == [])
    }
    #expect(runs.withLock { $0 } == ["rename", "rank"])
    #expect(try stored(path).format.migrations == ["rename-fullName", "rank-and-drop-legacy"])
    #expect(!FileManager.default.fileExists(atPath: path + "/Legacy"))
    let again = try Store(directory: path, schema: v2, options: StoreOptions(migrations: migrations))
    #expect(runs.withLock { $0 } == ["rename", "rank"])
    #expect(again.get("Employee", 1)?["name"] == "Ada")
  }

  @Test func aMigrationLeavingInvalidRecordsWritesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try makeV1(directory)
    let before = try Data(contentsOf: URL(fileURLWithPath: path + "/schema.json"))
    var v2 = Self.v1
    v2.entities[0].attributes[1] = Attribute(name: "fullName", type: .int)
    let noop = Migration("forgot-to-convert") { _ in }
    let error = try #require(throws: StoreValidationError.self) {
      try Store(directory: path, schema: v2, options: StoreOptions(migrations: [noop]))
    }
    let problem = try #require(error.problems.first?.description)
    #expect(problem.hasPrefix("error: after migrating, attribute 'fullName': expected "))
    #expect(problem.hasSuffix(#"found the string "Ada" [typeMismatch]; fix the migration (at /Employee/0) [invalidStoredRecord]"#))
    #expect(error.problems.count == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "/schema.json")) == before)
  }

  @Test func aNewStoreRecordsTheMigrationsItDoesNotNeed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let failing = Migration("never") { _ in throw StoreError(code: .migrationFailed, message: "must not run") }
    _ = try Store(directory: directory.path + "/s", schema: Self.v1, options: StoreOptions(migrations: [failing]))
    #expect(try stored(directory.path + "/s").format.migrations == ["never"])
  }
}
