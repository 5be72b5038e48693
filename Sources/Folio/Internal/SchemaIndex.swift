/// Facts about a schema that every mutation needs, computed once: each entity's relationships
/// with their resolved inverses, and the relationships that point at an entity without an
/// inverse (so deleting a target can find the records that reference it).
struct SchemaIndex: Sendable {
  /// One relationship of one entity, with its inverse resolved.
  struct RelationshipInfo: Sendable, Hashable {
    /// The entity declaring the relationship.
    let source: String
    /// The relationship.
    let relationship: Relationship
    /// The inverse relationship on the target entity, when declared and consistent.
    let inverse: Relationship?
    /// Whether a directory store leaves this side of the link out of its files and derives it
    /// from the inverse on opening (see ``SchemaIndex/isDerived(_:_:inverse:)``).
    let isDerived: Bool
    /// Whether the target entity is owned (has no identifier of its own), so the target records
    /// are deleted with the source whatever the delete rule says.
    let ownsTarget: Bool

    /// `"Source.name"`: the key of the reverse index for relationships without an inverse.
    var reverseKey: String { source + "." + relationship.name }
  }

  /// Facts about one entity.
  struct EntityInfo: Sendable {
    let entity: Entity
    /// The entity's own relationships.
    let relationships: [RelationshipInfo]
    /// Relationships of any entity that target this one and have no inverse.
    let incomingWithoutInverse: [RelationshipInfo]

    func relationship(named name: String) -> RelationshipInfo? {
      relationships.first { $0.relationship.name == name }
    }
  }

  let schema: Schema
  let entities: [String: EntityInfo]
  /// The row layout of each entity (its storage form), shared by every table of a state and
  /// of the states made from it.
  let layouts: [String: RowLayout]
  /// Whether any relationship lacks an inverse, so writes must keep the reverse index; when
  /// none does, a write skips looking its entity up at all.
  let hasReverseIndex: Bool

  /// Indexes `schema` in its storage form (``Schema/storageForm``): owned entities read their
  /// synthesized identifier, and relationships into them cascade.
  init(_ declared: Schema) {
    let schema = declared.storageForm
    self.schema = schema
    var byName: [String: Entity] = [:]
    for entity in schema.entities { byName[entity.name] = entity }
    var own: [String: [RelationshipInfo]] = [:]
    var incoming: [String: [RelationshipInfo]] = [:]
    for entity in schema.entities {
      for relationship in entity.relationships {
        var inverse: Relationship?
        if let inverseName = relationship.inverse,
          let candidate = byName[relationship.target]?.relationship(named: inverseName),
          candidate.target == entity.name
        {
          inverse = candidate
        }
        let info = RelationshipInfo(
          source: entity.name, relationship: relationship, inverse: inverse,
          isDerived: Self.isDerived(entity.name, relationship, inverse: inverse),
          ownsTarget: byName[relationship.target]?.isOwned == true)
        own[entity.name, default: []].append(info)
        if inverse == nil { incoming[relationship.target, default: []].append(info) }
      }
    }
    var entities: [String: EntityInfo] = [:]
    for entity in schema.entities {
      entities[entity.name] = EntityInfo(
        entity: entity, relationships: own[entity.name] ?? [],
        incomingWithoutInverse: incoming[entity.name] ?? [])
    }
    self.entities = entities
    var layouts: [String: RowLayout] = [:]
    for entity in schema.entities { layouts[entity.name] = RowLayout(entity) }
    self.layouts = layouts
    hasReverseIndex = !incoming.isEmpty
  }

  /// The row layout of the entity `name`; an entity the schema lacks has no columns (its
  /// records keep every member as an extra, ``RowChunk``).
  func layout(_ name: String) -> RowLayout {
    layouts[name] ?? RowLayout(columns: [])
  }

  /// The names of the relationships of `entity` that files leave out (``RelationshipInfo/isDerived``):
  /// the members a shard writer skips.
  func derivedRelationships(of entity: String) -> [String] {
    entities[entity]?.relationships.filter(\.isDerived).map(\.relationship.name) ?? []
  }

  /// Whether the files of a store leave out `relationship` of `entity` because its inverse
  /// stores the same links (format 2 stores each link once): the to-one side of a one-to-many
  /// is stored, unless the to-many side is ordered (its order is information the to-one side
  /// cannot hold); of a many-to-many, the ordered side; otherwise, of two sides alike, the one
  /// whose entity name (then relationship name) comes first in UTF-8 byte order. A relationship
  /// without an inverse, one that is its own inverse, and both sides of a many-to-many ordered
  /// on both sides are stored.
  static func isDerived(_ entity: String, _ relationship: Relationship, inverse: Relationship?) -> Bool {
    guard let inverse else { return false }
    switch (relationship.isToMany, inverse.isToMany) {
    case (false, true): return inverse.isOrdered
    case (true, false): return !relationship.isOrdered
    case (true, true) where relationship.isOrdered != inverse.isOrdered: return inverse.isOrdered
    case (true, true) where relationship.isOrdered: return false
    default:
      let own = (entity, relationship.name)
      let other = (relationship.target, inverse.name)
      if own == other { return false }
      return own.0 == other.0 ? !JSONObject.keyPrecedes(own.1, other.1) : !JSONObject.keyPrecedes(own.0, other.0)
    }
  }

  /// The record identifier stored in `record`'s identifier attributes, or `nil` when one is
  /// missing or not an int or string.
  static func recordID(of record: JSONObject, identifiers: [String]) -> RecordID? {
    if identifiers.count == 1 {
      guard let value = record[identifiers[0]] else { return nil }
      switch value {
      case .int(let i): return .int(i)
      case .string(let s): return .string(s)
      default: return nil
      }
    }
    var parts: [RecordID] = []
    parts.reserveCapacity(identifiers.count)
    for name in identifiers {
      switch record[name] {
      case .int(let i)?: parts.append(.int(i))
      case .string(let s)?: parts.append(.string(s))
      default: return nil
      }
    }
    return .composite(parts)
  }
}

extension SchemaIndex {
  /// `id` as records of `entity` store it: a `uuid` identifier given in another accepted spelling
  /// (upper case, braces) in its canonical lowercase form, so a lookup by identifier finds the
  /// record whatever the caller's spelling, as sync and queries do. Any other identifier as it is.
  func canonicalID(_ entity: String, _ id: RecordID) -> RecordID {
    guard case .string(let text) = id, let info = entities[entity],
      info.entity.identifiers.count == 1,
      info.entity.attribute(named: info.entity.identifiers[0])?.type == .uuid,
      let canonical = Attribute.canonicalUUID(text), canonical != text
    else { return id }
    return .string(canonical)
  }
}
