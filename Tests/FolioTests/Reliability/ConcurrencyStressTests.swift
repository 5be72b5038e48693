import Dispatch
import Foundation
import Synchronization
import Testing

import Folio
import FolioTestSupport

/// Many threads and tasks on one store for a bounded time: scoped syncs, read-modify-write
/// transactions, queries on snapshots, a change stream and a live query. Afterwards the store
/// holds exactly the serial result of the committed operations (no lost update) and keeps its
/// invariants; every snapshot a reader saw was consistent.
///
/// CI runs this suite under ThreadSanitizer:
/// `swift test --sanitize=thread --filter ConcurrencyStressTests` (zero reports expected).
@Suite struct ConcurrencyStressTests {
  static let schema = Schema(entities: [
    Entity(
      name: "Counter", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "value", type: .int)]),
    Entity(
      name: "Item", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "owner", type: .int),
        Attribute(name: "version", type: .int), Attribute(name: "label", type: .string, isOptional: true),
      ]),
  ])

  static let syncers = 3
  static let incrementers = 3
  static let readers = 2
  /// How long the writers run (seconds): bounded, never asserted on.
  static let duration = 3.0

  /// Runs `body` on a thread of its own (not a shared pool, whose few threads the looping
  /// readers would otherwise occupy), as a member of `group`.
  static func spawn(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
      body()
      group.leave()
    }.start()
  }

  /// Waits for `group` without blocking the task's thread.
  static func wait(_ group: DispatchGroup) async throws {
    while group.wait(timeout: .now()) == .timedOut { try await Task.sleep(nanoseconds: 10_000_000) }
  }

  /// What one writer thread committed last / in total.
  struct Log: Sendable {
    var lastPayload: [Int: [JSONObject]] = [:]
    var increments: [Int: Int] = [:]
    var readerProblems: [String] = []
    var snapshotsRead = 0
  }

  /// The log shared by the test's threads, behind an `NSLock`.
  final class LockedLog: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `lock`.
    private let lock = NSLock()
    private var value: Log

    init(_ value: Log) { self.value = value }

    func withLock<T>(_ body: (inout Log) -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body(&value)
    }
  }

  @Test(arguments: Backing.allCases)
  func concurrentWritersReadersAndObserversLoseNoUpdate(_ backing: Backing) async throws {
    let test = try TestStore(backing, schema: Self.schema)
    defer { test.remove() }
    let store = test.store
    try store.sync(.array((0..<Self.incrementers + 1).map { .object(["id": .int(Int64($0)), "value": 0]) }), into: "Counter")
    // An NSLock (a pthread mutex, which ThreadSanitizer models), not a Mutex: a contended
    // Mutex hands over in the kernel and TSan reports the test's own log as racing
    // (.ci/tsan/suppressions.txt).
    let log = LockedLog(Log())
    let deadline = Date().addingTimeInterval(Self.duration)
    let stop = Atomic<Bool>(false)

    // Observers: the change stream sees every commit once, in order; the live query's results
    // always equal a fresh query at its generation.
    let changes = store.changes()
    let startGeneration = store.generation
    let watchedQuery = Query("Item", where: "owner" == 0, sortedBy: "-version")
    let live = try store.observe(watchedQuery)
    let streamTask = Task { () -> [UInt64] in
      var seen: [UInt64] = []
      for await commit in changes {
        seen.append(commit.generation)
        if commit.changes.contains(where: { $0.key.entity == "Counter" && $0.key.id == 999 }) { break }
      }
      return seen
    }
    let liveTask = Task { () -> Int in
      var updates = 0
      var lastGeneration = live.generation
      for await update in live {
        updates += 1
        #expect(update.generation > lastGeneration)
        lastGeneration = update.generation
        if update.ids.contains(999_999) { break }
      }
      return updates
    }

    let group = DispatchGroup()
    // Syncers: each owns the items with its owner number, syncing a random subset with
    // delete-missing scoped to its own items; the last committed payload is what must remain.
    for writer in 0..<Self.syncers {
      Self.spawn(group) {
        var random = SeededGenerator(seed: UInt64(writer) + 1)
        var version: Int64 = 0
        var options = SyncOptions()
        options.scope = .attribute("owner", equals: .int(Int64(writer)))
        while Date() < deadline {
          version += 1
          let items: [JSONObject] = (0..<20).compactMap { k in
            guard random.next() % 3 != 0 else { return nil }
            return ["id": .int(Int64(writer * 1000 + k)), "owner": .int(Int64(writer)), "version": .int(version), "label": .string("w\(writer)-\(version)")]
          }
          do {
            try store.sync(.array(items.map(JSONValue.object)), into: "Item", options: options)
            log.withLock { $0.lastPayload[writer] = items }
          } catch {
            log.withLock { $0.readerProblems.append("syncer \(writer): \(error)") }
          }
        }
      }
    }
    // Incrementers: read-modify-write of the shared counter 0 and their own counter, in one
    // transaction each; every committed increment must be counted.
    for incrementer in 1...Self.incrementers {
      Self.spawn(group) {
        var done = 0
        while Date() < deadline {
          do {
            try store.transaction { tx in
              let shared = tx.get("Counter", 0)?["value"]?.intValue ?? 0
              let own = tx.get("Counter", .int(Int64(incrementer)))?["value"]?.intValue ?? 0
              try tx.update("Counter", 0, ["value": .int(shared + 1)])
              try tx.update("Counter", .int(Int64(incrementer)), ["value": .int(own + 1)])
            }
            done += 1
          } catch {
            log.withLock { $0.readerProblems.append("incrementer \(incrementer): \(error)") }
          }
        }
        log.withLock { $0.increments[incrementer] = done }
      }
    }
    // Readers: every snapshot is one commit — counter 0 equals the sum of the others — and
    // queries on it agree with each other.
    let readerGroup = DispatchGroup()
    for reader in 0..<Self.readers {
      Self.spawn(readerGroup) {
        var problems: [String] = []
        var reads = 0
        while !stop.load(ordering: .acquiring) {
          let state = store.state
          reads += 1
          let values = (0...Self.incrementers).map { state.record("Counter", .int(Int64($0)))?["value"]?.intValue ?? -1 }
          if values[0] != values.dropFirst().reduce(0, +) {
            problems.append("reader \(reader): counter 0 is \(values[0]) but the others sum to \(values.dropFirst().reduce(0, +))")
          }
          do {
            let owned = try state.count(Query("Item", where: "owner" == reader))
            let fetched = try state.fetch(Query("Item", where: "owner" == reader)).count
            if owned != fetched { problems.append("reader \(reader): count \(owned), fetch \(fetched)") }
          } catch {
            problems.append("reader \(reader): \(error)")
          }
          if reads % 50 == 0 { problems += state.invariantViolations() }
        }
        log.withLock {
          $0.readerProblems += problems
          $0.snapshotsRead += reads
        }
      }
    }
    while Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
    // Writers stop at the deadline; then one marker commit ends the observers.
    try await Self.wait(group)
    stop.store(true, ordering: .releasing)
    try await Self.wait(readerGroup)
    try store.transaction { tx in
      _ = try tx.insert("Counter", ["id": 999, "value": 0])
      _ = try tx.insert("Item", ["id": 999_999, "owner": 0, "version": .int(Int64.max)])
    }
    let streamed = await streamTask.value
    let liveUpdates = await liveTask.value

    let final = log.withLock { $0 }
    #expect(final.readerProblems == [])
    #expect(final.snapshotsRead > 0)
    // No lost update: counters equal the committed increments.
    let committed = final.increments.values.reduce(0, +)
    #expect(store.get("Counter", 0)?["value"] == .int(Int64(committed)))
    for (incrementer, count) in final.increments {
      #expect(store.get("Counter", .int(Int64(incrementer)))?["value"] == .int(Int64(count)))
    }
    // Each syncer's items are exactly its last committed payload.
    for writer in 0..<Self.syncers {
      let expected = (final.lastPayload[writer] ?? []).sorted { ($0["id"]?.intValue ?? 0) < ($1["id"]?.intValue ?? 0) }
      let stored = try store.fetch("Item", where: "owner" == writer && "id" < 999_999, sortedBy: "id").map(\.values)
      #expect(stored == expected, "syncer \(writer)")
    }
    // The change stream saw every commit, once, in order.
    #expect(streamed == Array((startGeneration + 1)...store.generation))
    #expect(liveUpdates > 0)
    #expect(store.state.invariantViolations() == [])
    #expect(try store.check() == [])
    if backing == .directory, let path = test.path {
      // What is on disk is what is in memory.
      let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
      #expect(reader.generation == store.generation)
      #expect(StoreDigest.of(reader.state) == StoreDigest.of(store.state))
    }
    print("stress (\(backing)): \(committed) increments, \(final.lastPayload.count) syncers, generation \(store.generation), \(final.snapshotsRead) snapshots read, \(streamed.count) commits streamed, \(liveUpdates) live updates")
  }
}
