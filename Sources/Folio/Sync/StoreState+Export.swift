extension StoreState {
  /// The records of `entity` in payload shape, through the same key mapping a sync reads (F22):
  /// syncing the result back changes nothing.
  ///
  /// Records come in identifier order; attributes are written at their key paths and
  /// relationships as bare identifiers (see ``EntityMapping/export(_:)``), except relationships
  /// into owned entities (entities without an identifier): their records are written nested, as
  /// the objects a payload gives, without their synthesized identifiers.
  ///
  /// ```swift
  /// store.state.export("Batch")   // [{"id": 1, "batch": {"name": "Batch 1"}, "clicked": [2, 3]}]
  /// ```
  ///
  /// - Returns: A JSON array; empty for an unknown entity.
  /// - Complexity: O(*n* log *n*) in the records of the entity, plus the records they own.
  public func export(_ entity: String) -> JSONValue {
    guard schema.entity(named: entity) != nil else { return .array([]) }
    return .array(
      ids(entity).compactMap { id in
        record(entity, id).map { .object(exported($0, of: entity, depth: 0)) }
      })
  }

  /// One stored record of `entity` in payload shape, as ``export(_:)`` writes it: through the
  /// key mapping, with the records it owns (entities without an identifier) nested as objects
  /// without their synthesized identifiers, so syncing the result back changes nothing.
  ///
  /// ```swift
  /// store.state.exported(customer, of: "Customer")
  /// // {"id": 1, "address": {"street": "1 Main St"}}
  /// ```
  ///
  /// - Parameters:
  ///   - record: A stored record of `entity`, keyed by attribute and relationship names.
  ///   - entity: The record's entity.
  /// - Returns: A payload-shaped object; `record` itself for an unknown entity.
  /// - Complexity: O(*n*) in the size of the record and the records it owns.
  public func exported(_ record: JSONObject, of entity: String) -> JSONObject {
    exported(record, of: entity, depth: 0)
  }

  /// `record` in payload shape, with the records it owns nested (to the sync's nesting limit;
  /// deeper ones are written as their identifiers).
  private func exported(_ record: JSONObject, of entity: String, depth: Int) -> JSONObject {
    guard let mapping = schema.mapping(forEntity: entity), let declared = schema.entity(named: entity)
    else { return record }
    var plain = record
    plain[Entity.ownedIdentifier] = nil
    var nested: [(JSONKeyPath, JSONValue)] = []
    if depth < SyncPlanner.maximumDepth {
      for (n, relationship) in declared.relationships.enumerated() {
        guard let target = schema.entity(named: relationship.target), target.isOwned,
          let value = record[relationship.name], n < mapping.relationships.count,
          // The convention's own spelling (not a fallback such as PascalCase, nor `_id`).
          let path = mapping.relationships[n].candidates.last(where: {
            !$0.isReferenceKey && !$0.isFallback
          })?.path
        else { continue }
        plain[relationship.name] = nil
        let objects: [JSONValue] = StoreState.targets(in: value, toMany: relationship.isToMany)
          .compactMap { id in
            self.record(target.name, id).map { .object(exported($0, of: target.name, depth: depth + 1)) }
          }
        nested.append((path, relationship.isToMany ? .array(objects) : objects.first ?? .null))
      }
    }
    var out = mapping.export(plain)
    for (path, value) in nested { path.set(value, in: &out) }
    return out
  }
}
