import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// The defects an outside audit found (issue 14), each as the audit triggered it.
@Suite struct AuditDefectTests {
  static let schema = StoreFixtures.batchSchema

  func closedStore(_ directory: TemporaryDirectory) throws -> String {
    try StoreFixtures.closedBatchesStore(in: directory)
  }

  @Test func aStoreThatLostItsSchemaIsNeverRecreatedOverItsContent() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try FileManager.default.removeItem(atPath: path + "/schema.json")
    try FileManager.default.removeItem(atPath: path + "/.folio")
    let before = try BadInputCorpusTests.hashes(path)
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.code == .notAStore)
    #expect(error.message.contains("there is no schema.json (it holds .gitattributes, .gitignore, Batch, Click, Order, …); check the path, restore schema.json from version control"))
    #expect(try BadInputCorpusTests.hashes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio"))
  }

  @Test func aLostLocalFolderIsRebuiltFromTheContent() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let before = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true)).state
    try FileManager.default.removeItem(atPath: path + "/.folio")  // git clean -fdX does this
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.generation == 0)
    for entity in Self.schema.entities { #expect(store.state.ids(entity.name) == before.ids(entity.name)) }
    #expect(LocalState.read(directory: path)?.files.count == 4)
    #expect(try store.check() == [])
  }

  @Test func aJournalNamingPathsOutsideTheStoreIsReportedAndNotApplied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: directory.path + "/victim.txt"))
    let journal = path + "/" + CommitJournal.folder
    try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
    try Data("pwned".utf8).write(to: URL(fileURLWithPath: journal + "/0"))
    let record = #"{"files": [{"before": null, "checksum": "sip128:0", "file": "../pwned.txt"}], "owner": "sip128:0", "remove": [{"before": "sip128:0", "file": "../victim.txt"}]}"#
    try Data(record.utf8).write(to: URL(fileURLWithPath: journal + "/commit.json"))
    for readOnly in [true, false] {
      let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: readOnly))
      #expect(store.loadProblems.first?.code == .journalIgnored)
      #expect(store.loadProblems.first?.message.hasPrefix(#"the commit journal lists "../pwned.txt", which is not a file of a store, so it was not applied"#) == true)
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/pwned.txt"))
    #expect(FileManager.default.fileExists(atPath: directory.path + "/victim.txt"))
  }

  @Test func aSaveThatFailsAfterItsCommitPointSaysTheChangeIsCommitted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    var options = StoreOptions()
    options.stopSavesAfter = .committed
    let store = try Store(directory: path, schema: Self.schema, options: options)
    let error = try #require(throws: StoreError.self) { try store.insert("Batch", ["id": 77]) }
    #expect(error.code == .committedNotFinished)
    #expect(error.message.hasPrefix("the change was committed as generation 2 and readers see it, but moving its files into place failed"))
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reader.get("Batch", 77) != nil)
  }

  @Test func aSyncThatFailsAfterItsCommitPointSaysTheSyncIsCommitted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    var options = StoreOptions()
    options.stopSavesAfter = .committed
    let store = try Store(directory: path, schema: Self.schema, options: options)
    let error = try #require(throws: SyncError.self) {
      try store.sync(.array([.object(["id": 78])]), into: "Batch", options: SyncOptions(deleteMissing: false))
    }
    #expect(error.code == .committedNotFinished)
    #expect(error.message.hasPrefix("the change was committed as generation 2 and readers see it"))
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reader.get("Batch", 78) != nil)
  }
}
