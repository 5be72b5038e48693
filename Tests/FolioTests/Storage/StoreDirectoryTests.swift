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

  @Test func aNewStoreHoldsManifestSchemaGitignoreAndOneEmptyShardPerEntity() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(names == [".gitignore", "Batch", "Click", "Order", "Person", "commit.lock", "lock", "manifest.json", "schema.json"])
    #expect(try text(path + "/Batch/0000.json") == "[]\n")
    #expect(try text(path + "/.gitignore").contains("lock\ncommit.lock\n.journal/\n"))
    let manifest = try Manifest(bytes: try bytes(path + "/manifest.json"))
    #expect(manifest.generation == 0)
    #expect(manifest.schemaFingerprint == Self.schema.fingerprint)
    #expect(manifest.entities["Batch"]?.shards == [Manifest.Shard(records: 0, checksum: ShardFile.checksum(Array("[]\n".utf8)))])
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
    #expect(reopened.generation == before.generation)
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
    let before = try text(path + "/Person/0000.json")
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
    let after = try text(path + "/Person/0000.json")
    let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
    #expect(changed.map { "\($0.1)" } == ["    \"score\": 2.25,"])
    #expect(before.split(separator: "\n").count == after.split(separator: "\n").count)
    #expect(try test.store.check() == [])
  }

  @Test func aSaveRewritesOnlyTheShardsWhoseBytesChanged() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    try test.store.transaction { tx in
      for id in 1...3000 { try tx.insert("Click", ["clickID": .int(Int64(id))]) }
    }
    let manifest = try Manifest(bytes: try bytes(path + "/manifest.json"))
    #expect(manifest.entities["Click"]?.shardBits == 2)
    #expect(manifest.entities["Click"]?.records == 3000)
    let files = (0..<4).map { path + "/" + ShardFile.path(entity: "Click", index: $0) }
    let inodes = try files.map(inode)
    let batchInode = try inode(path + "/Batch/0000.json")
    try test.store.delete("Click", 1234)
    let touched = Click1234Shard.index
    for (index, file) in files.enumerated() {
      #expect((try inode(file) != inodes[index]) == (index == touched), "shard \(index)")
    }
    #expect(try inode(path + "/Batch/0000.json") == batchInode)
    #expect(try test.store.check() == [])
  }

  enum Click1234Shard {
    static var index: Int { Int(RecordID.int(1234).stableHash & 3) }
  }

  @Test(arguments: Backing.allCases)
  func entitiesSplitTheirShardsAsTheyGrow(_ backing: Backing) throws {
    let test = try TestStore(backing, schema: Self.schema)
    defer { test.remove() }
    try test.store.transaction { tx in
      for id in 1...1024 { try tx.insert("Click", ["clickID": .int(Int64(id))]) }
    }
    #expect(test.store.state.tables["Click"]?.shardCount == 1)
    try test.store.insert("Click", ["clickID": 5000])
    #expect(test.store.state.tables["Click"]?.shardCount == 2)
    #expect(test.store.state.count("Click") == 1025)
    #expect(try test.store.check() == [])
  }

  @Test func aTransactionThatChangesNothingWritesNothing() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let manifestInode = try inode(path + "/manifest.json")
    try test.store.transaction { tx in
      try tx.insert("Batch", ["id": 1])
      try tx.delete("Batch", 1)
    }
    #expect(try inode(path + "/manifest.json") == manifestInode)
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
    #expect(error.description == "error: \(directory.path) holds files that are not part of a Folio store (notes.txt); choose an empty or new directory [notAStore]")
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
  @Test func rewritingFilesNormalisesAcceptedHandEdits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/s"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.insert("Person", ["id": 1, "name": "Ada"])
    }
    try Data(#"[{"name":"Ada","id":1,"active":true}]"#.utf8).write(to: URL(fileURLWithPath: path + "/Person/0000.json"))
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(try store.check().count == 3)
    try store.rewriteFiles()
    #expect(try text(path + "/Person/0000.json") == "[\n  {\n    \"active\": true,\n    \"id\": 1,\n    \"name\": \"Ada\"\n  }\n]\n")
    #expect(store.generation == 1)
    let reopened = try Store(directory: directory.path + "/s", schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.loadProblems == [])
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
