#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commit lock (`commit.lock`): a writer holds it exclusively while it moves a committed
/// journal into place; readers hold it shared while they read the manifest and shards, so a
/// reader never sees some shards of a commit and not others.
struct CommitLock: Sendable {
  let descriptor: Int32

  /// Waits for and takes the commit lock of the store at `directory`.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when the lock file cannot be
  ///   opened; nothing is written then.
  static func acquire(directory: String, shared: Bool) throws(StoreError) -> CommitLock {
    let path = directory + "/" + LocalState.folder + "/commit.lock"
    let fd = open(path, (shared ? O_RDONLY : O_RDWR) | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw StoreFiles.failure("open the lock file", path) }
    while flock(fd, shared ? LOCK_SH : LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(fd)
      throw StoreFiles.failure("lock", path, code: code)
    }
    return CommitLock(descriptor: fd)
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
}
