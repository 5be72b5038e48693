/// Writes the rows of a ``RowChunk`` as the canonical pretty text of a shard file, straight from
/// their words and arena (Design/0005, step 3): byte for byte what
/// `JSONWriter.prettyBytes(ofObjects:)` writes for the decoded records, without decoding them.
///
/// A shard is a pretty array at indentation 0, so each record is an object at level 1 and each
/// member's value starts at level 2. Columns are in canonical key order already, so each written
/// column's text before its value (`,`, the line break, four spaces, the quoted key, `": "`) is
/// prepared once per writer, and so is each enumeration case's quoted text. Typed values are
/// written from their words: integers and doubles by the canonical writer's formatters, dates
/// from their milliseconds, UUIDs from their 16 bytes, text from the arena with the canonical
/// escaping, lists and identifiers from their arena encodings. Boxed values go through the
/// canonical value writer. A row with extras (members that are not columns) is decoded and
/// written as an object, since its extra keys sort among the columns.
///
/// ```swift
/// let writer = RowWriter(layout: layout, skipping: [])
/// writer.bytes(chunk, order: nil)  // the bytes of "[\n  {\n    \"id\": 7,\n    \"name\": \"Ada\"\n  }\n]\n"
/// ```
struct RowWriter {
  /// The layout of the rows written.
  let layout: RowLayout
  /// The names of the columns left out (derived sides of links), compared by UTF-8 bytes.
  let skipped: [String]
  /// The written columns, in column order.
  private let columns: ContiguousArray<Column>
  /// Where each case's quoted text starts in ``text``, and after the last, where it ends.
  private let caseOffsets: [Int]
  /// The prepared text: each written column's `,\n    "key": `, then each case's `"text"`,
  /// then the ``Pieces``, followed by 8 bytes of padding so whole words can be copied.
  private let text: [UInt8]
  /// Where the fixed pieces of the layout are in ``text``.
  private let pieces: Pieces

  /// The fixed text around records and list elements, copied a word at a time like the
  /// prefixes (cross-module calls to the buffer's newline and text appends cost about 40
  /// instructions each; callgrind).
  private struct Pieces {
    /// `,\n  {`: a record's opening (the comma dropped for the first).
    var recordOpen = 0..<0
    /// `\n  }`: a record's closing.
    var recordClose = 0..<0
    /// `,\n      `: before a list element (the comma dropped for the first).
    var elementOpen = 0..<0
    /// `\n    ]`: a list's closing.
    var listClose = 0..<0
    var trueText = 0..<0
    var falseText = 0..<0
  }

  /// A written column: plain values, so reading them per member retains nothing.
  private struct Column {
    /// The column's position in the layout.
    let position: Int
    /// How its typed words are encoded.
    let kind: RowColumn.Kind
    /// For a list, its elements' kind.
    let element: RowColumn.Kind?
    /// Where its `,\n    "key": ` starts and ends in ``RowWriter/text``.
    let prefix: Range<Int>
    /// For an enumeration or a list of them: where its cases are in
    /// ``RowWriter/caseOffsets``.
    let firstCase: Int
    let caseCount: Int
  }

  /// The indentation level of a member's value in a shard: records are objects at level 1.
  static let valueIndent = 2

