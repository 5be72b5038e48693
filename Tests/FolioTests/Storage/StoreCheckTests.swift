import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreCheckTests {
  @Test func aWritersCheckFindsFilesChangedUnderIt() throws {
    let test = try TestStore(
      .directory, schema: StoreFixtures.batchSchema,
      fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
    defer { test.remove() }
    let path = try #require(test.path)
    #expect(try test.store.check() == [])
    try FileManager.default.removeItem(atPath: path + "/Order/0000000000000000.json")
    try Data("[]\n".utf8).write(to: URL(fileURLWithPath: path + "/Click/0000000000000000.json"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path + "/Batch/notes.json"))
    let problems = try test.store.check()
    #expect(problems == [
      "Batch/notes.json: appeared while the store was open for writing; close the store and open it again",
      "Click/0000000000000000.json: changed on disk while the store was open for writing; close the store and open it again",
      "Order/0000000000000000.json: missing, although Folio wrote it; restore it from version control",
    ])
  }

  @Test func checkOfAnInMemoryStoreChecksTheRecords() throws {
    let store = try Store.inMemory(schema: StoreFixtures.batchSchema)
    try StoreFixtures.load(StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"), into: store)
    #expect(try store.check() == [])
  }
}
