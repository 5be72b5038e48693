/// Owned entities: entities without an identifier whose records live nested under a parent.
extension Schema {
  /// The schema as the store keeps records: every owned entity reads its synthesized identifier
  /// from the string attribute ``Entity/ownedIdentifier`` (deleting a parent deletes what it
  /// owns whatever the relationship's delete rule says: see `WorkingState.delete`).
  ///
  /// - Complexity: O(*n*) in the number of entities and members.
  var storageForm: Schema {
    guard entities.contains(where: { $0.identifiers.isEmpty }) else { return self }
    var copy = self
    for (n, entity) in copy.entities.enumerated() where entity.identifiers.isEmpty {
      copy.entities[n].identifiers = [Entity.ownedIdentifier]
      copy.entities[n].attributes.insert(
        Attribute(name: Entity.ownedIdentifier, type: .string), at: 0)
    }
    return copy
  }

  /// The owned entities that some entity with an identifier reaches through relationships,
  /// directly or through other owned entities (an owned entity outside this set has no root).
  ///
  /// - Complexity: O(*n*) in the number of entities and relationships.
  var ownedEntitiesWithRoots: Set<String> {
    var byName: [String: Entity] = [:]
    for entity in entities where byName[entity.name] == nil { byName[entity.name] = entity }
    var reached = Set<String>()
    var queue = entities.filter { !$0.isOwned }.map(\.name)
    var cursor = 0
    while cursor < queue.count {
      let name = queue[cursor]
      cursor += 1
      for relationship in byName[name]?.relationships ?? [] {
        guard let target = byName[relationship.target], target.isOwned else { continue }
        if reached.insert(target.name).inserted { queue.append(target.name) }
      }
    }
    return reached
  }

  /// The synthesized identifier of the record owned by `owner` `parent` through `relationship`,
  /// at `position` in a to-many: `User/u1/address`, `Batch/1/clicks/0`. A composite parent
  /// identifier is written as its canonical JSON (`City/["Paris","London"]/mayor`). Entity and
  /// relationship names hold no `/`, so the text decodes from both ends and never collides.
  static func ownedID(
    owner: String, parent: RecordID, relationship: String, position: Int? = nil
  ) -> RecordID {
    let parentText: String
    switch parent {
    case .int(let i): parentText = String(i)
    case .string(let s): parentText = s
    case .composite: parentText = parent.canonicalText
    }
    var text = owner + "/" + parentText + "/" + relationship
    if let position { text += "/" + String(position) }
    return .string(text)
  }
}

extension Entity {
  /// The entity as declared, without the synthesized identifier attribute that
  /// ``Schema/storageForm`` adds to an owned entity (what schema files and fingerprints show).
  var declaredForm: Entity {
    guard identifiers == [Entity.ownedIdentifier] else { return self }
    var copy = self
    copy.identifiers = []
    copy.attributes.removeAll { $0.name == Entity.ownedIdentifier }
    return copy
  }
}
