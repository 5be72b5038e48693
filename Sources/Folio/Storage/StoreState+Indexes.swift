/// The secondary indexes of a state's entities (see ``Index``), found by entity name.
///
/// Kept beside the tables and changed at the same place they are: ``WorkingState/put(_:_:_:)``,
/// which every write path (sync, CRUD, delete rules, renames, query deletes) goes through, and a
/// full build when a store is loaded or migrated. Like the tables, they are values shared with
/// readers and copied per chunk on change.
struct SecondaryIndexes: Sendable {
  private var names: [String] = []
  private var indexes: [[SecondaryIndex]] = []

  /// Empty indexes for every index the schema declares.
  init(schema: Schema) {
    for entity in schema.entities {
      let declared = entity.allIndexes
      guard !declared.isEmpty else { continue }
      names.append(entity.name)
      indexes.append(declared.map(SecondaryIndex.init))
    }
  }

  /// Whether no entity has an index (the common case, checked first on every write).
  var isEmpty: Bool { names.isEmpty }

  @inline(__always) private func position(of name: String) -> Int? {
    for i in names.indices where JSONObject.sameKey(names[i], name) { return i }
    return nil
  }

  /// The indexes of `entity` (empty when it has none).
  subscript(entity: String) -> [SecondaryIndex] {
    position(of: entity).map { indexes[$0] } ?? []
  }

  /// Updates `entity`'s indexes for record `id` changing from `old` to `new`.
  mutating func update(_ entity: String, _ id: RecordID, from old: JSONObject?, to new: JSONObject?) {
    guard let i = position(of: entity) else { return }
    for n in indexes[i].indices { indexes[i][n].update(id, from: old, to: new) }
  }

  /// Rebuilds every index from `tables`.
  mutating func build(from tables: EntityTables) {
    for (i, name) in names.enumerated() {
      guard let table = tables[name] else { continue }
      for n in indexes[i].indices { indexes[i][n].build(from: table) }
    }
  }
}

extension StoreState {
  /// Rebuilds the secondary indexes from the records (after a load or a migration, which fill the
  /// tables directly).
  ///
  /// - Complexity: O(*n* log *n*) per index.
  mutating func buildSecondaryIndexes() {
    guard !secondary.isEmpty else { return }
    secondary.build(from: tables)
  }

  /// How the secondary indexes differ from indexes rebuilt from the records (for
  /// ``invariantViolations()``).
  ///
  /// - Complexity: O(*n* log *n*) per index.
  func secondaryIndexProblems() -> [String] {
    guard !secondary.isEmpty else { return [] }
    var problems: [String] = []
    for entity in schema.entities {
      guard let table = tables[entity.name] else { continue }
      for index in secondary[entity.name] {
        var rebuilt = SecondaryIndex(index.declaration)
        rebuilt.build(from: table)
        var held: [SecondaryIndex.Entry] = []
        index.forEach(from: index.start, to: index.end) { held.append($0); return true }
        var expected: [SecondaryIndex.Entry] = []
        rebuilt.forEach(from: rebuilt.start, to: rebuilt.end) { expected.append($0); return true }
        let same =
          held.count == expected.count && index.count == held.count
          && zip(held, expected).allSatisfy { $0.id == $1.id && index.compareKeys($0.key, $1.key) == 0 }
        if !same {
          problems.append(
            "entity \(entity.name): the index on (\(index.declaration.fields.joined(separator: ", "))) does not match the records")
        }
      }
    }
    return problems
  }

  /// The memory held by `entity`'s indexes, in bytes (an estimate: entries and chunk lists; the
  /// values are shared with the records).
  public func indexMemory(_ entity: String) -> Int {
    secondary[entity].reduce(0) { $0 + $1.memoryBytes }
  }

  /// Throws when a unique index of an entity in `touched` holds two records with the same values
  /// in its fields (records with a missing or null field are not compared).
  ///
  /// - Throws: ``StoreError`` with code ``StoreError/Code/uniqueViolation`` naming the entity, the
  ///   index's fields and both records.
  func checkUniqueIndexes(_ touched: [(entity: String, ids: [RecordID])]) throws(StoreError) {
    guard !secondary.isEmpty else { return }
    for (entity, ids) in touched {
      for index in secondary[entity] where index.declaration.isUnique {
        for id in ids {
          guard let record = record(entity, id) else { continue }
          let key = index.key(of: record)
          let parts: [JSONValue]
          if case .array(let values) = key, index.isComposite { parts = values } else { parts = [key] }
          if parts.contains(.null) { continue }
          let first = index.firstPosition { index.compareKeys($0, key) }
          var other: RecordID?
          index.forEach(from: first, to: index.end) { entry in
            guard index.compareKeys(entry.key, key) == 0 else { return false }
            if entry.id != id { other = entry.id }
            return other == nil
          }
          if let other {
            let fields = index.declaration.fields.joined(separator: ", ")
            let values = parts.map { JSONWriter.string($0) }.joined(separator: ", ")
            throw StoreError(
              code: .uniqueViolation,
              message:
                "\(entity) \(id) and \(entity) \(other) both have (\(fields)) = (\(values)), but the index on (\(fields)) is unique; change one of them, or drop unique from the index",
              entity: entity, id: id)
          }
        }
      }
    }
  }
}
