/// The copy of the schema kept in a directory store (`schema.json`), and the storage fingerprint
/// written to the manifest.
///
/// The copy holds everything declarative (entities, attributes with types, keys, defaults and
/// date forms, relationships with inverses, delete rules and keys, the key convention), so
/// ``Store/open(directory:options:)`` can open a store without Swift code. Validators, validity
/// rules and update rules are code and are not stored.
///
/// The **storage fingerprint** covers only what decides the shape of stored records: entity
/// names, identifiers, attribute names, types and optionality, relationship names, targets,
/// cardinality, ordering and inverses. Key paths, defaults and sync options can change freely.
enum SchemaCopy {
  /// The schema as stored JSON.
  static func encode(_ schema: Schema) -> JSONValue {
    .object([
      "keyConvention": .string(schema.keyConvention.rawValue),
      "dateFormats": .int(Int64(schema.dateFormats.rawValue)),
      "entities": .array(schema.entities.map { entity in
        var object: JSONObject = [
          "name": .string(entity.name),
          "identifiers": .array(entity.identifiers.map(JSONValue.string)),
          "attributes": .array(entity.attributes.map { attribute in
            var a: JSONObject = ["name": .string(attribute.name), "type": .string(typeName(attribute.type))]
            if attribute.isOptional { a["optional"] = true }
            if let key = attribute.key { a["key"] = .string(key) }
            if let value = attribute.defaultValue { a["default"] = value }
            if let formats = attribute.dateFormats { a["dateFormats"] = .int(Int64(formats.rawValue)) }
            return .object(a)
          }),
          "relationships": .array(entity.relationships.map { r in
            var o: JSONObject = [
              "name": .string(r.name), "target": .string(r.target), "toMany": .bool(r.isToMany),
              "deleteRule": .string(r.deleteRule.rawValue),
            ]
            if r.isOrdered { o["ordered"] = true }
            if let inverse = r.inverse { o["inverse"] = .string(inverse) }
            if let key = r.key { o["key"] = .string(key) }
            if r.referencePolicy != .stub { o["referencePolicy"] = .string(r.referencePolicy.rawValue) }
            return .object(o)
          }),
        ]
        if !entity.defaultSort.isEmpty { object["defaultSort"] = .array(entity.defaultSort.map(JSONValue.string)) }
        return .object(object)
      }),
    ])
  }

  /// Reads a stored schema copy.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/invalidManifest``) naming the JSON pointer.
  static func decode(_ value: JSONValue, file: String = "schema.json") throws(StoreError) -> Schema {
    func bad(_ pointer: String, _ expected: String) -> StoreError {
      StoreError(
        code: .invalidManifest,
        message: "the stored schema copy is damaged: expected \(expected); restore schema.json from version control",
        file: file, pointer: pointer)
    }
    guard case .array(let list)? = value["entities"] else { throw bad("/entities", "an array of entities") }
    var entities: [Entity] = []
    for (i, item) in list.enumerated() {
      let p = "/entities/\(i)"
      guard case .string(let name)? = item["name"] else { throw bad(p + "/name", "a string") }
      let identifiers = item["identifiers"]?.arrayValue?.compactMap(\.stringValue) ?? []
      var attributes: [Attribute] = []
      for (j, a) in (item["attributes"]?.arrayValue ?? []).enumerated() {
        guard case .string(let attributeName)? = a["name"], case .string(let typeText)? = a["type"],
          let type = type(named: typeText)
        else { throw bad("\(p)/attributes/\(j)", "{\"name\", \"type\"} with a known type") }
        attributes.append(
          Attribute(
            name: attributeName, type: type, key: a["key"]?.stringValue, isOptional: a["optional"] == true,
            defaultValue: a["default"], dateFormats: a["dateFormats"]?.intValue.map { DateFormats(rawValue: Int($0)) }))
      }
      var relationships: [Relationship] = []
      for (j, r) in (item["relationships"]?.arrayValue ?? []).enumerated() {
        guard case .string(let relationshipName)? = r["name"], case .string(let target)? = r["target"],
          case .bool(let toMany)? = r["toMany"]
        else { throw bad("\(p)/relationships/\(j)", "{\"name\", \"target\", \"toMany\"}") }
        relationships.append(
          Relationship(
            name: relationshipName, target: target, isToMany: toMany, isOrdered: r["ordered"] == true,
            inverse: r["inverse"]?.stringValue,
            deleteRule: r["deleteRule"]?.stringValue.flatMap(DeleteRule.init(rawValue:)) ?? .nullify,
            key: r["key"]?.stringValue,
            referencePolicy: r["referencePolicy"]?.stringValue.flatMap(ReferencePolicy.init(rawValue:)) ?? .stub))
      }
      entities.append(
        Entity(
          name: name, identifiers: identifiers, attributes: attributes, relationships: relationships,
          defaultSort: item["defaultSort"]?.arrayValue?.compactMap(\.stringValue) ?? []))
    }
    return Schema(
      entities: entities,
      keyConvention: value["keyConvention"]?.stringValue.flatMap(KeyConvention.init(rawValue:)) ?? .exact,
      dateFormats: DateFormats(rawValue: Int(value["dateFormats"]?.intValue ?? 0)))
  }

