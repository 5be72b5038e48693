// folio-testhost: a second process for storage tests (locks, concurrent readers, kill tests).
//
//   folio-testhost hold-lock DIR SECONDS      open DIR for writing, print "locked", hold it
//   folio-testhost write DIR ENTITY JSON      insert one record (local names) and save
//   folio-testhost count DIR ENTITY           open DIR read-only, print the entity's record count
//   folio-testhost churn DIR ENTITY FIELD N   N transactions, each setting FIELD of the first 8
//                                             records (by identifier) to "1", "2", … "N"
//   folio-testhost kill-churn DIR SEED [STEPS] the kill test's seeded workload (ChurnCommand)
//   folio-testhost read-loop DIR SEED SECONDS  reopen DIR read-only, check each generation (ReadLoopCommand)
//   (and the measurement commands in Measure.swift)
//
// Exit status: 0 on success, 1 on a store error (printed to stderr), 2 on bad usage.
import Folio

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String, status: Int32) -> Never {
  var standardError = message + "\n"
  standardError.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(status)
}

/// Writes a line to standard output unbuffered, so a waiting test sees it at once.
func say(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage =
  "usage: folio-testhost hold-lock DIR SECONDS | write DIR ENTITY JSON | count DIR ENTITY | churn DIR ENTITY FIELD N | kill-churn DIR SEED [STEPS] | read-loop DIR SEED SECONDS"
guard let command = arguments.first else { fail(usage, status: 2) }

do {
  switch (command, arguments.count) {
  case ("hold-lock", 3):
    let store = try Store.open(directory: arguments[1])
    say("locked \(store.generation)")
    usleep(UInt32((Double(arguments[2]) ?? 1) * 1_000_000))
  case ("write", 4):
    let store = try Store.open(directory: arguments[1])
    guard case .object(let values) = try JSONParser.parse(arguments[3]) else { fail("JSON must be an object", status: 2) }
    try store.insert(arguments[2], values)
    say("wrote \(store.generation)")
  case ("count", 3):
    var options = StoreOptions()
    options.readOnly = true
    let store = try Store.open(directory: arguments[1], options: options)
    say("\(store.state.count(arguments[2]))")
  case ("kill-churn", 3), ("kill-churn", 4):
    guard let seed = UInt64(arguments[2]) else { fail(usage, status: 2) }
    try ChurnCommand.run(directory: arguments[1], seed: seed, steps: arguments.count == 4 ? Int(arguments[3]) : nil)
  case ("read-loop", 4):
    guard let seed = UInt64(arguments[2]), let seconds = Double(arguments[3]) else { fail(usage, status: 2) }
    if try !ReadLoopCommand.run(directory: arguments[1], seed: seed, seconds: seconds) { exit(1) }
  case ("churn", 5):
    let store = try Store.open(directory: arguments[1])
    let ids = Array(store.state.ids(arguments[2]).prefix(8))
    say("churning \(ids.count)")
    for n in 1...(Int(arguments[4]) ?? 1) {
      try store.transaction { tx in
        for id in ids { try tx.update(arguments[2], id, [arguments[3]: .string(String(n))]) }
      }
    }
    say("churned \(store.generation)")
  default:
    if try !measure(command, Array(arguments.dropFirst())) { fail(usage, status: 2) }
  }
} catch {
  fail("\(error)", status: 1)
}
