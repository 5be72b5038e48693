import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// A reader that stops while it holds the shared commit lock (a `folio export` suspended with
/// Ctrl-Z) never blocks a writer for longer than the writer's bounded wait: the commit is
/// durable and visible to readers at once, and is moved into place when the lock is free.
@Suite struct SuspendedReaderTests {
  /// Another process holding the shared commit lock until killed, as a suspended reader does.
  static func holdSharedLock(_ path: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // One process that takes the shared lock and sleeps (no child that could inherit the lock).
    process.arguments = [
      "python3", "-c", "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_SH); time.sleep(30)",
      path + "/.folio/commit.lock",
    ]
    try process.run()
    // Wait until it holds the lock: an exclusive try then fails.
    for _ in 0..<500 {
      if try CommitLock.acquireExclusive(directory: path, waiting: 0).map({ $0.release() }) == nil { return process }
      usleep(10_000)
    }
    kill(process.processIdentifier, SIGKILL)
    throw FixtureError("flock did not take the commit lock")
  }

  @Test func aWriterDoesNotWaitForeverForAStoppedReader() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    var options = StoreOptions()
    options.commitLockWait = 0.3
    let store = try Store(directory: path, schema: StoreFixtures.batchSchema, options: options)
    try store.insert("Batch", ["id": 1])
    let reader = try Self.holdSharedLock(path)
    defer { kill(reader.processIdentifier, SIGKILL) }
    let started = Date()
    try store.insert("Batch", ["id": 2])  // committed; moving it into place waits
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(FileManager.default.fileExists(atPath: path + "/.folio/journal/commit.json"))
    // Readers see the commit through the journal.
    let seen = try Store(directory: path, schema: StoreFixtures.batchSchema, options: StoreOptions(readOnly: true))
    #expect(seen.get("Batch", 2) != nil)
    // The next commit must first move the waiting one into place; while the reader holds on,
    // it is refused, saying who holds what, and nothing is lost.
    let error = try #require(throws: StoreError.self) { try store.insert("Batch", ["id": 3]) }
    #expect(error.code == .locked)
    #expect(error.message.hasPrefix("another process has held the commit lock .folio/commit.lock for 0 s: a reader (such as folio query or export), perhaps suspended with Ctrl-Z"))
    kill(reader.processIdentifier, SIGKILL)
    reader.waitUntilExit()
    try store.insert("Batch", ["id": 3])
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    #expect(try store.check() == [])
    let reopened = try Store(directory: path, schema: StoreFixtures.batchSchema, options: StoreOptions(readOnly: true))
    #expect(reopened.state.ids("Batch") == [1, 2, 3])
  }
}
