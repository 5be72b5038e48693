import FolioJSON

/// The reader's fast path: an item written the usual way — keys and text in ASCII without
/// escapes, every key one the mapping names, integers in plain digits — is read from its bytes
/// here, without the scanner's calls. Anything else (a byte ≥ 0x80, an escape, an unknown key,
/// `null`, the bytes running out) stops it at once, and the item is read again by the scanner,
/// which accepts and rejects exactly what the parser does. This path accepts only JSON the
/// parser accepts and reads it to the same values: it is a subset, never a second grammar.
extension PayloadRowReader {
  /// Reads the item at `start` of `b` into the row `batch` began: the offset after its closing
  /// brace, or `nil` to read it the scanner's way (the row may hold some of it: the caller
  /// discards it). `scanner` reads doubles.
  func readRowFast(
    _ b: UnsafeBufferPointer<UInt8>, at start: Int, _ scanner: inout JSONScanner,
    into batch: inout RowBatchBuilder
  ) -> Int? {
    guard fastPath else { return nil }
    let n = b.count
    var p = Self.skipSpace(b, start)
    guard p < n, b[p] == UInt8(ascii: "{") else { return nil }
    p += 1
    var table = 0
    var hint = 0
    var outerHint = 0
    var first = true
    while true {
      p = Self.skipSpace(b, p)
      guard p < n else { return nil }
      if b[p] == UInt8(ascii: "}") {
        p += 1
        guard table != 0 else { break }
        // The nested object, a value of the item, closed.
        table = 0
        hint = outerHint
        first = false
        continue
      }
      if !first {
        guard b[p] == UInt8(ascii: ",") else { return nil }
        p = Self.skipSpace(b, p + 1)
        guard p < n else { return nil }
      }
      first = false
      guard let (keyStart, keyEnd) = scanString(b, &p) else { return nil }
      p = Self.skipSpace(b, p)
      guard p < n, b[p] == UInt8(ascii: ":") else { return nil }
      p = Self.skipSpace(b, p + 1)
      let key = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[keyStart..<keyEnd]))
      guard p < n, let action = lookUp(key, in: table, hint: &hint) else {
        return nil
      }
      switch action {
      case .giveUp: return nil
      case .nested(let nested):
        guard table == 0, b[p] == UInt8(ascii: "{") else { return nil }
        p += 1
        table = nested
        outerHint = hint
        hint = 0
        first = true
      case .column(let column, let kind):
        guard !batch.isSet(column), readValue(kind, column, b, &p, &scanner, &batch) else {
          return nil
        }
      }
    }
    guard batch.isSet(identifierColumn) else { return nil }
    return p
  }

  /// Passes over the string at `p` (its opening quote) and returns where its bytes start and
  /// end, when it is ASCII without escapes or control characters and within the parser's
  /// length limit; `nil` otherwise.
  @inline(__always) private func scanString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int)
    -> (Int, Int)?
  {
    guard p < b.count, b[p] == UInt8(ascii: "\"") else { return nil }
    let start = p + 1
    var q = start
    // Eight bytes at a time while none of them ends the run (callgrind: byte by byte, the
    // strings' bytes were a third of the reader's instructions).
    if let base = b.baseAddress {
      while q + 8 <= b.count {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + q).loadUnaligned(as: UInt64.self))
        if Self.mayEndString(word) { break }
        q += 8
      }
    }
    while q < b.count {
      let byte = b[q]
      if byte == UInt8(ascii: "\"") {
        guard q - start <= maxStringBytes else { return nil }
        p = q + 1
        return (start, q)
      }
      // A control character, an escape or a non-ASCII byte: the scanner's way.
      if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { return nil }
      q += 1
    }
    return nil
  }

  /// Whether any of the eight bytes of `word` may be a quote, a backslash, a control character
  /// or a non-ASCII byte (never `false` for one; sometimes `true` for none, after one below
  /// 0x20 borrows).
  @inline(__always) static func mayEndString(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control | word) & high != 0
  }

  /// The integer at `p` when it is written as plain digits (`-`, then `0` or up to 18 digits
  /// not starting with `0`) and ends there (no fraction or exponent); `nil` otherwise.
  @inline(__always) private static func integer(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int)
    -> Int64?
  {
    var q = p
    let negative = q < b.count && b[q] == UInt8(ascii: "-")
    if negative { q += 1 }
    guard q < b.count else { return nil }
    var value: Int64 = 0
    if b[q] == UInt8(ascii: "0") {
      q += 1
    } else {
      let digitStart = q
      while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
        value = value &* 10 &+ Int64(b[q] &- UInt8(ascii: "0"))
        q += 1
      }
      guard q > digitStart, q - digitStart <= 18 else { return nil }
    }
    // What follows must end the number: not a digit (a leading zero), a fraction or exponent.
    guard q < b.count else { return nil }
    let next = b[q]
    guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e")
    else { return nil }
    p = q
    return negative ? -value : value
  }

  /// Reads the value at `p` into `column` of the row begun last, as `kind` reads it: `false`
  /// for anything the fast path does not read.
  @inline(__always) private func readValue(
    _ kind: Read, _ column: Int, _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int,
    _ scanner: inout JSONScanner, _ batch: inout RowBatchBuilder
  ) -> Bool {
    switch kind {
    case .int:
      guard let value = Self.integer(b, &p) else { return false }
      batch.setWord(column, UInt64(bitPattern: value))
    case .double:
      let byte = b[p]
      guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else { return false }
      if let value = Self.integer(b, &p) {
        guard let exact = Double(exactly: value) else { return false }
        batch.setWord(column, exact.bitPattern)
        return true
      }
      scanner.move(to: p)
      guard let number = try? scanner.readNumber() else { return false }
      p = scanner.offset
      switch number {
      case .double(let value): batch.setWord(column, value.bitPattern)
      case .int(let value):
        guard let exact = Double(exactly: value) else { return false }
        batch.setWord(column, exact.bitPattern)
      }
    case .bool:
      if Self.literal(b, p, "true") {
        p += 4
        batch.setWord(column, 1)
      } else if Self.literal(b, p, "false") {
        p += 5
        batch.setWord(column, 0)
      } else {
        return false
      }
    case .string:
      guard let (start, end) = scanString(b, &p), end - start <= RowArena.maximumLength else {
        return false
      }
      let offset = batch.arena.count
      batch.arena.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])))
      batch.setWord(column, RowArena.reference(offset: offset, length: end - start))
    case .date(let formats):
      guard let (start, end) = scanString(b, &p),
        let milliseconds = Self.milliseconds(UnsafeBufferPointer(rebasing: b[start..<end]), formats: formats)
      else { return false }
      batch.setWord(column, UInt64(bitPattern: milliseconds))
    case .stringList, .intList:
      guard b[p] == UInt8(ascii: "[") else { return false }
      p = Self.skipSpace(b, p + 1)
      let offset = batch.arena.count
      var first = true
      while true {
        guard p < b.count else { return false }
        if b[p] == UInt8(ascii: "]") {
          p += 1
          break
        }
        if !first {
          guard b[p] == UInt8(ascii: ",") else { return false }
          p = Self.skipSpace(b, p + 1)
          guard p < b.count else { return false }
        }
        first = false
        if kind == .intList {
          guard let value = Self.integer(b, &p) else { return false }
          batch.arena.append(word: UInt64(bitPattern: value))
        } else {
          guard let (start, end) = scanString(b, &p) else { return false }
          batch.arena.append(
            UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])), counted: true)
        }
        p = Self.skipSpace(b, p)
      }
      guard batch.arena.count - offset <= RowArena.maximumLength else { return false }
      batch.setWord(column, RowArena.reference(offset: offset, length: batch.arena.count - offset))
    }
    return true
  }

  /// Whether `b` holds `text` at `p`.
  @inline(__always) private static func literal(
    _ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ text: StaticString
  ) -> Bool {
    let count = text.utf8CodeUnitCount
    guard p + count <= b.count else { return false }
    let bytes = text.utf8Start
    for i in 0..<count where b[p + i] != bytes[i] { return false }
    return true
  }

  /// The first offset from `p` that is not JSON whitespace, or the end.
  @inline(__always) static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) -> Int {
    var q = p
    while q < b.count {
      switch b[q] {
      case 0x20, 0x0A, 0x0D, 0x09: q += 1
      default: return q
      }
    }
    return q
  }
}
