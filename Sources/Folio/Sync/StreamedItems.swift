import Foundation

/// The items of a payload's top-level array, parsed a chunk at a time from its bytes (in memory
/// or read from a file) while the planner works through them, so the whole payload never exists
/// as one tree in memory — and, from a file, never as one byte array either.
///
/// ``PayloadChunks`` parses the items straight from the payload's bytes, ``chunkSize`` at a time
/// (one parser set-up per chunk, not per item; the payload's array counts towards the nesting
/// limit as it does in a whole parse). The first chunk is parsed on the calling thread; the rest
/// on a parsing thread, ahead of the planner. Any failure means "read it the ordinary way":
/// ``failed`` is set and the caller parses the whole document, which gives the same located
/// error as it always has.
struct StreamedItems: SyncItemSource {
  /// Items per chunk: large enough to spread the parser's set-up, small enough that a chunk's
  /// tree stays small and its memory is reused for the next.
  static let chunkSize = 512
  /// Parses the chunks, ahead of the planner on another thread for a payload of several.
  private let parser: ChunkParser
  private var current = ParsedItems.values([])
  private var position = 0
  /// Set when the parser has handed out its last chunk (or a failure).
  private var done = false
  /// Set when a chunk did not parse; the items handed out so far are not the payload.
  private(set) var failed = false
  /// The reader of the items into rows, when one reads them.
  private(set) var rowReader: PayloadRowReader?

  /// The most items the planner reserves room for on the strength of an estimate: a payload
  /// whose first items are much shorter than the rest would otherwise reserve tables for many
  /// times the items it holds. Beyond it, the tables grow as items come.
  static let reservationLimit = 1 << 22

  var isList: Bool { true }
  /// An estimate until the whole array is read: the first chunk's items, and the rest of the
  /// payload's bytes at the first chunk's bytes per item, at most ``reservationLimit``. Exact
  /// for a payload of one chunk.
  var expectedCount: Int { min(parser.count.estimate, Self.reservationLimit) }
  /// The items read so far, for progress reports (exact once the whole array is read).
  var count: ItemCount { parser.count }

  /// Streams the items of `json`, or returns `nil` when it does not start as a well-formed
  /// top-level array: parse it as a whole instead.
  ///
  /// - Complexity: O(*b*) in the bytes of the first chunk; the rest is parsed on the parsing
  ///   thread.
  ///
  /// - Parameter rowReader: Reads the items straight into rows when given (``PayloadRowReader``).
  init?(json: [UInt8], options: JSONParser.Options, rowReader: PayloadRowReader? = nil) {
    guard json.count <= options.maxDocumentBytes else { return nil }
    self.init(
      PayloadChunks(
        bytes: json, chunkSize: StreamedItems.chunkSize, options: options, rowReader: rowReader))
    self.rowReader = rowReader
  }

  /// Streams the items of the regular file at `path`, a block at a time, or returns `nil` when
  /// it cannot be opened, is not a regular file, is longer than the parser's limit, or does not
  /// start as a well-formed top-level array: read it as a whole instead. The file is read
  /// `blockSize` bytes at a time.
  init?(
    path: String, options: JSONParser.Options, blockSize: Int = PayloadChunks.blockSize,
    rowReader: PayloadRowReader? = nil
  ) {
    guard let file = FileReader(path: path), file.size <= options.maxDocumentBytes else {
      return nil
    }
    self.init(
      PayloadChunks(
        file: file, limit: options.maxDocumentBytes, chunkSize: StreamedItems.chunkSize,
        options: options, blockSize: blockSize, rowReader: rowReader))
    self.rowReader = rowReader
  }

  /// Streams the chunks, or returns `nil` when the first does not parse.
  ///
  /// The first chunk is parsed here, on the calling thread: its bytes per item give the
  /// estimate of the payload's items that the planner reserves room for.
  private init?(_ chunks: PayloadChunks) {
    var chunks = chunks
    switch chunks.next() {
    case .malformed:
      return nil
    case .end:
      parser = ChunkParser(first: nil, rest: nil, count: ItemCount(estimate: 0, read: 0))
    case .items(let first):
      let items = first.count
      if chunks.isClosed {
        // One chunk: check what follows it now; there is no parsing thread.
        guard case .end = chunks.next() else { return nil }
        parser = ChunkParser(first: first, rest: nil, count: ItemCount(estimate: items, read: items))
        parser.count.finish()
      } else {
        let bytesPerItem = max(1, Double(chunks.bytesRead) / Double(items))
        let remaining = Double(max(0, chunks.totalBytes - chunks.bytesRead))
        let estimate = items + Int((remaining / bytesPerItem).rounded())
        parser = ChunkParser(
          first: first, rest: chunks, count: ItemCount(estimate: estimate, read: items))
      }
    }
  }

  mutating func nextItem() throws(SyncError) -> SyncItem? {
    if position == current.count {
      guard !done else { return nil }
      switch parser.next() {
      case .end:
        done = true
        return nil
      case .failed:
        done = true
        failed = true
        current = .values([])
        return nil
      case .items(let items):
        // The finished chunk is freed on the parsing thread, off the planner's path (callgrind:
        // freeing the items' trees was a sixth of a 100k-record day-2 plan).
        parser.discard(current)
        current = items
        position = 0
        if items.isEmpty { return nil }
      }
    }
    defer { position += 1 }
    switch current {
    case .values(let values): return .value(values[position])
    case .rows(let batch):
      let entry = Int(batch.items[position])
      return entry >= 0 ? .row(batch, entry) : .value(batch.values[~entry])
    }
  }

  /// Stops the parsing thread; call when done taking items.
  func finish() { parser.stop() }

  /// `options` with its progress handler reporting this payload's item count as the total
  /// while planning: the estimate until the whole array is read, then exact.
  func counting(_ options: SyncOptions) -> SyncOptions {
    guard let handler = options.progress else { return options }
    var options = options
    let count = count
    options.progress = { progress in
      guard progress.phase == .planning else { return handler(progress) }
      var progress = progress
      progress.total = count.total(completed: progress.completed)
      handler(progress)
    }
    return options
  }
}
