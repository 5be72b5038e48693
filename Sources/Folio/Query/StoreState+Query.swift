/// Running queries on a snapshot. Every method checks the query against the schema first and
/// throws ``QueryError`` for unknown names or malformed parts; nothing is ever changed.
extension StoreState {
  /// The records matching `query`, in its order, sliced by its offset and limit.
  ///
  /// Order: the query's sort keys, else the entity's default sort, then identifier order for
  /// ties (so results are always deterministic). Missing values sort first in ascending order.
  ///
  /// ```swift
  /// let found = try state.fetch(Query("Click", where: "clickID" < 2))
  /// found.map(\.id)  // [0, 1]
  /// ```
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: O(*n*) predicate evaluations plus O(*m* log *m*) to sort *m* matches, or
  ///   O(*m* log *k*) when a limit keeps *k* of them.
  public func fetch(_ query: Query) throws(QueryError) -> [FetchedRecord] {
    try CompiledQuery(query, in: self).results(in: self).map {
      FetchedRecord(id: $0.id, values: $0.record)
    }
  }

  /// The matching records decoded into `type` (see ``FetchedRecord/decode(_:using:)``).
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema, ``RecordCodingError`` when a
  ///   record does not fit `type`.
  public func fetch<T: Decodable>(_ type: T.Type, _ query: Query) throws -> [T] {
    try fetch(query).map { try $0.decode(type) }
  }

  /// The identifiers of the records matching `query`, in its order.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func fetchIDs(_ query: Query) throws(QueryError) -> [RecordID] {
    try CompiledQuery(query, in: self).results(in: self).map(\.id)
  }

  /// The first result of `query` (after its offset), or `nil` when there is none.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: O(*n*): one pass, no full sort.
  public func first(_ query: Query) throws(QueryError) -> FetchedRecord? {
    let compiled = try CompiledQuery(query, in: self)
    if query.limit == 0 { return nil }
    let rows = compiled.matchingRows(in: self)
    guard query.offset < rows.count else { return nil }
    let row = compiled.ordered(rows, first: query.offset + 1, reversed: false).last
    return row.map { FetchedRecord(id: $0.id, values: $0.record) }
  }

  /// The last result of `query`, or `nil` when there is none. Without sort keys (and no default
  /// sort), this is the record with the greatest identifier (D23), never the same as ``first(_:)``
  /// unless there is one result.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: O(*n*) without a limit; as ``fetch(_:)`` with one.
  public func last(_ query: Query) throws(QueryError) -> FetchedRecord? {
    let compiled = try CompiledQuery(query, in: self)
    let rows = compiled.matchingRows(in: self)
    let row: CompiledQuery.Row?
    if query.limit == nil {
      guard query.offset < rows.count else { return nil }
      row = compiled.ordered(rows, first: 1, reversed: true).first
    } else {
      row = compiled.window(of: rows).last
    }
    return row.map { FetchedRecord(id: $0.id, values: $0.record) }
  }

  /// The number of results of `query` (its offset and limit applied).
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: O(*n*) predicate evaluations; O(1) without a predicate.
  public func count(_ query: Query) throws(QueryError) -> Int {
    let compiled = try CompiledQuery(query, in: self)
    var matches = 0
    if compiled.access != nil {
      compiled.forEachIndexedMatch(in: self) { _, _, _ in
        matches += 1
        return true
      }
    } else if let matcher = compiled.rowMatcher {
      compiled.forEachMatch(in: self, matcher) { _, _, _ in matches += 1 }
    } else {
      matches = count(query.entity)
    }
    let afterOffset = Swift.max(0, matches - query.offset)
    return query.limit.map { Swift.min($0, afterOffset) } ?? afterOffset
  }
}
