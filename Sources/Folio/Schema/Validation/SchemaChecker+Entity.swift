// The per-entity rules of `Schema.validated()`.

extension SchemaChecker {
  mutating func check(_ entity: Entity) {
    checkIdentifiers(entity)
    checkMemberNames(entity)
    for attribute in entity.attributes { check(attribute, in: entity) }
    for relationship in entity.relationships { check(relationship, in: entity) }
    checkKeyPaths(entity)
    checkRules(entity)
  }

  private mutating func checkIdentifiers(_ entity: Entity) {
    let e = entity.name
    if entity.identifiers.isEmpty {
      checkOwnership(entity)
    }
    var seen = Set<String>()
    for id in entity.identifiers {
      guard seen.insert(id).inserted else {
        add(.duplicateName, "identifier '\(id)' is listed twice", entity: e, member: id)
        continue
      }
      guard let attribute = entity.attribute(named: id) else {
        add(
          .unknownIdentifier,
          "identifier '\(id)' names no attribute of '\(e)'; declare Attribute(\"\(id)\", .int) or .string",
          entity: e, member: id)
        continue
      }
      if attribute.isOptional {
        add(
          .optionalIdentifier, "identifier attribute '\(id)' is optional; identifiers are required",
          entity: e, member: id)
      }
      switch attribute.type {
      case .int, .string, .uuid, .enumeration: break
      default:
        add(
          .invalidIdentifierType,
          "identifier attribute '\(id)' has type \(Attribute.typeName(attribute.type)); identifiers must be int, string, uuid or enum",
          entity: e, member: id)
      }
    }
  }

  /// An entity without an identifier is owned: some entity with an identifier must reach it
  /// through relationships (directly or through other owned entities), and no relationship into
  /// it may deny deletion, since its records are deleted with their parent; a to-many into it is
  /// ordered, since positions identify its records.
  private mutating func checkOwnership(_ entity: Entity) {
    let e = entity.name
    guard schema.ownedEntitiesWithRoots.contains(e) else {
      add(
        .missingIdentifier,
        #"entity '\#(e)' declares no identifier and no entity with one owns it through a relationship; add Identifier("id") naming an int or string attribute, or nest it under a parent's ToOne/ToMany to make it owned (D28)"#,
        entity: e)
      return
    }
    for source in schema.entities {
      for relationship in source.relationships
      where relationship.target == e {
        if relationship.deleteRule == .deny {
          add(
            .invalidOwnership,
            "relationship '\(relationship.name)' owns \(e), which declares no identifier, so its records are deleted with their parent; remove deleteRule deny",
            entity: source.name, member: relationship.name)
        }
        if relationship.isToMany, !relationship.isOrdered {
          add(
            .invalidOwnership,
            "to-many relationship '\(relationship.name)' owns \(e), which declares no identifier, so its records are identified by their position; declare it ordered",
            entity: source.name, member: relationship.name)
        }
      }
    }
  }

  private mutating func checkMemberNames(_ entity: Entity) {
    var kinds: [String: String] = [:]
    let members =
      entity.attributes.map { ($0.name, "attribute") }
      + entity.relationships.map { ($0.name, "relationship") }
    for (name, kind) in members {
      if name.isEmpty {
        add(.invalidName, "\(kind) has an empty name", entity: entity.name)
        continue
      }
      if name == Entity.ownedIdentifier {
        add(
          .invalidName,
          "\(kind) name '\(name)' is reserved: it holds the synthesized identifier of owned records; rename it",
          entity: entity.name, member: name)
        continue
      }
      if let first = kinds[name] {
        let what = first == kind ? "\(kind) '\(name)' is declared twice" : "\(first) and \(kind) are both named '\(name)'"
        add(.duplicateName, "\(what); member names must be unique", entity: entity.name, member: name)
      } else {
        kinds[name] = kind
      }
    }
  }

  private mutating func check(_ attribute: Attribute, in entity: Entity) {
    let (e, m) = (entity.name, attribute.name)
    if case .array(let element) = attribute.type, case .array = element {
      add(
        .nestedArray,
        "attribute '\(m)' is an array of arrays; arrays hold scalars (use a relationship for nested data)",
        entity: e, member: m)
    }
    if let key = attribute.key { checkKey(key, of: "attribute", entity: e, member: m) }
    if let values = Attribute.enumerationValues(attribute.type) {
      if values.isEmpty {
        add(.invalidValue, "enum attribute '\(m)' declares no values; list its allowed strings", entity: e, member: m)
      } else if Set(values).count != values.count {
        add(.duplicateName, "enum attribute '\(m)' lists a value twice; remove the duplicate", entity: e, member: m)
      }
    }
    if let formats = attribute.dateFormats { checkDateFormats(formats, entity: e, member: m) }
    checkTransform(attribute, in: entity)
    if let value = attribute.defaultValue, case .failure(let error) = attribute.coerce(
      value, schemaDateFormats: schema.dateFormats)
    {
      add(.invalidDefault, "default value is invalid: \(error.message)", entity: e, member: m)
    }
  }

  private mutating func check(_ relationship: Relationship, in entity: Entity) {
    let (e, m) = (entity.name, relationship.name)
    if let key = relationship.key { checkKey(key, of: "relationship", entity: e, member: m) }
    guard let target = entitiesByName[relationship.target] else {
      add(
        .unknownTarget,
        "relationship '\(m)' targets unknown entity '\(relationship.target)'; declare an entity named '\(relationship.target)' or fix the target",
        entity: e, member: m)
      return
    }
    guard let inverseName = relationship.inverse else { return }
    guard let inverse = target.relationship(named: inverseName) else {
      add(
        .inverseMismatch,
        "inverse '\(target.name).\(inverseName)' of relationship '\(m)' is not a relationship of '\(target.name)'; declare it there or fix the name",
        entity: e, member: m)
      return
    }
    if inverse.target != e {
      add(
        .inverseMismatch,
        "inverse '\(target.name).\(inverseName)' of relationship '\(m)' targets '\(inverse.target)', not '\(e)'",
        entity: e, member: m)
    } else if let back = inverse.inverse, back != m {
      add(
        .inverseMismatch,
        "inverse '\(target.name).\(inverseName)' of relationship '\(m)' points back to '\(back)', not '\(m)'",
        entity: e, member: m)
    }
  }

  mutating func checkDateFormats(_ formats: DateFormats, entity: String?, member: String?) {
    if formats.isSuperset(of: [.unixSeconds, .unixMilliseconds]) {
      add(
        .conflictingDateFormats,
        "date formats include both unixSeconds and unixMilliseconds, which read the same numbers; keep one",
        entity: entity, member: member)
    }
  }

  private mutating func checkKey(_ key: String, of kind: String, entity: String, member: String) {
    let components = JSONKeyPath(key).components
    if components.contains(where: \.isEmpty) {
      add(
        .invalidKeyPath,
        "key path '\(key)' of \(kind) '\(member)' has an empty component; write it like \"user.name\"",
        entity: entity, member: member)
    } else if components.count > 32 {
      add(
        .invalidKeyPath,
        "key path of \(kind) '\(member)' has \(components.count) components; at most 32 are allowed",
        entity: entity, member: member)
    }
  }
}
