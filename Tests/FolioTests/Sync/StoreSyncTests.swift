import Folio
import FolioTestSupport
import Foundation
import Testing

/// A directory store keeps what a sync committed, and a refused sync leaves its files alone.
@Suite struct SyncDirectoryTests {
  @Test func aSyncIsDurableAcrossReopening() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("items.folio").path
    let schema = Schema(entities: [SyncSchemas.item()])
    do {
      let store = try Store(directory: path, schema: schema)
      try store.sync(
        [["id": 1, "name": "A"], ["id": 2, "seen": "2014-07-06T09:59:00+02:00"]], into: "Item")
      let error = try #require(throws: SyncError.self) {
        var options = SyncOptions(forceInsert: true)
        options.deleteMissing = true
        try store.sync([["id": 3], ["id": 1]], into: "Item", options: options)
      }
      #expect(error.code == .duplicateIdentifier)
    }
    let reopened = try Store(directory: path, schema: schema)
    SyncTestStore.expect(
      reopened.state,
      equals: ["Item": [["id": 1, "name": "A"], ["id": 2, "seen": "2014-07-06T07:59:00.000Z"]]])
    #expect(reopened.generation == 1)
  }
}
