import FolioTestSupport
import Foundation
import Synchronization
import Testing

@testable import Folio

/// Each of open, commit, CRUD, migration and sync emits its documented events (Logging.md)
/// with their metadata.
@Suite struct FolioLogHandlerTests {
  typealias Repo = RepoFixtures.Repo

  /// Collects entries from any thread.
  final class Entries: Sendable {
    private let entries = Mutex<[FolioLogEntry]>([])
    func handler(_ level: FolioLogLevel = .debug) -> FolioLogHandler {
      FolioLogHandler(minimumLevel: level) { entry in self.entries.withLock { $0.append(entry) } }
    }
    var all: [FolioLogEntry] { entries.withLock { $0 } }
    func named(_ event: String) -> [FolioLogEntry] { all.filter { $0.event == event } }
    func clear() { entries.withLock { $0.removeAll() } }
  }

  @Test func openingLogsTheStoreWithItsFileGenerationAndRecords() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/repos.folio"
    do {
      let store = try Store(directory: path, schema: RepoFixtures.schema)
      try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    }
    let log = Entries()
    var options = StoreOptions()
    options.logHandler = log.handler()
    _ = try Store(directory: path, schema: RepoFixtures.schema, options: options)
    #expect(log.all.map(\.description) == [
      "[info] store.opened: opened \(path) (1 record) file=\(path) generation=1 records=1 trustedFiles=1 validatedFiles=0"
    ])
  }

  @Test func aFailedOpenLogsTheErrorWithItsContext() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data("x".utf8).write(to: directory.url.appendingPathComponent("notes.txt"))
    let log = Entries()
    var options = StoreOptions()
    options.logHandler = log.handler()
    #expect(throws: StoreError.self) { try Store(directory: directory.path, schema: RepoFixtures.schema, options: options) }
    let failed = try #require(log.named("store.openFailed").first)
    #expect(failed.level == .error)
    #expect(failed.metadata["code"] == "notAStore")
    #expect(failed.metadata["file"] == "schema.json")
    #expect(failed.metadata["store"] == directory.path)
  }

  @Test func aLenientOpenLogsEachRecordItLeftOutWithFileLineAndPointer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/repos.folio"
    let location: RecordLocation
    do {
      let store = try Store(directory: path, schema: RepoFixtures.schema)
      try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
      location = try #require(try store.location(of: "Repo", 1))
    }
    let file = URL(fileURLWithPath: path).appendingPathComponent(location.file)
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: "\"open\"", with: "5").write(to: file, atomically: true, encoding: .utf8)
    let log = Entries()
    var options = StoreOptions(validation: .lenient, readOnly: true)
    options.logHandler = log.handler()
    let store = try Store(directory: path, schema: RepoFixtures.schema, options: options)
    #expect(store.loadProblems.count == 1)
    let problem = try #require(log.named("store.loadProblem").first)
    #expect(problem.level == .warning)
    #expect(problem.metadata["file"] == location.file)
    #expect(problem.metadata["line"] != nil)
    #expect(problem.metadata["pointer"] == location.pointer + "/state")
    #expect(problem.metadata["entity"] == "Repo")
  }

  @Test func commitsAndEachChangedRecordAreLogged() throws {
    let log = Entries()
    let store = try Store.inMemory(schema: RepoFixtures.schema, logHandler: log.handler())
    try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    try store.update("Repo", 1, ["stars": 3])
    try store.delete(Repo.self, 1)
    #expect(log.all.map(\.description) == [
      "[info] commit: commit 1: 1 record changed changes=1 entities=Repo generation=1",
      "[debug] record.inserted: Repo 1 inserted entity=Repo generation=1 identifier=1",
      "[info] commit: commit 2: 1 record changed changes=1 entities=Repo generation=2",
      "[debug] record.updated: Repo 1 updated entity=Repo generation=2 identifier=1",
      "[info] commit: commit 3: 1 record changed changes=1 entities=Repo generation=3",
      "[debug] record.deleted: Repo 1 deleted entity=Repo generation=3 identifier=1",
    ])
  }

  @Test func anInfoHandlerGetsCommitsButNoRecordEntries() throws {
    let log = Entries()
    let store = try Store.inMemory(schema: RepoFixtures.schema, logHandler: log.handler(.info))
    try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    #expect(log.all.map(\.event) == ["commit"])
  }

  @Test func aFailedTransactionLogsTheErrorWithEntityAndIdentifier() throws {
    let log = Entries()
    let store = try Store.inMemory(schema: RepoFixtures.schema, logHandler: log.handler())
    try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    log.clear()
    #expect(throws: StoreError.self) { try store.insert(Repo(number: 1, fullName: "again", state: "open")) }
    let failed = try #require(log.all.first)
    #expect(log.all.count == 1)
    #expect(failed.event == "transaction.failed")
    #expect(failed.level == .error)
    #expect(failed.metadata == ["code": "duplicateIdentifier", "entity": "Repo", "identifier": "1"])
  }

  @Test func migrationsAreLoggedByNameWithTheStoreFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/repos.folio"
    do {
      let store = try Store(directory: path, schema: RepoFixtures.schema)
      try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    }
    let log = Entries()
    var options = StoreOptions(migrations: [Migration("star-everything") { documents in
      documents["Repo"] = documents["Repo"]?.map { record in
        var record = record
        record["stars"] = 1
        return record
      }
    }])
    options.logHandler = log.handler(.info)
    _ = try Store(directory: path, schema: RepoFixtures.schema, options: options)
    #expect(log.all.map(\.event) == ["migration.applied", "store.opened"])
    #expect(log.named("migration.applied").first?.metadata == ["migration": "star-everything", "file": path, "records": "1"])
    #expect(log.named("store.opened").first?.metadata["generation"] == "2")
  }

  @Test func syncsLogTheirSummaryRejectionsAndFailures() throws {
    let log = Entries()
    let legacy = Mutex<[String]>([])
    let store = try Store.inMemory(schema: RepoFixtures.schema, logHandler: log.handler(.info))
    var options = SyncOptions()
    // The per-sync handler keeps working beside the store's.
    options.logHandler = SyncLogHandler(minimumLevel: .info) { level, message in
      legacy.withLock { $0.append("\(level): \(message)") }
    }
    try store.sync(
      [["number": 1, "fullName": "apple/swift"], ["number": 2, "fullName": ["not", "text"]]], into: "Repo",
      options: options)
    let rejected = try #require(log.named("sync.rejected").first)
    #expect(rejected.level == .warning)
    #expect(rejected.metadata["entity"] == "Repo")
    #expect(rejected.metadata["identifier"] == "2")
    #expect(rejected.metadata["pointer"] == "/1/fullName")
    let applied = try #require(log.named("sync.applied").first)
    #expect(applied.metadata == ["entity": "Repo", "generation": "1", "summary": "1 inserted · 1 rejected"])
    #expect(log.all.map(\.event) == ["commit", "sync.rejected", "sync.applied"])
    #expect(legacy.withLock { $0 }.last == "info: Repo sync: 1 inserted · 1 rejected")

    log.clear()
    #expect(throws: SyncError.self) { try store.sync([], into: "Ghost") }
    let failed = try #require(log.named("sync.failed").first)
    #expect(failed.level == .error)
    #expect(failed.metadata["entity"] == "Ghost")
    #expect(failed.metadata["code"] == "unknownEntity")

    log.clear()
    let session = store.beginSyncSession()
    try session.sync([["number": 3, "fullName": "apple/swift-log"]], into: "Repo")
    #expect(log.named("sync.applied").first?.metadata["summary"] == "1 inserted · 1 deleted")

    log.clear()
    let plan = try store.plan([["number": 1, "fullName": "swiftlang/swift"]], into: "Repo")
    try store.apply(plan)
    #expect(log.all.map(\.event) == ["commit", "sync.applied"])
    #expect(log.named("sync.applied").first?.metadata["generation"] == "3")
  }
}
