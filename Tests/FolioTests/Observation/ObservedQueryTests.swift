import Foundation
import Observation
import Testing

@testable import Folio

/// The `@Observable` adapters: a commit that changes the results triggers Observation's
/// `onChange` for `results`/`records`, and the new values are there when it has fired.
@MainActor @Suite struct ObservedQueryTests {
  typealias Repo = RepoFixtures.Repo

  /// Tracks `read` once and returns a stream that yields when it changes.
  func changes(_ read: @escaping @MainActor () -> Void) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    withObservationTracking { read() } onChange: { continuation.yield() }
    return stream
  }

  @Test func aCommitTriggersOnChangeAndTheResultsChange() async throws {
    let store = try RepoFixtures.store()
    let observed = try ObservedQuery(Query(Repo.self, where: "state" == "open", sortedBy: "number"), in: store)
    #expect(observed.results.map(\.id) == [1, 3])
    #expect(observed.generation == 1)
    let changed = changes { _ = observed.results }
    try store.insert(Repo(number: 5, fullName: "apple/swift-syntax", state: "open"))
    for await _ in changed { break }
    #expect(observed.results.map(\.id) == [1, 3, 5])
    #expect(observed.changes.map(\.description) == ["insert 5 at 2"])
    #expect(observed.generation == 2)
  }

  @Test func commitsThatLeaveTheResultsAloneAreNotDelivered() async throws {
    let store = try RepoFixtures.store()
    let observed = try ObservedQuery(Query(Repo.self, where: "state" == "open"), in: store)
    let changed = changes { _ = observed.generation }
    try store.update("Repo", 2, ["stars": 9])  // closed: outside the results
    try store.update("Repo", 3, ["state": "closed"])
    for await _ in changed { break }
    // The first commit (generation 2) was skipped; the first change seen is the second's.
    #expect(observed.generation == 3)
    #expect(observed.results.map(\.id) == [1])
    #expect(observed.changes.map(\.description) == ["delete 3 at 1"])
  }

  @Test func typedRecordsFollowCommits() async throws {
    let store = try RepoFixtures.store()
    let observed = try ObservedRecords(Repo.self, where: "state" == "open", sortedBy: "-number", in: store)
    #expect(observed.records.map(\.fullName) == ["apple/swift-log", "apple/swift"])
    let changed = changes { _ = observed.records }
    try store.update(Repo(number: 1, fullName: "swiftlang/swift", state: "open"))
    for await _ in changed { break }
    #expect(observed.records.map(\.fullName) == ["apple/swift-log", "swiftlang/swift"])
    #expect(observed.decodingError == nil)
  }

  @Test func aRecordThatNoLongerDecodesKeepsTheRecordsAndSaysWhy() async throws {
    struct Strict: FolioRecord {
      static let entityName = "Repo"
      var number: Int
      var closedAt: Date
    }
    let store = try RepoFixtures.store()
    let observed = try ObservedRecords(Strict.self, where: "state" == "closed", in: store)
    #expect(observed.records.map(\.number) == [2])
    let changed = changes { _ = observed.decodingError }
    try store.update("Repo", 1, ["state": "closed"])  // no closedAt
    for await _ in changed { break }
    #expect(observed.records.map(\.number) == [2])
    #expect(observed.decodingError?.code == .missingKey)
    #expect(observed.decodingError?.path == "closedAt")
  }

  @Test func releasingTheModelUnregistersItsObservation() async throws {
    let store = try RepoFixtures.store()
    var observed: ObservedQuery? = try ObservedQuery(Query(Repo.self), in: store)
    #expect(store.commitListenerCount == 1)
    #expect(observed?.results.count == 3)
    observed = nil
    // The reading task ends on the main actor; give it the turns it needs.
    for _ in 0..<100 where store.commitListenerCount > 0 { await Task.yield() }
    #expect(store.commitListenerCount == 0)
  }
}
