#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commit lock (`.folio/commit.lock`): a writer holds it exclusively while it moves a
/// committed journal into place; readers hold it shared while they read the files, so a reader
/// never sees some files of a commit and not others.
///
/// A writer never waits for readers without bound (a reader may be suspended with Ctrl-Z): it
/// waits ``writerWait`` at most, and otherwise leaves the committed journal for later, which
/// readers already read through (see ``CommitJournal``).
struct CommitLock: Sendable {
  let descriptor: Int32

  /// How long a writer waits for readers to release the lock, by default.
  static let writerWait = 5.0

  /// Takes the commit lock of the store at `directory` exclusively, waiting at most `seconds`.
  ///
  /// - Returns: The lock, or `nil` when readers still hold it after `seconds`.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when the lock file cannot be
  ///   opened; nothing is written then.
  static func acquireExclusive(directory: String, waiting seconds: Double) throws(StoreError) -> CommitLock? {
    let path = directory + "/" + LocalState.folder + "/commit.lock"
    let fd = try open(directory: directory, flags: O_RDWR | O_CREAT)
    var waited = 0.0
    var pause = 0.000_1
    // Readers take the lock blocking and may follow one another closely; the writer only finds
    // the gaps between them by trying often. Tries at most 2 ms apart (a system call each, about
    // 2,500 in the longest wait): with tries 50 ms apart, a reader opening the store in a loop
    // kept a writer out for the whole 5 s now and then on a loaded machine (CommitLockTests).
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(fd)
        throw StoreFiles.failure("lock", path, code: code)
      }
      guard waited < seconds else {
        close(fd)
        return nil
      }
      usleep(UInt32(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.002)
    }
    return CommitLock(descriptor: fd)
  }

  /// The error for a committed save whose files could not be moved into place because readers
  /// held the commit lock for `seconds`.
  static func heldByReaders(_ seconds: Double) -> StoreError {
    StoreError(
      code: .locked,
      message: "another process has held the commit lock .folio/commit.lock for \(Int(seconds.rounded())) s: a reader (such as folio query or export), perhaps suspended with Ctrl-Z; the last committed change is durable and readers see it, but its files cannot be moved into place until that process continues or ends",
      file: LocalState.folder + "/commit.lock")
  }

  /// Waits for and takes the commit lock of the store at `directory` shared, as a reader (a
  /// writer holds it exclusively only while it moves a commit's files into place).
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when the lock file cannot be
  ///   opened; nothing is written then.
  static func acquireShared(directory: String) throws(StoreError) -> CommitLock {
    let path = directory + "/" + LocalState.folder + "/commit.lock"
    let fd = try open(directory: directory, flags: O_RDONLY | O_CREAT)
    while flock(fd, LOCK_SH) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(fd)
      throw StoreFiles.failure("lock", path, code: code)
    }
    return CommitLock(descriptor: fd)
  }

  /// Opens (creating it if needed) the commit lock file of the store at `directory` without
  /// following a link and without waiting on a FIFO; it must be a regular file in a real
  /// `.folio` folder. Nothing is truncated or written.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/specialFile`` for a link, FIFO, socket or device
  ///   at the lock file or at `.folio`; ``StoreError/Code/ioFailure`` otherwise).
  private static func open(directory: String, flags: Int32) throws(StoreError) -> Int32 {
    try StoreTree.requireLocalFolder(in: directory)
    let path = directory + "/" + LocalState.folder + "/commit.lock"
    guard let fd = try StoreFiles.openChecked(path, flags: flags) else {
      throw StoreFiles.failure("open the lock file", path, code: ENOENT)
    }
    return fd
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
