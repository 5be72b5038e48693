import Folio
import FolioTestSupport
import Foundation
import Testing

@Suite struct FolioRecordTests {
  typealias Repo = RepoFixtures.Repo
  typealias RepoDTO = RepoFixtures.RepoDTO

  @Test func fetchFirstAndCountByTypeWithoutStringKeys() throws {
    let store = try RepoFixtures.store()
    let open = try store.fetch(Repo.self, where: "state" == "open", sortedBy: "-number")
    #expect(open.map(\.number) == [3, 1])
    #expect(open.first?.fullName == "apple/swift-log")
    #expect(try store.first(Repo.self, sortedBy: "-number")?.number == 3)
    #expect(try store.first(Repo.self, where: "state" == "merged") == nil)
    #expect(try store.count(Repo.self, where: "state" == "open") == 2)
    #expect(try store.count(Repo.self) == 3)
    #expect(try store.get(Repo.self, 2)?.closedAt == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(try store.get(Repo.self, 9) == nil)
    #expect(try store.fetch(Repo.self, Query(Repo.self, limit: 1, offset: 1)).map(\.number) == [2])
    #expect(try store.state.fetch(Repo.self, where: "number" > 1).map(\.number) == [2, 3])
  }

  @Test func insertUpdateAndDeleteByValue() throws {
    let store = try RepoFixtures.store()
    try store.update("Repo", 2, ["stars": 40])
    var nio = try #require(try store.get(Repo.self, 2))
    nio.state = "open"
    nio.closedAt = nil
    try store.update(nio)
    // The nil optional cleared the stored date; `stars`, which Repo does not declare, is kept.
    #expect(store.get("Repo", 2) == ["number": 2, "fullName": "apple/swift-nio", "state": "open", "stars": 40])
    #expect(try store.delete(Repo.self, 2) == [RecordKey("Repo", 2)])
    #expect(try store.get(Repo.self, 2) == nil)
    #expect(try store.check().isEmpty)
  }

  @Test func updateOfAMissingRecordSaysWhichAndChangesNothing() throws {
    let store = try RepoFixtures.store()
    let error = try #require(throws: StoreError.self) {
      try store.update(Repo(number: 42, fullName: "x", state: "open"))
    }
    #expect(error.code == .recordNotFound)
    #expect(store.generation == 1)
  }

  @Test func aTypeForAnUnknownEntityIsRefusedByName() throws {
    struct Ghost: FolioRecord {
      static let entityName = "Ghost"
      var id: Int
    }
    let store = try RepoFixtures.store()
    let error = try #require(throws: StoreError.self) { try store.insert(Ghost(id: 1)) }
    #expect(error.code == .unknownEntity)
    #expect(error.message.contains("Ghost.entityName is 'Ghost', but the schema has no such entity; use one of: Repo"))
    #expect(throws: QueryError.self) { try store.fetch(Ghost.self) }
  }

  @Test func transactionReadsSeeTheirOwnTypedWrites() throws {
    let store = try RepoFixtures.store()
    let seen = try store.transaction { tx in
      try tx.insert(Repo(number: 4, fullName: "apple/swift-format", state: "open"))
      try tx.update(Repo(number: 1, fullName: "swiftlang/swift", state: "open"))
      try tx.delete(Repo.self, 3)
      return (
        try tx.fetch(Repo.self, where: "state" == "open").map(\.number),
        try tx.first(Repo.self, sortedBy: "fullName")?.fullName,
        try tx.count(Repo.self), try tx.get(Repo.self, 4)?.fullName
      )
    }
    #expect(seen.0 == [1, 4])
    #expect(seen.1 == "apple/swift-format")
    #expect(seen.2 == 3)
    #expect(seen.3 == "apple/swift-format")
    #expect(try store.fetch(Repo.self).map(\.number) == [1, 2, 4])
  }

  @Test func snakeCaseDTOsGoInAndOutUnderTheSchemasNames() throws {
    let store = try RepoFixtures.store()
    // `owner_id` is written as the schema's `ownerID`, not `ownerId`.
    try store.insert(RepoDTO(number: 7, fullName: "apple/swift-crypto", ownerID: 10))
    #expect(store.get("Repo", 7) == ["number": 7, "fullName": "apple/swift-crypto", "state": "open", "ownerID": 10, "stars": 0])
    let dto = try #require(try store.get(RepoDTO.self, 7))
    #expect(dto == RepoDTO(number: 7, fullName: "apple/swift-crypto", ownerID: 10))
    try store.update(RepoDTO(number: 7, fullName: "apple/swift-crypto", ownerID: nil))
    #expect(store.get("Repo", 7)?["ownerID"] == nil)
    #expect(try store.fetch(RepoDTO.self, where: "number" < 3).map(\.fullName) == ["apple/swift", "apple/swift-nio"])
  }

  @Test func typedObservationDecodesInitialResultsAndUpdates() async throws {
    let store = try RepoFixtures.store()
    let live = try store.observe(Repo.self, where: "state" == "open", sortedBy: "number")
    #expect(try live.initialRecords(as: Repo.self).map(\.number) == [1, 3])
    try store.insert(Repo(number: 5, fullName: "apple/swift-syntax", state: "open"))
    var iterator = live.makeAsyncIterator()
    let update = try #require(await iterator.next())
    #expect(try update.records(as: Repo.self).map(\.number) == [1, 3, 5])
  }

  @Test func typedWritesToADirectoryStoreAreSaved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("repos.folio").path
    do {
      let store = try Store(directory: path, schema: RepoFixtures.schema)
      try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    }
    let reopened = try Store(directory: path, schema: RepoFixtures.schema)
    #expect(try reopened.get(Repo.self, 1) == Repo(number: 1, fullName: "apple/swift", state: "open"))
  }
}
