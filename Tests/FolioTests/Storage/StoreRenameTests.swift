import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// Renaming an identifier: the record moves to its new identifier in one commit and every link
/// to it follows, on both sides of relationships with an inverse and from relationships without
/// one; a rename onto an existing record is refused and changes nothing.
@Suite struct StoreRenameTests {
  static let schema = StoreFixtures.batchSchema

  func loaded(_ backing: Backing) throws -> TestStore {
    let test = try TestStore(backing, schema: Self.schema, fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
    return test
  }

  @Test(arguments: Backing.allCases)
  func renamingARecordRePointsBothSidesOfItsLinks(_ backing: Backing) throws {
    let test = try loaded(backing)
    defer { test.remove() }
    let store = test.store
    let clicks = try #require(store.get("Batch", 1)?["clicks"]?.arrayValue)
    #expect(!clicks.isEmpty)
    let links = try store.rename("Batch", from: 1, to: 100)
    #expect(links == clicks.count)
    #expect(store.get("Batch", 1) == nil)
    #expect(store.get("Batch", 100)?["id"] == 100)
    #expect(store.get("Batch", 100)?["clicks"]?.arrayValue == clicks)
    for click in clicks {
      let id = try #require(RecordID(json: click))
      #expect(store.get("Click", id)?["batch"] == 100)
    }
    #expect(try store.check() == [])
  }

  @Test(arguments: Backing.allCases)
  func renamingATargetOfALinkWithoutAnInverseRePointsItsReferrers(_ backing: Backing) throws {
    let test = try loaded(backing)
    defer { test.remove() }
    let store = test.store
    // Order.batch has no inverse: the store's reverse index finds the orders naming a batch.
    try store.insert("Batch", ["id": 7])
    try store.insert("Order", ["uuid": "o-1", "batch": 7])
    try store.rename("Batch", from: 7, to: 70)
    #expect(store.get("Order", "o-1")?["batch"] == 70)
    #expect(try store.check() == [])
    // The reverse index follows: deleting the renamed batch unlinks the order.
    try store.delete("Batch", 70)
    #expect(store.get("Order", "o-1")?["batch"] == nil)
    #expect(try store.check() == [])
  }

  @Test func aRenameOntoAnExistingRecordIsRefusedAndChangesNothing() throws {
    let test = try loaded(.memory)
    defer { test.remove() }
    let before = test.store.state
    let error = try #require(throws: StoreError.self) { try test.store.rename("Batch", from: 1, to: 4) }
    #expect(error.description == "error: cannot rename Batch 1 to 4: Batch 4 already exists; choose another identifier, or delete that record first [duplicateIdentifier]")
    #expect(test.store.state.ids("Batch") == before.ids("Batch"))
    #expect(test.store.generation == before.generation)
  }

  @Test func anIdentifierOfTheWrongTypeIsRefused() throws {
    let test = try loaded(.memory)
    defer { test.remove() }
    let error = try #require(throws: StoreError.self) { try test.store.rename("Batch", from: 1, to: "one") }
    #expect(error.message == "cannot rename Batch 1 to one: the identifier of Batch is id (int)")
  }

  @Test func anUpdateThatChangesAnIdentifierSaysToRename() throws {
    let test = try loaded(.memory)
    defer { test.remove() }
    let error = try #require(throws: StoreError.self) { try test.store.update("Batch", 1, ["id": 2]) }
    #expect(error.message.hasSuffix("cannot change in an update; use rename (tx.rename, store.rename or folio rename), which also re-points every link to the record"))
  }
}
