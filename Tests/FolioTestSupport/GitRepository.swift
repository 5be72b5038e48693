import Foundation

/// A git repository in a directory, driven through the real `git` binary: for tests of what
/// happens to a store kept in git (branches, merges, hand edits, diffs).
public struct GitRepository: Sendable {
  /// The repository's working tree.
  public let path: String

  /// What one `git` command did.
  public typealias Result = ChildProcess.Result

  /// Whether a `git` binary is on the `PATH` (CI installs one; see `.ci/run`).
  public static let isGitInstalled: Bool = (try? run(["--version"], in: "/").status) == 0

  /// A new repository in a new temporary directory; ``remove()`` deletes it.
  public init() throws {
    try self.init(creatingAt: try TemporaryDirectory(prefix: "folio-git").path)
  }

  /// Deletes the working tree and the repository.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `relativePath` in the working tree, creating folders as needed.
  public func write(_ text: String, to relativePath: String) throws {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The text of `relativePath` in the working tree.
  public func read(_ relativePath: String) throws -> String {
    try String(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// Creates a repository in `path` (made if missing) with a local identity and `main` as the
  /// first branch.
  public init(creatingAt path: String) throws {
    self.path = path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "tests@folio.invalid")
    try git("config", "user.name", "Folio tests")
    try git("config", "commit.gpgsign", "false")
  }

  /// Runs `git arguments` in the working tree and returns what it did, whatever its status.
  @discardableResult
  public func run(_ arguments: String...) throws -> Result {
    try Self.run(arguments, in: path)
  }

  /// Runs `git arguments` and throws unless it exits with 0.
  @discardableResult
  public func git(_ arguments: String...) throws -> String {
    let result = try Self.run(arguments, in: path)
    guard result.status == 0 else {
      throw FixtureError("git \(arguments.joined(separator: " ")) exited with \(result.status): \(result.errors)\(result.output)")
    }
    return result.output
  }

  /// Stages everything and commits it.
  public func commitAll(_ message: String) throws {
    try git("add", "-A")
    try git("commit", "-q", "--allow-empty", "-m", message)
  }

  /// Runs `git arguments` in `directory` with the repository's own settings only.
  public static func run(_ arguments: [String], in directory: String) throws -> Result {
    // The repository's own settings only: not the machine's or the user's.
    try ChildProcess.run(
      "/usr/bin/env", ["git"] + arguments, in: directory,
      environment: [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0",
      ])
  }
}