  /// A writer of `layout`'s rows that leaves out the columns named in `skipped`.
  ///
  /// - Complexity: O(*c*) in the size of the columns' names and cases.
  init(layout: RowLayout, skipping skipped: [String]) {
    self.layout = layout
    self.skipped = skipped
    var encoder = JSONWriter.Encoder(buffer: ByteBuffer(capacity: 256))
    defer { encoder.buffer.deallocate() }
    var columns: ContiguousArray<Column> = []
    var caseOffsets: [Int] = []
    var cases: [String] = []
    for (n, column) in layout.columns.enumerated()
    where !skipped.contains(where: { JSONObject.sameKey($0, column.name) }) {
      let start = encoder.buffer.count
      encoder.buffer.append(0x2C)
      encoder.buffer.appendNewline(indent: Self.valueIndent)
      Self.appendString(column.name, into: &encoder.buffer)
      encoder.buffer.append(": ")
      let enumerated = column.kind == .enumeration || column.element == .enumeration
      columns.append(
        Column(
          position: n, kind: column.kind, element: column.element,
          prefix: start..<encoder.buffer.count, firstCase: cases.count,
          caseCount: enumerated ? column.cases.count : 0))
      if enumerated { cases += column.cases }
    }
    for name in cases {
      caseOffsets.append(encoder.buffer.count)
      Self.appendString(name, into: &encoder.buffer)
    }
    caseOffsets.append(encoder.buffer.count)
    var pieces = Pieces()
    func piece(_ write: (inout ByteBuffer) -> Void) -> Range<Int> {
      let start = encoder.buffer.count
      write(&encoder.buffer)
      return start..<encoder.buffer.count
    }
    pieces.recordOpen = piece {
      $0.append(0x2C)
      $0.appendNewline(indent: 1)
      $0.append(0x7B)
    }
    pieces.recordClose = piece {
      $0.appendNewline(indent: 1)
      $0.append(0x7D)
    }
    pieces.elementOpen = piece {
      $0.append(0x2C)
      $0.appendNewline(indent: Self.valueIndent + 1)
    }
    pieces.listClose = piece {
      $0.appendNewline(indent: Self.valueIndent)
      $0.append(0x5D)
    }
    pieces.trueText = piece { $0.append("true") }
    pieces.falseText = piece { $0.append("false") }
    self.pieces = pieces
    self.columns = columns
    self.caseOffsets = caseOffsets
    text = Array(encoder.buffer.bytes) + Array(repeating: 0, count: 8)
  }

  /// Appends `string` quoted and escaped as the canonical writer does.
  private static func appendString(_ string: String, into buffer: inout ByteBuffer) {
    var string = string
    string.withUTF8 { JSONWriter.Encoder.writeUTF8($0, into: &buffer) }
  }

  // MARK: Writing a chunk

  /// The canonical pretty bytes of `chunk`'s rows as an array, with a trailing newline.
  ///
  /// - Parameters:
  ///   - chunk: rows of ``layout``.
  ///   - order: the rows in the order to write them, or `nil` for row order.
  /// - Returns: UTF-8 bytes; `[]\n` for an empty chunk.
  /// - Complexity: O(*n*) in the size of the output.
  func bytes(_ chunk: RowChunk, order: [Int]?) -> [UInt8] {
    precondition(chunk.layout === layout, "RowWriter: a chunk of another layout")
    let count = chunk.count
    guard count > 0 else { return Array("[]\n".utf8) }
    var encoder = JSONWriter.Encoder(buffer: ByteBuffer(capacity: 4096))
    defer { encoder.buffer.deallocate() }
    return chunk.words.withUnsafeBufferPointer { words in
      chunk.arena.bytes.withUnsafeBufferPointer { arena in
        chunk.boxes.withUnsafeBufferPointer { boxes in
          text.withUnsafeBufferPointer { text in
            let rows = Rows(
              chunk: chunk, words: words, arena: arena, boxes: boxes, text: text,
              hasExtras: !chunk.extras.isEmpty)
            // As `JSONWriter.prettyBytes(ofObjects:)`: the first rows predict the size of the
            // rest, which is then written straight into the returned array's storage.
            encoder.buffer.append(0x5B)
            let sample = Swift.min(count, 64)
            write(rows, order, 0..<sample, into: &encoder)
            let estimate = encoder.buffer.count / sample * count / 4 * 5 + 4096
            var moved = false
            let result = [UInt8](uninitializedCapacity: estimate) { storage, initialized in
              initialized = 0
              if let memory = storage.baseAddress {
                encoder.buffer.borrow(memory, capacity: storage.count)
              }
              write(rows, order, sample..<count, into: &encoder)
              encoder.buffer.append("\n]\n")
              if encoder.buffer.ownsMemory {
                moved = true
              } else {
                initialized = encoder.buffer.count
              }
            }
            return moved ? Array(encoder.buffer.bytes) : result
          }
        }
      }
    }
  }

