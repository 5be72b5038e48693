import Folio
import FolioTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `folio-testhost read-loop DIR SEED SECONDS`: while a `kill-churn` writer with the same seed
/// commits, opens DIR read-only again and again, and checks that every state it sees is exactly
/// one generation of the workload: the digest equals that of an in-memory replay of the seed up
/// to the same generation, `Meta 0` holds that generation, and the invariants hold.
///
/// Prints `read OPENS GENERATIONS MISMATCHES` and exits 1 when a state was wrong (each wrong
/// state is printed as `mismatch …`).
enum ReadLoopCommand {
  static func run(directory: String, seed: UInt64, seconds: Double) throws -> Bool {
    let replay = try Store.inMemory(schema: ChurnWorkload.schema)
    var options = StoreOptions()
    options.readOnly = true
    let deadline = now() + seconds
    var opens = 0
    var generations = Set<UInt64>()
    var mismatches = 0
    while now() < deadline {
      let store = try Store(directory: directory, schema: ChurnWorkload.schema, options: options)
      let generation = store.generation
      opens += 1
      generations.insert(generation)
      while replay.generation < generation {
        let at = replay.generation
        try replay.transaction { tx in try ChurnWorkload.step(&tx, seed: seed, generation: at) }
      }
      var problems = store.state.invariantViolations()
      if replay.generation != generation {
        problems.append("the replay is at \(replay.generation)")
      } else if StoreDigest.of(store.state) != StoreDigest.of(replay.state) {
        problems.append("digest \(StoreDigest.of(store.state)), expected \(StoreDigest.of(replay.state))")
      }
      let step = store.get("Meta", 0)?["step"]
      if generation > 0, step != .int(Int64(generation)) {
        problems.append("Meta 0 holds step \(step.map { JSONWriter.string($0) } ?? "nothing")")
      }
      if !problems.isEmpty {
        mismatches += 1
        say("mismatch at generation \(generation): \(problems.joined(separator: "; "))")
      }
    }
    say("read \(opens) \(generations.count) \(mismatches)")
    return mismatches == 0
  }

  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
