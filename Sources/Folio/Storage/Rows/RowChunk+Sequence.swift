/// A chunk iterates as a dictionary of its records does, so it can stand where
/// `IDTable<JSONObject>` stands (``EntityTable``'s split and merge loop over a chunk).
extension RowChunk: Sequence {
  /// A record and its identifier, labelled as a dictionary's entries are.
  typealias Element = (key: RecordID, value: JSONObject)

  /// Iterates the records, decoded, in row order.
  struct Iterator: IteratorProtocol {
    /// The chunk iterated.
    let chunk: RowChunk
    /// The next row.
    var row = 0

    /// The next record, or `nil` after the last.
    mutating func next() -> Element? {
      guard row < chunk.count else { return nil }
      defer { row += 1 }
      return (chunk.rows.ids[row], chunk.record(at: row))
    }
  }

  /// An iterator over the records in row order.
  func makeIterator() -> Iterator { Iterator(chunk: self) }

  /// The number of records.
  var underestimatedCount: Int { count }
}
