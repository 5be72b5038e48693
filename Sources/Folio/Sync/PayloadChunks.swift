import Foundation

/// The items of a payload's top-level array, parsed a chunk at a time from bytes in memory or
/// from a file read a block at a time.
///
/// Items are parsed straight from the bytes (``JSONParser/parseElements(_:from:afterElement:limit:isComplete:options:pool:)``):
/// there is no separate pass to find where they end, and no copy of their text. From a file,
/// only a window is held: the bytes from the first item not yet parsed to the end of the block
/// read last. An item cut by the window's end is parsed again from its start once the next
/// block is in. Anything unexpected — text that is not an array, an item that does not parse, a
/// read error, a file longer than the parser's limit — ends the chunks with
/// ``Next/malformed``: the caller then reads the payload the ordinary way, which reports the
/// problem as it always has.
struct PayloadChunks: Sendable {
  /// What ``next()`` found.
  enum Next {
    /// The next chunk's items (at most the chunk size; fewer only for the last).
    case items(ParsedItems)
    /// The array ended (only whitespace followed it).
    case end
    /// Read it the ordinary way.
    case malformed
  }

  private enum Phase {
    /// Before the array's `[`.
    case opening
    /// Inside the array; `afterItem` once an item has been read.
    case items(afterItem: Bool)
    /// After its `]`.
    case closed
  }

  /// Bytes read from a file at a time, by default. The window holds about this much beside the
  /// item being read; it was 4 MiB, and with the block it was appended from the window
  /// peaked at 12.6 MB of a 100k-record sync's 97 MB heap (massif).
  static let blockSize = 1 << 20

  /// The bytes looked at, in the first ``filled`` places. From a file it is one buffer, reused
  /// for every block: a buffer allocated per block (with the chunks' texts) was fresh memory
  /// each time, 28% of a 100k-item day-1 sync's page faults (`perf record -e page-faults`).
  private var window: [UInt8]
  /// How many bytes at the start of ``window`` hold the payload.
  private var filled: Int
  /// The file still being read, `nil` once its end has been reached (or for bytes in memory).
  private var file: FileReader?
  /// The next byte of ``window`` to read: after the last item read (before its separator).
  private var position = 0
  private var phase = Phase.opening
  /// Items per chunk.
  let chunkSize: Int
  private let options: JSONParser.Options
  /// String values repeated across chunks share one `String` through the pool. Made once a
  /// first chunk has been handed out: a payload of one chunk (most syncs of a few records)
  /// needs none, and the pool is 128 KB to allocate and clear.
  private var pool: JSONParser.StringPool?
  /// Bytes dropped from the window's front so far.
  private var dropped = 0
  private let limit: Int
  /// Bytes read from the file at a time (at least).
  private let blockSize: Int
  /// Reads items straight into rows, when the sync's entity allows it; `nil`: parse them.
  private let rowReader: PayloadRowReader?
  /// The payload's length: exact for bytes in memory, the file's size when it was opened.
  let totalBytes: Int
  /// The most bytes of a file held at once so far, counting the window's whole allocation (for
  /// tests of the window's bound).
  private(set) var largestWindow = 0
  /// How many times the window was allocated (for tests that it is reused).
  private(set) var windowAllocations = 0

  /// The chunks of `bytes`, which are not copied.
  init(
    bytes: [UInt8], chunkSize: Int, options: JSONParser.Options, rowReader: PayloadRowReader? = nil
  ) {
    self.rowReader = rowReader
    window = bytes
    filled = bytes.count
    self.chunkSize = chunkSize
    self.options = options
    limit = Int.max
    blockSize = PayloadChunks.blockSize
    totalBytes = bytes.count
  }

  /// The chunks of the file open as `file`, read until its end but no further than `limit`
  /// bytes (a longer file is ``Next/malformed``), `blockSize` bytes at a time.
  init(
    file: FileReader, limit: Int, chunkSize: Int, options: JSONParser.Options,
    blockSize: Int = PayloadChunks.blockSize, rowReader: PayloadRowReader? = nil
  ) {
    self.rowReader = rowReader
    self.blockSize = max(1, blockSize)
    window = []
    filled = 0
    self.file = file
    self.chunkSize = chunkSize
    self.options = options
    self.limit = limit
    totalBytes = file.size
  }

  /// Whether a string pool was made (for tests that a payload of one chunk makes none).
  var hasStringPool: Bool { pool != nil }

  /// Whether the array's closing bracket has been read.
  var isClosed: Bool {
    if case .closed = phase { return true }
    return false
  }

