import FolioJSON

extension Schema {
  /// A standard JSON Schema (draft 2020-12) of schema files (`schema.json`) themselves, for an
  /// editor to flag a misspelt member, a wrong type or a missing required member of a schema
  /// being written by hand, as it is typed.
  ///
  /// It follows what ``init(fileBytes:customRules:file:)`` reads: the members of the schema, entity,
  /// attribute, relationship, index, rule and transform objects (no other member is allowed),
  /// their types, the attribute type names (`int`, `array(string)`, …), date forms, delete rules
  /// and reference policies, and the rules that need exactly one of their kinds. What it cannot
  /// say is left to the schema's own checks (``SchemaError``): that names are unique, that
  /// identifiers, sort keys and rules name attributes, that a relationship's target and inverse
  /// exist, and that a default value fits its attribute.
  ///
  /// ```swift
  /// let document = Schema.fileJSONSchema.objectValue
  /// document?["required"]   // ["entities"]
  /// ```
  public static var fileJSONSchema: JSONValue {
    let types = "(string|bool|int|double|decimal|isoDate|uuid|enum|object)"
    let name: JSONValue = ["type": "string", "minLength": 1]
    let names: JSONValue = ["type": "array", "items": name]
    func object(_ properties: JSONObject, required: [String] = [], description: String? = nil) -> JSONValue {
      var schema: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
      if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
      if let description { schema["description"] = .string(description) }
      return .object(schema)
    }
    /// An object with exactly one of `kinds` (a rule).
    func rule(_ properties: JSONObject, kinds: [String], description: String) -> JSONValue {
      guard case .object(var schema) = object(properties, description: description) else { return [:] }
      schema["oneOf"] = .array(kinds.map { ["required": [.string($0)]] })
      return .object(schema)
    }
    let dateFormats: JSONValue = [
      "type": "array",
      "items": ["enum": .array(DateFormats.fileNames.map { .string($0.0) })],
      "description": "Further date forms accepted in payloads besides ISO 8601 with a zone.",
    ]
    let transform: JSONValue = [
      "description": "A value transform: cents, yesNo, list, or a custom one by name; or an object naming it with its parameters.",
      "oneOf": [
        ["type": "string", "minLength": 1],
        object(
          [
            "name": name, "yes": ["type": "string"], "no": ["type": "string"], "separator": ["type": "string"],
            "pattern": ["type": "string"], "timeZone": ["type": "string"],
          ], required: ["name"]),
      ],
    ]
    let attribute = object(
      [
        "name": name,
        "type": [
          "type": "string", "pattern": .string("^(\(types)|array\\(\(types)\\)|array\\(array\\(\(types)\\)\\))$"),
          "description": "string, bool, int, double, decimal, isoDate, uuid, enum, object, or array(T).",
        ],
        "key": ["type": "string", "description": "The payload key (a dotted path) when it is not the name."],
        "optional": ["type": "boolean"],
        "default": ["description": "The value used when an item has none."],
        "dateFormats": dateFormats,
        "transform": transform,
        "values": ["type": "array", "items": ["type": "string"], "description": "The cases of an enum attribute."],
        "indexed": ["type": "boolean"],
      ], required: ["name", "type"])
    let relationship: JSONValue = {
      guard case .object(var schema) = object(
        [
          "name": name, "toOne": name, "toMany": name, "ordered": ["type": "boolean"], "inverse": name,
          "deleteRule": ["enum": .array(["nullify", "cascade", "deny"])],
          "key": ["type": "string"],
          "sync": object([
            "insertMissing": ["type": "boolean"], "updateExisting": ["type": "boolean"],
            "deleteMissing": ["type": "boolean"],
          ]),
          "referencePolicy": ["enum": .array(["stub", "ignore", "reject"])],
        ], required: ["name"])
      else { return [:] }
      schema["oneOf"] = [["required": ["toOne"]], ["required": ["toMany"]]]
      schema["description"] = "A relationship: exactly one of toOne and toMany names the target entity."
      return .object(schema)
    }()
    let entity = object(
      [
        "name": name, "identifiers": names,
        "attributes": ["type": "array", "items": ["$ref": "#/$defs/attribute"]],
        "relationships": ["type": "array", "items": ["$ref": "#/$defs/relationship"]],
        "defaultSort": names, "verbose": ["type": "boolean"],
        "validators": [
          "type": "array",
          "items": rule(
            [
              "dropWhere": name, "equals": ["description": "The value that drops an item."], "dropIfEmpty": name,
              "trim": name, "custom": name,
            ], kinds: ["dropWhere", "dropIfEmpty", "trim", "custom"], description: "A validator."),
        ],
        "validity": [
          "type": "array",
          "items": rule(
            [
              "nonEmpty": name, "distinct": ["type": "array", "items": name, "minItems": 2, "maxItems": 2],
              "atLeast": name, "minimum": ["type": "number"], "greaterThan": name, "bound": ["type": "number"],
              "custom": name,
            ], kinds: ["nonEmpty", "distinct", "atLeast", "greaterThan", "custom"], description: "A validity rule."),
        ],
        "deleteIfInvalid": ["type": "boolean"],
        "shouldUpdate": rule(["whenIncreases": name, "custom": name], kinds: ["whenIncreases", "custom"], description: "A should-update rule."),
        "indexes": [
          "type": "array",
          "items": object(["fields": ["type": "array", "items": name, "minItems": 1], "unique": ["type": "boolean"]], required: ["fields"]),
        ],
      ], required: ["name", "identifiers"])
    return [
      "$schema": .string(jsonSchemaDialect),
      "title": "A Folio schema file (schema.json)",
      "type": "object",
      "properties": [
        "folioSchema": ["enum": [.int(fileFormatVersion)], "description": "The schema file format: 1."],
        "keyConvention": ["enum": ["exact", "snakeCase"]],
        "keyFallback": ["type": "boolean"],
        "dateFormats": dateFormats,
        "entities": ["type": "array", "items": ["$ref": "#/$defs/entity"]],
        .init(StoreFormat.member): ["type": "object", "description": "Written by Folio into a store's own copy; leave it as it is."],
      ],
      "required": ["entities"],
      "additionalProperties": false,
      "$defs": ["entity": entity, "attribute": attribute, "relationship": relationship],
    ]
  }
}
