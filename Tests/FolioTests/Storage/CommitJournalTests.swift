import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct CommitJournalTests {
  static let schema = StoreFixtures.batchSchema

  /// A store with Batch 1 and Clicks 1…3000 (four Click shards), saved.
  func seeded(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.schema)
    try store.transaction { tx in
      try tx.insert("Batch", ["id": 1, "label": "old"])
      for id in 1...3000 { try tx.insert("Click", ["clickID": .int(Int64(id))]) }
    }
    return path
  }

  /// Runs a save touching several shards and two entities that stops after `stage`.
  func crashedSave(_ path: String, after stage: CommitJournal.Stage) throws {
    var options = StoreOptions()
    options.stopSavesAfter = stage
    let store = try Store(directory: path, schema: Self.schema, options: options)
    let error = try #require(throws: StoreError.self) {
      try store.transaction { tx in
        try tx.update("Batch", 1, ["label": "new"])
        for id in [1, 2, 3, 4, 5, 6, 7, 8] { try tx.update("Click", .int(Int64(id)), ["batch": 1]) }
      }
    }
    #expect(error.description.contains("simulated crash"))
  }

  @Test(arguments: CommitJournal.Stage.allCases)
  func theNextOpenSeesExactlyTheOldOrTheNewState(_ stage: CommitJournal.Stage) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    try crashedSave(path, after: stage)
    #expect(FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    let committed = stage != .journalPartlyWritten && stage != .journalWritten
    // A reader that finds the crashed journal sees the same state as the recovering writer.
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    let store = try Store(directory: path, schema: Self.schema)
    for opened in [reader, store] {
      #expect(opened.get("Batch", 1)?["label"] == (committed ? "new" : "old"))
      #expect(opened.get("Batch", 1)?["clicks"] == (committed ? [1, 2, 3, 4, 5, 6, 7, 8] : nil))
      #expect(opened.get("Click", 8)?["batch"] == (committed ? 1 : nil))
      #expect(opened.generation == (committed ? 2 : 1))
    }
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    #expect(try store.check() == [])
    try store.update("Batch", 1, ["label": "after"])
    #expect(try store.check() == [])
  }

  @Test func aLeftoverTemporaryCommitRecordIsNotACommit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    try crashedSave(path, after: .journalWritten)
    // Killed while writing the commit record: only its temporary file exists.
    try Data("{\"files\": [".utf8).write(to: URL(fileURLWithPath: path + "/.folio/journal/commit.json.tmp"))
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Batch", 1)?["label"] == "old")
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    #expect(try store.check() == [])
  }

  @Test func aSaveFailingAfterItsCommitPointRefusesFurtherTransactions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    var options = StoreOptions()
    options.stopSavesAfter = .committed
    let store = try Store(directory: path, schema: Self.schema, options: options)
    #expect(throws: StoreError.self) { try store.update("Batch", 1, ["label": "new"]) }
    let error = try #require(throws: StoreError.self) { try store.update("Batch", 1, ["label": "again"]) }
    #expect(error.code == .ioFailure)
    #expect(error.message.contains("close the store and open it again"))
  }

  @Test(arguments: [20_000, 60_000, 120_000, 200_000] as [UInt32])
  func aWriterKilledMidSaveLeavesWholeCommitsOnly(afterMicroseconds delay: UInt32) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.transaction { tx in
        for id in 1...3000 { try tx.insert("Batch", ["id": .int(Int64(id)), "label": "0"]) }
      }
    }
    let writer = try StoreTestHost.start(["churn", path, "Batch", "label", "100000"])
    defer { writer.kill() }
    #expect(writer.readLine() == "churning 8")
    usleep(delay)
    writer.kill()
    #expect(writer.wait() == SIGKILL)
    let store = try Store(directory: path, schema: Self.schema)
    let labels = Set((1...8).map { store.get("Batch", .int(Int64($0)))?["label"] })
    #expect(labels.count == 1, "a kill left a mix of commits: \(labels)")
    #expect(labels.first??.stringValue == String(store.generation - 1))
    #expect(try store.check() == [])
    try store.update("Batch", 1, ["label": "after"])
    #expect(try store.check() == [])
  }

  @Test func aDamagedCommitRecordIsReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    try crashedSave(path, after: .committed)
    try Data("{\"files\": 3".utf8).write(to: URL(fileURLWithPath: path + "/.folio/journal/commit.json"))
    // The content on disk is the truth: the store opens as its files are, and says why.
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.loadProblems.map(\.description) == [
      ".folio/journal/commit.json: error: the commit journal is damaged, so it was not applied and the files were kept as they are; check that they hold what you expect (version control has every committed version) (the journal was moved to .folio/ignored/journal-1) [journalIgnored]"
    ])
    #expect(store.get("Batch", 1)?["label"] == "old")
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    #expect(FileManager.default.fileExists(atPath: path + "/.folio/ignored/journal-1/commit.json"))
  }
}
