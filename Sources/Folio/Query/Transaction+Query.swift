extension Transaction {
  /// Deletes every record matching `query` (its offset and limit applied), applying delete rules
  /// as every delete path does (D18): cascade deletes owned records, nullify unlinks references,
  /// deny refuses.
  ///
  /// ```swift
  /// try store.transaction { tx in try tx.deleteAll(matching: Query("Click", where: "clickID" > 0)) }  // 4
  /// ```
  ///
  /// - Returns: the number of matching records deleted (records deleted by cascade are not
  ///   counted).
  /// - Throws: ``QueryError`` when the query does not fit the schema; ``StoreError`` with code
  ///   ``StoreError/Code/deleteDenied`` when a deny rule refuses. The transaction then commits
  ///   nothing if the error leaves its closure.
  @discardableResult
  public mutating func deleteAll(matching query: Query) throws -> Int {
    let state = work.state
    let ids = try CompiledQuery(query, in: state).results(in: state).map(\.id)
    var deleted = 0
    for id in ids where try !work.delete(query.entity, id).isEmpty { deleted += 1 }
    return deleted
  }
}
