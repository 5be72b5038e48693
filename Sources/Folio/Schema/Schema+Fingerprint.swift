extension Schema {
  /// A stable fingerprint of the schema's *stored shape*: 64 lowercase hex digits (SHA-256 of a
  /// canonical encoding), the same on every platform, process and run (F26).
  ///
  /// It covers what decides how records are stored and read back: entity names, identifier
  /// attributes in order, each attribute's name, type and optionality, and each relationship's
  /// name, target, inverse, to-many and ordered flags. It ignores declaration order of entities,
  /// attributes and relationships, and everything that does not change stored records: key
  /// paths, defaults, date forms, delete rules, child options, reference policies, sort, logging
  /// and rules. A store records it in its manifest to notice a schema change that needs a
  /// migration.
  ///
  /// ```swift
  /// let a = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
  /// a.fingerprint.count   // 64
  /// ```
  ///
  /// - Complexity: O(*n* log *n*) in the number of entities and members.
  public var fingerprint: String { SHA256.hex(JSONWriter.bytes(fingerprintSource)) }

  /// The canonical value hashed by ``fingerprint``: members sorted by name, identifiers kept in
  /// order, keys sorted by the canonical writer.
  var fingerprintSource: JSONValue {
    func byName<T>(_ items: [T], _ name: (T) -> String) -> [T] {
      items.sorted { JSONObject.keyPrecedes(name($0), name($1)) }
    }
    let shapes: [JSONValue] = byName(entities.map(\.declaredForm), \.name).map { entity in
      let attributes: [JSONValue] = byName(entity.attributes, \.name).map {
        var shape: JSONObject = [
          "name": .string($0.name), "type": .string(Attribute.typeName($0.type)),
          "optional": .bool($0.isOptional),
        ]
        // Only enum attributes carry values, so fingerprints of schemas without them are unchanged.
        if let values = Attribute.enumerationValues($0.type) { shape["values"] = .array(values.map { .string($0) }) }
        return .object(shape)
      }
      let relationships: [JSONValue] = byName(entity.relationships, \.name).map {
        ["name": .string($0.name), "target": .string($0.target), "toMany": .bool($0.isToMany),
         "ordered": .bool($0.isOrdered), "inverse": $0.inverse.map { .string($0) } ?? .null]
      }
      return [
        "name": .string(entity.name), "identifiers": .array(entity.identifiers.map { .string($0) }),
        "attributes": .array(attributes), "relationships": .array(relationships),
      ]
    }
    return ["fingerprint": 1, "entities": .array(shapes)]
  }
}
