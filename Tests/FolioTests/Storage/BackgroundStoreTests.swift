import Dispatch
import FolioTestSupport
import Foundation
import Synchronization
import Testing

@testable import Folio

/// The background forms run their work off the calling actor and give exactly the synchronous
/// results. Each test calls from an actor and holds the work at a point inside it (a commit
/// listener, a transaction body, a migration), then asks the actor to run something before
/// releasing the work: were the work done on the actor, the actor could not answer until the
/// hold timed out (`blockingCallsHoldTheActor` shows that happening).
@Suite struct BackgroundStoreTests {
  typealias Repo = RepoFixtures.Repo

  static let payload: JSONValue = [
    ["number": 1, "fullName": "swiftlang/swift", "state": "open"],
    ["number": 4, "fullName": "apple/swift-format", "state": "closed"],
  ]

  /// The caller: an actor whose executor must stay free while background work runs.
  actor Caller {
    func ping() {}
    func sync(_ store: Store, _ payload: JSONValue) async throws -> SyncReport {
      try await store.background.sync(payload, into: "Repo")
    }
    func apply(_ store: Store, _ plan: SyncPlan) async throws -> SyncReport {
      try await store.background.apply(plan)
    }
    func blockingSync(_ store: Store, _ payload: JSONValue) throws -> SyncReport {
      try store.sync(payload, into: "Repo")
    }
    func insert(_ store: Store, _ gate: Gate) async throws -> Int {
      try await store.background.transaction { tx in
        try tx.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
        gate.hold()
        return tx.state.count("Repo")
      }
    }
    func open(_ path: String, _ options: StoreOptions) async throws -> Store {
      try await BackgroundStore.open(directory: path, schema: RepoFixtures.schema, options: options)
    }
  }

  /// Holds work on another thread until the test releases it, and says whether the hold had to
  /// time out (the caller could not answer meanwhile). The default timeout is long because the
  /// test's own continuation needs a thread of the cooperative pool (two on a two-core machine),
  /// which other tests running in parallel may hold for a long time: tests that wait for a
  /// child process or a FIFO block a pool thread, and one full-suite run on a loaded machine
  /// kept both busy for more than the 60 s this once was. Work held on the caller's actor never
  /// finishes before the timeout, however long it is (`blockingCallsHoldTheActor`).
  final class Gate: Sendable {
    let held: AsyncStream<Void>
    private let heldContinuation: AsyncStream<Void>.Continuation
    private let release = DispatchSemaphore(value: 0)
    private let timeouts = Mutex<[Bool]>([])
    private let seconds: Double

    init(seconds: Double = 300) {
      (held, heldContinuation) = AsyncStream.makeStream(of: Void.self)
      self.seconds = seconds
    }

    /// Called by the work: announces the hold and waits for release (or the timeout).
    func hold() {
      heldContinuation.yield()
      let result = release.wait(timeout: .now() + seconds)
      timeouts.withLock { $0.append(result == .timedOut) }
    }

    /// Waits until the work holds, has `caller` answer, then releases the work.
    func release(afterPinging caller: Caller) async {
      for await _ in held { break }
      await caller.ping()
      release.signal()
    }

    /// One entry per hold: `true` when it timed out.
    var timedOut: [Bool] { timeouts.withLock { $0 } }
  }

  @Test func syncRunsOffTheCallingActorAndMatchesTheSynchronousCall() async throws {
    let blocking = try RepoFixtures.store()
    let background = try RepoFixtures.store()
    let gate = Gate()
    background.addCommitListener { _ in gate.hold() }
    let caller = Caller()
    async let report = caller.sync(background, Self.payload)
    await gate.release(afterPinging: caller)
    #expect(try await report == blocking.sync(Self.payload, into: "Repo"))
    #expect(try await report.summary == "1 inserted · 1 updated · 2 deleted")
    #expect(gate.timedOut == [false])
    #expect(try background.state.fetch(Query("Repo")) == blocking.state.fetch(Query("Repo")))
  }

  @Test func blockingCallsHoldTheActor() async throws {
    let store = try RepoFixtures.store()
    let gate = Gate(seconds: 0.3)
    store.addCommitListener { _ in gate.hold() }
    let caller = Caller()
    async let report = caller.blockingSync(store, Self.payload)
    await gate.release(afterPinging: caller)
    _ = try await report
    #expect(gate.timedOut == [true])
  }

