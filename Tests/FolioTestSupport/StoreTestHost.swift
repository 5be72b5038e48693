import Foundation

/// Runs `folio-testhost` (built with the tests) as a second process.
public enum StoreTestHost {
  /// The built `folio-testhost` executable.
  public static var executable: URL {
    get throws {
      let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
      let candidates = [
        Bundle.main.bundleURL.appendingPathComponent("folio-testhost"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("folio-testhost"),
        package.appendingPathComponent(".build/debug/folio-testhost"),
        package.appendingPathComponent(".build/release/folio-testhost"),
      ]
      guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "folio-testhost (run swift build --build-tests)"])
      }
      return found
    }
  }

  /// A running `folio-testhost`.
  public final class Running: @unchecked Sendable {
    // @unchecked Sendable: the Process and pipe are only used from the test that started them.
    public let process: Process
    let output: Pipe

    init(process: Process, output: Pipe) {
      self.process = process
      self.output = output
    }

    /// Reads standard output until a full line arrives (or the process ends).
    public func readLine() -> String {
      var bytes: [UInt8] = []
      while true {
        let chunk = output.fileHandleForReading.readData(ofLength: 1)
        guard let byte = chunk.first else { break }
        if byte == 0x0A { break }
        bytes.append(byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Kills the process at once (SIGKILL), as a crash would end it.
    public func kill() {
      if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits for the process to end and returns its exit status (the signal number when a
    /// signal ended it).
    public func wait() -> Int32 {
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  /// Starts `folio-testhost` with `arguments`.
  public static func start(_ arguments: [String]) throws -> Running {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    return Running(process: process, output: output)
  }

  /// Runs `folio-testhost` to completion: its exit status and everything it printed.
  public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let running = try start(arguments)
    let data = running.output.fileHandleForReading.readDataToEndOfFile()
    return (running.wait(), String(decoding: data, as: UTF8.self))
  }
}
