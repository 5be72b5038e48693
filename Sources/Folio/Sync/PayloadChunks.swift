import Foundation

/// The chunks of a payload's top-level array as texts ready to parse (`[` + items + `]`), cut
/// from bytes in memory or from a file read a block at a time.
///
/// From a file, only a window is held: the bytes of the chunk being gathered and of the block
/// being split. Bytes are dropped once their chunk has been cut, so a sync of a large file holds
/// a few MiB of its text at a time, not the text. Anything unexpected — text that is not an
/// array of delimited items, a read error, a file longer than the parser's limit — ends the
/// chunks with ``Next/malformed``: the caller then reads the payload the ordinary way, which
/// reports the problem as it always has.
struct PayloadChunks: Sendable {
  /// What ``next()`` found.
  enum Next {
    /// The text of the next chunk, and how many items it holds.
    case text([UInt8], count: Int)
    /// The array ended.
    case end
    /// Read it the ordinary way.
    case malformed
  }

  /// Bytes read from a file at a time, by default. The window holds about this much beside the
  /// chunk being gathered; it was 4 MiB, and with the block it was appended from the window
  /// peaked at 12.6 MB of a 100k-record sync's 97 MB heap (massif).
  static let blockSize = 1 << 20

  private var window: [UInt8]
  /// The file still being read, `nil` once its end has been reached (or for bytes in memory).
  private var file: FileReader?
  private var splitter: ItemSplitter
  /// Bytes dropped from the window's front so far, and the payload's bytes in all.
  private var dropped = 0
  private let limit: Int
  /// Bytes read from the file at a time (at least).
  private let blockSize: Int
  /// The payload's length: exact for bytes in memory, the file's size when it was opened.
  let totalBytes: Int
  /// The most bytes of a file held at once so far, counting the window's whole allocation (for
  /// tests of the window's bound).
  private(set) var largestWindow = 0

  /// The chunks of `bytes`, which are not copied.
  init(bytes: [UInt8], chunkSize: Int) {
    window = bytes
    splitter = ItemSplitter(chunkSize: chunkSize)
    limit = Int.max
    blockSize = PayloadChunks.blockSize
    totalBytes = bytes.count
  }

  /// The chunks of the file open as `file`, read until its end but no further than `limit`
  /// bytes (a longer file is ``Next/malformed``), `blockSize` bytes at a time.
  init(file: FileReader, limit: Int, chunkSize: Int, blockSize: Int = PayloadChunks.blockSize) {
    self.blockSize = max(1, blockSize)
    window = []
    self.file = file
    splitter = ItemSplitter(chunkSize: chunkSize)
    self.limit = limit
    totalBytes = file.size
  }

  /// Items delimited so far.
  var itemsSplit: Int { splitter.items }
  /// Whether the array's closing bracket has been found.
  var isClosed: Bool { splitter.isClosed }
  /// How far into the payload the splitter has come, in bytes.
  var bytesSplit: Int { dropped + splitter.position }

  /// The next chunk's text, the end, or ``Next/malformed``.
  ///
  /// - Complexity: O(*b*) in the bytes of the chunk (and of a block read for it).
  mutating func next() -> Next {
    while true {
      let step = window.withUnsafeBufferPointer { splitter.next($0, isComplete: file == nil) }
      switch step {
      case .chunk(let start, let end, let count):
        return .text(Self.text(window, start, end), count: count)
      case .end: return .end
      case .malformed: return .malformed
      case .needsMore:
        guard readMore() else { return .malformed }
      }
    }
  }

  /// Replaces the window with the bytes still needed followed by the next block (at least as
  /// many bytes as are kept, so an item larger than a block is looked at a bounded number of
  /// times), read straight into the new window's storage; `false` on a read error or past the
  /// limit. At the file's end, marks the window complete.
  ///
  /// The new window is allocated at its final size: growing the old one by appending a block
  /// read elsewhere doubled its capacity and held the block beside it.
  private mutating func readMore() -> Bool {
    guard let reader = file else { return false }
    let keep = splitter.retained
    let kept = window.count - keep
    let wanted = max(blockSize, kept)
    var count: Int?
    let old = window
    window = [UInt8](unsafeUninitializedCapacity: kept + wanted) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      old.withUnsafeBufferPointer { old in
        if kept > 0, let from = old.baseAddress { base.update(from: from + keep, count: kept) }
      }
      count = reader.read(wanted, into: UnsafeMutableRawPointer(base + kept))
      initialized = kept + (count ?? 0)
    }
    if keep > 0 {
      splitter.shift(by: keep)
      dropped += keep
    }
    guard let count else { return false }
    if count == 0 { file = nil }
    largestWindow = max(largestWindow, window.capacity)
    return dropped + window.count <= limit
  }

  /// `[` + the bytes from `start` to `end` + `]`.
  static func text(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [UInt8] {
    let length = end - start
    return [UInt8](unsafeUninitializedCapacity: length + 2) { out, count in
      out[0] = ItemSplitter.openBracket
      bytes.withUnsafeBufferPointer { source in
        if length > 0, let from = source.baseAddress, let to = out.baseAddress {
          (to + 1).update(from: from + start, count: length)
        }
      }
      out[length + 1] = ItemSplitter.closeBracket
      count = length + 2
    }
  }
}

/// A file open for reading with `read(2)`, closed when the reader is freed.
final class FileReader: Sendable {
  private let descriptor: Int32
  /// The file's size when it was opened (0 when not a regular file).
  let size: Int

  /// Opens `path`, or returns `nil` when it cannot be opened or is not a regular file.
  init?(path: String) {
    // Looked at before it is opened: opening a FIFO would wait for, then take, its writer,
    // and the whole read that follows needs it.
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    size = Int(status.st_size)
  }

  deinit { close(descriptor) }

  /// Reads up to `count` bytes into `base`: how many arrived (fewer only at the end, 0 there),
  /// or `nil` on an error other than an interruption.
  func read(_ count: Int, into base: UnsafeMutableRawPointer) -> Int? {
    var filled = 0
    while filled < count {
      let result = Foundation.read(descriptor, base + filled, count - filled)
      if result < 0, errno == EINTR { continue }
      if result < 0 { return nil }
      if result == 0 { break }
      filled += result
    }
    return filled
  }
}
