import Foundation
import Synchronization

/// Runs the `git` binary for the commands that read a store's history (`folio diff`, `--at`).
///
/// Git is found on `PATH`, run in a given directory with the user's own settings, its standard
/// input written from a second thread while the output is read, so a large exchange (`git
/// cat-file --batch` over every file of a store) cannot fill both pipes and stall.
struct GitRunner: Sendable {
  /// The directory git runs in.
  var directory: String

  /// What one git command printed.
  struct Output: Sendable {
    /// Standard output.
    var bytes: [UInt8]
    /// Standard error, as text.
    var errors: String
    /// The exit status.
    var status: Int32
  }

  /// The `git` executable on `PATH`.
  ///
  /// - Throws: ``CLIError`` (`gitUnavailable`) when none is found.
  static func executable() throws(CLIError) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = String(folder) + "/git"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw CLIError(
      .gitUnavailable, "git is not installed (no 'git' on PATH); this command reads the store's history from git.")
  }

  /// Runs `git arguments`, feeding `input` to its standard input.
  ///
  /// - Throws: ``CLIError`` (`gitUnavailable`) when git cannot be started.
  func run(_ arguments: [String], input: [UInt8] = []) throws(CLIError) -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Self.executable())
    // No pager, no prompt, no locale-dependent messages: the output is parsed.
    process.arguments = ["--no-pager", "-c", "core.quotePath=false"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    do {
      try process.run()
    } catch {
      throw CLIError(.gitUnavailable, "git could not be started: \(error.localizedDescription)")
    }
    let writer = stdin.fileHandleForWriting
    let errorReader = stderr.fileHandleForReading
    let group = DispatchGroup()
    let errors = ErrorText()
    DispatchQueue.global().async(group: group) {
      if !input.isEmpty { try? writer.write(contentsOf: input) }
      try? writer.close()
    }
    DispatchQueue.global().async(group: group) {
      errors.set(String(decoding: errorReader.readDataToEndOfFile(), as: UTF8.self))
    }
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Output(bytes: Array(data), errors: errors.text, status: process.terminationStatus)
  }

  /// Runs `git arguments` and returns its standard output.
  ///
  /// - Throws: ``CLIError`` (`gitFailed`) with git's own message when it exits with another
  ///   status than 0, (`gitUnavailable`) when it cannot be started.
  func output(_ arguments: [String], input: [UInt8] = []) throws(CLIError) -> [UInt8] {
    let result = try run(arguments, input: input)
    guard result.status == 0 else {
      let message = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
      throw CLIError(
        .gitFailed,
        "git \(arguments.first ?? "") failed: \(message.isEmpty ? "exit status \(result.status)" : message)")
    }
    return result.bytes
  }

  /// The text git printed, without the final newline.
  func text(_ arguments: [String]) throws(CLIError) -> String {
    String(decoding: try output(arguments), as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  /// The contents of the blobs named by `objects` (object names, or `REV:PATH`), read with one
  /// `git cat-file --batch` (``GitBlobReader``); an object git does not have is `nil`.
  ///
  /// - Throws: ``CLIError`` (`gitFailed`) when git's output cannot be read.
  func blobs(_ objects: [String]) throws(CLIError) -> [[UInt8]?] {
    guard !objects.isEmpty else { return [] }
    let reader = try GitBlobReader(git: self)
    defer { reader.close() }
    var contents: [[UInt8]?] = []
    contents.reserveCapacity(objects.count)
    for object in objects { contents.append(try reader.blob(object)) }
    return contents
  }
}

/// Standard error of a git run, set by the thread that reads it.
private final class ErrorText: Sendable {
  private let value = Mutex("")
  func set(_ text: String) { value.withLock { $0 = text } }
  var text: String { value.withLock { $0 } }
}

extension CLIError.Code {
  /// A git command failed (an unknown revision, a path outside the repository).
  static let gitFailed = Self("gitFailed")
}
