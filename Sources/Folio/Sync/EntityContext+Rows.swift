/// Settling an item's value against a stored row's column, where it is stored (Design/0005):
/// the planner's test for an unchanged item, without decoding the stored record.
extension EntityContext.AttributeSlot {
  /// ``settles(at:as:_:)`` with the stored value in `column` of `row` in `chunk`: the same
  /// answer, reached by comparing the column's word or arena bytes for a typed value, and by
  /// decoding only a boxed value or one an attribute with a transform must convert first.
  @inline(__always) func settles(
    at raw: UnsafePointer<JSONValue>, row: Int, column: Int, in chunk: RowChunk,
    _ schemaDateFormats: DateFormats
  ) -> Bool {
    let tag = chunk.tag(row, column)
    if tag == 0 { return false }
    guard tag == 1, !hasTransform else {
      guard let stored = chunk.value(row, column) else { return false }
      return withUnsafePointer(to: stored) { settles(at: raw, as: $0, schemaDateFormats) }
    }
    if dateFormats != nil, chunk.layout.columns[column].kind == .date,
      case .string(let incoming) = raw.pointee
    {
      return ISODate.namesSameInstant(incoming, milliseconds: Int64(bitPattern: chunk.word(row, column)))
    }
    if case .null = raw.pointee { return false }
    return chunk.holds(raw, row, column)
  }
}
