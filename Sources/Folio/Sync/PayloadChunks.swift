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
  /// What ``next(into:)`` found.
  enum Next {
    /// The next chunk holds `count` items; its text is in the buffer given to ``next(into:)``.
    case chunk(count: Int)
    /// The array ended.
    case end
    /// Read it the ordinary way.
    case malformed
  }

  /// Bytes read from a file at a time, by default. The window holds about this much beside the
  /// chunk being gathered; it was 4 MiB, and with the block it was appended from the window
  /// peaked at 12.6 MB of a 100k-record sync's 97 MB heap (massif).
  static let blockSize = 1 << 20

  /// The bytes looked at, in the first ``filled`` places. From a file it is one buffer, reused
  /// for every block: a buffer allocated per block (with the chunks' texts) was fresh memory
  /// each time, 28% of a 100k-item day-1 sync's page faults (`perf record -e page-faults`).
  /// Reusing both took 5% off the process's faults, not 28%: the parser's allocations now get
  /// fresh pages where they used to get the freed windows'.
  private var window: [UInt8]
  /// How many bytes at the start of ``window`` hold the payload.
  private var filled: Int
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
  /// How many times the window was allocated, and how many times a chunk's text did not fit the
  /// buffer it was given (for tests that both are reused).
  private(set) var windowAllocations = 0, textAllocations = 0

  /// The chunks of `bytes`, which are not copied.
  init(bytes: [UInt8], chunkSize: Int) {
    window = bytes
    filled = bytes.count
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
    filled = 0
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

  /// The next chunk, its text written into `text` (whose storage is reused when it has room);
  /// the end; or ``Next/malformed``.
  ///
  /// - Complexity: O(*b*) in the bytes of the chunk (and of a block read for it).
  mutating func next(into text: inout [UInt8]) -> Next {
    while true {
      let filled = filled
      let step = window.withUnsafeBufferPointer {
        splitter.next(UnsafeBufferPointer(rebasing: $0[0..<filled]), isComplete: file == nil)
      }
      switch step {
      case .chunk(let start, let end, let count):
        if Self.text(window, start, end, into: &text) { textAllocations += 1 }
        return .chunk(count: count)
      case .end: return .end
      case .malformed: return .malformed
      case .needsMore:
        guard readMore() else { return .malformed }
      }
    }
  }

  /// Moves the bytes still needed to the window's front and reads the next block after them (at
  /// least as many bytes as are kept, so an item larger than a block is looked at a bounded
  /// number of times); `false` on a read error or past the limit. At the file's end, marks the
  /// window complete.
  ///
  /// The window is allocated again only when the kept bytes and a block do not fit, with a
  /// quarter more room than that so a slightly longer tail does not allocate again.
  private mutating func readMore() -> Bool {
    guard let reader = file else { return false }
    let keep = splitter.retained
    let kept = filled - keep
    let wanted = max(blockSize, kept)
    if window.count < kept + wanted {
      let size = kept + wanted + (kept + wanted) / 4
      var grown = [UInt8](repeating: 0, count: size)
      if kept > 0 {
        grown.withUnsafeMutableBufferPointer { grown in
          window.withUnsafeBufferPointer { old in
            if let to = grown.baseAddress, let from = old.baseAddress {
              to.update(from: from + keep, count: kept)
            }
          }
        }
      }
      window = grown
      windowAllocations += 1
    } else if keep > 0, kept > 0 {
      window.withUnsafeMutableBufferPointer { window in
        // The regions overlap when more is kept than dropped: `memmove`, not a copy.
        if let base = window.baseAddress { memmove(base, base + keep, kept) }
      }
    }
    let count = window.withUnsafeMutableBufferPointer { window -> Int? in
      guard let base = window.baseAddress else { return nil }
      return reader.read(window.count - kept, into: UnsafeMutableRawPointer(base + kept))
    }
    filled = kept + (count ?? 0)
    if keep > 0 {
      splitter.shift(by: keep)
      dropped += keep
    }
    guard let count else { return false }
    if count == 0 { file = nil }
    largestWindow = max(largestWindow, window.capacity)
    return dropped + filled <= limit
  }

  /// Writes `[` + the bytes from `start` to `end` + `]` into `text`, in its storage when that has
  /// room (else in new storage a quarter larger than needed, as chunks differ a little in size);
  /// `true` when it needed the new storage.
  static func text(_ bytes: [UInt8], _ start: Int, _ end: Int, into text: inout [UInt8]) -> Bool {
    let length = end - start
    text.removeAll(keepingCapacity: true)
    let grows = text.capacity < length + 2
    if grows { text.reserveCapacity(length + 2 + (length + 2) / 4) }
    text.append(ItemSplitter.openBracket)
    bytes.withUnsafeBufferPointer { source in
      text.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<end]))
    }
    text.append(ItemSplitter.closeBracket)
    return grows
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
