import Foundation
import Folio

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

  /// Inserts the records of a stored-form fixture folder: ``FixtureRecords/load(_:into:)``.
  public static func load(_ fixture: URL, into store: Store) throws {
    try FixtureRecords.load(fixture, into: store)
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
