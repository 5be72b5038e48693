import FolioJSON

/// The shard reader's fast path: a file as Folio writes it is read from its bytes here, without
/// a scanner call per key and value.
///
/// Structure (brackets, braces, commas, colons, whitespace) and keys are read here: a key is
/// first matched where a canonical file has it, the next column's name between quotes, then
/// against every column. Values of the common kinds (integers, decimals with a short fraction,
/// booleans, text, dates, UUIDs, enumeration cases, lists of text or integers, integer links)
/// are read with ``JSONBytes``; any other value (an escape in a text, an exponent, an object, a
/// to-many) is handed to the scanner's reading of that value, at the same nesting depth as a
/// whole read gives it. Anything else stops the fast path (a key with an escape, a structure
/// the parser would refuse, a value not in its stored form), and the file is read again by
/// ``readScanning(_:)``, which accepts exactly what the parser does and decides. So a file this
/// path finishes is a file the scanner reads to the same rows.
extension StoredRowReader {
  /// The records `b` holds, or `nil` when this path does not finish it. `scanner` has read the
  /// document's start (``read(_:)``).
  func readFast(_ b: UnsafeBufferPointer<UInt8>, _ scanner: inout JSONScanner) -> Output? {
    let n = b.count
    var p = JSONBytes.skipSpace(b, 0)
    guard p < n, b[p] == UInt8(ascii: "[") else { return nil }
    p = JSONBytes.skipSpace(b, p + 1)
    var output = Output(chunk: RowChunk(layout: layout))
    var scratch = ContiguousArray<UInt8>()
    if p < n, b[p] == UInt8(ascii: "]") {
      p += 1
    } else {
      var more = true
      while more {
        guard readRecordFast(b, &p, &scanner, into: &output, scratch: &scratch),
          let next = JSONBytes.continues(b, &p, closing: UInt8(ascii: "]"))
        else { return nil }
        more = next
      }
    }
    // Only whitespace after the array.
    guard JSONBytes.skipSpace(b, p) == n else { return nil }
    return output
  }

  /// Reads the record at `p` (its `{`) into a new row: `false` when this path stops.
  private func readRecordFast(
    _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ scanner: inout JSONScanner, into output: inout Output,
    scratch: inout ContiguousArray<UInt8>
  ) -> Bool {
    let n = b.count
    guard p < n, b[p] == UInt8(ascii: "{") else { return false }
    let start = p
    p = JSONBytes.skipSpace(b, p + 1)
    let row = output.chunk.beginRow()
    var seen = ColumnSet(count: names.count)
    var next = 0
    // Whether the scanner stands inside this record, for values handed to it.
    var scannerInRecord = false
    if p < n, b[p] == UInt8(ascii: "}") {
      p += 1
      return finishRecord(row, seen: seen, into: &output)
    }
    while true {
      var column = -1
      if next < keyLengths.count, keyAt(next, b, p) {
        column = next
        p += keyLengths[next]
      } else {
        // Another order (a hand edit), or a key that is no column.
        guard let (keyStart, keyEnd) = JSONBytes.string(b, &p, maxBytes: RowArena.maximumLength) else {
          return false
        }
        let key = UnsafeBufferPointer(rebasing: b[keyStart..<keyEnd])
        for probe in names.indices where names[probe].elementsEqual(key) {
          column = probe
          break
        }
      }
      guard column >= 0, !seen.contains(column) else { return false }
      seen.insert(column)
      next = column + 1
      p = JSONBytes.skipSpace(b, p)
      guard p < n, b[p] == UInt8(ascii: ":") else { return false }
      p = JSONBytes.skipSpace(b, p + 1)
      guard p < n else { return false }
      if !readValueFast(plans[column], column, row, b, &p, &output.chunk) {
        // The scanner reads this value, as the record's member: inside the array and the record.
        do throws(JSONError) {
          if !scannerInRecord {
            scanner.resume(atElement: start)
            try scanner.beginObject()
            scannerInRecord = true
          }
          scanner.move(to: p)
          guard try readValue(&scanner, plans[column], row: row, column: column, into: &output.chunk, scratch: &scratch)
          else { return false }
        } catch {
          return false
        }
        p = scanner.offset
      }
      guard let more = JSONBytes.continues(b, &p, closing: UInt8(ascii: "}")) else { return false }
      if !more { break }
    }
    return finishRecord(row, seen: seen, into: &output)
  }

