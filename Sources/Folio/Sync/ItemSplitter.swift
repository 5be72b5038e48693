/// The structural pass over a payload's top-level array, run incrementally: it finds where items
/// start and end (tracking strings and nesting only) and gathers them into chunks, from bytes
/// that may arrive a block at a time.
///
/// The payload is well-formed for the pass exactly when it is whitespace, `[`, items separated by
/// single commas, `]`, whitespace. Items themselves are only delimited here; each chunk is parsed
/// strictly afterwards. Positions are offsets into the window the caller passes, which may drop
/// bytes at its front between calls (``shift(by:)``); ``retained`` says which bytes must stay.
struct ItemSplitter {
  /// What one call found.
  enum Step: Equatable {
    /// The next `count` items lie between `start` and `end` of the window.
    case chunk(start: Int, end: Int, count: Int)
    /// The array closed and only whitespace followed it.
    case end
    /// The window ends inside the structure: call again with more bytes (never when the window
    /// is complete).
    case needsMore
    /// Not a top-level array of delimited items.
    case malformed
  }

  private enum Phase {
    case opening, firstItem, item, separator, trailing
  }

  /// Items per chunk.
  let chunkSize: Int
  /// The next byte to look at.
  private(set) var position = 0
  private var phase = Phase.opening
  /// The chunk being gathered: where its first item starts, where its last one ends, how many.
  private var chunkStart = 0, chunkEnd = 0, gathered = 0
  /// Items delimited so far, in every chunk.
  private(set) var items = 0

  init(chunkSize: Int) {
    self.chunkSize = chunkSize
  }

  /// Whether the array's closing bracket has been found (only whitespace may follow).
  var isClosed: Bool { phase == .trailing }

  /// The first byte still needed: the start of the chunk being gathered, else ``position``.
  var retained: Int { gathered > 0 ? chunkStart : position }

  /// Accounts for the window dropping its first `count` bytes (at most ``retained``).
  mutating func shift(by count: Int) {
    position -= count
    chunkStart -= count
    chunkEnd -= count
  }

  /// Delimits items from ``position`` on, up to the next full chunk, the end or a problem.
  ///
  /// - Parameters:
  ///   - bytes: The window.
  ///   - isComplete: Whether the window ends where the payload ends; otherwise a structure cut
  ///     by the window's end asks for more.
  /// - Complexity: O(*b*) in the bytes looked at; an item cut by the window's end is looked at
  ///   again from its start on the next call.
  mutating func next(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> Step {
    let count = bytes.count
    while true {
      while position < count, Self.isWhitespace(bytes[position]) { position += 1 }
      if phase == .trailing {
        if position < count { return .malformed }
        return isComplete ? .end : .needsMore
      }
      guard position < count else { return isComplete ? .malformed : .needsMore }
      let byte = bytes[position]
      switch phase {
      case .opening:
        guard byte == Self.openBracket else { return .malformed }
        position += 1
        phase = .firstItem
      case .firstItem where byte == Self.closeBracket:
        position += 1
        phase = .trailing
      case .firstItem, .item:
        if byte == Self.comma || byte == Self.closeBracket { return .malformed }
        // A scalar that reaches the window's end may go on in the next block.
        guard let end = Self.endOfItem(bytes, from: position), end < count || isComplete else {
          return isComplete ? .malformed : .needsMore
        }
        if gathered == 0 { chunkStart = position }
        gathered += 1
        items += 1
        chunkEnd = end
        position = end
        phase = .separator
        if gathered == chunkSize { return takeChunk() }
      case .separator:
        position += 1
        if byte == Self.comma {
          phase = .item
        } else if byte == Self.closeBracket {
          phase = .trailing
          if gathered > 0 { return takeChunk() }
        } else {
          return .malformed
        }
      case .trailing:
        return .malformed
      }
    }
  }

  private mutating func takeChunk() -> Step {
    defer { gathered = 0 }
    return .chunk(start: chunkStart, end: chunkEnd, count: gathered)
  }

  // MARK: Delimiting

  static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A,
    carriageReturn: UInt8 = 0x0D
  static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, comma: UInt8 = 0x2C
  static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
  static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D

  @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == space || byte == newline || byte == carriageReturn || byte == tab
  }

  /// Where the item starting at `start` ends: after its closing bracket or brace for a
  /// container, after the closing quote for a string, before the next delimiter otherwise (the
  /// end of `bytes` when none follows); `nil` when a string or container does not end in `bytes`.
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
      while i < count, bytes[i] != comma, bytes[i] != closeBracket, !isWhitespace(bytes[i]) {
        i += 1
      }
      return i
    }
  }

  /// The position after the string whose opening quote is at `start`, or `nil` when it does not
  /// end. Eight bytes at a time while none is a quote or a backslash.
  @inline(__always) static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
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
