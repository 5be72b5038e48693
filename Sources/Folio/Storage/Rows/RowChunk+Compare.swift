/// Comparing a value with a row's column where it is stored, without decoding the column
/// (Design/0005, "Comparing and merging"): a repeated sync finds most items unchanged, and
/// each unchanged value is then a word or a run of arena bytes compared, not a `JSONValue`
/// built and freed.
///
/// ```swift
/// let row = chunk.row(of: 7)!
/// withUnsafePointer(to: JSONValue.string("Ada")) { chunk.holds($0, row, 1) }  // true
/// withUnsafePointer(to: JSONValue.int(1)) { chunk.holds($0, row, 1) }         // false
/// ```
extension RowChunk {
  /// Whether `row` holds in `column` a value equal (`==`) to the one at `value`; `false` when
  /// the column is absent.
  ///
  /// The same answer as `value(row, column) == value.pointee`, which the tests check on every
  /// kind; no value is decoded unless the column holds one boxed or a list of UUIDs.
  func holds(_ value: UnsafePointer<JSONValue>, _ row: Int, _ column: Int) -> Bool {
    let tag = tag(row, column)
    switch tag {
    case 0: return false
    case 2:
      let slot = Int(truncatingIfNeeded: word(row, column))
      return boxes.withUnsafeBufferPointer { boxes in
        guard let base = boxes.baseAddress, slot < boxes.count else { return false }
        return JSONValue.same(at: value, base + slot)
      }
    case 3:
      let stored = arena.identifier(word(row, column))
      return withUnsafePointer(to: stored) { JSONValue.same(at: value, $0) }
    default: break
    }
    let word = word(row, column)
    // The kind alone: copying the column out would retain its name and cases.
    switch layout.columns[column].kind {
    case .int, .toOne:
      if case .int(let i) = value.pointee { return UInt64(bitPattern: i) == word }
      return false
    case .double:
      if case .double(let d) = value.pointee { return Double(bitPattern: word) == d }
      return false
    case .bool:
      if case .bool(let b) = value.pointee { return b == (word != 0) }
      return false
    case .date:
      guard case .string(let text) = value.pointee else { return false }
      return ISODate.namesSameInstant(text, milliseconds: Int64(bitPattern: word), shortForm: false)
    case .enumeration:
      let cases = layout.columns[column].cases
      guard case .string(let text) = value.pointee, word < UInt64(cases.count) else { return false }
      return JSONValue.sameUTF8(cases[Int(word)], text)
    case .string, .decimal:
      guard case .string(let text) = value.pointee else { return false }
      return arena.withBytes(word) { stored in RowChunk.same(text, stored) }
    case .uuid:
      guard case .string(let text) = value.pointee, text.utf8.count == 36 else { return false }
      return JSONValue.sameUTF8(arena.withBytes(word, RowEncoding.uuidText), text)
    case .list:
      guard case .array(let elements) = value.pointee else { return false }
      return arena.withBytes(word) { stored in RowChunk.same(elements, stored, layout.columns[column]) }
    case .toMany:
      guard case .array(let elements) = value.pointee else { return false }
      return elements == arena.identifiers(word)
    case .object:
      return false
    }
  }

  /// Whether `text`'s UTF-8 bytes are `stored`.
  @inline(__always) static func same(_ text: String, _ stored: UnsafeRawBufferPointer) -> Bool {
    guard text.utf8.count == stored.count else { return false }
    if let same = text.utf8.withContiguousStorageIfAvailable({ bytes in
      RowArena.sameBytes(UnsafeRawBufferPointer(bytes), stored)
    }) {
      return same
    }
    return text.utf8.elementsEqual(stored)
  }

  /// Whether `elements` equal (`==`) the list `stored` encodes for `column`
  /// (``RowArena/appendList(_:of:)``'s encoding), element by element.
  static func same(_ elements: [JSONValue], _ stored: UnsafeRawBufferPointer, _ column: RowColumn) -> Bool {
    guard let element = column.element else { return false }
    var offset = 0
    for value in elements {
      if element.isWordElement {
        guard offset + 8 <= stored.count else { return false }
        let word = RowArena.word(at: offset, in: stored)
        offset += 8
        switch (element, value) {
        case (.int, .int(let i)): if UInt64(bitPattern: i) != word { return false }
        case (.double, .double(let d)): if Double(bitPattern: word) != d { return false }
        case (.bool, .bool(let b)): if b != (word != 0) { return false }
        case (.date, .string(let text)):
          if !ISODate.namesSameInstant(text, milliseconds: Int64(bitPattern: word), shortForm: false) { return false }
        case (.enumeration, .string(let text)):
          guard word < UInt64(column.cases.count), JSONValue.sameUTF8(column.cases[Int(word)], text) else {
            return false
          }
        default: return false
        }
      } else if element == .uuid {
        guard offset + 16 <= stored.count, case .string(let text) = value else { return false }
        let bytes = UnsafeRawBufferPointer(rebasing: stored[offset..<offset + 16])
        guard JSONValue.sameUTF8(RowEncoding.uuidText(bytes), text) else { return false }
        offset += 16
      } else {
        guard offset + 4 <= stored.count, case .string(let text) = value else { return false }
        let length = RowArena.length(at: offset, in: stored)
        guard offset + 4 + length <= stored.count,
          same(text, UnsafeRawBufferPointer(rebasing: stored[offset + 4..<offset + 4 + length]))
        else { return false }
        offset += 4 + length
      }
    }
    return offset == stored.count
  }
}
