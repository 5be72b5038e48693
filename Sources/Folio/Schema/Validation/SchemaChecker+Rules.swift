// Key-path conflicts, default sort and rule references of `Schema.validated()`.

extension SchemaChecker {
  mutating func checkKeyPaths(_ entity: Entity) {
    let mapping = EntityMapping(
      entity: entity, keyConvention: schema.keyConvention, keyFallback: schema.keyFallback)
    var readers: [JSONKeyPath: String] = [:]
    var reported = Set<String>()
    let members =
      mapping.attributes.map { ($0, "attribute") } + mapping.relationships.map { ($0, "relationship") }
    for (member, kind) in members {
      let label = "\(kind) '\(member.name)'"
      var own = Set<JSONKeyPath>()
      // Fallback candidates another member reads were already left out of both.
      for candidate in member.candidates where !candidate.isFallback {
        let path = candidate.path
        guard own.insert(path).inserted else { continue }
        guard let other = readers[path] else {
          readers[path] = label
          continue
        }
        guard other != label, reported.insert("\(other)|\(label)").inserted else { continue }
        add(
          .keyPathConflict,
          "\(other) and \(label) both read key '\(path)'; give one of them an explicit key",
          entity: entity.name, member: member.name)
      }
    }
  }

  mutating func checkRules(_ entity: Entity) {
    let e = entity.name
    for key in entity.defaultSort {
      var name = Substring(key)
      if name.first == "-" || name.first == "+" { name = name.dropFirst() }
      if entity.attribute(named: String(name)) == nil {
        add(
          .unknownField,
          "default sort key '\(key)' names no attribute; use an attribute name, with '-' for descending",
          entity: e)
      }
    }
    for index in entity.indexes {
      if index.fields.isEmpty {
        add(.unknownField, "an index names no field; list one or more attribute names", entity: e)
      }
      for field in index.fields where entity.attribute(named: field) == nil {
        add(
          .unknownField,
          "index (\(index.fields.joined(separator: ", "))) names '\(field)', which is no attribute of \(e); indexes cover attributes only",
          entity: e)
      }
    }
    for validator in entity.validators {
      if case .custom(let name) = validator.kind, validator.transform == nil {
        missingClosure("validator", name, entity: e)
      }
    }
    for rule in entity.validityRules {
      switch rule.kind {
      case .requiredNonEmpty(let field): requireMember(field, entity: entity)
      case .distinct(let a, let b):
        requireMember(a, entity: entity)
        requireMember(b, entity: entity)
      case .atLeast(let field, _), .greaterThan(let field, _): requireAttribute(field, entity: entity)
      case .custom(let name):
        if rule.check == nil { missingClosure("validity rule", name, entity: e) }
      }
    }
    if let rule = entity.shouldUpdate {
      switch rule.kind {
      case .whenIncreases(let field): requireAttribute(field, entity: entity)
      case .custom(let name):
        if rule.decide == nil { missingClosure("should-update rule", name, entity: e) }
      }
    }
  }

  private mutating func requireAttribute(_ field: String, entity: Entity) {
    if entity.attribute(named: field) == nil {
      add(.unknownField, "rule field '\(field)' names no attribute of '\(entity.name)'", entity: entity.name)
    }
  }

  private mutating func requireMember(_ field: String, entity: Entity) {
    if entity.attribute(named: field) == nil && entity.relationship(named: field) == nil {
      add(
        .unknownField, "rule field '\(field)' names no attribute or relationship of '\(entity.name)'",
        entity: entity.name)
    }
  }

  private mutating func missingClosure(_ kind: String, _ name: String, entity: String) {
    add(
      .missingClosure,
      "custom \(kind) '\(name)' has no closure; create it with .custom(\"\(name)\") { … } or pass it in the schema file's rule registry",
      entity: entity)
  }
}
