import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreCheckTests {
  @Test func checkFindsFilesThatNoLongerMatchTheManifestOrTheRecords() throws {
    let test = try TestStore(
      .directory, schema: StoreFixtures.batchSchema,
      fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
    defer { test.remove() }
    let path = try #require(test.path)
    #expect(try test.store.check() == [])
    try FileManager.default.removeItem(atPath: path + "/Order/0000.json")
    try Data("[]\n".utf8).write(to: URL(fileURLWithPath: path + "/Click/0000.json"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path + "/Batch/notes.json"))
    let problems = try test.store.check()
    #expect(problems.count == 4)
    #expect(problems.contains("Order/0000.json: missing"))
    #expect(problems.contains("Click/0000.json: the file does not hold the canonical bytes of the records in memory"))
    #expect(problems.contains { $0.hasPrefix("Click/0000.json: checksum fnv1a64w:a2a2fd1a0fa1fa7b does not match the manifest's ") })
    #expect(problems.contains("Batch/notes.json: not a shard listed in the manifest; remove it"))
  }

  @Test func checkOfAnInMemoryStoreChecksTheRecords() throws {
    let store = try Store.inMemory(schema: StoreFixtures.batchSchema)
    try StoreFixtures.load(StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"), into: store)
    #expect(try store.check() == [])
  }
}
