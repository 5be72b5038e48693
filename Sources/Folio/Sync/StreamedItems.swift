import Dispatch
import Foundation
import Synchronization

/// The items of a payload's top-level JSON array, parsed a chunk at a time from its bytes while
/// the planner works through them, so the whole payload never exists as one tree in memory.
///
/// A first pass finds where the items start and end (tracking strings and nesting only) and
/// groups them into chunks of ``chunkSize``; each chunk is then copied between brackets and
/// parsed strictly as an array of its own (one parser set-up per chunk, not per item; the
/// brackets stand for the payload's own, so nesting limits count the same). The payload is valid
/// exactly when that pass finds only whitespace and single commas between the items and every
/// chunk parses, so any failure means "read it the ordinary way": ``failed`` is set and the caller
/// parses the whole document, which gives the same located error as it always has.
struct StreamedItems: SyncItemSource {
  /// Items per chunk: large enough to spread the parser's set-up, small enough that a chunk's
  /// tree stays small and its memory is reused for the next.
  static let chunkSize = 512
  /// Parses the chunks, ahead of the planner on another thread for a payload of several.
  private let parser: ChunkParser
  private var current: [JSONValue] = []
  private var position = 0
  /// Set when a chunk did not parse; the items handed out so far are not the payload.
  private(set) var failed = false

  var isList: Bool { true }
  let expectedCount: Int

  /// Splits `json` into chunks of items, or returns `nil` when it does not hold a well-formed
  /// top-level array: parse it as a whole instead.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  init?(json: [UInt8], options: JSONParser.Options) {
    guard json.count <= options.maxDocumentBytes,
      let (chunks, count) = json.withUnsafeBufferPointer({
        StreamedItems.split($0, chunkSize: StreamedItems.chunkSize)
      })
    else { return nil }
    parser = ChunkParser(json: json, chunks: chunks, options: options)
    expectedCount = count
  }

  mutating func next() throws(SyncError) -> JSONValue? {
    if position == current.count {
      guard !failed else { return nil }
      switch parser.next() {
      case .end: return nil
      case .failed:
        failed = true
        current = []
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
    return current[position]
  }

  /// Stops the parsing thread; call when done taking items.
  func finish() { parser.stop() }

  /// The items of one chunk, parsed as `[` + its bytes + `]`; `nil` when they do not parse.
  static func parse(_ json: [UInt8], _ chunk: (start: Int, end: Int), _ options: JSONParser.Options)
    -> [JSONValue]?
  {
    let length = chunk.end - chunk.start
    let bytes = [UInt8](unsafeUninitializedCapacity: length + 2) { out, count in
      out[0] = openBracket
      json.withUnsafeBufferPointer { source in
        if length > 0, let from = source.baseAddress, let to = out.baseAddress {
          (to + 1).update(from: from + chunk.start, count: length)
        }
      }
      out[length + 1] = closeBracket
      count = length + 2
    }
    guard case .array(let items)? = try? JSONParser.parse(bytes, options: options) else { return nil }
    return items
  }

  // MARK: The structural pass

  static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
  static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, comma: UInt8 = 0x2C
  static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
  static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D

  @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == space || byte == newline || byte == carriageReturn || byte == tab
  }

  /// The chunks' ranges and the number of items, or `nil` unless `bytes` is whitespace, `[`,
  /// items separated by single commas, `]`, whitespace. Items themselves are not checked here,
  /// only delimited.
  static func split(_ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int)
    -> (chunks: [(start: Int, end: Int)], count: Int)?
  {
    let count = bytes.count
    var i = 0
    func skipWhitespace() { while i < count, isWhitespace(bytes[i]) { i += 1 } }
    skipWhitespace()
    guard i < count, bytes[i] == openBracket else { return nil }
    i += 1
    var chunks: [(start: Int, end: Int)] = []
    var items = 0
    var chunkStart = 0
    skipWhitespace()
    if i < count, bytes[i] == closeBracket {
      i += 1
    } else {
      while true {
        skipWhitespace()
        let start = i
        guard let end = endOfItem(bytes, from: i) else { return nil }
        if items % chunkSize == 0 { chunkStart = start }
        items += 1
        i = end
        if items % chunkSize == 0 { chunks.append((chunkStart, end)) }
        skipWhitespace()
        guard i < count else { return nil }
        if bytes[i] == comma {
          i += 1
          continue
        }
        guard bytes[i] == closeBracket else { return nil }
        if items % chunkSize != 0 { chunks.append((chunkStart, end)) }
        i += 1
        break
      }
    }
    skipWhitespace()
    return i == count ? (chunks, items) : nil
  }

  /// Where the item starting at `start` ends: after its closing bracket or brace for a
  /// container, after the closing quote for a string, before the next delimiter otherwise.
  static func endOfItem(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let count = bytes.count
    guard start < count else { return nil }
    var i = start
    switch bytes[i] {
    case quote:
      return endOfString(bytes, from: i)
    case openBrace, openBracket:
      // Nesting is only counted here; its shape is checked when the item is parsed.
      var depth = 0
      while i < count {
        let byte = bytes[i]
        if byte == quote {
          guard let end = endOfString(bytes, from: i) else { return nil }
          i = end
          continue
        }
        if byte == openBrace || byte == openBracket {
          depth += 1
        } else if byte == closeBrace || byte == closeBracket {
          depth -= 1
          if depth == 0 { return i + 1 }
        }
        i += 1
      }
      return nil
    case comma, closeBracket:
      return nil
    default:
      while i < count, bytes[i] != comma, bytes[i] != closeBracket, !isWhitespace(bytes[i]) { i += 1 }
      return i
    }
  }

  /// The position after the string whose opening quote is at `start`, or `nil` when it does not
  /// end. Eight bytes at a time while none is a quote or a backslash.
  @inline(__always) static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    var i = start + 1
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while i < count {
      while i + 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let q = word ^ (ones &* UInt64(quote))
        let b = word ^ (ones &* UInt64(backslash))
        let found = (((q &- ones) & ~q) | ((b &- ones) & ~b)) & high
        if found != 0 {
          i += found.trailingZeroBitCount >> 3
          break
        }
        i += 8
      }
      guard i < count else { return nil }
      let byte = bytes[i]
      if byte == quote { return i + 1 }
      if byte == backslash {
        i += 2
        continue
      }
      i += 1
    }
    return nil
  }
}

