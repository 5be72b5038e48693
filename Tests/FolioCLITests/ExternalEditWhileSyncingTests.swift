import Foundation
import Synchronization
import Testing

import FolioTestSupport

/// The concurrent external-change test of issue 31: `folio sync` runs again and again as a
/// process (each run rewrites every Employee file) while this test, like a person in an editor,
/// adds records with negative identifiers to `Employee/0000000000000000.json` and saves it by
/// renaming a new file over it. No edit may be lost.
///
/// `FOLIO_EXTERNAL_EDITS=N` sets the number of edits (100 by default; the full run in
/// Reliability.md uses 1,000).
@Suite(.serialized) struct ExternalEditWhileSyncingTests {
  static let edits = ProcessInfo.processInfo.environment["FOLIO_EXTERNAL_EDITS"].flatMap { Int($0) } ?? 100
  static let employees = 2_000
  static let schema = FixtureFolder.packageRoot.appendingPathComponent("Fixtures/company/schema.json").path

  /// A payload of the employees 1…`employees`, their salaries shifted by `round` so that every
  /// sync changes every record.
  static func payload(round: Int) -> String {
    let items = (1...employees).map { id in
      #"{"id": \#(id), "user": {"name": "Employee \#(id)", "email": "e\#(id)@example.com"}, "salary": \#(40_000 + id + round), "department_id": \#(id % 7 + 1)}"#
    }
    return "[\n" + items.joined(separator: ",\n") + "\n]\n"
  }

  /// Adds Employee `-n` to the head file as an editor saves: read, change, write a new file,
  /// rename it over the old one. Retries while the file is briefly set aside by a commit.
  static func addByHand(_ n: Int, in store: String) throws {
    let file = store + "/Employee/0000000000000000.json"
    var text: String?
    for _ in 0..<1_000 {
      text = try? String(contentsOfFile: file, encoding: .utf8)
      if text != nil { break }
      usleep(1_000)
    }
    guard let text, let open = text.range(of: "[\n") else { throw FixtureError("could not read \(file)") }
    let record = #"  {"active": true, "department": 1, "fullName": "By hand \#(n)", "id": -\#(n), "salary": 1.0},"# + "\n"
    let edited = text.replacingCharacters(in: open, with: "[\n" + record)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
  }

  @Test func noEditSavedWhileSyncsRunIsLost() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = directory.path + "/company.folio"
    let payloads = (0..<2).map { directory.path + "/payload-\($0).json" }
    for (round, path) in payloads.enumerated() {
      try Data(Self.payload(round: round).utf8).write(to: URL(fileURLWithPath: path))
    }
    let first = try FolioExecutable.run(["sync", "--store", store, "--schema", Self.schema, "--entity", "Employee", payloads[0]])
    try #require(first.status == 0, "\(first.output)")
    let done = Atomic(false)
    let editFailures = Mutex<[String]>([])
    let editor = Thread {
      var generator = SystemRandomNumberGenerator()
      for n in 1...Self.edits {
        usleep(UInt32.random(in: 2_000...30_000, using: &generator))
        do { try Self.addByHand(n, in: store) } catch { editFailures.withLock { $0.append("\(error)") } }
      }
      done.store(true, ordering: .releasing)
    }
    editor.start()
    var syncs = 0
    var failures: [String] = []
    while !done.load(ordering: .acquiring) {
      let run = try FolioExecutable.run([
        "sync", "--store", store, "--entity", "Employee", "--scope", "id > 0", payloads[(syncs + 1) % 2],
      ])
      if run.status != 0 { failures.append(run.output) }
      syncs += 1
    }
    #expect(editFailures.withLock { $0 } == [])
    // Every sync either applied or, when the files changed under each of its re-plans (this
    // editor saves far more often than a person does), wrote nothing and said so. How many
    // applied depends on the machine's speed: on a loaded 2-core machine a sync can outlast
    // every gap between saves, so the test does not count them; a sync once the editor has
    // stopped must apply.
    #expect(failures.allSatisfy { $0.contains("[changedOutside]") || $0.contains("[stalePlan]") }, "\(failures.prefix(3))")
    let last = try FolioExecutable.run([
      "sync", "--store", store, "--entity", "Employee", "--scope", "id > 0", payloads[(syncs + 1) % 2],
    ])
    #expect(last.status == 0, "after \(syncs) syncs, \(failures.count) of them refused: \(last.output)")
    let count = try FolioExecutable.run(["query", "--store", store, "--entity", "Employee", "--where", "id < 0", "--count"])
    #expect(count.status == 0)
    #expect(count.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Self.edits)", "\(syncs) syncs ran")
    let check = try FolioExecutable.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.output)")
  }
}
