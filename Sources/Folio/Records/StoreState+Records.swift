/// Reading ``FolioRecord`` types from a snapshot: the typed forms of the query methods, decoding
/// with each type's ``FolioRecord/recordDecoder``.
extension StoreState {
  /// The records of `type`'s entity matching `query`, decoded.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema, ``RecordCodingError`` when
  ///   a record does not fit `type`.
  /// - Complexity: as ``fetch(_:)``, plus decoding the results.
  public func fetch<T: FolioRecord>(_ type: T.Type, _ query: Query) throws -> [T] {
    try fetch(query).map { try $0.decode(type) }
  }

  /// The records of `type`'s entity matching a predicate, in an order, decoded.
  ///
  /// ```swift
  /// let open = try state.fetch(Repo.self, where: "state" == "open", sortedBy: "-number")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The record type.
  ///   - predicate: The condition; every record by default.
  ///   - ordering: The order; the entity's default sort, then identifier order, when empty.
  ///   - limit: The maximum number of results.
  ///   - offset: The number of leading results to skip.
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  /// - Complexity: as ``fetch(_:)``, plus decoding the results.
  public func fetch<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws -> [T] {
    try fetch(type, Query(type, where: predicate, sortedBy: ordering, limit: limit, offset: offset))
  }

  /// The first record of `type`'s entity matching a predicate in an order, decoded, or `nil`.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  /// - Complexity: as ``first(_:)``.
  public func first<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified
  ) throws -> T? {
    try first(Query(type, where: predicate, sortedBy: ordering))?.decode(type)
  }

  /// The number of records of `type`'s entity matching a predicate.
  ///
  /// - Throws: ``QueryError`` when the predicate does not fit the schema.
  /// - Complexity: one scan of the entity, as counting a `Query`.
  public func count<T: FolioRecord>(_ type: T.Type, where predicate: Condition = .all)
    throws(QueryError) -> Int
  {
    try count(Query(type, where: predicate))
  }

  /// The record of `type`'s entity with identifier `id`, decoded, or `nil` when there is none.
  ///
  /// - Throws: ``RecordCodingError`` when the record does not fit `type`.
  /// - Complexity: O(1) on average, plus decoding.
  public func get<T: FolioRecord>(_ type: T.Type, _ id: RecordID) throws -> T? {
    try record(T.entityName, id).map { try T.recordDecoder.decode(type, from: $0) }
  }
}
