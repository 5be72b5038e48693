#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension StoreFiles {
  /// Moves `source` to `destination` unless something is already there, atomically: another
  /// process creating `destination` at the same instant makes this return `false`, never lose
  /// its file.
  ///
  /// A hard link made and the source's name removed: `link` fails when the destination exists,
  /// which `rename` would replace. Where the file system has no hard links, it falls back to
  /// checking and renaming, which leaves a window of a few microseconds.
  ///
  /// - Returns: `false` when `destination` exists (nothing is moved then).
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) for any other failure.
  static func moveIfAbsent(_ source: String, to destination: String) throws(StoreError) -> Bool {
    if link(source, destination) == 0 {
      try removeFile(source)
      return true
    }
    let code = errno
    if code == EEXIST { return false }
    guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV || code == EMLINK else {
      throw failure("move into place", source, code: code)
    }
    if exists(destination) { return false }
    try move(source, to: destination)
    return true
  }
}
