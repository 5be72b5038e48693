import Foundation
import Folio

/// Where a test store keeps its records; tests that can run on both take
/// `@Test(arguments: Backing.allCases)`.
public enum Backing: String, Sendable, CaseIterable, CustomStringConvertible {
  /// ``Store/inMemory(schema:)``.
  case memory
  /// A directory store in a fresh temporary directory.
  case directory

  /// The backing's name, shown in test names.
  public var description: String { rawValue }
}

/// A store made for one test, with the temporary directory that holds it (if any).
public struct TestStore: Sendable {
  /// The store.
  public let store: Store
  /// The store's directory (`nil` for an in-memory store).
  public let directory: TemporaryDirectory?

  /// The store directory's path (`nil` for an in-memory store).
  public var path: String? { directory.map { $0.url.appendingPathComponent("store.folio").path } }

  /// Creates an empty store of `schema` with the given backing.
  ///
  /// - Throws: ``StoreError`` from creating the store.
  public init(_ backing: Backing, schema: Schema) throws {
    switch backing {
    case .memory:
      store = try Store.inMemory(schema: schema)
      directory = nil
    case .directory:
      let directory = try TemporaryDirectory(prefix: "folio-store")
      self.directory = directory
      store = try Store(directory: directory.url.appendingPathComponent("store.folio").path, schema: schema)
    }
  }

  /// Creates a store of `schema` holding the records of a fixture folder: one
  /// `<Entity>.json` file per entity, each a JSON array of records in local names, inserted in
  /// file order with relationships linked after every record exists.
  ///
  /// - Parameters:
  ///   - fixture: The fixture folder (e.g. `Fixtures/stores/batches`).
  /// - Throws: ``StoreError`` or ``JSONError`` naming the fixture file.
  public init(_ backing: Backing, schema: Schema, fixture: URL) throws {
    try self.init(backing, schema: schema)
    try StoreFixtures.load(fixture, into: store)
  }

  /// Removes the temporary directory.
  public func remove() { directory?.remove() }
}

/// Loading fixture folders and the schemas the storage tests share.
public enum StoreFixtures {
  /// The package's `Fixtures/` folder.
  public static var fixturesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures")
  }

  /// A closed directory store at `directory/store.folio` with the `batches` fixture loaded
  /// (one commit), for tests that change its files and open it again.
  ///
  /// - Returns: The store's path.
  public static func closedBatchesStore(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: batchSchema)
    try load(fixturesDirectory.appendingPathComponent("stores/batches"), into: store)
    return path
  }

  /// Inserts the records of a fixture folder (one `<Entity>.json` array per entity) in one
  /// transaction: first every record's attributes, then its relationships, so records may refer
  /// to records later in the folder.
  ///
  /// - Throws: ``JSONError`` (with the file) or ``StoreError``; nothing is committed then.
  public static func load(_ fixture: URL, into store: Store) throws {
    var batches: [(entity: String, records: [JSONObject])] = []
    for entity in store.schema.entities {
      let file = fixture.appendingPathComponent(entity.name + ".json")
      guard FileManager.default.fileExists(atPath: file.path) else { continue }
      let bytes = try [UInt8](Data(contentsOf: file))
      let value = try JSONParser.parse(bytes, options: .init(file: file.path))
      let records = (value.arrayValue ?? []).compactMap(\.objectValue)
      batches.append((entity.name, records))
    }
    try store.transaction { tx in
      var links: [(String, RecordID, JSONObject)] = []
      for (entityName, records) in batches {
        guard let entity = store.schema.entity(named: entityName) else { continue }
        for record in records {
          var attributes = JSONObject()
          var relationships = JSONObject()
          for member in record {
            if entity.relationship(named: member.key) != nil {
              relationships[member.key] = member.value
            } else {
              attributes[member.key] = member.value
            }
          }
          let id = try tx.insert(entityName, attributes)
          if !relationships.isEmpty { links.append((entityName, id, relationships)) }
        }
      }
      for (entity, id, relationships) in links { try tx.update(entity, id, relationships) }
    }
  }

  /// Batches own clicks (cascade, inverse `batch`); orders point at a batch without an inverse;
  /// people have typed attributes with a default and an optional date.
  public static let batchSchema = Schema(entities: [
    Entity(
      name: "Batch", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "label", type: .string, isOptional: true)],
      relationships: [
        Relationship(name: "clicks", target: "Click", isToMany: true, inverse: "batch", deleteRule: .cascade)
      ]),
    Entity(
      name: "Click", identifiers: ["clickID"],
      attributes: [Attribute(name: "clickID", type: .int)],
      relationships: [Relationship(name: "batch", target: "Batch", isToMany: false, inverse: "clicks")]),
    Entity(
      name: "Order", identifiers: ["uuid"],
      attributes: [Attribute(name: "uuid", type: .string)],
      relationships: [Relationship(name: "batch", target: "Batch", isToMany: false, deleteRule: .deny)]),
    Entity(
      name: "Person", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "name", type: .string),
        Attribute(name: "active", type: .bool, defaultValue: true),
        Attribute(name: "born", type: .isoDate, isOptional: true),
        Attribute(name: "score", type: .double, isOptional: true),
        Attribute(name: "tags", type: .array(.string), isOptional: true),
      ]),
  ])
}
