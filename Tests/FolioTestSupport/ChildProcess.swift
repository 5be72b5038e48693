import Foundation

/// Runs a program as a child process and collects what it printed: the one way the tests run
/// `folio`, `git` and `bash`.
public enum ChildProcess {
  /// What one run did.
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

  /// Runs `executable` with `arguments` in `directory`, with the test process's environment
  /// changed by `environment` (a `nil` value removes a variable), writing `input` to its
  /// standard input (none: `/dev/null`). Both output streams are read at once, so neither can
  /// fill up and stall the child.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment changes: [String: String?] = [:], input: Data? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let standardInput = input.map { _ in Pipe() }
    process.standardInput = standardInput ?? FileHandle.nullDevice
    try process.run()
    let errorData = PipeReader(errors.fileHandleForReading)
    if let input, let standardInput {
      // A child that stops reading early closes the pipe: writing then fails, which is fine.
      try? standardInput.fileHandleForWriting.write(contentsOf: input)
      try? standardInput.fileHandleForWriting.close()
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      errors: String(decoding: errorData.wait(), as: UTF8.self))
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
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
