import FolioJSON

/// The reader's fast path: an item written the usual way — keys and text without escapes,
/// in valid UTF-8, every key one the mapping names, integers in plain digits — is read from its bytes
/// here, without the scanner's calls. Anything else (invalid UTF-8, an escape, an unknown key,
/// `null`, the bytes running out) stops it at once, and the item is read again by the scanner,
/// which accepts and rejects exactly what the parser does. This path accepts only JSON the
/// parser accepts and reads it to the same values: it is a subset, never a second grammar.
extension PayloadRowReader {
  /// Reads the item at `start` of `b` into the row `batch` began: the offset after its closing
  /// brace, or `nil` to read it the scanner's way (the row may hold some of it: the caller
  /// discards it). `scanner` reads the doubles ``JSONBytes/fraction(_:_:)`` does not.
  func readRowFast(
    _ b: UnsafeBufferPointer<UInt8>, at start: Int, _ scanner: inout JSONScanner,
    into batch: inout RowBatchBuilder
  ) -> Int? {
    guard fastPath else { return nil }
    let n = b.count
    var p = JSONBytes.skipSpace(b, start)
    guard p < n, b[p] == UInt8(ascii: "{") else { return nil }
    p += 1
    var table = 0
    var hint = 0
    var outerHint = 0
    var first = true
    while true {
      p = JSONBytes.skipSpace(b, p)
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
        p = JSONBytes.skipSpace(b, p + 1)
        guard p < n else { return nil }
      }
      first = false
      guard let (keyStart, keyEnd) = JSONBytes.string(b, &p, maxBytes: maxStringBytes) else { return nil }
      p = JSONBytes.skipSpace(b, p)
      guard p < n, b[p] == UInt8(ascii: ":") else { return nil }
      p = JSONBytes.skipSpace(b, p + 1)
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

  /// Reads the value at `p` into `column` of the row begun last, as `kind` reads it: `false`
  /// for anything the fast path does not read.
  @inline(__always) private func readValue(
    _ kind: Read, _ column: Int, _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int,
    _ scanner: inout JSONScanner, _ batch: inout RowBatchBuilder
  ) -> Bool {
    switch kind {
    case .int:
      guard let value = JSONBytes.integer(b, &p) else { return false }
      batch.setWord(column, UInt64(bitPattern: value))
    case .double:
      let byte = b[p]
      guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else { return false }
      if let value = JSONBytes.integer(b, &p) {
        guard let exact = Double(exactly: value) else { return false }
        batch.setWord(column, exact.bitPattern)
        return true
      }
      if let value = JSONBytes.fraction(b, &p) {
        batch.setWord(column, value.bitPattern)
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
      guard let value = JSONBytes.bool(b, &p) else { return false }
      batch.setWord(column, value ? 1 : 0)
    case .string:
      guard let (start, end) = JSONBytes.string(b, &p, maxBytes: maxStringBytes), end - start <= RowArena.maximumLength else {
        return false
      }
      let offset = batch.arena.count
      batch.arena.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])))
      batch.setWord(column, RowArena.reference(offset: offset, length: end - start))
    case .date(let formats):
      guard let (start, end) = JSONBytes.string(b, &p, maxBytes: maxStringBytes),
        let milliseconds = Self.milliseconds(UnsafeBufferPointer(rebasing: b[start..<end]), formats: formats)
      else { return false }
      batch.setWord(column, UInt64(bitPattern: milliseconds))
    case .stringList, .intList:
      guard b[p] == UInt8(ascii: "[") else { return false }
      p = JSONBytes.skipSpace(b, p + 1)
      let offset = batch.arena.count
      var more = p >= b.count || b[p] != UInt8(ascii: "]")
      if !more { p += 1 }
      while more {
        if kind == .intList {
          guard let value = JSONBytes.integer(b, &p) else { return false }
          batch.arena.append(word: UInt64(bitPattern: value))
        } else {
          guard let (start, end) = JSONBytes.string(b, &p, maxBytes: maxStringBytes) else { return false }
          batch.arena.append(
            UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])), counted: true)
        }
        guard let next = JSONBytes.continues(b, &p, closing: UInt8(ascii: "]")) else { return false }
        more = next
      }
      guard batch.arena.count - offset <= RowArena.maximumLength else { return false }
      batch.setWord(column, RowArena.reference(offset: offset, length: batch.arena.count - offset))
    }
    return true
  }
}