  /// Whether `b` holds `column`'s name between quotes at `p`, compared eight bytes at a time.
  @inline(__always) private func keyAt(_ column: Int, _ b: UnsafeBufferPointer<UInt8>, _ p: Int) -> Bool {
    let length = keyLengths[column]
    guard p + length <= b.count, let base = b.baseAddress else { return false }
    var word = keyWordStarts[column]
    var i = 0
    while i < length {
      let rest = length - i
      let bytes: UInt64
      if p + i + 8 <= b.count {
        bytes = UInt64(littleEndian: UnsafeRawPointer(base + p + i).loadUnaligned(as: UInt64.self))
      } else {
        // Near the end of the file: only the bytes left.
        var partial: UInt64 = 0
        for n in 0..<min(rest, 8) { partial |= UInt64(b[p + i + n]) << UInt64(n * 8) }
        bytes = partial
      }
      let mask: UInt64 = rest >= 8 ? ~0 : (1 << UInt64(rest * 8)) &- 1
      guard bytes & mask == keyWords[word] else { return false }
      i += 8
      word += 1
    }
    return true
  }

  /// Reads the value at `p` into `column` of `row` when it is of a kind this path reads and in
  /// its stored form; `false`, changing nothing (`p` included), otherwise.
  @inline(__always) private func readValueFast(
    _ plan: Plan, _ column: Int, _ row: Int, _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int,
    _ chunk: inout RowChunk
  ) -> Bool {
    var q = p
    let word: UInt64
    switch plan {
    case .int, .toOne:
      guard let value = JSONBytes.integer(b, &q) else { return false }
      word = UInt64(bitPattern: value)
    case .double:
      guard let value = JSONBytes.fraction(b, &q) else { return false }
      word = value.bitPattern
    case .bool:
      guard let value = JSONBytes.bool(b, &q) else { return false }
      word = value ? 1 : 0
    case .date:
      guard let (start, end) = JSONBytes.string(b, &q, maxBytes: RowArena.maximumLength),
        let value = Self.dateWord(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])))
      else { return false }
      word = value
    case .enumeration:
      guard let (start, end) = JSONBytes.string(b, &q, maxBytes: RowArena.maximumLength),
        let value = Self.caseIndex(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])), cases[column])
      else { return false }
      word = value
    case .uuid:
      guard let (start, end) = JSONBytes.string(b, &q, maxBytes: RowArena.maximumLength) else { return false }
      let text = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end]))
      guard Self.isCanonicalUUID(text), let value = chunk.appendArena({ Self.appendUUID(text, to: &$0) })
      else { return false }
      word = value
    case .string:
      guard let (start, end) = JSONBytes.string(b, &q, maxBytes: RowArena.maximumLength),
        let value = chunk.appendArena(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])))
      else { return false }
      word = value
    case .list:
      guard elements[column] == .string || elements[column] == .int,
        let value = readListFast(elements[column] == .string, b, &q, &chunk)
      else { return false }
      word = value
    case .validated, .toMany, .orderedToMany:
      return false
    }
    chunk.setWord(row, column, tag: 1, word)
    p = q
    return true
  }

  /// Reads a list of text (`strings`) or of integers at `q` straight into the arena, in
  /// ``RowArena``'s list encoding, and returns its reference; `nil`, appending nothing,
  /// otherwise.
  @inline(__always) private func readListFast(
    _ strings: Bool, _ b: UnsafeBufferPointer<UInt8>, _ q: inout Int, _ chunk: inout RowChunk
  ) -> UInt64? {
    guard b[q] == UInt8(ascii: "[") else { return nil }
    var r = JSONBytes.skipSpace(b, q + 1)
    let reference = chunk.appendArena { arena in
      if r < b.count, b[r] == UInt8(ascii: "]") {
        r += 1
        return true
      }
      while true {
        if strings {
          guard let (start, end) = JSONBytes.string(b, &r, maxBytes: RowArena.maximumLength) else { return false }
          // The length (four bytes, little-endian), then the bytes.
          withUnsafeBytes(of: UInt32(truncatingIfNeeded: end - start).littleEndian) { arena.append(contentsOf: $0) }
          RowArena.appendBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[start..<end])), to: &arena)
        } else {
          guard let value = JSONBytes.integer(b, &r) else { return false }
          RowArena.appendWord(UInt64(bitPattern: value), to: &arena)
        }
        guard let more = JSONBytes.continues(b, &r, closing: UInt8(ascii: "]")) else { return false }
        if !more { return true }
      }
    }
    guard let reference else { return nil }
    q = r
    return reference
  }
}
