#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writer lock of a directory store: an exclusive `flock` on the file `lock`, held for the
/// store's lifetime, with the holder (pid, host, since) written into the file for error messages.
///
/// The kernel releases the lock when the process ends, however it ends, so a crashed writer
/// never leaves a stale lock behind; the holder text may be stale and is only informative.
struct StoreLock: Sendable {
  /// The open lock file; closing it releases the lock.
  let descriptor: Int32
  /// The lock file's path.
  let path: String

  /// Takes the writer lock of the store at `directory` without waiting.
  ///
  /// The lock file is opened without following a link and without waiting on a FIFO, and must
  /// be a regular file; nothing is ever truncated. The holder text is written over the file's
  /// start (padded with spaces to its old length) only when the file has no other hard link.
  ///
  /// - Throws: ``StoreError`` with code ``StoreError/Code/locked`` naming the holder when another
  ///   process (or another open store in this process) holds it; nothing is written then.
  ///   ``StoreError/Code/specialFile`` when the lock file is a link, FIFO, socket or device;
  ///   nothing is written or followed then.
  static func acquire(directory: String) throws(StoreError) -> StoreLock {
    try StoreTree.requireLocalFolder(in: directory)
    let path = directory + "/" + LocalState.folder + "/lock"
    guard let fd = try StoreFiles.openChecked(path, flags: O_RDWR | O_CREAT) else {
      throw StoreFiles.failure("open the lock file", path, code: ENOENT)
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      close(fd)
      guard code == EWOULDBLOCK else { throw StoreFiles.failure("lock", path, code: code) }
      let holder = (try? StoreFiles.readFile(path)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
      let described = holder.flatMap(describe) ?? "an unknown process"
      throw StoreError(
        code: .locked,
        message: "the store is locked by another writer: \(described); close that store (or wait for that process to end), or open this one read-only",
        file: LocalState.folder + "/lock")
    }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_nlink == 1, info.st_size <= 4096 {
      // Padded to the old length instead of truncated: trailing spaces are valid JSON.
      var text = "{\"host\":\(JSONWriter.string(.string(hostName()))),\"pid\":\(getpid()),\"since\":\(JSONWriter.string(.string(now())))}"
      let padding = max(0, Int(info.st_size) - text.utf8.count - 1)
      text += String(repeating: " ", count: padding) + "\n"
      text.withUTF8 { utf8 in _ = pwrite(fd, utf8.baseAddress, utf8.count, 0) }
    }
    return StoreLock(descriptor: fd, path: path)
  }

  /// Throws unless the file at the lock's path is still the file this lock holds.
  ///
  /// `flock` locks an open file, not a name: when the lock file is deleted (by hand, or by
  /// `git clean -fdX`, since the local folder is ignored), another writer can create and lock a
  /// new file at the same path. A writer therefore checks, before each commit point, that it
  /// still holds the lock on the file at the path; if not, it must not commit.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/locked``); nothing is written.
  func verify() throws(StoreError) {
    var held = stat()
    var current = stat()
    guard fstat(descriptor, &held) == 0, lstat(path, &current) == 0,
      held.st_dev == current.st_dev, held.st_ino == current.st_ino
    else {
      throw StoreError(
        code: .locked,
        message: "the store's lock file was removed or replaced while this store was open, so another writer may have changed the store; nothing was written: close the store and open it again",
        file: LocalState.folder + "/lock")
    }
  }

  /// Releases the lock.
  ///
  /// Unlocks explicitly before closing: a child process forked by another thread at this moment
  /// shares the open file description until it execs, and closing alone would leave the lock
  /// held through that child's copy.
  func release() {
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// `pid 123 on host build-1 since 2026-11-22T05:00:00.000Z` from the lock file's text.
  static func describe(_ text: String) -> String? {
    guard case .object(let holder)? = try? JSONParser.parse(text) else { return nil }
    let pid = holder["pid"]?.intValue.map(String.init) ?? "?"
    let host = holder["host"]?.stringValue ?? "?"
    let since = holder["since"]?.stringValue ?? "?"
    return "pid \(pid) on host \(host) since \(since)"
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func now() -> String {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    let milliseconds = Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    return ISODate.string(fromMilliseconds: milliseconds) ?? "?"
  }
}
