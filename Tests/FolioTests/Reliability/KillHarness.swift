import Foundation
import Folio
import FolioTestSupport

/// Runs `folio-testhost kill-churn` on one directory store and SIGKILLs it at random instants; after
/// each kill, opens the store (read-only, then as a writer) and checks that it holds exactly the
/// last committed state or the state that was being committed, with every invariant intact, and
/// runs `folio check` (the CLI, read-only) on it. While each writer runs, another thread runs
/// `folio check` in a loop: a check beside a committing writer must never report a problem.
struct KillHarness {
  /// What one run saw.
  struct Figures: CustomStringConvertible {
    var kills = 0
    /// Kills that left a journal behind (the writer was inside a save).
    var killsInsideSave = 0
    /// Kills after which the store held the state being committed (past the commit point).
    var killsAfterCommitPoint = 0
    /// Kills before the writer had opened the store (during its open or recovery).
    var killsDuringOpen = 0
    var finalGeneration: UInt64 = 0
    /// `folio check` runs, after kills and beside running writers.
    var checks = 0
    var problems: [String] = []

    var description: String {
      "\(kills) kills, \(killsInsideSave) inside a save, \(killsAfterCommitPoint) after the commit point, \(killsDuringOpen) during open; generation \(finalGeneration); \(checks) folio check runs; \(problems.count) problems"
    }
  }

  let path: String
  let seed: UInt64

  /// A state the store may hold after a kill.
  struct Candidate: Hashable, CustomStringConvertible {
    var generation: UInt64
    var digest: String
    var description: String { "generation \(generation) (\(digest))" }
  }

  /// Runs `kills` writer processes, killing each at a random instant.
  func run(kills: Int) throws -> Figures {
    var figures = Figures()
    var known: Candidate?
    var random = SeededGenerator(seed: seed)
    for round in 0..<kills {
      let writer = try StoreTestHost.start(["kill-churn", path, String(seed)])
      let beside = CheckLoop(path: path)
      var lines: [String] = []
      // Most kills land while the writer commits; some while it opens (and recovers).
      if random.next() % 8 == 0 {
        usleep(UInt32(random.next() % 400_000))
      } else {
        // Let the writer commit 0, 1 or 2 times first (so the store moves on whatever the
        // machine's speed), then kill it at a random instant of what follows.
        lines.append(writer.readLine())
        let commits = random.next() % 3
        var done: UInt64 = 0
        while done < commits {
          let line = writer.readLine()
          if line.isEmpty { break }
          lines.append(line)
          if line.hasPrefix("done ") { done += 1 }
        }
        usleep(UInt32(random.next() % 150_000))
      }
      writer.kill()
      _ = writer.wait()
      let loop = beside.stop()
      figures.checks += loop.runs
      figures.problems += loop.problems.map { "round \(round): folio check beside the writer: \($0)" }
      while case let line = writer.readLine(), !line.isEmpty { lines.append(line) }
      figures.kills += 1
      if Self.journalExists(path) { figures.killsInsideSave += 1 }
      var candidates = Set<Candidate>()
      var pending: Candidate?
      var opened = false
      for line in lines {
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 2, let generation = UInt64(words[1]) else {
          figures.problems.append("round \(round): unexpected writer output: \(line)")
          continue
        }
        switch words[0] {
        case "open" where words.count == 3:
          opened = true
          let state = Candidate(generation: generation, digest: words[2])
          if let known, known != state { figures.problems.append("round \(round): the writer opened \(state), the last check saw \(known)") }
          known = state
        case "next" where words.count == 3:
          pending = Candidate(generation: generation, digest: words[2])
        case "done":
          if let pending, pending.generation == generation { known = pending } else {
            figures.problems.append("round \(round): 'done \(generation)' without its 'next'")
          }
          pending = nil
        default:
          figures.problems.append("round \(round): unexpected writer output: \(line)")
        }
      }
      if !opened { figures.killsDuringOpen += 1 }
      if let known { candidates.insert(known) }
      if let pending { candidates.insert(pending) }
      let seen = try check(round: round, candidates: candidates, recover: random.next() % 3 != 0, figures: &figures)
      if let seen, seen == pending { figures.killsAfterCommitPoint += 1 }
      known = seen
      figures.finalGeneration = seen?.generation ?? figures.finalGeneration
    }
    return figures
  }

  /// Opens the store read-only, then (when `recover`) as a writer, which completes or discards
  /// an interrupted save; both must see one of `candidates` (any state when none is known yet).
  func check(round: Int, candidates: Set<Candidate>, recover: Bool, figures: inout Figures) throws -> Candidate? {
    var options = StoreOptions()
    options.readOnly = true
    guard FileManager.default.fileExists(atPath: path + "/schema.json") || Self.journalExists(path) else {
      return nil  // Killed before the store was first created.
    }
    let reader: Store
    do {
      reader = try Store.open(directory: path, options: options)
    } catch {
      if candidates.isEmpty { return nil }  // Killed while the store was being created.
      figures.problems.append("round \(round): read-only open failed: \(error)")
      return nil
    }
    let seen = Candidate(generation: reader.generation, digest: StoreDigest.of(reader.state))
    if !candidates.isEmpty, !candidates.contains(seen) {
      figures.problems.append("round \(round): read-only open saw \(seen), expected one of \(candidates.sorted { $0.generation < $1.generation })")
    }
    figures.problems += reader.state.invariantViolations().map { "round \(round): read-only: \($0)" }
    let cli = try FolioExecutable.run(["check", "--store", path])
    figures.checks += 1
    if cli.status != 0 { figures.problems.append("round \(round): folio check: \(cli.output)") }
    guard recover else { return seen }
    do {
      let store = try Store.open(directory: path)
      let recovered = Candidate(generation: store.generation, digest: StoreDigest.of(store.state))
      if recovered != seen {
        figures.problems.append("round \(round): the writer open saw \(recovered), the read-only open \(seen)")
      }
      figures.problems += try store.check().map { "round \(round): check: \($0)" }
      if Self.journalExists(path) { figures.problems.append("round \(round): the journal is still there after recovery") }
    } catch {
      figures.problems.append("round \(round): open failed: \(error)")
    }
    return seen
  }

  /// Whether a save's journal is on disk.
  static func journalExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/.folio/journal")
  }

}

/// Runs `folio check` on a store again and again on a thread of its own until stopped.
final class CheckLoop: @unchecked Sendable {
  // @unchecked: `stopped` and the results are guarded by `lock`; the thread reads `path` only.
  private let lock = NSLock()
  private var stopped = false
  private var runs = 0
  private var problems: [String] = []
  private let done = DispatchSemaphore(value: 0)

  init(path: String) {
    Thread { [self] in
      while !lock.withLock({ stopped }) {
        guard let result = try? FolioExecutable.run(["check", "--store", path]) else { continue }
        // Before the first writer has created the store there is nothing to check.
        let absent = result.output.contains("There is no store") || result.output.contains("is not a Folio store")
        lock.withLock {
          runs += 1
          if result.status != 0, !absent { problems.append(result.output) }
        }
      }
      done.signal()
    }.start()
  }

  /// Stops the loop after its current run and returns what it saw.
  func stop() -> (runs: Int, problems: [String]) {
    lock.withLock { stopped = true }
    done.wait()
    return lock.withLock { (runs, problems) }
  }
}