  /// What writing a row reads, taken once per chunk.
  private struct Rows {
    let chunk: RowChunk
    let words: UnsafeBufferPointer<UInt64>
    let arena: UnsafeBufferPointer<UInt8>
    let boxes: UnsafeBufferPointer<JSONValue>
    let text: UnsafeBufferPointer<UInt8>
    let hasExtras: Bool
  }

  /// Writes the rows at `positions` of `order` (or those rows, without an order) as elements
  /// of the shard's array, each after its comma (except the first) and line break.
  private func write(
    _ rows: Rows, _ order: [Int]?, _ positions: Range<Int>, into encoder: inout JSONWriter.Encoder
  ) {
    for k in positions {
      let row = order?[k] ?? k
      if rows.hasExtras, rows.chunk.extras[Int32(truncatingIfNeeded: row)] != nil {
        if k > 0 { encoder.buffer.append(0x2C) }
        encoder.buffer.appendNewline(indent: 1)
        writeDecoded(rows.chunk, row, into: &encoder)
      } else {
        write(rows, row, first: k == 0, into: &encoder)
      }
    }
  }

  /// Writes a row with extras the way the old writer did: decoded, without the skipped
  /// members, as an object (which sorts its keys).
  private func writeDecoded(_ chunk: RowChunk, _ row: Int, into encoder: inout JSONWriter.Encoder) {
    var record = chunk.record(at: row)
    for name in skipped where record[name] != nil { record[name] = nil }
    encoder.writePretty(.object(record), indent: 1)
  }

  /// Writes one row as an object at indentation level 1, after its comma (unless `first`) and
  /// line break.
  private func write(
    _ rows: Rows, _ row: Int, first: Bool, into encoder: inout JSONWriter.Encoder
  ) {
    let base = row * layout.wordsPerRow
    let valueBase = base + layout.tagWords
    let text = rows.text.baseAddress!
    var written = false
    Self.append(pieces.recordOpen, from: text, droppingFirst: first, into: &encoder.buffer)
    columns.withUnsafeBufferPointer { columns in
      for n in columns.indices {
        let column = columns[n]
        let position = column.position
        let tag = rows.words[base + position >> 5] >> UInt64((position & 31) * 2) & 3
        if tag == 0 { continue }
        // The first member's text starts after the comma.
        Self.append(column.prefix, from: text, droppingFirst: !written, into: &encoder.buffer)
        written = true
        let word = rows.words[valueBase + position]
        switch tag {
        case 1: writeTyped(word, column, rows, into: &encoder)
        case 2:
          encoder.writePretty(rows.boxes[Int(truncatingIfNeeded: word)], indent: Self.valueIndent)
        default:
          Self.writeIdentifier(
            arena: rows.arena, reference: word, indent: Self.valueIndent, into: &encoder.buffer)
        }
      }
    }
    if written {
      Self.append(pieces.recordClose, from: text, into: &encoder.buffer)
    } else {
      encoder.buffer.append(0x7D)
    }
  }

