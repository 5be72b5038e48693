extension ShardFile {
  /// The canonical bytes of a shard holding `chunk`'s records, without the members named in
  /// `derived` (the sides of links files leave out, ``SchemaIndex/derivedRelationships(of:)``).
  ///
  /// Written from the rows (``RowWriter``), byte for byte what the canonical pretty writer
  /// prints for the decoded records without those members, in identifier order.
  ///
  /// ```swift
  /// ShardFile.bytes(chunk, skipping: index.derivedRelationships(of: "Employee"))
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the output, plus ordering the identifiers when the
  ///   rows are not in identifier order (O(*n*) for integers within 2^40 of each other, else
  ///   O(*n* log *n*)).
  @inline(never)  // one call per shard; kept out of line so profiles show what writing costs
  static func bytes(_ chunk: RowChunk, skipping derived: [String]) -> [UInt8] {
    if chunk.isEmpty { return Array("[]\n".utf8) }
    return RowWriter(layout: chunk.layout, skipping: derived).bytes(
      chunk, order: idOrder(chunk.ids))
  }

  /// The positions of `ids` in identifier order, or `nil` when they are in that order already.
  ///
  /// A chunk read from a file or filled in payload order is usually in identifier order, which
  /// one pass checks. Otherwise integer identifiers (the common case) are radix-sorted as plain
  /// integers (``integerOrder(_:)``), without the generic `RecordID` comparison (callgrind: the
  /// generic sort was about a quarter of writing a shard).
  static func idOrder(_ ids: ContiguousArray<RecordID>) -> [Int]? {
    var integers: [Int64] = []
    integers.reserveCapacity(ids.count)
    var ascending = true
    for id in ids {
      guard case .int(let i) = id else { return ids.indices.sorted { ids[$0] < ids[$1] } }
      if let last = integers.last, last >= i { ascending = false }
      integers.append(i)
    }
    return ascending ? nil : integerOrder(integers)
  }
}
