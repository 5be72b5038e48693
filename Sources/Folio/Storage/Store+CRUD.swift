extension Store {
  /// The committed record of `entity` with identifier `id`, or `nil`.
  ///
  /// ```swift
  /// store.get("Employee", 7)?["fullName"]   // "Ada"
  /// ```
  ///
  /// A `uuid` identifier may be given in any accepted spelling (upper case, braces).
  ///
  /// - Complexity: O(1) on average.
  public func get(_ entity: String, _ id: RecordID) -> JSONObject? {
    let state = state
    return state.record(entity, state.index.canonicalID(entity, id))
  }

  /// Inserts one record in its own transaction; see ``Transaction/insert(_:_:)``.
  ///
  /// - Returns: The new record's identifier.
  /// - Throws: ``StoreError``; nothing is committed and, for a directory store, the files are
  ///   unchanged.
  @discardableResult
  public func insert(_ entity: String, _ values: JSONObject) throws -> RecordID {
    try transaction { tx in try tx.insert(entity, values) }
  }

  /// Updates one record in its own transaction; see ``Transaction/update(_:_:_:)``.
  ///
  /// - Throws: ``StoreError``; nothing is committed and the files are unchanged.
  public func update(_ entity: String, _ id: RecordID, _ values: JSONObject) throws {
    try transaction { tx in try tx.update(entity, id, values) }
  }

  /// Renames one record's identifier and re-points every link to it in its own transaction;
  /// see ``Transaction/rename(_:from:to:)``.
  ///
  /// - Returns: The number of links re-pointed.
  /// - Throws: ``StoreError``; nothing is committed and the files are unchanged.
  @discardableResult
  public func rename(_ entity: String, from old: RecordID, to new: RecordID) throws -> Int {
    try transaction { tx in try tx.rename(entity, from: old, to: new) }
  }

  /// Deletes one record with its delete rules in its own transaction; see
  /// ``Transaction/delete(_:_:)-(String,_)``.
  ///
  /// - Returns: Every deleted record, the requested one first.
  /// - Throws: ``StoreError``; nothing is committed and the files are unchanged.
  @discardableResult
  public func delete(_ entity: String, _ id: RecordID) throws -> [RecordKey] {
    try transaction { tx in try tx.delete(entity, id) }
  }

  /// Deletes every record of `entity` with delete rules in one transaction; see
  /// ``Transaction/deleteAll(_:)``.
  ///
  /// - Returns: Every deleted record.
  /// - Throws: ``StoreError``; nothing is committed and the files are unchanged.
  @discardableResult
  public func deleteAll(_ entity: String) throws -> [RecordKey] {
    try transaction { tx in try tx.deleteAll(entity) }
  }

  /// Deletes every record of every entity in one transaction.
  ///
  /// - Returns: The number of records deleted.
  /// - Throws: ``StoreError`` from saving; the files are then unchanged.
  @discardableResult
  public func deleteEverything() throws -> Int {
    try transaction { tx in tx.deleteEverything() }
  }

  /// A scratch store: an in-memory copy of the current records that can be changed freely and
  /// is never saved anywhere.
  ///
  /// Scratch records are Folio's "temporary" records: build, link and validate them with the
  /// full CRUD API (coercion, delete rules and invariants apply), read them back, then drop the
  /// scratch store. Nothing reaches this store or its files, and this store's later commits do
  /// not reach the scratch store. The copy is cheap: shards are shared until written.
  ///
  /// ```swift
  /// let scratch = store.scratch()
  /// try scratch.insert("Employee", ["id": 99, "fullName": "Draft"])
  /// scratch.get("Employee", 99) != nil   // true
  /// store.get("Employee", 99)            // nil
  /// ```
  ///
  /// - Returns: A new in-memory store starting from this store's committed state.
  public func scratch() -> Store {
    Store(state: state)
  }
}
