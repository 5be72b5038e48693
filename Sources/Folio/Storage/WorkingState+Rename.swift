extension WorkingState {
  /// Gives record `old` of `entity` the identifier `new` and re-points every link to it, in
  /// this unit of work: its identifier attributes change, every record that links it (through
  /// either side of a relationship, itself included) links `new` instead, and to-many members
  /// stay in identifier order unless the relationship is ordered.
  ///
  /// - Returns: The number of links re-pointed.
  /// - Throws: ``StoreError`` — ``StoreError/Code/recordNotFound``,
  ///   ``StoreError/Code/duplicateIdentifier`` when `new` exists,
  ///   ``StoreError/Code/invalidRecord`` when `new` does not fit the identifier attributes; the
  ///   working state is then unchanged.
  @discardableResult
  mutating func rename(_ entity: String, from old: RecordID, to new: RecordID) throws(StoreError) -> Int {
    guard let info = index.entities[entity], var renamed = record(entity, old) else { throw notFound(entity, old) }
    guard old != new else { return 0 }
    guard record(entity, new) == nil else {
      throw StoreError(
        code: .duplicateIdentifier,
        message: "cannot rename \(entity) \(old) to \(new): \(entity) \(new) already exists; choose another identifier, or delete that record first",
        entity: entity, id: new)
    }
    let parts: [RecordID]
    if case .composite(let components) = new { parts = components } else { parts = [new] }
    let attributes = info.entity.identifiers.compactMap(info.entity.attribute(named:))
    guard parts.count == attributes.count,
      zip(attributes, parts).allSatisfy({ attribute, part in
        switch (attribute.type, part) {
        case (.int, .int), (.string, .string): return true
        default: return false
        }
      })
    else {
      let expected = attributes.map { "\($0.name) (\(Attribute.typeName($0.type)))" }.joined(separator: ", ")
      throw StoreError(
        code: .invalidRecord,
        message: "cannot rename \(entity) \(old) to \(new): the identifier of \(entity) is \(expected)",
        entity: entity, id: old)
    }
    // The records that link this one, by the relationship they link it through.
    var links = state.referrers(of: RecordKey(entity, old))
    // Its own links to itself are in its own record.
    for relationship in info.relationships where relationship.relationship.target == entity {
      let r = relationship.relationship
      if StoreState.targets(in: renamed[r.name], toMany: r.isToMany).contains(old) {
        links.append((RecordKey(entity, old), r.name))
      }
    }
    var repointed = 0
    for (source, name) in links {
      let isSelf = source == RecordKey(entity, old)
      guard var linking = isSelf ? renamed : record(source.entity, source.id),
        let r = index.entities[source.entity]?.relationship(named: name)?.relationship
      else { continue }
      var targets = StoreState.targets(in: linking[name], toMany: r.isToMany)
      guard let position = targets.firstIndex(of: old) else { continue }
      targets[position] = new
      if r.isToMany, !r.isOrdered { targets.sort() }
      linking[name] = r.isToMany ? .array(targets.map(\.jsonValue)) : new.jsonValue
      repointed += 1
      if isSelf { renamed = linking } else { put(source.entity, source.id, linking) }
    }
    for (attribute, part) in zip(attributes, parts) { renamed[attribute.name] = part.jsonValue }
    put(entity, old, nil)
    put(entity, new, renamed)
    return repointed
  }
}