  /// `string`, `int`, `double`, `bool`, `isoDate`, `[T]` for arrays.
  static func typeName(_ type: AttributeType) -> String {
    switch type {
    case .string: return "string"
    case .int: return "int"
    case .double: return "double"
    case .bool: return "bool"
    case .isoDate: return "isoDate"
    case .array(let element): return "[" + typeName(element) + "]"
    }
  }

  static func type(named name: String) -> AttributeType? {
    var depth = 0
    var inner = Substring(name)
    while inner.hasPrefix("["), inner.hasSuffix("]"), depth < 8 {
      inner = inner.dropFirst().dropLast()
      depth += 1
    }
    var type: AttributeType
    switch inner {
    case "string": type = .string
    case "int": type = .int
    case "double": type = .double
    case "bool": type = .bool
    case "isoDate": type = .isoDate
    default: return nil
    }
    for _ in 0..<depth { type = .array(type) }
    return type
  }

  /// The storage shape: what the fingerprint hashes.
  static func shape(_ schema: Schema) -> JSONValue {
    .array(schema.entities.sorted { JSONObject.keyPrecedes($0.name, $1.name) }.map { entity in
      .object([
        "name": .string(entity.name),
        "identifiers": .array(entity.identifiers.map(JSONValue.string)),
        "attributes": .array(entity.attributes.sorted { JSONObject.keyPrecedes($0.name, $1.name) }.map {
          .array([.string($0.name), .string(typeName($0.type)), .bool($0.isOptional)])
        }),
        "relationships": .array(entity.relationships.sorted { JSONObject.keyPrecedes($0.name, $1.name) }.map {
          .array([.string($0.name), .string($0.target), .bool($0.isToMany), .bool($0.isOrdered), $0.inverse.map(JSONValue.string) ?? .null])
        }),
      ])
    })
  }

  /// `fnv1a64:` and 16 hex digits: the FNV-1a 64-bit hash of the compact canonical JSON of the
  /// storage shape.
  static func fingerprint(_ schema: Schema) -> String {
    var hash = FNV1a64()
    hash.combine(bytes: JSONWriter.bytes(shape(schema)))
    let hex = String(hash.value, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Why records stored under `stored` might not be valid under `current`; empty when every
  /// such record stays valid (the differences only add entities, optional attributes or
  /// relationships, or make required attributes optional), so no migration is needed.
  static func incompatibilities(stored: Schema, current: Schema) -> [String] {
    var problems: [String] = []
    for old in stored.entities {
      guard let new = current.entity(named: old.name) else {
        problems.append("entity \(old.name) was removed")
        continue
      }
      if new.identifiers != old.identifiers {
        problems.append("\(old.name): the identifier changed from \(old.identifiers) to \(new.identifiers)")
      }
      for attribute in old.attributes {
        guard let next = new.attribute(named: attribute.name) else {
          problems.append("\(old.name).\(attribute.name) was removed")
          continue
        }
        if next.type != attribute.type {
          problems.append("\(old.name).\(attribute.name) changed type from \(typeName(attribute.type)) to \(typeName(next.type))")
        }
        if attribute.isOptional, !next.isOptional {
          problems.append("\(old.name).\(attribute.name) became required")
        }
      }
      for attribute in new.attributes where old.attribute(named: attribute.name) == nil && !attribute.isOptional {
        problems.append("\(old.name).\(attribute.name) was added as a required attribute")
      }
      for relationship in old.relationships {
        guard let next = new.relationship(named: relationship.name) else {
          problems.append("\(old.name).\(relationship.name) was removed")
          continue
        }
        if next.target != relationship.target || next.isToMany != relationship.isToMany
          || next.isOrdered != relationship.isOrdered || next.inverse != relationship.inverse
        {
          problems.append("\(old.name).\(relationship.name) changed its target, cardinality, ordering or inverse")
        }
      }
    }
    return problems
  }
}
