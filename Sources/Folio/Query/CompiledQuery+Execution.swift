/// Running a compiled query: filtering, ordering (with a partial sort when a limit is set) and
/// slicing.
extension CompiledQuery {
  typealias Row = (id: RecordID, record: JSONObject)

  /// Every record of the entity that matches, in no particular order.
  ///
  /// - Complexity: O(*n*) predicate evaluations.
  func matchingRows(in state: StoreState) -> [Row] {
    var rows: [Row] = []
    if access != nil {
      forEachIndexedMatch(in: state) { id, chunk, row in
        rows.append((id, chunk.pointee.record(at: row)))
        return true
      }
    } else if let rowMatcher {
      forEachMatch(in: state, rowMatcher) { id, chunk, row in rows.append((id, chunk.pointee.record(at: row))) }
    } else {
      rows.reserveCapacity(state.count(entity.name))
      state.forEachRecord(of: entity.name) { id, record in rows.append((id, record)) }
    }
    return rows
  }

  /// Calls `body` with the identifier, chunk (a pointer valid during the call) and row of every
  /// record of the entity that `matcher` (this query's) passes, in no particular order. Each
  /// record is tested on its row, reading only the columns the matcher names
  /// (``QueryRecord/row(_:_:)``); the caller decodes the whole record only for a match.
  func forEachMatch(
    in state: StoreState, _ matcher: RowMatcher, _ body: (RecordID, UnsafePointer<RowChunk>, Int) -> Void
  ) {
    guard let table = state.tables[entity.name] else { return }
    QueryRecord.withRows(of: table) { chunk in
      let ids = chunk.pointee.ids
      for row in ids.indices where matcher(chunk, row) {
        body(ids[row], chunk, row)
      }
    }
  }

  /// The rows of the result window, in order: the query's offset and limit applied.
  func results(in state: StoreState) -> [Row] {
    if access == nil, sortColumns != nil, let table = state.tables[entity.name] {
      return scanResults(table)
    }
    guard let access, access.isOrdered else { return window(of: matchingRows(in: state)) }
    // The index yields the matches in query order: stop once the window is full.
    let end = windowEnd
    guard end > query.offset else { return [] }
    var rows: [Row] = []
    var seen = 0
    forEachIndexedMatch(in: state) { id, chunk, row in
      seen += 1
      if seen > query.offset { rows.append((id, chunk.pointee.record(at: row))) }
      return seen < end
    }
    return rows
  }

  /// Calls `body` with the identifier, chunk (a pointer valid during the call) and row of every
  /// record matching the query among the candidates of ``access``, in the index's order, until
  /// it returns `false`. Each candidate is tested on its row (``QueryRecord/row(_:_:)``); the
  /// caller decodes the whole record only for a match.
  ///
  /// - Complexity: O(log *n*) to find the candidates, then one record lookup and predicate
  ///   evaluation per candidate.
  func forEachIndexedMatch(
    in state: StoreState, _ body: (RecordID, UnsafePointer<RowChunk>, Int) -> Bool
  ) {
    guard let access, let table = state.tables[entity.name] else { return }
    let indexes = state.secondary[entity.name]
    guard access.number < indexes.count else { return }
    let index = indexes[access.number]
    // Chunks by pointer: handing a chunk to a closure by value retains each of its arrays.
    table.chunks.withUnsafeBufferPointer { chunks in
      guard let base = chunks.baseAddress else { return }
      access.forEachCandidate(index) { entry in
        let number = table.chunkIndex(for: entry.id)
        guard number < chunks.count, let row = base[number].row(of: entry.id) else { return true }
        let chunk = base + number
        if let rowMatcher, !rowMatcher(chunk, row) { return true }
        return body(entry.id, chunk, row)
      }
    }
  }

  /// Where the result window ends among the matches in query order: the offset plus the limit,
  /// or `Int.max` without a limit (or past it).
  var windowEnd: Int {
    guard let limit = query.limit else { return Int.max }
    let (sum, overflow) = query.offset.addingReportingOverflow(limit)
    return overflow ? Int.max : sum
  }

  /// Orders `rows` and applies the offset and limit.
  func window(of rows: [Row]) -> [Row] {
    let needed = Swift.min(rows.count, windowEnd)
    guard needed > query.offset else { return [] }
    return Array(ordered(rows, first: needed, reversed: false)[query.offset...])
  }

  /// The first `count` rows of `rows` in query order (or in reverse query order).
  ///
  /// - Complexity: O(*n* log *n*) for a full sort; O(*n* log *k*) comparisons when only `k` rows
  ///   out of many are needed.
  func ordered(_ rows: [Row], first count: Int, reversed: Bool) -> [Row] {
    let ids = IdentifierColumn(rows.map(\.id))
    let columns = sortKeys.map { SortColumn(rows, read: $0.read, type: $0.type) }
    return order(count: rows.count, ids: ids, columns: columns, first: count, reversed: reversed).map {
      rows[$0]
    }
  }

