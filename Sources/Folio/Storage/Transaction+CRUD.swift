extension Transaction {
  /// Inserts a new record of `entity` from `values` in local attribute and relationship names.
  ///
  /// Attribute values are coerced losslessly to their declared type (`"7"` for an int becomes
  /// `7`); missing attributes take their default; `null` leaves an optional attribute empty.
  /// Relationships take identifiers: a to-one one identifier, a to-many an array of them; the
  /// targets must exist, and inverse relationships are updated.
  ///
  /// ```swift
  /// try store.transaction { tx in
  ///   try tx.insert("Department", ["id": 1, "name": "R&D"])
  ///   try tx.insert("Employee", ["id": 7, "fullName": "Ada", "department": 1])  // 7
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - entity: The entity's name.
  ///   - values: Attribute and relationship values by local name, the identifier included.
  /// - Returns: The new record's identifier.
  /// - Throws: ``StoreError`` — ``StoreError/Code/invalidRecord`` listing every bad value,
  ///   ``StoreError/Code/duplicateIdentifier``, ``StoreError/Code/missingTarget``,
  ///   ``StoreError/Code/unknownEntity``, ``StoreError/Code/ownedRecord`` for an entity without an
  ///   identifier or a relationship into one (owned records are created and linked by syncing
  ///   their parent). The transaction is then unchanged, so it may go on.
  @discardableResult
  public mutating func insert(_ entity: String, _ values: JSONObject) throws(StoreError) -> RecordID {
    try refuseOwned(entity, "inserted")
    try refuseOwnedLinks(entity, values)
    let checked = try work.check(entity, values, isNew: true)
    var attributes = JSONObject(minimumCapacity: checked.attributes.count)
    for (name, value) in checked.attributes {
      if let value { attributes[name] = value }
    }
    // Everything that can fail is checked before the first write, so no snapshot is needed
    // (a snapshot would make every insert copy the shard it writes to).
    guard let info = work.index.entities[entity],
      let id = SchemaIndex.recordID(of: attributes, identifiers: info.entity.identifiers)
    else { return try work.insert(entity, attributes: attributes) }
    if work.record(entity, id) != nil { return try work.insert(entity, attributes: attributes) }
    try work.requireTargets(entity, id, checked)
    try work.insert(entity, attributes: attributes)
    try work.applyRelationships(entity, id, checked)
    return id
  }

  /// Changes the given values of an existing record; other values stay as they are.
  ///
  /// `null` clears an optional attribute or a relationship; `[]` empties a to-many. Values are
  /// coerced as for ``insert(_:_:)``. Identifier attributes cannot change.
  ///
  /// ```swift
  /// try store.transaction { tx in try tx.update("Employee", 7, ["fullName": "Ada L."]) }
  /// ```
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/recordNotFound``,
  ///   ``StoreError/Code/invalidRecord``, ``StoreError/Code/missingTarget``,
  ///   ``StoreError/Code/ownedRecord`` for a relationship into an owned entity); the transaction
  ///   is then unchanged.
  public mutating func update(_ entity: String, _ id: RecordID, _ values: JSONObject) throws(StoreError) {
    let id = work.index.canonicalID(entity, id)
    try refuseOwnedLinks(entity, values)
    let checked = try work.check(entity, values, isNew: false)
    guard let record = work.record(entity, id) else { throw work.notFound(entity, id) }
    var attributes = JSONObject(minimumCapacity: checked.attributes.count)
    for (name, value) in checked.attributes { attributes[name] = value ?? .null }
    // Check what can fail before the first write (no snapshot: it would copy the shard).
    let identifiers = work.index.entities[entity]?.entity.identifiers ?? []
    for name in identifiers where attributes[name] != nil && attributes[name] != record[name] {
      throw StoreError(
        code: .invalidRecord,
        message: "the identifier attribute '\(name)' of \(entity) \(id) cannot change in an update; use rename (tx.rename, store.rename or folio rename), which also re-points every link to the record",
        entity: entity, id: id)
    }
    try work.requireTargets(entity, id, checked)
    if !attributes.isEmpty { try work.setAttributes(entity, id, attributes) }
    try work.applyRelationships(entity, id, checked)
  }

  /// Deletes a record and applies the delete rules of its relationships (cascade, nullify,
  /// deny), exactly as every other delete path does (D18).
  ///
  /// - Returns: Every deleted record: the requested one first, then cascaded ones.
  /// - Throws: ``StoreError`` — ``StoreError/Code/recordNotFound``, or
  ///   ``StoreError/Code/deleteDenied`` naming the link to remove first; the transaction is then
  ///   unchanged.
  @discardableResult
  public mutating func delete(_ entity: String, _ id: RecordID) throws(StoreError) -> [RecordKey] {
    try requireEntity(entity)
    let id = work.index.canonicalID(entity, id)
    guard work.record(entity, id) != nil else { throw work.notFound(entity, id) }
    // WorkingState.delete checks deny rules before its first write.
    return try work.delete(entity, id)
  }

  /// Gives record `old` of `entity` the identifier `new`, and re-points every link to it (both
  /// sides of relationships with an inverse, the referrers of relationships without one, and
  /// its own links to itself).
  ///
  /// ```swift
  /// try store.transaction { tx in try tx.rename("Department", from: 5, to: 50) }
  /// ```
  ///
  /// - Returns: The number of links re-pointed.
  /// - Throws: ``StoreError`` — ``StoreError/Code/recordNotFound``,
  ///   ``StoreError/Code/duplicateIdentifier`` when `new` exists (nothing is renamed over a
  ///   record), ``StoreError/Code/invalidRecord`` when `new` does not fit the identifier's
  ///   attributes; the transaction is then unchanged.
  @discardableResult
  public mutating func rename(_ entity: String, from old: RecordID, to new: RecordID) throws(StoreError) -> Int {
    try requireEntity(entity)
    try refuseOwned(entity, "renamed")
    return try work.rename(entity, from: old, to: new)
  }

  /// Deletes every record of `entity`, applying delete rules to each (so cascades reach other
  /// entities and references from other entities are removed).
  ///
  /// - Returns: Every deleted record, in identifier order of `entity` then cascade order.
  /// - Throws: ``StoreError`` (``StoreError/Code/unknownEntity``,
  ///   ``StoreError/Code/deleteDenied``); the transaction is then unchanged.
  /// - Complexity: O(*n* log *n*) in the entity's records, plus their cascades.
  @discardableResult
  public mutating func deleteAll(_ entity: String) throws(StoreError) -> [RecordKey] {
    try requireEntity(entity)
    let saved = work
    var deleted: [RecordKey] = []
    do throws(StoreError) {
      for id in work.state.ids(entity) { deleted += try work.delete(entity, id) }
    } catch {
      work = saved
      throw error
    }
    return deleted
  }

  /// Deletes every record of every entity. Delete rules have nothing left to protect, so none
  /// can refuse.
  ///
  /// - Returns: The number of records deleted.
  /// - Complexity: O(*n*) in the number of records.
  @discardableResult
  public mutating func deleteEverything() -> Int {
    var deleted = 0
    for entity in work.index.schema.entities {
      for id in work.state.tables[entity.name]?.ids ?? [] {
        work.put(entity.name, id, nil)
        deleted += 1
      }
    }
    return deleted
  }

  /// Refuses writing a record of an owned entity on its own: its identifier says where it sits
  /// under its parent, so only a sync of the parent creates one.
  private func refuseOwned(_ entity: String, _ verb: String) throws(StoreError) {
    guard let info = work.index.entities[entity], info.entity.isOwned else { return }
    let owners = work.index.schema.entities.flatMap { source in
      source.relationships.filter { $0.target == entity }.map { "\(source.name).\($0.name)" }
    }
    throw StoreError(
      code: .ownedRecord,
      message: "\(entity) declares no identifier, so its records are owned by a parent and cannot be \(verb) on their own; sync the parent with the \(entity) nested under \(owners.joined(separator: " or "))",
      entity: entity)
  }

  /// Refuses setting a relationship into an owned entity: its records are linked where they sit
  /// by a sync of the parent, and a link set by hand would give one record two parents or none.
  private func refuseOwnedLinks(_ entity: String, _ values: JSONObject) throws(StoreError) {
    guard let info = work.index.entities[entity] else { return }
    for member in values {
      guard let relationship = info.relationship(named: member.key)?.relationship,
        work.index.entities[relationship.target]?.entity.isOwned == true
      else { continue }
      throw StoreError(
        code: .ownedRecord,
        message: "'\(member.key)' links \(relationship.target), which declares no identifier, so its records are linked where they sit by a sync of \(entity) with the object nested under '\(member.key)'; sync it, or delete the owned record",
        entity: entity)
    }
  }

  private func requireEntity(_ entity: String) throws(StoreError) {
    guard work.index.entities[entity] != nil else {
      throw StoreError(
        code: .unknownEntity,
        message: "the schema has no entity '\(entity)'; use one of: \(work.index.schema.entities.map(\.name).joined(separator: ", "))",
        entity: entity)
    }
  }
}