/// Parses a payload's chunks in order, on a thread of its own a few chunks ahead of the reader
/// when there are several, so parsing the payload overlaps planning it (2 cores: the sync's
/// parse no longer adds to its time). The reader takes chunks with ``next()``; when it is done
/// (or gives up early), the parser stops.
final class ChunkParser: Sendable {
  enum Chunk: Sendable {
    case items([JSONValue])
    case failed
    case end
  }

  private let json: [UInt8]
  private let chunks: [(start: Int, end: Int)]
  private let options: JSONParser.Options
  /// Chunks parsed and not yet taken, and whether the reader has stopped.
  private let state = Mutex<(ready: [Chunk], stopped: Bool)>(([], false))
  /// Counts chunks ready to take, and free places ahead (at most `ahead` chunks wait).
  private let ready = DispatchSemaphore(value: 0)
  private let free: DispatchSemaphore
  private let background: Bool
  private let taken = Mutex(0)
  /// Chunks the reader has finished with, freed by the parsing thread between chunks and,
  /// once every chunk is parsed, as they come (signalled by `collect`) until the reader stops.
  private let garbage = Mutex<[[JSONValue]]>([])
  private let collect = DispatchSemaphore(value: 0)
  static let ahead = 4

  init(json: [UInt8], chunks: [(start: Int, end: Int)], options: JSONParser.Options) {
    self.json = json
    self.chunks = chunks
    self.options = options
    // Created at 0 and raised to `ahead`, not created at `ahead`: libdispatch traps when a
    // semaphore is freed below the value it was created with, which is where this one ends
    // when the reader stops early (the parsing thread then took a place it never gave back).
    free = DispatchSemaphore(value: 0)
    for _ in 0..<ChunkParser.ahead { free.signal() }
    background = chunks.count > 1
    if background {
      let thread = Thread { [self] in produce() }
      thread.start()
    }
  }

  /// Takes items the reader is done with, to free them on the parsing thread (when there is one).
  func discard(_ items: [JSONValue]) {
    guard background, !items.isEmpty else { return }
    garbage.withLock { $0.append(items) }
    collect.signal()
  }

  /// Stops parsing ahead: the reader is done (or gave up). Call once the reader stops taking
  /// chunks, or the parsing thread waits for room forever.
  func stop() {
    state.withLock { $0.stopped = true }
    free.signal()
    collect.signal()
  }

  /// Parses chunk after chunk, waiting while ``ahead`` are ready, until the end, a failure or
  /// the reader stops.
  private func produce() {
    for chunk in chunks {
      free.wait()
      if state.withLock({ $0.stopped }) { return }
      freeGarbage()
      let parsed = StreamedItems.parse(json, chunk, options)
      state.withLock { $0.ready.append(parsed.map(Chunk.items) ?? .failed) }
      ready.signal()
      if parsed == nil { return }
    }
    // Parsing usually finishes well ahead of the planner: keep freeing what it is done with.
    while true {
      collect.wait()
      freeGarbage()
      if state.withLock({ $0.stopped }) { return }
    }
  }

  /// Frees the chunks the reader has finished with, here rather than on the reader's thread.
  private func freeGarbage() {
    let finished = garbage.withLock { garbage in
      defer { garbage = [] }
      return garbage
    }
    _ = finished
  }

  /// The next chunk's items, `.failed` when it did not parse, or `.end` after the last.
  func next() -> Chunk {
    let index = taken.withLock { taken in
      defer { taken += 1 }
      return taken
    }
    guard index < chunks.count else { return .end }
    guard background else {
      return StreamedItems.parse(json, chunks[index], options).map(Chunk.items) ?? .failed
    }
    ready.wait()
    let chunk = state.withLock { $0.ready.removeFirst() }
    free.signal()
    return chunk
  }
}
