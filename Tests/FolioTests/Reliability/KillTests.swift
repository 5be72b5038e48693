import Foundation
import Testing

import Folio
import FolioTestSupport

/// The kill test: a writer process runs the seeded churn workload on a directory store and is
/// SIGKILLed at random instants; after every kill the store opens, passes `check()`, and holds
/// exactly the last committed state or the one being committed.
///
/// `swift test --filter KillTests` runs 25 kills. The long run (Documentation/Reliability.md):
/// `FOLIO_KILLS=250 FOLIO_KILL_SEED=7 swift test --filter KillTests`.
@Suite struct KillTests {
  static var kills: Int { ProcessInfo.processInfo.environment["FOLIO_KILLS"].flatMap(Int.init) ?? 25 }
  static var seed: UInt64 { ProcessInfo.processInfo.environment["FOLIO_KILL_SEED"].flatMap(UInt64.init) ?? 20_261_122 }

  @Test func aWriterKilledAtRandomInstantsLeavesTheOldOrTheNewState() throws {
    let directory = try TemporaryDirectory(prefix: "folio-kill")
    defer { directory.remove() }
    let harness = KillHarness(path: directory.path + "/store.folio", seed: Self.seed)
    let figures = try harness.run(kills: Self.kills)
    print("kill test (seed \(Self.seed)): \(figures)")
    #expect(figures.problems == [])
    #expect(figures.kills == Self.kills)
    // The writers must have committed between kills. How many kills land inside a save depends
    // on the machine's speed; over a long run some must.
    #expect(figures.finalGeneration >= 2)
    if Self.kills >= 100 { #expect(figures.killsInsideSave > 0) }
    let store = try Store.open(directory: harness.path)
    #expect(try store.check() == [])
  }
}
