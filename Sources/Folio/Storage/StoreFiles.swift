#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// The file operations the directory backing needs, on POSIX calls so that durability points
/// (fsync of files and of directories) are explicit. Paths are absolute.
enum StoreFiles {
  /// The error for a failed system call on `path`, naming the file, what the error number
  /// means, and advice that fits it.
  static func failure(_ action: String, _ path: String, code: Int32 = errno) -> StoreError {
    let reason = String(cString: strerror(code))
    let advice: String
    switch code {
    case ENOSPC, EDQUOT: advice = "the disk (or your quota) is full; free some space and try again"
    case EACCES, EPERM:
      advice = "permission was refused; check the permissions of the file and of its directory"
    case EROFS: advice = "the file system is read-only; use a store on a writable file system"
    case EEXIST: advice = "something is already at that path; move it away"
    case EISDIR: advice = "a directory is where a file was expected; move the directory away"
    case ENOTDIR:
      advice = "a file is where a directory was expected in the path; move the file away"
    case ENOENT: advice = "part of the path is missing; check that the store directory is complete"
    case EMFILE, ENFILE:
      advice = "too many files are open; raise the limit (ulimit -n) or close other programs"
    case ENAMETOOLONG: advice = "the path is too long; use a shorter store path"
    case EIO: advice = "the device reported an input/output error; check the disk"
    default: advice = "check that the disk has space and the directory is writable"
    }
    return StoreError(
      code: .ioFailure, message: "could not \(action) '\(path)': \(reason); \(advice)", file: path)
  }

  /// Opens the entry at `path` without following a link there and without waiting on a FIFO,
  /// and checks that it is a regular file (or, with `directory`, a folder); the descriptor is
  /// returned blocking again.
  ///
  /// - Returns: The descriptor, or `nil` when nothing is at `path` (`ENOENT`).
  /// - Throws: ``StoreError`` (``StoreError/Code/specialFile`` for a link, FIFO, socket or
  ///   device at `path`, ``StoreError/Code/ioFailure`` otherwise).
  static func openChecked(_ path: String, flags: Int32, mode: mode_t = 0o644, directory: Bool = false) throws(StoreError) -> Int32? {
    let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
    if fd < 0 {
      let code = errno
      if code == ENOENT { return nil }
      // O_NOFOLLOW on a link fails with ELOOP (Linux, Darwin) or EMLINK (FreeBSD); a FIFO
      // opened for writing without a reader fails with ENXIO.
      if code == ELOOP || code == EMLINK || code == ENXIO, let kind = StoreTree.kind(at: path), kind != .file, kind != .directory {
        throw StoreTree.problem(kind, at: path, path: path)
      }
      throw failure("open", path, code: code)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      throw failure("open", path, code: code)
    }
    let kind = StoreTree.kind(mode: info.st_mode)
    guard kind == (directory ? .directory : .file) else {
      close(fd)
      if kind == .file || kind == .directory { throw failure("read", path, code: directory ? ENOTDIR : EISDIR) }
      throw StoreTree.problem(kind, at: path, path: path)
    }
    let status = fcntl(fd, F_GETFL)
    if status >= 0 { _ = fcntl(fd, F_SETFL, status & ~O_NONBLOCK) }
    return fd
  }

