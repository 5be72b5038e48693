import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// A commit journal meets git (issue 31, defects 2 and 3), driven through the real `git`
/// binary: a save interrupted on one branch is never finished over another branch's files, and
/// a journal or a local state that arrives in a commit is never applied or trusted.
@Suite struct StoreGitJournalTests {
  static let schema = StoreFixtures.batchSchema

  /// A repository whose `store.folio` holds Batch 1…40 and Person 1…40 on `main`, and a branch
  /// `other` that relabels Batch 2 and renames Person 3; `main` is checked out.
  func repository() throws -> (GitRepository, String) {
    let repo = try GitRepository()
    let path = repo.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.transaction { tx in
        for id in 1...40 {
          try tx.insert("Batch", ["id": .int(Int64(id)), "label": .string("batch \(id)")])
          try tx.insert("Person", ["id": .int(Int64(id)), "name": .string("person \(id)")])
        }
      }
    }
    try repo.commitAll("base")
    try repo.git("switch", "-q", "-c", "other")
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.update("Batch", 2, ["label": "other's label"])
      try store.update("Person", 3, ["name": "other's name"])
    }
    try repo.commitAll("other")
    try repo.git("switch", "-q", "main")
    return (repo, path)
  }

  /// A save on `main` that stops after `stage`, as a kill would leave it.
  func crashedSave(_ path: String, after stage: CommitJournal.Stage) throws {
    // Opened once as it is: the switch back to main changed files, which an open records.
    _ = try Store(directory: path, schema: Self.schema)
    var options = StoreOptions()
    options.stopSavesAfter = stage
    let store = try Store(directory: path, schema: Self.schema, options: options)
    _ = try #require(throws: StoreError.self) {
      try store.transaction { tx in
        try tx.update("Batch", 2, ["label": "main's interrupted label"])
        try tx.update("Person", 3, ["name": "main's interrupted name"])
      }
    }
  }

  @Test func aJournalLeftOnOneBranchIsNotFinishedOverAnother() throws {
    let (repo, path) = try repository()
    defer { repo.remove() }
    try crashedSave(path, after: .committed)
    #expect(FileManager.default.fileExists(atPath: path + "/.folio/journal/commit.json"))
    // Nothing was applied, so git sees a clean tree and switches.
    #expect(try repo.git("status", "--porcelain") == "")
    try repo.git("switch", "-q", "other")
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reader.get("Batch", 2)?["label"] == "other's label")
    #expect(reader.loadProblems.map(\.code) == [.journalIgnored])
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Batch", 2)?["label"] == "other's label")
    #expect(store.get("Person", 3)?["name"] == "other's name")
    #expect(store.loadProblems.first?.message.contains("changed since it was written") == true)
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    // An unrelated change rewrites its own line and nothing else.
    try store.update("Person", 40, ["name": "renamed"])
    #expect(try repo.git("diff", "--numstat") == "1\t1\tstore.folio/Person/0000000000000000.json\n")
  }

  @Test(arguments: [CommitJournal.Stage.setAside, .partlyApplied])
  func aJournalHalfAppliedBeforeAForcedCheckoutLeavesTheCheckedOutFiles(_ stage: CommitJournal.Stage) throws {
    let (repo, path) = try repository()
    defer { repo.remove() }
    try crashedSave(path, after: stage)
    try repo.git("checkout", "-q", "-f", "other")
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Batch", 2)?["label"] == "other's label")
    #expect(store.get("Person", 3)?["name"] == "other's name")
    #expect(store.state.count("Batch") == 40)
    #expect(store.loadProblems.map(\.code) == [.journalIgnored])
    #expect(try repo.git("status", "--porcelain") == "")
  }

  /// The interrupted save is finished when the files are still what it was planned against
  /// (no checkout between).
  @Test func aJournalOverUnchangedFilesIsFinished() throws {
    let (repo, path) = try repository()
    defer { repo.remove() }
    try crashedSave(path, after: .partlyApplied)
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Batch", 2)?["label"] == "main's interrupted label")
    #expect(store.get("Person", 3)?["name"] == "main's interrupted name")
    #expect(store.loadProblems.isEmpty)
    #expect(try store.check() == [])
  }

  /// A pull request that carries `.folio/` (added with `git add -f`): its journal, its local
  /// state and the checksums that state claims are another working copy's, so none of them is
  /// applied or trusted in a clone.
  @Test func aJournalAndALocalStateThatArriveInACommitAreIgnored() throws {
    let (repo, path) = try repository()
    defer { repo.remove() }
    try crashedSave(path, after: .committed)
    // A hand edit that breaks a record, which the committed local state claims as clean.
    let head = path + "/Person/0000000000000000.json"
    let text = try String(contentsOfFile: head, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"name\": \"person 5\"", with: "\"name\": 5").utf8).write(to: URL(fileURLWithPath: head))
    var local = try #require(LocalState.read(directory: path))
    local.files["Person/0000000000000000.json"] = local.digest.checksum(try #require(try StoreFiles.readFile(head)))
    try Data(local.bytes).write(to: URL(fileURLWithPath: path + "/" + LocalState.file))
    try repo.git("add", "-f", "store.folio/.folio/journal", "store.folio/.folio/state.json")
    try repo.commitAll("a pull request carrying .folio")
    let clone = try TemporaryDirectory(prefix: "folio-clone")
    defer { clone.remove() }
    _ = try GitRepository.run(["clone", "-q", repo.path, clone.path + "/repo"], in: clone.path)
    let cloned = clone.path + "/repo/store.folio"
    #expect(FileManager.default.fileExists(atPath: cloned + "/.folio/journal/commit.json"))
    for readOnly in [true, false] {
      let store = try Store(directory: cloned, schema: Self.schema, options: StoreOptions(validation: .lenient, readOnly: readOnly))
      #expect(store.get("Batch", 2)?["label"] == "batch 2")
      #expect(store.get("Person", 3)?["name"] == "person 3")
      // The broken record is validated (not taken on the committed state's word) and left out.
      #expect(store.get("Person", 5) == nil)
      #expect(store.loadProblems.map(\.code) == [.journalIgnored, .invalidStoredRecord])
    }
    #expect(LocalState.read(directory: cloned)?.home == LocalState.identity(ofStore: cloned))
    #expect(!FileManager.default.fileExists(atPath: cloned + "/.folio/journal"))
  }

  /// A crafted journal in a pull request that removes every Batch: ignored, and `check` says so.
  @Test func aCraftedJournalThatRemovesFilesIsIgnored() throws {
    let (repo, path) = try repository()
    defer { repo.remove() }
    let journal = path + "/.folio/journal"
    try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
    let record = #"{"files": [], "owner": "sip128:00000000000000000000000000000000", "remove": [{"before": "sip128:0", "file": "Batch/0000000000000000.json"}]}"#
    try Data(record.utf8).write(to: URL(fileURLWithPath: journal + "/commit.json"))
    try repo.git("add", "-f", "store.folio/.folio/journal")
    try repo.commitAll("crafted")
    let clone = try TemporaryDirectory(prefix: "folio-clone")
    defer { clone.remove() }
    _ = try GitRepository.run(["clone", "-q", repo.path, clone.path + "/repo"], in: clone.path)
    let store = try Store(directory: clone.path + "/repo/store.folio", schema: Self.schema)
    #expect(store.state.count("Batch") == 40)
    let problems = try store.check()
    #expect(problems.count == 1)
    #expect(problems.first?.contains("was not written in this working copy") == true)
    #expect(FileManager.default.fileExists(atPath: clone.path + "/repo/store.folio/Batch/0000000000000000.json"))
  }
}
