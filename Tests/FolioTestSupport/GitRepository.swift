import Foundation

/// A git repository in a directory, driven through the real `git` binary: for tests of what
/// happens to a store kept in git (branches, merges, hand edits, diffs).
public struct GitRepository: Sendable {
  /// The repository's working tree.
  public let path: String

  /// What one `git` command did.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errors: String
    /// Standard output, then standard error.
    public var combined: String { output + errors }
  }

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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    // The repository's own settings only: not the machine's or the user's.
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["LC_ALL"] = "C"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read standard error on another thread so neither pipe can fill up and stall git.
    let errorData = ErrorCollector(errors.fileHandleForReading)
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      errors: String(decoding: errorData.wait(), as: UTF8.self))
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
  // @unchecked: `data` is written once by the reading thread before `done` is signalled and
  // read only after waiting on it.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }.start()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
