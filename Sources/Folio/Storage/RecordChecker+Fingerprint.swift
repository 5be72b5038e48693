extension RecordChecker {
  /// The version of the record checks: bump it whenever ``check(_:)`` accepts or rewrites
  /// anything differently, so that no file recorded as clean under the old checks is trusted.
  static let checksVersion = 1

  /// A fingerprint of everything ``check(_:)`` depends on in `schema` (given in its storage
  /// form, as the loader checks it): per entity its name and identifiers, each attribute's name,
  /// type (enumeration values included) and optionality, each relationship's name, target,
  /// to-many and ordered flags, and ``checksVersion``. `.folio/state.json` records it beside the
  /// files it calls clean, so a schema change (or a change to the checks) makes every file be
  /// validated again.
  ///
  /// - Returns: ``ShardFile/checksum(_:)`` of the canonical bytes of that description.
  /// - Complexity: O(*n* log *n*) in the number of entities and members.
  static func fingerprint(of schema: Schema) -> String {
    func sorted<T>(_ items: [T], by name: (T) -> String) -> [T] {
      items.sorted { JSONObject.keyPrecedes(name($0), name($1)) }
    }
    let entities: [JSONValue] = sorted(schema.entities, by: \.name).map { entity in
      let attributes: [JSONValue] = sorted(entity.attributes, by: \.name).map { attribute in
        var shape: JSONObject = [
          "name": .string(attribute.name), "optional": .bool(attribute.isOptional),
          "type": .string(Attribute.typeName(attribute.type)),
        ]
        if let values = Attribute.enumerationValues(attribute.type) { shape["values"] = .array(values.map { .string($0) }) }
        return .object(shape)
      }
      let relationships: [JSONValue] = sorted(entity.relationships, by: \.name).map { relationship in
        [
          "name": .string(relationship.name), "ordered": .bool(relationship.isOrdered),
          "target": .string(relationship.target), "toMany": .bool(relationship.isToMany),
        ]
      }
      return [
        "attributes": .array(attributes), "identifiers": .array(entity.identifiers.map { .string($0) }),
        "name": .string(entity.name), "relationships": .array(relationships),
      ]
    }
    let value: JSONValue = ["checks": .int(Int64(checksVersion)), "entities": .array(entities)]
    return ShardFile.checksum(JSONWriter.bytes(value))
  }
}
