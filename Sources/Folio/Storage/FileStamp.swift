#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file looks like from outside, without reading it: its inode, size and the times of
/// its last change of content and of status.
///
/// A store open for writing keeps one per content file, taken before it reads the file and
/// again after it writes it, and compares them before each transaction to notice a change made
/// outside Folio (``Store/refreshFromDisk(_:)``). Any write, rename or checkout of a file
/// changes its status time (`ctime`), which no program can set back; a stamp that differs only
/// leads to reading the file and comparing its checksum, so a touched but unchanged file costs
/// a read, never a reload. A commit does not rely on stamps: it compares content
/// (``CommitJournal``).
struct FileStamp: Sendable, Hashable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var modifiedNanoseconds: Int64
  var changed: Int64
  var changedNanoseconds: Int64

  /// The stamp of the entry at `path` (a link itself, never its target), or `nil` when there is
  /// none.
  static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return FileStamp(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size), modified: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
      changed: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec))
  }
}
