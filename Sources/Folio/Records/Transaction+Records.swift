/// Reading and writing ``FolioRecord`` types inside a transaction: reads see the transaction's
/// own writes, writes go through the same checks as ``insert(_:_:)`` and ``update(_:_:_:)``.
extension Transaction {
  /// The records of `type`'s entity matching a predicate, in an order, as this transaction sees
  /// them; see ``StoreState/fetch(_:where:sortedBy:limit:offset:)``.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  public func fetch<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws -> [T] {
    try state.fetch(type, where: predicate, sortedBy: ordering, limit: limit, offset: offset)
  }

  /// The first matching record of `type`'s entity as this transaction sees it, or `nil`.
  ///
  /// - Throws: ``QueryError`` or ``RecordCodingError``.
  public func first<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified
  ) throws -> T? {
    try state.first(type, where: predicate, sortedBy: ordering)
  }

  /// The number of matching records of `type`'s entity as this transaction sees them.
  ///
  /// - Throws: ``QueryError`` when the predicate does not fit the schema.
  public func count<T: FolioRecord>(_ type: T.Type, where predicate: Condition = .all)
    throws(QueryError) -> Int
  {
    try state.count(type, where: predicate)
  }

  /// The record of `type`'s entity with identifier `id`, including this transaction's changes.
  ///
  /// - Throws: ``RecordCodingError`` when the record does not fit `type`.
  public func get<T: FolioRecord>(_ type: T.Type, _ id: RecordID) throws -> T? {
    try state.get(type, id)
  }

  /// Inserts `record` into its type's entity.
  ///
  /// ```swift
  /// try store.transaction { tx in
  ///   try tx.insert(Repo(number: 2, fullName: "apple/swift-nio", state: "closed"))
  /// }
  /// ```
  ///
  /// - Returns: The new record's identifier.
  /// - Throws: ``RecordCodingError`` when `record` does not encode, ``StoreError`` as
  ///   ``insert(_:_:)`` throws; the transaction is then unchanged.
  @discardableResult
  public mutating func insert<T: FolioRecord>(_ record: T) throws -> RecordID {
    let values = try work.index.values(of: T.recordEncoder.encode(record), as: T.self)
    return try insert(T.entityName, values)
  }

  /// Replaces the stored record with `record`'s identifier by `record`: every field the type
  /// encodes is written, and a `nil` optional clears its field. Fields of the entity the type
  /// does not declare keep their stored values.
  ///
  /// - Throws: ``RecordCodingError`` when `record` does not encode; ``StoreError`` as
  ///   ``update(_:_:_:)`` throws (``StoreError/Code/recordNotFound`` when no record has its
  ///   identifier); the transaction is then unchanged.
  public mutating func update<T: FolioRecord>(_ record: T) throws {
    guard case .object(let encoded) = try T.recordEncoder.encodeValue(record, keepingTopLevelNulls: true)
    else {
      throw RecordCodingError(
        code: .invalidValue, path: "",
        message: "expected a value that encodes as an object (a struct or class with fields)")
    }
    let values = try work.index.values(of: encoded, as: T.self)
    try update(T.entityName, try work.index.recordID(of: values, as: T.self), values)
  }

  /// Deletes the record of `type`'s entity with identifier `id`, with its delete rules; see
  /// ``delete(_:_:)-(String,_)``.
  ///
  /// - Returns: Every deleted record, the requested one first.
  /// - Throws: ``StoreError`` as ``delete(_:_:)-(String,_)`` throws; the transaction is then unchanged.
  @discardableResult
  public mutating func delete<T: FolioRecord>(_ type: T.Type, _ id: RecordID) throws(StoreError) -> [RecordKey] {
    try delete(T.entityName, id)
  }
}
