extension WorkingState {
  /// Inserts a new record made of `attributes` (attribute names only, canonical values, the
  /// identifier attributes included) and no relationship links.
  ///
  /// - Returns: the new record's identifier.
  /// - Throws: ``StoreError`` when the entity is unknown, the identifier attributes are missing,
  ///   or a record with that identifier exists (``StoreError/Code/duplicateIdentifier``).
  @discardableResult
  mutating func insert(_ entity: String, attributes: JSONObject) throws(StoreError) -> RecordID {
    guard let info = index.entities[entity] else {
      throw StoreError(code: .unknownEntity, message: "the schema has no entity '\(entity)'", entity: entity)
    }
    guard let id = SchemaIndex.recordID(of: attributes, identifiers: info.entity.identifiers) else {
      throw StoreError(
        code: .invalidRecord,
        message: "a new \(entity) needs its identifier \(info.entity.identifiers.joined(separator: ", ")) as an int or a string",
        entity: entity)
    }
    guard record(entity, id) == nil else {
      throw StoreError(
        code: .duplicateIdentifier, message: "\(entity) \(id) already exists", entity: entity, id: id)
    }
    put(entity, id, attributes)
    return id
  }

  /// Sets the given attributes of an existing record (`.null` clears one), keeping its other
  /// attributes and its relationships. Identifier attributes cannot change.
  ///
  /// - Throws: ``StoreError`` when the record does not exist or an identifier would change.
  mutating func setAttributes(_ entity: String, _ id: RecordID, _ values: JSONObject)
    throws(StoreError)
  {
    guard var record = record(entity, id), let info = index.entities[entity] else {
      throw notFound(entity, id)
    }
    for member in values {
      if info.entity.identifiers.contains(member.key), record[member.key] != member.value {
        throw StoreError(
          code: .invalidRecord,
          message: "the identifier attribute '\(member.key)' of \(entity) \(id) cannot change",
          entity: entity, id: id)
      }
      // `nil` here must be Optional's: JSONValue is ExpressibleByNilLiteral too.
      record[member.key] = member.value.isNull ? JSONValue?.none : member.value
    }
    put(entity, id, record)
  }
}
