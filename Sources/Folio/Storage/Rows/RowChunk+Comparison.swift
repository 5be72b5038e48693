/// Comparing rows without decoding them, for telling an unchanged record from a changed one
/// (``RowChunk``).
extension RowChunk {
  /// Whether `row` here and `otherRow` in `other` hold equal records: the same answer as `==`
  /// on their decoded records (``record(at:)``), read from the words, arena bytes and boxes.
  ///
  /// Encodings are exact and deterministic, so equal values always get the same tag: tags
  /// compare as words, typed words and arena bytes compare as bytes, except doubles (in a
  /// column or a list), which compare as numbers as `JSONValue` does (`0.0 == -0.0`; NaN equals
  /// nothing). Boxed values and extras compare with `==`. Rows of different layouts are
  /// decoded and compared.
  ///
  /// ```swift
  /// chunk.sameRecord(row: 0, as: copy, row: 0)  // true for an untouched copy
  /// ```
  ///
  /// - Complexity: O(*m*) in the size of the records.
  func sameRecord(row: Int, as other: RowChunk, row otherRow: Int) -> Bool {
    guard layout === other.layout else { return record(at: row) == other.record(at: otherRow) }
    let wordsPerRow = layout.wordsPerRow
    let tagWords = layout.tagWords
    let base = row * wordsPerRow
    let otherBase = otherRow * wordsPerRow
    for n in 0..<tagWords where words[base + n] != other.words[otherBase + n] { return false }
    let columns = layout.columns
    for column in columns.indices {
      let tag = tag(row, column)
      if tag == 0 { continue }
      let x = words[base + tagWords + column]
      let y = other.words[otherBase + tagWords + column]
      switch tag {
      case 2:
        guard boxes[Int(truncatingIfNeeded: x)] == other.boxes[Int(truncatingIfNeeded: y)] else {
          return false
        }
      case 3:
        guard arena.sameBytes(x, as: other.arena, y) else { return false }
      default:
        switch columns[column].kind {
        case .double:
          guard Double(bitPattern: x) == Double(bitPattern: y) else { return false }
        case .list:
          guard arena.sameList(x, as: other.arena, y, element: columns[column].element) else {
            return false
          }
        case .string, .decimal, .uuid, .toMany:
          guard arena.sameBytes(x, as: other.arena, y) else { return false }
        case .int, .bool, .date, .enumeration, .toOne, .object:
          guard x == y else { return false }
        }
      }
    }
    if extras.isEmpty && other.extras.isEmpty { return true }
    return extras[Int32(truncatingIfNeeded: row)]
      == other.extras[Int32(truncatingIfNeeded: otherRow)]
  }
}
