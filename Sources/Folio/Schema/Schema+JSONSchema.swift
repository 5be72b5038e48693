import FolioJSON

extension Schema {
  /// The URI of the JSON Schema dialect ``jsonSchema(forFilesOf:)`` writes: draft 2020-12.
  public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

  /// A standard JSON Schema (draft 2020-12) of the shard files of `entity`, for an editor's
  /// JSON support to check a hand edit as it is typed, before `folio check` does.
  ///
  /// It describes the stored form (Documentation/FileFormat.md, "Shard files"): a file is an
  /// array of records; a record is an object of the entity's attributes in canonical form
  /// (integers, numbers, booleans, text; dates as UTC text with three fraction digits; UUIDs as
  /// lowercase hyphenated text; decimals as canonical plain text; enumerations as one of their
  /// cases; arrays and objects) and of its links (a target's identifier, or a non-empty array of
  /// distinct identifiers). Required attributes are required, no other member is allowed, and
  /// `null` is not a value: an absent attribute is left out. An owned entity's records also
  /// hold their `$id`.
  ///
  /// What a JSON Schema cannot say is left to `folio check`: that a date names a real day,
  /// that records are in identifier order and in the file their identifier gives, that a link's
  /// target exists, that identifiers and unique keys are unique, and the entity's rules.
  ///
  /// ```swift
  /// let schema = try Schema {
  ///   Entity("Tag") {
  ///     Identifier("id")
  ///     Attribute("id", .int)
  ///   }
  /// }
  /// let document = schema.jsonSchema(forFilesOf: "Tag")?.objectValue
  /// document?["type"]   // "array"
  /// document?["items"]  // {"$ref": "#/$defs/Tag"}
  /// // and under "$defs", "Tag": an object whose "id" is an integer and required, and no
  /// // other member allowed
  /// ```
  ///
  /// - Parameter entity: the name of an entity of the schema.
  /// - Returns: the JSON Schema document, or `nil` when the schema has no such entity.
  /// - Complexity: O(*n*) in the size of the schema.
  public func jsonSchema(forFilesOf entity: String) -> JSONValue? {
    let stored = storageForm
    guard let record = stored.entities.first(where: { $0.name == entity }) else { return nil }
    var byName: [String: Entity] = [:]
    for entity in stored.entities where byName[entity.name] == nil { byName[entity.name] = entity }
    var properties = JSONObject()
    var required: [JSONValue] = []
    for attribute in record.attributes {
      properties[attribute.name] = Self.jsonSchema(of: attribute.type)
      if !attribute.isOptional || record.identifiers.contains(attribute.name) {
        required.append(.string(attribute.name))
      }
    }
    for relationship in record.relationships {
      guard let target = byName[relationship.target] else { continue }
      let identifier = Self.identifierSchema(of: target)
      var link: JSONObject
      if relationship.isToMany {
        link = ["type": "array", "items": identifier, "minItems": 1, "uniqueItems": true]
      } else {
        link = identifier.objectValue ?? [:]
      }
      let inverse = relationship.inverse.flatMap { target.relationship(named: $0) }
      if SchemaIndex.isDerived(record.name, relationship, inverse: inverse), let inverse {
        // Accepted when it agrees with the stored side, and written without it next time.
        link["description"] = .string(
          "Derived from \(target.name).\(inverse.name): Folio leaves it out of files; edit \(target.name).\(inverse.name) instead.")
      }
      properties[relationship.name] = .object(link)
    }
    let definition: JSONObject = [
      "type": "object", "properties": .object(properties), "required": .array(required),
      "additionalProperties": false,
    ]
    return [
      "$schema": .string(Self.jsonSchemaDialect),
      "title": .string("\(record.name) records (a Folio shard file)"),
      "type": "array",
      "items": ["$ref": .string("#/$defs/\(JSONPointer.escape(record.name))")],
      "$defs": .object([record.name: .object(definition)]),
    ]
  }

  /// The JSON Schema of a stored value of `type`.
  static func jsonSchema(of type: AttributeType) -> JSONValue {
    switch type {
    case .string: return ["type": "string"]
    case .bool: return ["type": "boolean"]
    case .int: return ["type": "integer"]
    case .double: return ["type": "number"]
    case .isoDate:
      return [
        "type": "string", "pattern": #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$"#,
        "description": "A UTC date with three fraction digits, such as 2014-07-06T07:59:00.000Z.",
      ]
    case .uuid:
      return [
        "type": "string", "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
        "description": "A lowercase hyphenated UUID.",
      ]
    case .enumeration(let cases): return ["enum": .array(cases.map(JSONValue.string))]
    case .decimal:
      return [
        "type": "string", "pattern": #"^(0|-?[1-9][0-9]*|-?(0|[1-9][0-9]*)\.[0-9]*[1-9])$"#,
        "description": "A decimal as plain text: no exponent, no leading zeros, no trailing fraction zeros, no -0.",
      ]
    case .array(let element): return ["type": "array", "items": jsonSchema(of: element)]
    case .object: return ["type": "object"]
    }
  }

  /// The JSON Schema of an identifier of `entity` (in its storage form): its identifier
  /// attribute's, or an array of each part's for a composite identifier.
  static func identifierSchema(of entity: Entity) -> JSONValue {
    let parts = entity.identifiers.map { name in
      entity.attribute(named: name).map { jsonSchema(of: $0.type) } ?? [:]
    }
    if parts.count == 1 { return parts[0] }
    return [
      "type": "array", "prefixItems": .array(parts), "items": false, "minItems": .int(Int64(parts.count)),
    ]
  }
}
