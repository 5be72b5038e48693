import Foundation

/// Runs this executable (or another program) as a child process and collects its output.
///
/// Children are started with `posix_spawn` and reaped with `wait4`, not with Foundation's
/// `Process`: `Process.waitUntilExit()` polls its run loop every 50 ms on Linux, so a child's
/// wall time came out rounded up to the next 50 ms (`/bin/sleep 0.01` measured 0.052 s), which
/// is 10–15% of a 100,000-item sync. `wait4` returns as the child ends, with the child's own
/// resource usage (its peak RSS).
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
    /// The exit status, or 128 + the signal's number when a signal ended the child.
    var status: Int32
    var output: String
    /// Wall time from just before the spawn to the child's reaping.
    var seconds: Double
    /// The child's peak resident set (`ru_maxrss` from `wait4`), in KiB.
    var peakKiB: Int
  }

  /// A child that could not be started, or a pipe that could not be made.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `program` with `arguments`; returns its exit status, standard output (discarded with
  /// `discardOutput`), wall time and peak RSS. Standard error is passed through when
  /// `passError` is set, else discarded; `echo` copies standard output to this process's.
  static func run(
    _ program: String, _ arguments: [String], passError: Bool = true, echo: Bool = false,
    discardOutput: Bool = false
  ) throws -> Result {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SpawnError(description: "pipe failed: errno \(errno)") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if discardOutput {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    }
    if !passError { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let clock = Stopwatch()
    let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
    close(ends[1])
    guard spawned == 0 else {
      close(ends[0])
      throw SpawnError(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
    }
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      if echo { FileHandle.standardOutput.write(Data(buffer[0..<count])) }
      collected += buffer[0..<count]
    }
    close(ends[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
    let seconds = clock.elapsed
    // The wait status's layout (<sys/wait.h>): the signal in the low 7 bits, else the exit code
    // in the next byte.
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      output: String(decoding: collected, as: UTF8.self), seconds: seconds, peakKiB: usage.ru_maxrss)
  }

  /// The integer after the last `name` prefix in `output`'s lines.
  static func lastValue(_ name: String, in output: String) -> Int? {
    output.split(separator: "\n").last { $0.hasPrefix(name) }.flatMap { Int($0.dropFirst(name.count).trimmingCharacters(in: .whitespaces)) }
  }
}
