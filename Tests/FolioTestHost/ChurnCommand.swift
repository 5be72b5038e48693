import Folio
import FolioTestSupport

/// `folio-testhost kill-churn DIR SEED [STEPS]`: opens (or creates) a store of
/// ``ChurnWorkload/schema`` and runs workload steps until killed (or for STEPS steps).
///
/// Prints, unbuffered: `open G DIGEST` once opened; for each step, `next G DIGEST` with the
/// state about to be committed (printed before the commit starts), then `done G` once the
/// commit returned. A kill therefore leaves the store at the last `done` (or `open`) state or at
/// the last `next` state, and nothing else.
enum ChurnCommand {
  static func run(directory: String, seed: UInt64, steps: Int?) throws {
    let store = try Store(directory: directory, schema: ChurnWorkload.schema)
    say("open \(store.generation) \(StoreDigest.of(store.state))")
    var done = 0
    while steps.map({ done < $0 }) ?? true {
      let generation = store.generation
      try store.transaction { tx in
        try ChurnWorkload.step(&tx, seed: seed, generation: generation)
        say("next \(generation + 1) \(StoreDigest.of(tx.state))")
      }
      say("done \(store.generation)")
      done += 1
    }
  }
}
