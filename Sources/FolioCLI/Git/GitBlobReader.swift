import Foundation

/// One long-running `git cat-file --batch`, asked for one object at a time: a walk through a
/// long history reads each blob it needs when it needs it, without starting a process per
/// blob and without reading the blobs it can skip.
final class GitBlobReader {
  private let process: Process
  private let input: FileHandle
  private let output: Int32
  private var buffer: [UInt8] = []
  private var position = 0

  /// Starts `git cat-file --batch` in `git`'s directory.
  ///
  /// - Throws: ``CLIError`` (`gitUnavailable`) when git cannot be started.
  init(git: GitRunner) throws(CLIError) {
    process = Process()
    process.executableURL = URL(fileURLWithPath: try GitRunner.executable())
    process.arguments = ["cat-file", "--batch"]
    process.currentDirectoryURL = URL(fileURLWithPath: git.directory)
    let (stdin, stdout) = (Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CLIError(.gitUnavailable, "git could not be started: \(error.localizedDescription)")
    }
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading.fileDescriptor
  }

  deinit { close() }

  /// Ends git's input and waits for it to exit.
  func close() {
    try? input.close()
    if process.isRunning { process.waitUntilExit() }
  }

  /// The blob `object`, or `nil` when git has no such blob.
  ///
  /// - Throws: ``CLIError`` (`gitFailed`) when git stops answering.
  func blob(_ object: String) throws(CLIError) -> [UInt8]? {
    do {
      try input.write(contentsOf: Array((object + "\n").utf8))
    } catch {
      throw CLIError(.gitFailed, "git cat-file stopped reading: \(error.localizedDescription)")
    }
    let header = String(decoding: try line(), as: UTF8.self).split(separator: " ")
    // `<object> <type> <size>`, or `<object> missing`.
    guard header.count == 3, let size = Int(header[2]), size >= 0 else { return nil }
    try fill(size + 1)
    let content = Array(buffer[position..<position + size])
    position += size + 1
    return header[1] == "blob" ? content : nil
  }

  /// The next line of git's output, without its line feed.
  private func line() throws(CLIError) -> ArraySlice<UInt8> {
    var searched = position
    while true {
      if let end = buffer[searched...].firstIndex(of: 0x0A) {
        let line = buffer[position..<end]
        position = end + 1
        return line
      }
      // `fill` may move the buffered bytes to the front: keep the offset, not the index.
      let searchedOffset = buffer.count - position
      try fill(searchedOffset + 1)
      searched = position + searchedOffset
    }
  }

  /// Reads until at least `count` bytes are buffered after `position`.
  private func fill(_ count: Int) throws(CLIError) {
    if position > 0 && position == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      position = 0
    } else if position > 1 << 20 {
      buffer.removeFirst(position)
      position = 0
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while buffer.count - position < count {
      let read = chunk.withUnsafeMutableBytes { systemRead(output, $0.baseAddress, $0.count) }
      guard read > 0 else { throw CLIError(.gitFailed, "git cat-file ended before answering.") }
      buffer += chunk[..<read]
    }
  }
}

/// `read(2)`, by a name no method shadows.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