  /// Appends the prepared text at `range` of `text` (without its first byte when
  /// `droppingFirst`), copying whole words: the text is padded.
  @inline(__always)
  private static func append(
    _ range: Range<Int>, from text: UnsafePointer<UInt8>, droppingFirst: Bool = false,
    into buffer: inout ByteBuffer
  ) {
    let start = droppingFirst ? range.lowerBound + 1 : range.lowerBound
    let count = range.upperBound - start
    buffer.reserve(count + 8)
    let target = UnsafeMutableRawPointer(buffer.end)
    let source = UnsafeRawPointer(text + start)
    var i = 0
    repeat {
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i,
        as: UInt64.self)
      i += 8
    } while i < count
    buffer.advance(by: count)
  }

  /// Writes the typed (tag 1) value `word` of `column`.
  @inline(__always)
  private func writeTyped(
    _ word: UInt64, _ column: Column, _ rows: Rows, into encoder: inout JSONWriter.Encoder
  ) {
    switch column.kind {
    case .int, .toOne: Self.writeInt(Int64(bitPattern: word), into: &encoder.buffer)
    case .double: encoder.writeDouble(Double(bitPattern: word))
    case .bool:
      Self.append(
        word != 0 ? pieces.trueText : pieces.falseText, from: rows.text.baseAddress!,
        into: &encoder.buffer)
    case .date: Self.writeDate(Int64(bitPattern: word), into: &encoder.buffer)
    case .enumeration: writeCase(word, column, rows.text, into: &encoder.buffer)
    case .uuid:
      Self.writeUUID(rows.arena.baseAddress! + RowArena.offset(word), into: &encoder.buffer)
    case .string, .decimal:
      JSONWriter.Encoder.writeUTF8(Self.slice(rows.arena, word), into: &encoder.buffer)
    case .list: writeList(Self.slice(rows.arena, word), column, rows.text, into: &encoder)
    case .toMany:
      Self.writeIdentifiers(
        Self.slice(rows.arena, word), indent: Self.valueIndent, into: &encoder.buffer)
    case .object: preconditionFailure("RowWriter: an object column holds a typed word")
    }
  }

  // MARK: Values

  /// The arena bytes `reference` names.
  @inline(__always)
  private static func slice(_ arena: UnsafeBufferPointer<UInt8>, _ reference: UInt64)
    -> UnsafeBufferPointer<UInt8>
  {
    let length = RowArena.length(reference)
    guard length > 0, let base = arena.baseAddress else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: base + RowArena.offset(reference), count: length)
  }

  @inline(__always)
  private static func writeInt(_ value: Int64, into buffer: inout ByteBuffer) {
    if value < 0 { buffer.append(0x2D) }
    buffer.appendDecimal(value.magnitude)
  }

  /// Writes the quoted canonical text of a date's milliseconds.
  private static func writeDate(_ milliseconds: Int64, into buffer: inout ByteBuffer) {
    guard milliseconds >= ISODate.minimumMilliseconds, milliseconds <= ISODate.maximumMilliseconds
    else {
      preconditionFailure("RowWriter: \(milliseconds) ms is outside years 0000-9999")
    }
    buffer.reserve(26)
    let out = buffer.end
    out[0] = 0x22
    ISODate.writeCanonical(milliseconds: milliseconds, to: out + 1)
    out[25] = 0x22
    buffer.advance(by: 26)
  }

  /// Writes the quoted text of enumeration case `word` of `column`.
  @inline(__always)
  private func writeCase(
    _ word: UInt64, _ column: Column, _ text: UnsafeBufferPointer<UInt8>,
    into buffer: inout ByteBuffer
  ) {
    guard word < UInt64(column.caseCount) else {
      preconditionFailure("RowWriter: case \(word) of \(column.caseCount)")
    }
    let position = column.firstCase + Int(truncatingIfNeeded: word)
    let start = caseOffsets[position]
    Self.append(start..<caseOffsets[position + 1], from: text.baseAddress!, into: &buffer)
  }

  /// Writes the quoted lowercase hyphenated text of the 16 UUID bytes at `bytes`.
  private static func writeUUID(_ bytes: UnsafePointer<UInt8>, into buffer: inout ByteBuffer) {
    let hex: StaticString = "0123456789abcdef"
    let digits = hex.utf8Start
    buffer.reserve(38)
    let out = buffer.end
    out[0] = 0x22
    var n = 1
    for i in 0..<16 {
      if i == 4 || i == 6 || i == 8 || i == 10 {
        out[n] = 0x2D
        n += 1
      }
      out[n] = digits[Int(bytes[i] >> 4)]
      out[n + 1] = digits[Int(bytes[i] & 0xF)]
      n += 2
    }
    out[37] = 0x22
    buffer.advance(by: 38)
  }

  /// Writes a list of `column` from its encoded elements, as a pretty array at the value
  /// indentation.
  private func writeList(
    _ bytes: UnsafeBufferPointer<UInt8>, _ column: Column,
    _ text: UnsafeBufferPointer<UInt8>, into encoder: inout JSONWriter.Encoder
  ) {
    guard let element = column.element, let base = bytes.baseAddress, bytes.count > 0 else {
      encoder.buffer.append("[]")
      return
    }
    let raw = UnsafeRawPointer(base)
    encoder.buffer.append(0x5B)
    var offset = 0
    var first = true
    let pieces = self.pieces
    let prepared = text.baseAddress!
    func next() {
      Self.append(pieces.elementOpen, from: prepared, droppingFirst: first, into: &encoder.buffer)
      first = false
    }
    if element.isWordElement {
      while offset + 8 <= bytes.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        next()
        switch element {
        case .int: Self.writeInt(Int64(bitPattern: word), into: &encoder.buffer)
        case .double: encoder.writeDouble(Double(bitPattern: word))
        case .bool:
          Self.append(
            word != 0 ? pieces.trueText : pieces.falseText, from: prepared, into: &encoder.buffer)
        case .date: Self.writeDate(Int64(bitPattern: word), into: &encoder.buffer)
        default: writeCase(word, column, text, into: &encoder.buffer)
        }
        offset += 8
      }
    } else if element == .uuid {
      while offset + 16 <= bytes.count {
        next()
        Self.writeUUID(base + offset, into: &encoder.buffer)
        offset += 16
      }
    } else {
      while offset + 4 <= bytes.count {
        let length = Int(
          UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        next()
        JSONWriter.Encoder.writeUTF8(
          UnsafeBufferPointer(start: base + offset + 4, count: length), into: &encoder.buffer)
        offset += 4 + length
      }
    }
    if first {
      // No whole element (an arena value always holds whole ones).
      encoder.buffer.append(0x5D)
      return
    }
    Self.append(pieces.listClose, from: prepared, into: &encoder.buffer)
  }

  // MARK: Identifiers

  /// Writes the identifier a to-one's alternate (tag 3) word names, at `indent`.
  private static func writeIdentifier(
    arena: UnsafeBufferPointer<UInt8>, reference: UInt64, indent: Int,
    into buffer: inout ByteBuffer
  ) {
    let bytes = slice(arena, reference)
    var offset = 0
    writeIdentifier(bytes, at: &offset, indent: indent, into: &buffer)
  }

  /// Writes encoded identifiers one after another as a pretty array at `indent`.
  private static func writeIdentifiers(
    _ bytes: UnsafeBufferPointer<UInt8>, indent: Int, into buffer: inout ByteBuffer
  ) {
    guard !bytes.isEmpty else {
      buffer.append("[]")
      return
    }
    buffer.append(0x5B)
    var offset = 0
    while offset < bytes.count {
      if offset > 0 { buffer.append(0x2C) }
      buffer.appendNewline(indent: indent + 1)
      writeIdentifier(bytes, at: &offset, indent: indent + 1, into: &buffer)
    }
    buffer.appendNewline(indent: indent)
    buffer.append(0x5D)
  }

  /// Writes the identifier encoded at `offset` (``RowArena``: a kind byte, 0 int, 1 string,
  /// 2 composite) at `indent`, and moves `offset` past it.
  private static func writeIdentifier(
    _ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, indent: Int,
    into buffer: inout ByteBuffer
  ) {
    guard bytes[offset] == 2 else {
      writePart(bytes, at: &offset, into: &buffer)
      return
    }
    let parts = Int(bytes[offset + 1])
    offset += 2
    buffer.append(0x5B)
    for k in 0..<parts {
      if k > 0 { buffer.append(0x2C) }
      buffer.appendNewline(indent: indent + 1)
      writePart(bytes, at: &offset, into: &buffer)
    }
    buffer.appendNewline(indent: indent)
    buffer.append(0x5D)
  }

  /// Writes the int or string identifier (or composite part) at `offset`, and moves `offset`
  /// past it.
  private static func writePart(
    _ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, into buffer: inout ByteBuffer
  ) {
    let raw = UnsafeRawBufferPointer(bytes)
    if bytes[offset] == 0 {
      let word = UInt64(
        littleEndian: raw.loadUnaligned(fromByteOffset: offset + 1, as: UInt64.self))
      writeInt(Int64(bitPattern: word), into: &buffer)
      offset += 9
      return
    }
    let length = Int(
      UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 1, as: UInt32.self)))
    JSONWriter.Encoder.writeUTF8(
      UnsafeBufferPointer(rebasing: bytes[offset + 5..<offset + 5 + length]), into: &buffer)
    offset += 5 + length
  }
}
