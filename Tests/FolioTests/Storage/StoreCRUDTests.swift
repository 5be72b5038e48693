import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreCRUDTests {
  func fixture(_ backing: Backing) throws -> TestStore {
    try TestStore(
      backing, schema: StoreFixtures.batchSchema,
      fixture: StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"))
  }

  func expectConsistent(_ test: TestStore) throws {
    #expect(try test.store.check() == [])
  }

  @Test(arguments: Backing.allCases)
  func insertCoercesValuesAppliesDefaultsAndLinksInverses(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let id = try test.store.insert("Person", ["id": "2", "name": 5, "born": "2001-02-03T04:05:06+01:00", "score": 2])
    #expect(id == 2)
    #expect(test.store.get("Person", 2) == ["id": 2, "name": "5", "active": true, "born": "2001-02-03T03:05:06.000Z", "score": 2.0])
    try test.store.insert("Click", ["clickID": 9, "batch": 4])
    #expect(test.store.get("Batch", 4)?["clicks"] == [5, 9])
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func insertReportsEveryBadValueAtOnce(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let error = try #require(throws: StoreError.self) {
      try test.store.insert("Person", ["id": 3, "active": "maybe", "colour": "red"])
    }
    #expect(error.code == .invalidRecord)
    #expect(error.description == """
      error: invalid values for Person: attribute 'active': expected a bool (true, false, 0, 1, "true" or "false"), found the string "maybe" [invalidText]; 'colour' is not an attribute or relationship of Person; use one of: id, name, active, born, score, tags; required attribute 'name' is missing; give it a value or declare it optional [invalidRecord]
      """)
    #expect(test.store.get("Person", 3) == nil)
    #expect(test.store.generation == 1)
  }

  @Test(arguments: Backing.allCases)
  func insertRefusesDuplicatesAndMissingTargets(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let duplicate = try #require(throws: StoreError.self) { try test.store.insert("Click", ["clickID": 2]) }
    #expect(duplicate.code == .duplicateIdentifier)
    let missing = try #require(throws: StoreError.self) { try test.store.insert("Click", ["clickID": 7, "batch": 99]) }
    #expect(missing.code == .missingTarget)
    #expect(test.store.get("Click", 7) == nil)
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func updateChangesOnlyTheGivenValues(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    try test.store.update("Person", 1, ["name": "Ada L.", "born": nil])
    #expect(test.store.get("Person", 1) == ["id": 1, "name": "Ada L.", "active": true, "tags": ["math"]])
    try test.store.update("Click", 2, ["batch": 4])
    #expect(test.store.get("Batch", 1)?["clicks"] == [3])
    #expect(test.store.get("Batch", 4)?["clicks"] == [2, 5])
    let error = try #require(throws: StoreError.self) { try test.store.update("Person", 1, ["id": 5]) }
    #expect(error.code == .invalidRecord)
    let cleared = try #require(throws: StoreError.self) { try test.store.update("Person", 1, ["name": nil]) }
    #expect(cleared.code == .invalidRecord)
    let absent = try #require(throws: StoreError.self) { try test.store.update("Person", 8, ["name": "x"]) }
    #expect(absent.description == "error: Person 8 does not exist [recordNotFound]")
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func deleteAppliesCascadeNullifyAndDeny(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let denied = try #require(throws: StoreError.self) { try test.store.delete("Order", "o1") }
    #expect(denied.description == "error: cannot delete Order o1: its relationship 'batch' has delete rule deny and still links Batch 4; unlink it or delete Batch 4 first [deleteDenied]")
    #expect(test.store.get("Order", "o1") != nil)
    let deleted = try test.store.delete("Batch", 1)
    #expect(deleted == [RecordKey("Batch", 1), RecordKey("Click", 2), RecordKey("Click", 3)])
    try test.store.delete("Click", 5)
    #expect(test.store.get("Batch", 4)?["clicks"] == nil)
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func deleteAllCascadesAndDeleteEverythingEmptiesTheStore(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let deleted = try test.store.deleteAll("Batch")
    #expect(Set(deleted) == [RecordKey("Batch", 1), RecordKey("Batch", 4), RecordKey("Click", 2), RecordKey("Click", 3), RecordKey("Click", 5)])
    #expect(test.store.state.count("Click") == 0)
    #expect(test.store.get("Order", "o1") == ["uuid": "o1"])
    try expectConsistent(test)
    #expect(try test.store.deleteEverything() == 2)
    #expect(test.store.state.count("Person") == 0)
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func aFailedTransactionCommitsNothing(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    #expect(throws: StoreError.self) {
      try test.store.transaction { tx in
        try tx.insert("Click", ["clickID": 10, "batch": 1])
        try tx.delete("Order", "o1")
      }
    }
    #expect(test.store.get("Click", 10) == nil)
    #expect(test.store.get("Batch", 1)?["clicks"] == [2, 3])
    try expectConsistent(test)
  }

  @Test(arguments: Backing.allCases)
  func scratchRecordsNeverReachTheStore(_ backing: Backing) throws {
    let test = try fixture(backing)
    defer { test.remove() }
    let scratch = test.store.scratch()
    try scratch.insert("Click", ["clickID": 77, "batch": 1])
    #expect(scratch.get("Batch", 1)?["clicks"] == [2, 3, 77])
    #expect(test.store.get("Click", 77) == nil)
    #expect(test.store.get("Batch", 1)?["clicks"] == [2, 3])
    try expectConsistent(test)
  }
}
