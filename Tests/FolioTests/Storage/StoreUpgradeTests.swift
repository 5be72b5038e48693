import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// Format-1 stores (`Fixtures/stores/v1-*`, written by the last format-1 Folio) open, and the
/// first writable open upgrades them to format 2 in one commit without losing a record.
@Suite struct StoreUpgradeTests {
  /// A copy of the fixture store `name` in `directory`.
  func copy(_ name: String, into directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/" + name
    try FileManager.default.copyItem(
      atPath: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/" + name).path, toPath: path)
    return path
  }

  func names(_ path: String) -> [String] {
    (FileManager.default.subpaths(atPath: path) ?? []).filter { !$0.hasPrefix(".folio") }.sorted()
  }

  @Test(arguments: ["v1-company", "v1-batch-click"])
  func aReadOnlyOpenReadsAFormatOneStoreAndWritesNothing(_ name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try copy(name, into: directory)
    let before = try BadInputCorpusTests.hashes(path)
    let store = try Store.open(directory: path, options: StoreOptions(readOnly: true))
    #expect(store.loadProblems == [])
    #expect(try store.check() == [])
    #expect(try BadInputCorpusTests.hashes(path) == before)
  }

  @Test func theCompanyStoreUpgradesWithEveryRecordAndItsGeneration() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try copy("v1-company", into: directory)
    let old = try Store.open(directory: path, options: StoreOptions(readOnly: true))
    let store = try Store.open(directory: path)
    #expect(store.generation == 3)
    for entity in store.schema.entities {
      #expect(store.state.ids(entity.name) == old.state.ids(entity.name))
      for id in old.state.ids(entity.name) { #expect(store.get(entity.name, id) == old.state.record(entity.name, id)) }
    }
    #expect(store.state.count("Employee") == 20)
    #expect(names(path) == [
      ".gitattributes", ".gitignore", "Department", "Department/0000000000000000.json", "Employee",
      "Employee/0000000000000000.json", "schema.json",
    ])
    let schema = try String(contentsOfFile: path + "/schema.json", encoding: .utf8)
    #expect(schema.contains("\"folioStore\": {\n    \"formatVersion\": 2,"))
    #expect(try String(contentsOfFile: path + "/.gitignore", encoding: .utf8) == DirectoryBacking.gitignore)
    #expect(LocalState.read(directory: path)?.generation == 3)
    #expect(try store.check() == [])
    #expect(store.nonCanonicalFiles() == [])
  }

  @Test func theBatchClickStoreStoresEachLinkOnceAfterTheUpgrade() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try copy("v1-batch-click", into: directory)
    let old = try Store.open(directory: path, options: StoreOptions(readOnly: true))
    #expect(old.get("Batch", 1)?["clicks"]?.arrayValue?.count == 70)
    do {
      let store = try Store.open(directory: path)
      #expect(store.state.count("Click") == 2100)
      #expect(store.get("Batch", 1) == old.state.record("Batch", 1))
      #expect(try store.check() == [])
    }
    // Format 1 kept both sides; format 2 keeps Click.batch and derives Batch.clicks.
    let batches = try String(contentsOfFile: path + "/Batch/0000000000000000.json", encoding: .utf8)
    #expect(!batches.contains("clicks"))
    let clickFiles = try FileManager.default.contentsOfDirectory(atPath: path + "/Click").sorted()
    #expect(clickFiles == ["0000000000000000.json", "7443733e58b82800.json", "c9bdc42a0d91e000.json", "f7f42bccb968d800.json"])
    let reopened = try Store.open(directory: path, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Batch", 30)?["clicks"] == old.state.record("Batch", 30)?["clicks"])
    #expect(reopened.state.invariantViolations() == [])
  }

  @Test func aHandEditedFormatOneShardIsKeptByTheUpgrade() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try copy("v1-company", into: directory)
    let shard = path + "/Employee/0000.json"
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"Ada Lovelace\"", with: "\"Ada King\"").utf8).write(to: URL(fileURLWithPath: shard))
    let store = try Store.open(directory: path)
    #expect(store.get("Employee", 1)?["fullName"] == "Ada King")
  }

  /// A format-1 journal carries no owner mark, so nothing tells it from one that arrived in a
  /// commit: it is reported and set aside, never applied (the files are the truth).
  @Test func aCommittedFormatOneJournalIsReportedAndNotApplied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try copy("v1-company", into: directory)
    // A format-1 save that crashed after its commit point: the new Department shard waits in
    // the old journal.
    let current = try String(contentsOfFile: path + "/Department/0000.json", encoding: .utf8)
    let department = current.replacingOccurrences(of: "\"name\": \"Research\"", with: "\"name\": \"Research and Development\"")
    #expect(department != current)
    try FileManager.default.createDirectory(atPath: path + "/.journal", withIntermediateDirectories: true)
    try Data(department.utf8).write(to: URL(fileURLWithPath: path + "/.journal/0"))
    let record = #"{"files": [{"checksum": "\#(ShardFile.checksum(Array(department.utf8)))", "file": "Department/0000.json"}], "remove": []}"#
    try Data(record.utf8).write(to: URL(fileURLWithPath: path + "/.journal/commit.json"))
    let store = try Store.open(directory: path)
    #expect(store.get("Department", 2)?["name"] == "Research")
    #expect(store.loadProblems.first?.code == .journalIgnored)
    #expect(!FileManager.default.fileExists(atPath: path + "/.journal"))
    #expect(FileManager.default.fileExists(atPath: path + "/.folio/ignored/legacy-journal/commit.json"))
  }
}
