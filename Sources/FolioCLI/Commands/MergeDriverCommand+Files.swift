import Foundation

extension MergeDriverCommand {
  /// Replaces the file at `path` with `bytes` atomically: the bytes go to a temporary file in
  /// the same directory, which is then renamed over `path`, so a crash leaves either the old
  /// file or the new one. The file keeps its permissions.
  ///
  /// - Throws: ``CLIError`` (`unwritableFile`) when the temporary file cannot be written or
  ///   renamed; `path` is then unchanged and the temporary file removed.
  static func replace(_ path: String, with bytes: [UInt8], console: Console) throws(CLIError) {
    let target = console.resolve(path)
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let temporary = directory + "/." + name + ".folio-merge-" + UUID().uuidString
    let permissions = (try? FileManager.default.attributesOfItem(atPath: target))?[
      .posixPermissions]
    guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
      throw CLIError(
        .unwritableFile, "cannot write the merged file next to '\(path)'; check permissions.",
        file: path)
    }
    if let permissions {
      try? FileManager.default.setAttributes(
        [.posixPermissions: permissions], ofItemAtPath: temporary)
    }
    guard rename(temporary, target) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw CLIError(
        .unwritableFile, "cannot replace '\(path)' with the merged file: \(reason).", file: path)
    }
  }

  /// Runs `git merge-file -L ours -L base -L theirs OURS BASE THEIRS`, which writes a
  /// line-based merge with conflict markers into OURS, and returns its exit status (the number
  /// of conflicts, 0 when clean).
  ///
  /// - Throws: ``CLIError`` (`gitUnavailable`) when `git` cannot be started; OURS is unchanged.
  static func lineMerge(base: String, ours: String, theirs: String, console: Console)
    throws(CLIError) -> Int32
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "git", "merge-file", "-L", "ours", "-L", "base", "-L", "theirs",
      console.resolve(ours), console.resolve(base), console.resolve(theirs),
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: console.currentDirectory)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CLIError(
        .gitUnavailable, "cannot run 'git merge-file': \(error). OURS is left as it is.",
        file: ours)
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if !message.isEmpty { console.err(String(decoding: message, as: UTF8.self)) }
    return process.terminationStatus
  }
}
