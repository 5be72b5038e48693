import FolioTestSupport
import Foundation

/// A throwaway git repository in a temporary directory, isolated from the user's and the
/// system's git configuration, with `folio merge-driver` configured as the `folio` merge driver.
struct GitRepository {
  /// The repository's working tree.
  let directory: TemporaryDirectory

  /// Whether a `git` executable can be run.
  static let isGitInstalled: Bool = (try? run(["--version"], in: "/").status == 0) ?? false

  /// A new repository on branch `main`, with a local user and the merge driver configured to
  /// run the `folio` executable built beside the tests.
  init() throws {
    directory = try TemporaryDirectory(prefix: "folio-git")
    let folio = try FolioBinaryTests.executable().path
    try git("init", "-q", "-b", "main")
    try git("config", "user.name", "Folio Tests")
    try git("config", "user.email", "tests@example.com")
    try git("config", "merge.folio.name", "Folio record-level merge")
    try git("config", "merge.folio.driver", "'\(folio)' merge-driver %O %A %B %P")
  }

  /// The working tree's path.
  var path: String { directory.path }

  /// Removes the repository.
  func remove() { directory.remove() }

  /// Writes `text` to `relativePath`, creating folders as needed.
  func write(_ text: String, to relativePath: String) throws {
    let url = directory.url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The text of `relativePath`.
  func read(_ relativePath: String) throws -> String {
    try String(contentsOf: directory.url.appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// Runs `git arguments`, failing unless it exits with 0.
  @discardableResult
  func git(_ arguments: String...) throws -> String {
    let result = try Self.run(arguments, in: path)
    guard result.status == 0 else {
      throw FixtureError("git \(arguments.joined(separator: " ")) failed: \(result.output)")
    }
    return result.output
  }

  /// Runs `git arguments` in `directory` and returns its status and its combined output.
  static func run(_ arguments: [String], in directory: String) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