  @Test func jsonTextSyncsInTheBackgroundAsBytesAndData() async throws {
    let text = JSONWriter.string(Self.payload)
    let blocking = try RepoFixtures.store()
    let expected = try blocking.sync(json: Data(text.utf8), into: "Repo")
    let fromData = try RepoFixtures.store()
    #expect(try await fromData.background.sync(json: Data(text.utf8), into: "Repo") == expected)
    let fromBytes = try RepoFixtures.store()
    #expect(try await fromBytes.background.sync(json: Array(text.utf8), into: "Repo") == expected)
    #expect(try await fromBytes.background.plan(json: Array(text.utf8), into: "Repo").summary == "2 unchanged")
    #expect(try await fromBytes.background.plan(json: Data("[]".utf8), into: "Repo").summary == "2 deleted")
  }

  @Test func aPayloadFileSyncsInTheBackground() async throws {
    let directory = try TemporaryDirectory(prefix: "folio-background")
    defer { directory.remove() }
    let path = directory.path + "/repos.json"
    try Data(JSONWriter.string(Self.payload).utf8).write(to: URL(fileURLWithPath: path))
    let expected = try RepoFixtures.store().sync(contentsOf: path, into: "Repo")
    let store = try RepoFixtures.store()
    #expect(try await store.background.sync(contentsOf: path, into: "Repo") == expected)
    #expect(try await store.background.plan(contentsOf: path, into: "Repo").summary == "2 unchanged")
    await #expect(throws: StoreError.self) {
      try await store.background.sync(contentsOf: directory.path + "/missing.json", into: "Repo")
    }
  }

  @Test func planAndApplyRunOffTheCallingActor() async throws {
    let store = try RepoFixtures.store()
    let plan = try await store.background.plan(Self.payload, into: "Repo")
    #expect(plan.summary == (try store.plan(Self.payload, into: "Repo").summary))
    #expect(store.generation == 1)
    let gate = Gate()
    store.addCommitListener { _ in gate.hold() }
    let caller = Caller()
    async let report = caller.apply(store, plan)
    await gate.release(afterPinging: caller)
    #expect(try await report == plan.report)
    #expect(gate.timedOut == [false])
  }

  @Test func aStalePlanIsRefusedInTheBackgroundToo() async throws {
    let store = try RepoFixtures.store()
    let stale = try await store.background.plan([], into: "Repo")
    try store.insert(Repo(number: 9, fullName: "x", state: "open"))
    let error = await #expect(throws: SyncError.self) { try await store.background.apply(stale) }
    #expect(error?.code == .stalePlan)
    #expect(try store.count(Repo.self) == 4)
  }

  @Test func transactionsRunAndSaveOffTheCallingActor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/repos.folio"
    let store = try await BackgroundStore.open(directory: path, schema: RepoFixtures.schema)
    let gate = Gate()
    let caller = Caller()
    async let count = caller.insert(store, gate)
    await gate.release(afterPinging: caller)
    #expect(try await count == 1)
    #expect(gate.timedOut == [false])
    try await store.background.rewriteFiles()
    #expect(try store.check().isEmpty)
    let reopened = try await BackgroundStore.open(directory: path, options: StoreOptions(readOnly: true))
    #expect(try reopened.get(Repo.self, 1)?.fullName == "apple/swift")
  }

  @Test func openingRunsMigrationsOffTheCallingActor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/repos.folio"
    do {
      let store = try Store(directory: path, schema: RepoFixtures.schema)
      try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
    }
    let gate = Gate()
    let migration = Migration("touch") { documents in
      gate.hold()
      documents["Repo"] = documents["Repo"]?.map { record in
        var record = record
        record["stars"] = 5
        return record
      }
    }
    let caller = Caller()
    async let opened = caller.open(path, StoreOptions(migrations: [migration]))
    await gate.release(afterPinging: caller)
    let store = try await opened
    #expect(gate.timedOut == [false])
    #expect(store.get("Repo", 1)?["stars"] == 5)
  }

  @Test func aCancelledTaskStartsNothing() async throws {
    let store = try RepoFixtures.store()
    let payload = Self.payload
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await store.background.sync(payload, into: "Repo")
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.generation == 1)
    #expect(try store.count(Repo.self) == 3)
  }

  @Test func prioritiesMapToDispatchClasses() {
    #expect(BackgroundStore.qualityOfService(.userInitiated) == .userInitiated)
    #expect(BackgroundStore.qualityOfService(.utility) == .utility)
    #expect(BackgroundStore.qualityOfService(.background) == .background)
    #expect(BackgroundStore.qualityOfService(.medium) == .default)
  }
}
