import Foundation
import Testing

import Folio
import FolioTestSupport

/// Two processes on one store: a second writer gets the lock error naming the holder, and a
/// reader opening the store while a writer commits sees exactly one committed generation each
/// time, never a mix.
@Suite struct TwoProcessTests {
  static let seed: UInt64 = 11

  /// Starts `folio-testhost kill-churn` on a fresh store and waits until it has committed at least
  /// `commits` times.
  func startWriter(_ path: String, commits: Int) throws -> StoreTestHost.Running {
    let writer = try StoreTestHost.start(["kill-churn", path, String(Self.seed)])
    var done = 0
    while done < commits {
      let line = writer.readLine()
      if line.isEmpty { break }
      if line.hasPrefix("done ") { done += 1 }
    }
    return writer
  }

  @Test func aSecondWriterProcessGetsALockErrorNamingTheHolderAndChangesNothing() throws {
    let directory = try TemporaryDirectory(prefix: "folio-two")
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let writer = try startWriter(path, commits: 2)
    defer { writer.kill() }
    let second = try StoreTestHost.run(["kill-churn", path, "99", "1"])
    #expect(second.status == 1)
    #expect(second.output.hasPrefix(".folio/lock: error: the store is locked by another writer: pid \(writer.process.processIdentifier) on host "))
    #expect(second.output.hasSuffix("[locked]\n"))
    let error = try #require(throws: StoreError.self) { try Store.open(directory: path) }
    #expect(error.code == .locked)
    #expect(error.file == ".folio/lock")
    #expect(error.message.contains("pid \(writer.process.processIdentifier) on host"))
    writer.kill()
    _ = writer.wait()
    // The refused writers wrote nothing: the store holds one of the first writer's generations.
    let store = try Store.open(directory: path)
    #expect(try store.check() == [])
    #expect(store.get("Meta", 0)?["step"] == .int(Int64(store.generation)))
  }

  @Test func aReaderProcessOpeningDuringCommitsSeesWholeGenerations() throws {
    let directory = try TemporaryDirectory(prefix: "folio-two")
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let writer = try startWriter(path, commits: 1)
    defer { writer.kill() }
    // The reader process replays the seed and compares every state it opens with the replay.
    let reader = try StoreTestHost.run(["read-loop", path, String(Self.seed), "3"])
    let words = reader.output.split(whereSeparator: \.isWhitespace)
    #expect(reader.status == 0, "\(reader.output)")
    #expect(words.first == "read")
    let opens = words.count == 4 ? Int(words[1]) ?? 0 : 0
    let generations = words.count == 4 ? Int(words[2]) ?? 0 : 0
    #expect(opens > 1)
    #expect(generations > 1, "the writer must have committed while the reader read")
    #expect(words.last == "0")
    // This process reads too: every opened state is one commit (Meta 0 holds its generation)
    // and keeps its invariants.
    var seen = Set<UInt64>()
    for _ in 0..<10 {
      let store = try Store.open(directory: path, options: StoreOptions(readOnly: true))
      seen.insert(store.generation)
      #expect(store.get("Meta", 0)?["step"] == .int(Int64(store.generation)))
      #expect(store.state.invariantViolations() == [])
    }
    #expect(!seen.isEmpty)
    print("two processes: the reader process opened \(opens) times and saw \(generations) generations")
  }
}
