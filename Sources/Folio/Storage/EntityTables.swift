/// The tables of a state's entities, found by entity name.
///
/// A short array searched by name rather than a dictionary: a schema has few entities, and the
/// names the store hands around are the schema's own strings, so a lookup is usually settled by
/// comparing two machine words, where a dictionary hashes the whole name (callgrind,
/// 100k-record sync: the dictionary's lookups cost about 1,100 instructions per written record).
struct EntityTables: Sendable {
  private var names: [String] = []
  private var tables: [EntityTable] = []

  /// No tables.
  init() {}

  /// The position of `name`'s table, or `nil`.
  ///
  /// - Complexity: O(*e*) in the number of entities.
  @inline(__always) private func position(of name: String) -> Int? {
    for i in names.indices where JSONObject.sameKey(names[i], name) { return i }
    return nil
  }

  /// The table of the entity `name`; setting `nil` removes it.
  subscript(name: String) -> EntityTable? {
    get {
      guard let i = position(of: name) else { return nil }
      return tables[i]
    }
    set {
      if let i = position(of: name) {
        if let newValue {
          tables[i] = newValue
        } else {
          names.remove(at: i)
          tables.remove(at: i)
        }
      } else if let newValue {
        names.append(name)
        tables.append(newValue)
      }
    }
  }

  /// The record of the entity `name` with identifier `id`, or `nil`, read in place: going
  /// through ``subscript(name:)`` copies the table's four arrays out and releases them again
  /// (callgrind, 100k-record sync: 217 instructions per item).
  @inline(__always) func record(_ name: String, _ id: RecordID) -> JSONObject? {
    guard let i = position(of: name) else { return nil }
    return tables[i][id]
  }

  /// ``EntityTable/withRow(of:_:)`` of the table named `name`; `nil` for an unknown entity or
  /// a missing record.
  @inline(__always) func withRow<Result>(
    _ name: String, _ id: RecordID, _ body: (RowChunk, Int) throws -> Result
  ) rethrows -> Result? {
    guard let i = position(of: name) else { return nil }
    return try tables[i].withRow(of: id, body)
  }

  /// Changes the table of `name` in place (its shards are not copied).
  ///
  /// - Returns: what `body` returns, or `nil` when there is no such table.
  @discardableResult @inline(__always)
  mutating func update<Result>(
    _ name: String, _ body: (inout EntityTable) throws -> Result
  ) rethrows -> Result? {
    guard let i = position(of: name) else { return nil }
    return try body(&tables[i])
  }
}
