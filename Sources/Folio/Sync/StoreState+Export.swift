extension StoreState {
  /// The records of `entity` in payload shape, through the same key mapping a sync reads (F22):
  /// syncing the result back changes nothing.
  ///
  /// Records come in identifier order; attributes are written at their key paths and
  /// relationships as bare identifiers (see ``EntityMapping/export(_:)``).
  ///
  /// ```swift
  /// store.state.export("Batch")   // [{"id": 1, "batch": {"name": "Batch 1"}, "clicked": [2, 3]}]
  /// ```
  ///
  /// - Returns: A JSON array; empty for an unknown entity.
  /// - Complexity: O(*n* log *n*) in the records of the entity.
  public func export(_ entity: String) -> JSONValue {
    guard let mapping = schema.mapping(forEntity: entity) else { return .array([]) }
    return .array(
      ids(entity).compactMap { id in record(entity, id).map { .object(mapping.export($0)) } })
  }
}
