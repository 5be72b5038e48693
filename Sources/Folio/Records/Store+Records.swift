/// Reading and writing ``FolioRecord`` types: the typed forms of the query, CRUD and observation
/// methods. Reads use the committed state; each write runs in its own transaction.
extension Store {
  /// The records of `type`'s entity matching `query`, decoded with the type's
  /// ``FolioRecord/recordDecoder``.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  public func fetch<T: FolioRecord>(_ type: T.Type, _ query: Query) throws -> [T] {
    try state.fetch(type, query)
  }

  /// The records of `type`'s entity matching a predicate, in an order, decoded.
  ///
  /// ```swift
  /// let open = try store.fetch(Repo.self, where: "state" == "open", sortedBy: "-number")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The record type.
  ///   - predicate: The condition; every record by default.
  ///   - ordering: The order; the entity's default sort, then identifier order, when empty.
  ///   - limit: The maximum number of results.
  ///   - offset: The number of leading results to skip.
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  /// - Complexity: as ``StoreState/fetch(_:)``, plus decoding the results.
  public func fetch<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws -> [T] {
    try state.fetch(type, where: predicate, sortedBy: ordering, limit: limit, offset: offset)
  }

  /// The first record of `type`'s entity matching a predicate in an order, decoded, or `nil`.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  public func first<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified
  ) throws -> T? {
    try state.first(type, where: predicate, sortedBy: ordering)
  }

  /// The number of records of `type`'s entity matching a predicate.
  ///
  /// - Throws: ``QueryError`` when the predicate does not fit the schema.
  public func count<T: FolioRecord>(_ type: T.Type, where predicate: Condition = .all)
    throws(QueryError) -> Int
  {
    try state.count(type, where: predicate)
  }

  /// The committed record of `type`'s entity with identifier `id`, decoded, or `nil`.
  ///
  /// - Throws: ``RecordCodingError`` when the record does not fit `type`.
  public func get<T: FolioRecord>(_ type: T.Type, _ id: RecordID) throws -> T? {
    try state.get(type, id)
  }

  /// Inserts `record` in its own transaction; see ``Transaction/insert(_:)``.
  ///
  /// - Returns: The new record's identifier.
  /// - Throws: ``RecordCodingError`` or ``StoreError``; nothing is committed and, for a
  ///   directory store, the files are unchanged.
  @discardableResult
  public func insert<T: FolioRecord>(_ record: T) throws -> RecordID {
    try transaction { tx in try tx.insert(record) }
  }

  /// Replaces the stored record with `record`'s identifier in its own transaction; see
  /// ``Transaction/update(_:)``.
  ///
  /// - Throws: ``RecordCodingError`` or ``StoreError``; nothing is committed and the files are
  ///   unchanged.
  public func update<T: FolioRecord>(_ record: T) throws {
    try transaction { tx in try tx.update(record) }
  }

  /// Deletes the record of `type`'s entity with identifier `id` in its own transaction; see
  /// ``Transaction/delete(_:_:)-(String,_)``.
  ///
  /// - Returns: Every deleted record, the requested one first.
  /// - Throws: ``StoreError``; nothing is committed and the files are unchanged.
  @discardableResult
  public func delete<T: FolioRecord>(_ type: T.Type, _ id: RecordID) throws -> [RecordKey] {
    try transaction { tx in try tx.delete(type, id) }
  }

  /// Observes the records of `type`'s entity matching a predicate; see ``observe(_:)``. Decode
  /// the results with ``LiveQuery/initialRecords(as:)`` and ``QueryUpdate/records(as:)``, or use
  /// ``ObservedRecords`` for an `@Observable` model.
  ///
  /// ```swift
  /// let live = try store.observe(Repo.self, where: "state" == "open")
  /// for await update in live {
  ///   let repos = try update.records(as: Repo.self)
  /// }
  /// ```
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func observe<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws(QueryError) -> LiveQuery {
    try observe(Query(type, where: predicate, sortedBy: ordering, limit: limit, offset: offset))
  }
}