  /// How far into the payload the reading has come, in bytes.
  var bytesRead: Int { dropped + position }

  /// The next chunk's items; the end; or ``Next/malformed``.
  ///
  /// - Complexity: O(*b*) in the bytes of the chunk (and of a block read for it).
  mutating func next() -> Next {
    let chunkSize = chunkSize
    if let rowReader {
      var batch = RowBatchBuilder(layout: rowReader.layout)
      let stop = fillChunk(count: { batch.count }) { bytes, from, afterItem, isComplete in
        rowReader.readElements(
          bytes, from: from, afterElement: afterItem, limit: chunkSize - batch.count,
          isComplete: isComplete, into: &batch)
      }
      return stop ?? .items(.rows(batch.build()))
    }
    if pool == nil, case .items(afterItem: true) = phase { pool = JSONParser.StringPool() }
    let options = options
    let pool = pool
    var items: [JSONValue] = []
    let stop = fillChunk(count: { items.count }) { bytes, from, afterItem, isComplete in
      let run = JSONParser.parseElements(
        bytes, from: from, afterElement: afterItem, limit: chunkSize - items.count,
        isComplete: isComplete, options: options, pool: pool)
      if items.isEmpty { items = run.elements } else { items += run.elements }
      return (run.end, run.stop)
    }
    return stop ?? .items(.values(items))
  }

  /// Goes through the payload's phases until the caller's chunk is ready: `read` reads
  /// elements from the window's bytes, at an offset, after an element or not, whether the
  /// bytes are complete, into the chunk (whose size `count` tells), and says where and why it
  /// stopped.
  ///
  /// - Returns: `nil` when the chunk is ready to hand out (full, or the last); ``Next/end``
  ///   after the array; ``Next/malformed``.
  private mutating func fillChunk(
    count: () -> Int,
    _ read: (UnsafeBufferPointer<UInt8>, Int, Bool, Bool) -> (end: Int, stop: JSONParser.ElementStop)
  ) -> Next? {
    while true {
      let isComplete = file == nil
      switch phase {
      case .opening:
        guard openArray(isComplete: isComplete) else { return .malformed }
      case .items(let afterItem):
        let filled = filled
        let position = position
        let run = window.withUnsafeBufferPointer {
          read(UnsafeBufferPointer(rebasing: $0[0..<filled]), position, afterItem, isComplete)
        }
        self.position = run.end
        if count() > 0 { phase = .items(afterItem: true) }
        switch run.stop {
        case .full: return nil
        case .malformed: return .malformed
        case .closed:
          phase = .closed
          if count() > 0 { return nil }
        case .needsMore:
          guard readMore() else { return .malformed }
        }
      case .closed:
        guard let end = closedEnd(isComplete: isComplete) else { return .malformed }
        if end { return .end }
      }
    }
  }

  /// Reads up to the array's `[` (reading more of the file when the window has only
  /// whitespace); `false` when the payload is not an array.
  private mutating func openArray(isComplete: Bool) -> Bool {
    position = Self.skipWhitespace(window, from: position, to: filled)
    guard position < filled else { return !isComplete && readMore() }
    guard window[position] == 0x5B else { return false }  // [
    position += 1
    phase = .items(afterItem: false)
    return true
  }

  /// After the array's `]`: `true` at the payload's end, `false` when more of the file was
  /// read to look further, `nil` when anything but whitespace follows.
  private mutating func closedEnd(isComplete: Bool) -> Bool? {
    // Only whitespace may follow the array.
    let end = Self.skipWhitespace(window, from: position, to: filled)
    guard end == filled else { return nil }
    position = end
    if isComplete { return true }
    guard readMore() else { return nil }
    return false
  }

  /// The first offset from `start` that is not JSON whitespace, or `end`.
  private static func skipWhitespace(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var i = start
    while i < end {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return i
      }
    }
    return i
  }

  /// Moves the bytes not yet read to the window's front and reads the next block after them (at
  /// least as many bytes as are kept, so an item larger than a block is parsed a bounded
  /// number of times); `false` on a read error or past the limit. At the file's end, marks the
  /// window complete.
  ///
  /// The window is allocated again only when the kept bytes and a block do not fit, with a
  /// quarter more room than that so a slightly longer tail does not allocate again.
  private mutating func readMore() -> Bool {
    guard let reader = file else { return false }
    let keep = position
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
    position -= keep
    dropped += keep
    guard let count else { return false }
    if count == 0 { file = nil }
    largestWindow = max(largestWindow, window.capacity)
    return dropped + filled <= limit
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
