import FolioJSON
import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// Every shard file of the repository's stores, read back and written again from its rows, is
/// the same bytes, and the same as the canonical writer prints for its records (Design/0005,
/// step 3): the sync scenarios' stores, the `batches` fixture and the format-1 stores once
/// upgraded.
@Suite struct ShardFileRowsTests {
  /// Loads the store at `path` and, for each file the loader took exactly as written (its
  /// entity needs no re-layout and the file nothing re-checked), expects the row writer to
  /// print the file's bytes, and the old writer to agree. Returns how many files it compared.
  @discardableResult
  static func expectFilesRewriteIdentically(
    _ path: String, schema: Schema, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let result = StoreLoader(directory: path, schema: schema, digest: FileDigest(k0: 1, k1: 2))
      .load()
    #expect(result.problems == [], sourceLocation: sourceLocation)
    var compared = 0
    for entity in result.state.schema.entities where !result.relayout.contains(entity.name) {
      guard let table = result.state.tables[entity.name] else { continue }
      let derived = result.state.index.derivedRelationships(of: entity.name)
      for (position, name) in table.chunkNames.enumerated() {
        let file = ShardLayout.path(entity: entity.name, name: name)
        guard result.recheck[file] == nil,
          let bytes = FileManager.default.contents(atPath: path + "/" + file).map(Array.init)
        else { continue }
        let chunk = table.chunks[position]
        let written = ShardFile.bytes(chunk, skipping: derived)
        #expect(written == bytes, "\(file) of \(path)", sourceLocation: sourceLocation)
        #expect(
          RowWriterTests.expectedBytes(chunk, skipping: derived) == bytes, "\(file) of \(path)",
          sourceLocation: sourceLocation)
        compared += 1
      }
    }
    return compared
  }

  @Test(arguments: SyncFixture.names())
  func everyScenarioStoreRewritesItsFilesByteForByte(_ name: String) throws {
    let fixture = try SyncFixture(name: name)
    let test = try SyncTestStore.make(.directory, fixture.schema, fixture.initial)
    defer { test.remove() }
    let path = try #require(test.path)
    try Self.expectFilesRewriteIdentically(path, schema: fixture.schema)
    for step in fixture.steps {
      // A step that fails leaves the store as it was; the files are checked either way.
      _ = try? test.store.sync(step.payload, into: step.entity, options: step.options)
      try Self.expectFilesRewriteIdentically(path, schema: fixture.schema)
    }
  }

  @Test func theBatchesStoreRewritesItsFilesByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try StoreFixtures.closedBatchesStore(in: directory)
    let compared = try Self.expectFilesRewriteIdentically(path, schema: StoreFixtures.batchSchema)
    #expect(compared >= 4)
  }

  @Test(arguments: ["v1-company", "v1-batch-click"])
  func anUpgradedFormatOneStoreRewritesItsFilesByteForByte(_ name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/" + name
    try FileManager.default.copyItem(
      atPath: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/" + name).path,
      toPath: path)
    let store = try Store.open(directory: path)
    let schema = store.schema
    let compared = try Self.expectFilesRewriteIdentically(path, schema: schema)
    #expect(compared >= 2)
  }
}
