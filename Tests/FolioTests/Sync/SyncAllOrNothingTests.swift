import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// `SyncOptions.allOrNothing` (issue 15, item 5): any rejected item fails the whole sync with an
/// error listing every problem at its JSON pointer, and nothing is written. Off by default.
@Suite struct SyncAllOrNothingTests {
  static var strict: SyncOptions {
    var options = SyncOptions(deleteMissing: false)
    options.allOrNothing = true
    return options
  }

  /// Every file of the directory store at `path` with its bytes, but the writer lock (rewritten
  /// by each writer with its own pid, not content).
  static func files(_ path: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
      if isDirectory.boolValue || name == LocalState.folder + "/lock" { continue }
      result[name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
    }
    return result
  }

  @Test func aRejectedItemFailsTheSyncListingEveryProblemWithItsPointer() throws {
    let store = try SyncTestStore.items([["id": 1, "name": "A", "count": 1]])
    let error = try #require(throws: SyncError.self) {
      try store.sync(
        [["id": 1, "name": "B"], ["id": 2, "count": "many"], ["id": 3, "price": true]],
        into: "Item", options: Self.strict)
    }
    #expect(error.code == .itemsRejected)
    #expect(error.problems.map(\.pointer) == ["/1/count", "/2/price"])
    #expect(
      error.description == """
        error: 2 items were rejected and allOrNothing is on, so nothing was written; fix the payload, or turn allOrNothing off to apply the other items and report these [itemsRejected]
          /1/count: Item 2 rejected: attribute 'count': expected an int (an integral number or an integer string such as "7"), found the string "many" [invalidText]
          /2/price: Item 3 rejected: attribute 'price': expected a double (a number or a numeric string such as "2.5"), found the bool true [typeMismatch]
        """)
    #expect(store.state.ids("Item") == [1])
    #expect(store.state.record("Item", 1)?["name"] == "A")
  }

  @Test func aDirectoryStoreIsLeftByteIdentical() throws {
    let test = try SyncTestStore.items([["id": 1, "name": "A"]], backing: .directory)
    defer { test.remove() }
    let path = try #require(test.path)
    let before = try Self.files(path)
    #expect(throws: SyncError.self) {
      try test.store.sync(
        [["id": 1, "name": "B"], ["id": 2, "name": "C"], ["id": 3, "count": 2.5]], into: "Item",
        options: Self.strict)
    }
    #expect(try Self.files(path) == before)
    #expect(!before.isEmpty)
    #expect(test.store.state.record("Item", 1) == ["id": 1, "name": "A"])
  }

  @Test func anUnparseableDateFailsTheSyncTheSameWay() throws {
    let schema = Schema(entities: [SyncSchemas.item()], dateFormats: .unixSeconds)
    let store = try SyncTestStore.items([], schema: schema)
    let error = try #require(throws: SyncError.self) {
      try store.sync(
        [["id": 1, "seen": "1700000000"], ["id": 2, "seen": "next tuesday"]], into: "Item",
        options: Self.strict)
    }
    #expect(error.problems.map(\.line) == [
      #"Item 2 rejected: attribute 'seen': expected an ISO-8601 date such as "2014-07-06T07:59:00Z" (with a zone: Z, ±HH:MM, ±HHMM or ±HH), found the string "next tuesday" [invalidDate]"#
    ])
    #expect(error.problems.map(\.pointer) == ["/1/seen"])
    #expect(store.state.count("Item") == 0)
  }

  @Test func aRejectedNestedItemFailsTheSyncToo() throws {
    let store = try SyncTestStore.make(SyncSchemas.named("planes") ?? Schema(entities: []))
    let error = try #require(throws: SyncError.self) {
      try store.sync(
        [["origin": "MAD", "destination": "TOR", "passengers": [["name": "Ann", "age": 0]]]],
        into: "Plane", options: Self.strict)
    }
    #expect(error.problems.map(SyncFixture.line) == ["Passenger (Ann, 0) rejected"])
    #expect(error.problems.map(\.pointer) == ["/0/passengers/0/age"])
    #expect(store.state.count("Plane") == 0)
  }

  @Test func withoutRejectionsTheSyncAppliesAsUsual() throws {
    let store = try SyncTestStore.items([["id": 1, "name": "A"]])
    let report = try store.sync(
      [["id": 1, "name": "B"], ["id": 2]], into: "Item", options: Self.strict)
    #expect(report.summary == "1 inserted · 1 updated")
  }

  @Test func byDefaultARejectedItemIsAnOutcomeAndTheRestApplies() throws {
    let store = try SyncTestStore.items([])
    let report = try store.sync(
      [["id": 1, "count": "many"], ["id": 2]], into: "Item", options: SyncOptions())
    #expect(report.summary == "1 inserted · 1 rejected")
    #expect(!SyncOptions().allOrNothing)
  }

  @Test func aPlanUnderAllOrNothingThrowsInsteadOfReporting() throws {
    let store = try SyncTestStore.items([])
    let error = try #require(throws: SyncError.self) {
      try store.plan([["id": 1, "count": "many"]], into: "Item", options: Self.strict)
    }
    #expect(error.code == .itemsRejected)
  }

  @Test func theSyncingGuideExampleThrowsAndWritesNothing() throws {
    let store = try SyncDocumentationTests.itemStore()
    var strict = SyncOptions(deleteMissing: false)
    strict.allOrNothing = true
    do throws(SyncError) {
      try store.sync([["id": 7, "name": "G"], ["id": 8, "count": "many"]], into: "Item", options: strict)
    } catch {
      print(error.code)  // itemsRejected
      print(error.problems.map(\.pointer))  // [Optional("/1/count")]
    }
    print(store.state.record("Item", 7) == nil)  // true: nothing was written
    #expect(store.state.record("Item", 7) == nil)
    let error = try #require(throws: SyncError.self) {
      try store.sync([["id": 7, "name": "G"], ["id": 8, "count": "many"]], into: "Item", options: strict)
    }
    #expect(
      error.description == """
        error: 1 item was rejected and allOrNothing is on, so nothing was written; fix the payload, or turn allOrNothing off to apply the other items and report these [itemsRejected]
          /1/count: Item 8 rejected: attribute 'count': expected an int (an integral number or an integer string such as "7"), found the string "many" [invalidText]
        """)
  }
}
