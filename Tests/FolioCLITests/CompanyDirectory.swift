import FolioCLI
import FolioTestSupport
import Foundation

/// A temporary working directory holding a copy of `Fixtures/company` at the same relative path,
/// where tests run `folio` as the documentation does.
struct CompanyDirectory {
  let directory: TemporaryDirectory

  /// A fresh directory with `Fixtures/company` copied in.
  init() throws {
    directory = try TemporaryDirectory(prefix: "folio-cli")
    try FixtureFolder("company").copy(into: directory.url, at: "Fixtures/company")
  }

  /// The directory's path.
  var path: String { directory.path }

  /// Runs `folio arguments` here.
  func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    terminal: Bool = false
  ) -> CommandRun {
    CommandRun.run(
      arguments, in: path, input: input, environment: environment, terminal: terminal)
  }

  /// Syncs `payload` (a file of the company fixture) into `entity` of `company.folio`,
  /// creating the store from the schema file.
  @discardableResult
  func sync(_ entity: String, _ payload: String, _ flags: [String] = []) -> CommandRun {
    run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", entity,
      ] + flags + ["Fixtures/company/\(payload)"])
  }

  /// The number of `entity` records in `company.folio`, read with `folio query --count`.
  func count(_ entity: String = "Employee") -> Int? {
    let run = run(["query", "--store", "company.folio", "--entity", entity, "--count"])
    return Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Writes `text` to `name` in the directory.
  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: directory.url.appendingPathComponent(name))
  }

  /// The bytes of every file under `company.folio` by relative path, except the writer lock
  /// (which names the last process that opened the store).
  func storeFiles() -> [String: Data] {
    let root = directory.url.appendingPathComponent("company.folio")
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return files }
    for case let file as String in walker where file != ".folio/lock" {
      if let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) {
        files[file] = data
      }
    }
    return files
  }

  /// Removes the directory.
  func remove() { directory.remove() }
}
