import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreDirectoryTests {
  static let schema = StoreFixtures.batchSchema

  func bytes(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }
  func text(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }
  func inode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
  }

  @Test func aNewStoreHoldsTheSchemaGitSettingsAndALocalFolderButNoShards() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(names == [".folio", ".gitattributes", ".gitignore", "schema.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: path + "/.folio").sorted() == ["lock", "state.json"])
    #expect(try text(path + "/.gitignore").hasSuffix("\n.folio\n"))
    #expect(try text(path + "/.gitattributes").contains("* text eol=lf\n*/*.json merge=folio\n"))
    let local = try #require(LocalState.read(directory: path))
    var expected = LocalState(generation: 0, files: [:], checks: RecordChecker.fingerprint(of: Self.schema.storageForm), digest: local.digest)
    expected.home = LocalState.identity(ofStore: path)
    #expect(local == expected)
    let (stored, format) = try SchemaCopy.decode(try bytes(path + "/schema.json"), customRules: .none)
    #expect(stored == Self.schema)
    #expect(format == StoreFormat())
    #expect(try text(path + "/schema.json").contains("\"folioStore\": {\n    \"formatVersion\": 2,\n    \"migrations\": []\n  }"))
  }

  @Test func reopeningRestoresEveryRecordAndTheGeneration() throws {
    let test = try TestStore(.directory, schema: Self.schema, fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
    defer { test.remove() }
    let path = try #require(test.path)
    let before = test.store.state
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    // A second open in this process is refused (the lock), so read a copy of the files.
    try FileManager.default.removeItem(at: copy.url)
    try FileManager.default.copyItem(atPath: path, toPath: copy.path)
    let reopened = try Store(directory: copy.path, schema: Self.schema)
    // The copy is another working copy: like a clone, it starts counting its own generations.
    #expect(reopened.generation == 0)
    #expect(before.generation > 0)
    for entity in Self.schema.entities {
      #expect(reopened.state.ids(entity.name) == before.ids(entity.name))
      for id in before.ids(entity.name) { #expect(reopened.get(entity.name, id) == before.record(entity.name, id)) }
    }
    #expect(try reopened.check() == [])
  }

  @Test func shardFilesAreCanonicalAndAOneFieldChangeIsAOneLineDiff() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    try test.store.insert("Person", ["id": 2, "name": "Bo", "tags": ["b", "a"], "score": 1.5])
    try test.store.insert("Person", ["id": 1, "name": "Ada", "born": "1815-12-10T00:00:00Z"])
    let before = try text(path + "/Person/0000000000000000.json")
    #expect(before == """
      [
        {
          "active": true,
          "born": "1815-12-10T00:00:00.000Z",
          "id": 1,
          "name": "Ada"
        },
        {
          "active": true,
          "id": 2,
          "name": "Bo",
          "score": 1.5,
          "tags": [
            "b",
            "a"
          ]
        }
      ]

      """)
    try test.store.update("Person", 2, ["score": 2.25])
    let after = try text(path + "/Person/0000000000000000.json")
    let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
    #expect(changed.map { "\($0.1)" } == ["    \"score\": 2.25,"])
    #expect(before.split(separator: "\n").count == after.split(separator: "\n").count)
    #expect(try test.store.check() == [])
  }

  /// The content files of `entity`, by name.
  func files(_ path: String, _ entity: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path + "/" + entity).sorted()
  }

  @Test func aSaveRewritesOnlyTheFilesWhoseBytesChanged() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    try test.store.insert("Batch", ["id": 1])
    try test.store.transaction { tx in
      for id in 1...3000 { try tx.insert("Click", ["clickID": .int(Int64(id))]) }
    }
    let table = try #require(test.store.state.tables["Click"])
    let names = try files(path, "Click")
    #expect(names == table.chunkNames.map { $0 + ".json" }.sorted())
    #expect(names.count == 1 + (1...3000).filter { ShardLayout.isBoundary(.int(Int64($0))) }.count)
    let inodes = try names.map { try inode(path + "/Click/" + $0) }
    let batchInode = try inode(path + "/Batch/0000000000000000.json")
    let victim = try #require((1...3000).map { RecordID.int(Int64($0)) }.first { !ShardLayout.isBoundary($0) && $0 > table.boundaries[0] })
    let touched = table.chunkName(table.chunkIndex(for: victim)) + ".json"
    try test.store.delete("Click", victim)
    for (n, name) in names.enumerated() {
      #expect((try inode(path + "/Click/" + name) != inodes[n]) == (name == touched), "file \(name)")
    }
    #expect(try inode(path + "/Batch/0000000000000000.json") == batchInode)
    #expect(try test.store.check() == [])
  }

  @Test(arguments: Backing.allCases)
  func insertingOrDeletingABoundaryRecordSplitsOrMergesOneChunk(_ backing: Backing) throws {
    let test = try TestStore(backing, schema: Self.schema)
    defer { test.remove() }
    let boundaries = (1...20_000).map { RecordID.int(Int64($0)) }.filter(ShardLayout.isBoundary)
    let boundary = try #require(boundaries.first)
    try test.store.transaction { tx in
      for id in 1...1024 where RecordID.int(Int64(id)) != boundary { try tx.insert("Click", ["clickID": .int(Int64(id))]) }
    }
    let before = try #require(test.store.state.tables["Click"])
    try test.store.insert("Click", ["clickID": boundary.jsonValue])
    let after = try #require(test.store.state.tables["Click"])
    #expect(after.chunkCount == before.chunkCount + 1)
    let chunk = after.chunkIndex(for: boundary)
    #expect(after.boundaries[chunk - 1] == boundary)
    #expect(after.chunks[chunk].ids.allSatisfy { !($0 < boundary) })
    #expect(after.chunks[chunk - 1].ids.allSatisfy { $0 < boundary })
    // The new chunk's file is written, and exactly the chunks' files are on disk.
    if let path = test.path { #expect(try files(path, "Click") == after.chunkNames.map { $0 + ".json" }.sorted()) }
    try test.store.delete("Click", boundary)
    let merged = try #require(test.store.state.tables["Click"])
    #expect(merged.chunkCount == before.chunkCount)
    #expect(try test.store.check() == [])
    // The merged-away chunk's file is removed, the others kept.
    if let path = test.path { #expect(try files(path, "Click") == merged.chunkNames.map { $0 + ".json" }.sorted()) }
  }

  @Test func aTransactionThatChangesNothingWritesNothing() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let stateInode = try inode(path + "/.folio/state.json")
    try test.store.transaction { tx in
      try tx.insert("Batch", ["id": 1])
      try tx.delete("Batch", 1)
    }
    #expect(try inode(path + "/.folio/state.json") == stateInode)
    #expect(test.store.generation == 0)
  }

  @Test func openWithoutASchemaUsesTheStoredCopy() throws {
    let test = try TestStore(.directory, schema: Self.schema, fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
    let path = try #require(test.path)
    defer { test.remove() }
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    try FileManager.default.removeItem(at: copy.url)
    try FileManager.default.copyItem(atPath: path, toPath: copy.path)
    let store = try Store.open(directory: copy.path)
    #expect(store.schema.entities.map(\.name) == ["Batch", "Click", "Order", "Person"])
    #expect(store.schema.entity(named: "Batch")?.relationship(named: "clicks")?.deleteRule == .cascade)
    #expect(store.get("Person", 1)?["born"] == "1815-12-10T00:00:00.000Z")
    #expect(store.schema.fingerprint == Self.schema.fingerprint)
  }

  @Test func aDirectoryWithOtherFilesIsNotTakenOver() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data("hello".utf8).write(to: directory.url.appendingPathComponent("notes.txt"))
    let error = try #require(throws: StoreError.self) { try Store(directory: directory.path, schema: Self.schema) }
    #expect(error.code == .notAStore)
    #expect(error.description == "schema.json: error: \(directory.path) is not a Folio store: there is no schema.json (it holds notes.txt); check the path, restore schema.json from version control if it was lost, or create a store in an empty directory [notAStore]")
  }

  @Test func aReadOnlyStoreRefusesTransactions() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    let error = try #require(throws: StoreError.self) { try reader.insert("Batch", ["id": 1]) }
    #expect(error.code == .readOnly)
  }
}

extension StoreDirectoryTests {
  @Test func aValidHandEditIsAcceptedAndCanonicalizingRewritesOnlyThatFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/s"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.insert("Person", ["id": 1, "name": "Ada"])
      try store.insert("Batch", ["id": 1])
    }
    let batch = try bytes(path + "/Batch/0000000000000000.json")
    try Data("[{\"name\":\"Ada L.\",\"id\":1,\"active\":true}]".utf8).write(to: URL(fileURLWithPath: path + "/Person/0000000000000000.json"))
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Person", 1)?["name"] == "Ada L.")
    #expect(store.generation == 3)
    #expect(try store.check() == [])
    #expect(store.nonCanonicalFiles() == ["Person/0000000000000000.json: valid, but not in canonical form (line endings, spacing, order, or a derived link written out); folio check --fix rewrites it"])
    #expect(try store.canonicalizeFiles() == 1)
    #expect(try text(path + "/Person/0000000000000000.json") == "[\n  {\n    \"active\": true,\n    \"id\": 1,\n    \"name\": \"Ada L.\"\n  }\n]\n")
    #expect(try bytes(path + "/Batch/0000000000000000.json") == batch)
    #expect(store.generation == 3)
    #expect(store.nonCanonicalFiles() == [])
    let reopened = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.generation == 3)
  }
}

extension StoreDirectoryTests {
  @Test func anInvalidSchemaCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = Schema(entities: [
      Entity(
        name: "Click", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
        relationships: [Relationship(name: "batch", target: "Batch", isToMany: false)])
    ])
    #expect(throws: SchemaError.self) { try Store(directory: directory.path + "/s", schema: broken) }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/s"))
  }
}
