extension WorkingState {
  /// Values given in local names, split and checked: canonical attribute values (`nil` to clear)
  /// and relationship targets (`nil` / `[]` to clear).
  struct CheckedValues {
    var attributes: [(name: String, value: JSONValue?)] = []
    var toOne: [(name: String, target: RecordID?)] = []
    var toMany: [(name: String, targets: [RecordID])] = []
  }

  /// Coerces `values` (local attribute and relationship names) against `entity`'s schema.
  ///
  /// Attribute values go through ``Attribute/coerce(_:schemaDateFormats:)``; relationships take
  /// identifiers (a to-one: one identifier or `null`; a to-many: an array of identifiers), each
  /// coerced to the target's identifier types. With `isNew`, missing attributes get their
  /// default and missing required ones are problems. Every problem is collected and reported in
  /// one ``StoreError/Code/invalidRecord`` error.
  ///
  /// - Throws: ``StoreError`` listing every problem; nothing is changed.
  func check(_ entity: String, _ values: JSONObject, isNew: Bool) throws(StoreError) -> CheckedValues {
    guard let info = index.entities[entity] else {
      throw StoreError(
        code: .unknownEntity,
        message: "the schema has no entity '\(entity)'; use one of: \(index.schema.entities.map(\.name).joined(separator: ", "))",
        entity: entity)
    }
    let schema = index.schema
    var checked = CheckedValues()
    var problems: [String] = []
    for member in values {
      if let attribute = info.entity.attribute(named: member.key) {
        switch attribute.coerce(member.value, schemaDateFormats: schema.dateFormats) {
        case .success(let value): checked.attributes.append((member.key, value))
        case .failure(let error): problems.append(error.description)
        }
      } else if let relationship = info.relationship(named: member.key)?.relationship {
        do throws(StoreError) {
          if relationship.isToMany {
            guard case .array(let elements) = member.value else {
              if member.value.isNull {
                checked.toMany.append((member.key, []))
                continue
              }
              throw StoreError(code: .invalidRecord, message: "relationship '\(member.key)': expected an array of \(relationship.target) identifiers, found \(member.value.kindName)")
            }
            var targets: [RecordID] = []
            for element in elements { targets.append(try targetID(element, of: relationship)) }
            checked.toMany.append((member.key, targets))
          } else if member.value.isNull {
            checked.toOne.append((member.key, nil))
          } else {
            checked.toOne.append((member.key, try targetID(member.value, of: relationship)))
          }
        } catch {
          problems.append(error.message)
        }
      } else {
        let names = info.entity.attributes.map(\.name) + info.entity.relationships.map(\.name)
        problems.append("'\(member.key)' is not an attribute or relationship of \(entity); use one of: \(names.joined(separator: ", "))")
      }
    }
    if isNew {
      for attribute in info.entity.attributes where values[attribute.name] == nil {
        if let defaultValue = attribute.defaultValue {
          switch attribute.coerce(defaultValue, schemaDateFormats: schema.dateFormats) {
          case .success(let value): checked.attributes.append((attribute.name, value))
          case .failure(let error): problems.append("default value: \(error.description)")
          }
        } else if !attribute.isOptional {
          problems.append("required attribute '\(attribute.name)' is missing; give it a value or declare it optional")
        }
      }
    }
    for (name, value) in checked.attributes where value == nil && isNew == false {
      if info.entity.identifiers.contains(name) {
        problems.append("the identifier attribute '\(name)' cannot be cleared")
      }
    }
    guard problems.isEmpty else {
      throw StoreError(
        code: .invalidRecord,
        message: "invalid values for \(entity): " + problems.joined(separator: "; "), entity: entity)
    }
    return checked
  }

  /// `value` as an identifier of the relationship's target, coerced to its identifier types
  /// (`"7"` becomes `7` for an int identifier).
  private func targetID(_ value: JSONValue, of relationship: Relationship) throws(StoreError) -> RecordID {
    let problem = StoreError(
      code: .invalidRecord,
      message: "relationship '\(relationship.name)': expected \(relationship.target) identifiers, found \(JSONWriter.string(value))")
    guard let target = index.entities[relationship.target]?.entity else { throw problem }
    let attributes = target.identifiers.compactMap(target.attribute(named:))
    guard attributes.count == target.identifiers.count else { throw problem }
    let parts: [JSONValue]
    if attributes.count == 1 {
      parts = [value]
    } else {
      guard case .array(let elements) = value, elements.count == attributes.count else { throw problem }
      parts = elements
    }
    var coerced: [JSONValue] = []
    for (attribute, part) in zip(attributes, parts) {
      guard case .success(let canonical?) = attribute.coerce(part, schemaDateFormats: index.schema.dateFormats)
      else { throw problem }
      coerced.append(canonical)
    }
    guard let id = RecordID(json: coerced.count == 1 ? coerced[0] : .array(coerced)) else { throw problem }
    return id
  }

  /// Throws ``StoreError/Code/missingTarget`` for the first relationship target that does not
  /// exist (a record may link itself).
  func requireTargets(_ entity: String, _ id: RecordID, _ checked: CheckedValues) throws(StoreError) {
    for (name, target) in checked.toOne {
      guard let target, let info = index.entities[entity]?.relationship(named: name) else { continue }
      let targetEntity = info.relationship.target
      if record(targetEntity, target) == nil, !(targetEntity == entity && target == id) {
        throw missing(targetEntity, target, from: entity, id, name)
      }
    }
    for (name, targets) in checked.toMany {
      guard let info = index.entities[entity]?.relationship(named: name) else { continue }
      let targetEntity = info.relationship.target
      for target in targets where record(targetEntity, target) == nil && !(targetEntity == entity && target == id) {
        throw missing(targetEntity, target, from: entity, id, name)
      }
    }
  }

  /// Applies checked relationship values to record `id`, keeping inverses in step.
  mutating func applyRelationships(_ entity: String, _ id: RecordID, _ checked: CheckedValues) throws(StoreError) {
    for (name, target) in checked.toOne { try setToOne(entity, id, name, to: target) }
    for (name, targets) in checked.toMany { try setToMany(entity, id, name, to: targets) }
  }
}
