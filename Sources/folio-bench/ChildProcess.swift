import Foundation

/// Runs this executable (or another program) as a child process and collects its output.
enum ChildProcess {
  /// The path of the running executable.
  static var selfPath: String {
    // After a rebuild, /proc/self/exe names the replaced file with " (deleted)"; the new
    // executable is at the same path.
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
  }

  /// The result of one child run.
  struct Result {
    var status: Int32
    var output: String
    var seconds: Double
  }

  /// Runs `program` with `arguments`, echoing nothing; returns its exit status, standard output
  /// and wall time. Standard error is passed through when `passError` is set.
  static func run(_ program: String, _ arguments: [String], passError: Bool = true, echo: Bool = false) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    if !passError { process.standardError = FileHandle.nullDevice }
    let clock = Stopwatch()
    try process.run()
    var collected = Data()
    let handle = pipe.fileHandleForReading
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      if echo { FileHandle.standardOutput.write(chunk) }
      collected.append(chunk)
    }
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: collected, as: UTF8.self), seconds: clock.elapsed)
  }

  /// The integer after the last `name` prefix in `output`'s lines.
  static func lastValue(_ name: String, in output: String) -> Int? {
    output.split(separator: "\n").last { $0.hasPrefix(name) }.flatMap { Int($0.dropFirst(name.count).trimmingCharacters(in: .whitespaces)) }
  }
}
