/// Queries on a store's latest committed state. Each call reads one snapshot, so its result is
/// consistent even while other tasks commit; see ``StoreState`` for the same calls on a snapshot
/// you keep.
extension Store {
  /// The records matching `query`; see ``StoreState/fetch(_:)``.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: as ``StoreState/fetch(_:)``.
  public func fetch(_ query: Query) throws(QueryError) -> [FetchedRecord] { try state.fetch(query) }

  /// The records of `entity` matching a predicate, in an order.
  ///
  /// ```swift
  /// let active = try store.fetch("Employee", where: "active" == true, sortedBy: "-hiredAt")
  /// ```
  ///
  /// - Parameters:
  ///   - entity: the entity's name.
  ///   - predicate: the condition; every record by default.
  ///   - ordering: e.g. `"-hiredAt"` or `["-count", "name"]`; the entity's default sort, then
  ///     identifier order, when empty.
  ///   - limit: the maximum number of results.
  ///   - offset: the number of leading results to skip.
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  /// - Complexity: as ``StoreState/fetch(_:)``.
  public func fetch(
    _ entity: String, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws(QueryError) -> [FetchedRecord] {
    try state.fetch(
      Query(entity, where: predicate, sortedBy: ordering, limit: limit, offset: offset))
  }

  /// The records matching `query` decoded into `type`; see ``FetchedRecord/decode(_:using:)``.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  public func fetch<T: Decodable>(_ type: T.Type, _ query: Query) throws -> [T] {
    try state.fetch(type, query)
  }

  /// The first result of `query`; see ``StoreState/first(_:)``.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func first(_ query: Query) throws(QueryError) -> FetchedRecord? { try state.first(query) }

  /// The last result of `query` (the greatest identifier without an order, D23); see
  /// ``StoreState/last(_:)``.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func last(_ query: Query) throws(QueryError) -> FetchedRecord? { try state.last(query) }

  /// The number of results of `query`; see ``StoreState/count(_:)-(Query)``.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func count(_ query: Query) throws(QueryError) -> Int { try state.count(query) }

  /// The smallest value of `field` among `query`'s results; see ``StoreState/min(_:in:)``.
  ///
  /// - Throws: ``QueryError`` when the query or field does not fit the schema.
  public func min(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try state.min(field, in: query)
  }

  /// The largest value of `field` among `query`'s results; see ``StoreState/max(_:in:)``.
  ///
  /// - Throws: ``QueryError`` when the query or field does not fit the schema.
  public func max(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try state.max(field, in: query)
  }

  /// The sum of `field` over `query`'s results; see ``StoreState/sum(_:in:)``.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  public func sum(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try state.sum(field, in: query)
  }

  /// The mean of `field` over `query`'s results, as a `Double`; see ``StoreState/average(_:in:)``.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  public func average(_ field: Field, in query: Query) throws(QueryError) -> Double? {
    try state.average(field, in: query)
  }

  /// Deletes every record matching `query` in one transaction, applying delete rules; see
  /// ``Transaction/deleteAll(matching:)``.
  ///
  /// - Returns: the number of matching records deleted.
  /// - Throws: ``QueryError`` or ``StoreError`` (a deny rule); nothing is deleted then, and for a
  ///   directory store nothing on disk changes.
  @discardableResult
  public func deleteAll(matching query: Query) throws -> Int {
    try transaction { tx in try tx.deleteAll(matching: query) }
  }
}