  /// The window of a scan: each record tested on its row (``QueryRecord/row(_:_:)``), the
  /// matches ordered on their sort keys read from their rows (``SortColumn/init(_:chunks:column:read:type:)``),
  /// and only the window's records decoded whole (Design/0005).
  private func scanResults(_ table: EntityTable) -> [Row] {
    var matches: [SortColumn.Match] = []
    var ids: [RecordID] = []
    let matcher = rowMatcher
    table.chunks.withUnsafeBufferPointer { chunks in
      guard let base = chunks.baseAddress else { return }
      for n in chunks.indices {
        let chunk = base + n
        let chunkIDs = chunk.pointee.ids
        if let matcher {
          for row in chunkIDs.indices where matcher(chunk, row) {
            matches.append((n, row))
            ids.append(chunkIDs[row])
          }
        } else {
          for row in chunkIDs.indices { matches.append((n, row)) }
          ids.append(contentsOf: chunkIDs)
        }
      }
    }
    let needed = Swift.min(matches.count, windowEnd)
    guard needed > query.offset else { return [] }
    return table.chunks.withUnsafeBufferPointer { chunks -> [Row] in
      guard let base = chunks.baseAddress else { return [] }
      let columns = sortKeys.map {
        SortColumn(matches, chunks: base, column: $0.column, read: $0.read, type: $0.type)
      }
      let order = order(
        count: matches.count, ids: IdentifierColumn(ids), columns: columns, first: needed, reversed: false)
      return order[query.offset...].map { index in
        let match = matches[index]
        return (ids[index], base[match.chunk].record(at: match.row))
      }
    }
  }

  /// The positions of the first `count` of `total` rows in query order (or in reverse query
  /// order), given their identifiers and sort keys' columns.
  ///
  /// - Complexity: O(*n* log *n*) for a full sort; O(*n* log *k*) comparisons when only `k` rows
  ///   out of many are needed.
  private func order(
    count: Int, ids: IdentifierColumn, columns: [SortColumn], first wanted: Int, reversed: Bool
  ) -> [Int] {
    let k = Swift.min(wanted, count)
    if k == 0 { return [] }
    let descending = sortKeys.map { $0.descending != reversed }
    let precedes: (Int, Int) -> Bool
    if !reversed, columns.count == 1, case .integers(let integers) = ids,
      let ranked = columns[0].ranks(descending: descending[0])
    {
      // One numeric key and integer identifiers (the common case): each row's place as two
      // words and its identifier, compared without going through the column.
      let keys = ranked.indices.map { RankedRow(rank: ranked[$0], id: integers[$0], position: $0) }
      if k * 8 >= count || k > 4096 {
        // A full sort moves the keys themselves: no lookup through positions, no closure.
        var sorted = keys
        sorted.sort { RankedRow.precedes($0, $1) }
        return sorted.prefix(k).map(\.position)
      }
      precedes = { i, j in RankedRow.precedes(keys[i], keys[j]) }
    } else {
      precedes = { i, j in
        for position in columns.indices {
          var c = columns[position].compare(i, j)
          if descending[position] { c = -c }
          if c != 0 { return c < 0 }
        }
        return reversed ? ids.precedes(j, i) : ids.precedes(i, j)
      }
    }
    var order: [Int]
    if k * 8 >= count || k > 4096 {
      order = Array(0..<count)
      order.sort(by: precedes)
      if k < order.count { order.removeSubrange(k...) }
    } else {
      // Partial sort: keep the best k, sorted, inserting by binary search.
      order = []
      order.reserveCapacity(k + 1)
      for index in 0..<count {
        if order.count == k, let last = order.last, !precedes(index, last) { continue }
        var low = 0
        var high = order.count
        while low < high {
          let mid = (low + high) / 2
          if precedes(order[mid], index) { low = mid + 1 } else { high = mid }
        }
        order.insert(index, at: low)
        if order.count > k { order.removeLast() }
      }
    }
    return order
  }
}

/// A row's place in query order for one numeric sort key (``SortColumn/ranks(descending:)``),
/// ties broken by its integer identifier.
private struct RankedRow {
  let rank: SortColumn.Rank
  let id: Int64
  /// The row's position among those ordered.
  let position: Int

  /// Whether `a` comes before `b`.
  @inline(__always)
  static func precedes(_ a: RankedRow, _ b: RankedRow) -> Bool {
    if a.rank.present != b.rank.present { return a.rank.present < b.rank.present }
    if a.rank.bits != b.rank.bits { return a.rank.bits < b.rank.bits }
    return a.id < b.id
  }
}

/// The rows' identifiers for tie-breaking: plain integers when every identifier is an integer
/// (the common case), so the comparison does not switch over `RecordID`.
private enum IdentifierColumn {
  case integers([Int64])
  case identifiers([RecordID])

  init(_ ids: [RecordID]) {
    var integers: [Int64] = []
    integers.reserveCapacity(ids.count)
    for id in ids {
      guard case .int(let i) = id else {
        self = .identifiers(ids)
        return
      }
      integers.append(i)
    }
    self = .integers(integers)
  }

  @inline(__always)
  func precedes(_ i: Int, _ j: Int) -> Bool {
    switch self {
    case .integers(let values): return values[i] < values[j]
    case .identifiers(let values): return values[i] < values[j]
    }
  }
}
