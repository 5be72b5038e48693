import FolioJSON
import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// The records a sync writes, and the records an open reads, share one key array per shape
/// (``JSONObject`` keeps keys apart from values), whatever the payload's key order; a record
/// without an optional attribute keeps keys of its own, and every record reads back exactly.
@Suite struct SyncRecordKeySharingTests {
  static let payload = #"""
    [{"id": 1, "name": "Ada", "count": 3, "price": 1.5, "active": true, "version": 1,
      "seen": "2024-01-02T03:04:05Z", "nick": "a", "meta": {"title": "first"}},
     {"nick": "b", "meta": {"title": "second"}, "id": 2, "name": "Bob", "count": 4,
      "price": 2.5, "active": false, "version": 2, "seen": "2024-02-03T04:05:06Z"},
     {"id": 3, "name": "Cy", "count": 5, "price": 3.5, "active": true, "version": 3,
      "seen": "2024-03-04T05:06:07Z", "nick": "c", "meta": {"title": "third"}},
     {"id": 4, "name": "Di"}]
    """#

  /// Syncs ``payload`` into a new store at `path`, and returns its records; the store is closed
  /// on return.
  static func syncFirstDay(into path: String) throws -> [JSONObject] {
    let store = try Store(directory: path, schema: SchemaFixtures.item)
    let report = try store.sync(json: Array(payload.utf8), into: "Item")
    #expect(report.count(.inserted) == 4)
    return try (1...4).map { try #require(store.get("Item", .int($0))) }
  }

  @Test func syncedAndReopenedRecordsShareTheirKeys() throws {
    let directory = try TemporaryDirectory(prefix: "folio-key-sharing")
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("store.folio").path
    let synced = try Self.syncFirstDay(into: path)
    // The first three have every attribute, in any payload order: one key array.
    #expect(synced[0].sharesKeys(with: synced[1]))
    #expect(synced[1].sharesKeys(with: synced[2]))
    #expect(!synced[3].sharesKeys(with: synced[0]))
    #expect(synced[0].keys == ["active", "count", "id", "name", "nick", "price", "seen", "title", "version"])
    #expect(synced[1]["title"] == "second")
    #expect(synced[3].keys == ["id", "name"])
    #expect(synced[3]["name"] == "Di")

    let reopened = try Store(directory: path, schema: SchemaFixtures.item)
    let read = try (1...4).map { try #require(reopened.get("Item", .int($0))) }
    #expect(read == synced)
    #expect(read[0].sharesKeys(with: read[1]))
    #expect(read[1].sharesKeys(with: read[2]))
    #expect(!read[3].sharesKeys(with: read[0]))

    // An update that changes a value keeps sharing; one that drops an attribute does not, and
    // the others keep their keys.
    let update = #"[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bo", "count": 4, "price": 2.5, "active": false, "version": 2, "seen": "2024-02-03T04:05:06Z", "nick": "b", "meta": {"title": "second"}}, {"id": 3, "name": "Cy", "nick": null}]"#
    let second = try reopened.sync(json: Array(update.utf8), into: "Item")
    #expect(second.count(.updated) == 2)
    #expect(second.count(.deleted) == 1)
    #expect(reopened.get("Item", 4) == nil)
    let after = try (1...3).map { try #require(reopened.get("Item", .int($0))) }
    #expect(after[0].sharesKeys(with: after[1]))
    #expect(after[1]["name"] == "Bo")
    #expect(after[2]["nick"] == nil)
    #expect(after[2]["title"] == "third")
    #expect(!after[2].sharesKeys(with: after[0]))
    #expect(after[0].keys.count == 9)
  }
}
