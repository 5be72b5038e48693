import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreLockTests {
  static let schema = StoreFixtures.batchSchema

  @Test func aSecondWriterProcessGetsAnErrorNamingTheHolder() throws {
    let test = try TestStore(.directory, schema: Self.schema)
    defer { test.remove() }
    let path = try #require(test.path)
    let result = try StoreTestHost.run(["write", path, "Batch", #"{"id": 7}"#])
    #expect(result.status == 1)
    let pid = ProcessInfo.processInfo.processIdentifier
    #expect(result.output.hasPrefix(".folio/lock: error: the store is locked by another writer: pid \(pid) on host \(StoreLock.hostName()) since "))
    #expect(result.output.contains("close that store (or wait for that process to end), or open this one read-only [locked]"))
    #expect(test.store.get("Batch", 7) == nil)
    #expect(try test.store.check() == [])
  }

  @Test func aWriterInThisProcessIsRefusedWhileAnotherProcessHoldsTheLock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.insert("Batch", ["id": 1])
    }
    let holder = try StoreTestHost.start(["hold-lock", path, "20"])
    defer { holder.kill() }
    #expect(holder.readLine() == "locked 1")
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.code == .locked)
    #expect(error.message.contains("pid \(holder.process.processIdentifier) on host"))
    // A reader still opens, and sees the committed state.
    let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reader.get("Batch", 1) == ["id": 1])
    holder.kill()
    #expect(holder.wait() == SIGKILL)
    // The kernel released the lock with the killed process.
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.state.count("Batch") == 1)
  }

  @Test func aWriterProcessSavesAndAReaderProcessSeesIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do { _ = try Store(directory: path, schema: Self.schema) }
    let write = try StoreTestHost.run(["write", path, "Click", #"{"clickID": 3}"#])
    #expect(write.output == "wrote 1\n")
    let count = try StoreTestHost.run(["count", path, "Click"])
    #expect(count.output == "1\n")
    #expect(count.status == 0)
  }
}