  /// The whole contents of the file at `path`, or `nil` when it does not exist. A link, FIFO,
  /// socket or device at `path` is never followed or read.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/specialFile``, ``StoreError/Code/ioFailure``).
  static func readFile(_ path: String) throws(StoreError) -> [UInt8]? {
    guard let fd = try openChecked(path, flags: O_RDONLY) else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure("read", path) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress! + done, raw.count - done)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure("read", path)
      }
      if n == 0 { break }
      done += n
    }
    if done < bytes.count { bytes.removeSubrange(done...) }
    return bytes
  }

  /// Writes `bytes` to a new file at `path` (replacing any) and, with `sync`, fsyncs it.
  ///
  /// Whatever was at `path` is unlinked first and the file is created anew (`O_EXCL`,
  /// `O_NOFOLLOW`), so a write never goes through a link, hard or symbolic, into another file.
  static func writeFile(_ bytes: [UInt8], to path: String, sync: Bool) throws(StoreError) {
    if unlink(path) != 0, errno != ENOENT { throw failure("replace", path) }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("create", path) }
    defer { close(fd) }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + done, raw.count - done) }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure("write", path)
      }
      done += n
    }
    if sync, fullSync(fd) != 0 { throw failure("fsync", path) }
  }

  /// fsyncs a file or directory so that its contents (for a directory: its entries) are durable.
  static func syncPath(_ path: String) throws(StoreError) {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw failure("open", path) }
    defer { close(fd) }
    if fullSync(fd) != 0 { throw failure("fsync", path) }
  }

  /// Makes what was written through `fd` durable, down to the drive's platter or flash.
  ///
  /// On Darwin, `fsync` hands the data to the drive but does not flush the drive's write cache,
  /// so a power cut can still lose it; `fcntl(F_FULLFSYNC)` does flush it. Where `F_FULLFSYNC`
  /// fails (file systems and network volumes that do not support it) this falls back to
  /// `fsync`, as SQLite does. Elsewhere `fsync` already flushes the cache.
  ///
  /// - Returns: 0 on success, else -1 with `errno` set by the last call.
  static func fullSync(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
      if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(fd)
  }

  /// fsyncs every file in `paths`, several at a time on their own threads (fsync blocks on the
  /// disk, not the CPU), and returns when all are durable.
  ///
  /// - Throws: The first failure; the other files may or may not be durable.
  static func syncFiles(_ paths: [String]) throws(StoreError) {
    if paths.count < 2 {
      for path in paths { try syncPath(path) }
      return
    }
    let workers = min(paths.count, 16)
    let failure = Mutex<StoreError?>(nil)
    let done = DispatchGroup()
    for worker in 0..<workers {
      done.enter()
      let thread = Thread {
        for n in stride(from: worker, to: paths.count, by: workers) {
          do throws(StoreError) { try syncPath(paths[n]) } catch {
            failure.withLock { if $0 == nil { $0 = error } }
            break
          }
        }
        done.leave()
      }
      thread.start()
    }
    done.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Atomically replaces `destination` with `source` (same file system).
  static func move(_ source: String, to destination: String) throws(StoreError) {
    guard rename(source, destination) == 0 else { throw failure("rename", source) }
  }

  /// Removes a file; a missing file is not an error.
  static func removeFile(_ path: String) throws(StoreError) {
    if unlink(path) != 0, errno != ENOENT { throw failure("remove", path) }
  }

  /// Removes the directory at `path` if it is empty; anything else is left as it is.
  static func removeEmptyDirectory(_ path: String) {
    _ = rmdir(path)
  }

  /// Creates a directory (and its parents); an existing one is not an error, but a link or
  /// anything else that is not a real folder at `path` is: nothing is created through it.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/specialFile`` when `path` is a link, FIFO,
  ///   socket or device; ``StoreError/Code/ioFailure`` otherwise).
  static func makeDirectory(_ path: String) throws(StoreError) {
    switch StoreTree.kind(at: path) {
    case .directory?: return
    case nil: break
    case .file?: throw failure("create the directory", path, code: EEXIST)
    case let kind?: throw StoreTree.problem(kind, at: path, path: path)
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw failure("create the directory", path, code: EACCES)
    }
    if let kind = StoreTree.kind(at: path), kind != .directory { throw StoreTree.problem(kind, at: path, path: path) }
  }

  /// Removes a directory and everything in it; a missing one is not an error.
  static func removeTree(_ path: String) throws(StoreError) {
    guard exists(path) else { return }
    do { try FileManager.default.removeItem(atPath: path) } catch {
      throw failure("remove", path, code: EACCES)
    }
  }

  /// Whether anything exists at `path` (a link counts, whether or not its target exists: it
  /// is not followed).
  static func exists(_ path: String) -> Bool {
    StoreTree.kind(at: path) != nil
  }

  /// The UTF-8 names in a directory, of every kind (empty when it does not exist). A link at
  /// `path` is not listed through unless `followingLink` (the user's own store path).
  static func list(_ path: String, followingLink: Bool = false) -> [String] {
    (StoreTree.entries(path, followingLink: followingLink) ?? []).compactMap(\.name)
  }
}
