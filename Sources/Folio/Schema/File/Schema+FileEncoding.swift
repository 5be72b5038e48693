// The schema-file form of every schema value (see Documentation/DefiningASchema.md).

extension Schema {
  /// The current schema-file format version, written as `"folioSchema": 1`.
  public static let fileFormatVersion: Int64 = 1

  /// The schema as a schema-file JSON value: members with default values are left out, and
  /// custom rules are written as `{"custom": "name"}`.
  ///
  /// ```swift
  /// let schema = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
  /// JSONWriter.string(schema.fileValue)
  /// // {"entities":[{"attributes":[{"name":"id","type":"int"}],"identifiers":["id"],"name":"Tag"}],"folioSchema":1}
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the schema.
  public var fileValue: JSONValue {
    var o = JSONObject()
    o["folioSchema"] = .int(Schema.fileFormatVersion)
    if keyConvention != .exact { o["keyConvention"] = .string(keyConvention.rawValue) }
    if !keyFallback { o["keyFallback"] = .bool(false) }
    if dateFormats != .strict { o["dateFormats"] = dateFormats.fileValue }
    o["entities"] = .array(entities.map(\.declaredForm.fileValue))
    return .object(o)
  }

  /// The canonical schema-file bytes: ``fileValue`` written pretty, with sorted keys and a
  /// trailing newline.
  ///
  /// - Complexity: O(*n*) in the size of the schema.
  public func fileBytes() -> [UInt8] { JSONWriter.bytes(fileValue, style: .pretty) }
}

extension DateFormats {
  /// The names of the lenient forms, in a fixed order.
  static let fileNames: [(String, DateFormats)] = [
    ("dateOnly", .dateOnly), ("noZone", .noZone), ("spaceSeparator", .spaceSeparator),
    ("unixSeconds", .unixSeconds), ("unixMilliseconds", .unixMilliseconds),
  ]

  var fileValue: JSONValue {
    .array(DateFormats.fileNames.filter { contains($0.1) }.map { .string($0.0) })
  }
}

extension Entity {
  var fileValue: JSONValue {
    var o = JSONObject()
    o["name"] = .string(name)
    o["identifiers"] = .array(identifiers.map { .string($0) })
    if !attributes.isEmpty { o["attributes"] = .array(attributes.map(\.fileValue)) }
    if !relationships.isEmpty { o["relationships"] = .array(relationships.map(\.fileValue)) }
    if !defaultSort.isEmpty { o["defaultSort"] = .array(defaultSort.map { .string($0) }) }
    if isVerbose { o["verbose"] = true }
    if !validators.isEmpty { o["validators"] = .array(validators.map(\.kind.fileValue)) }
    if !validityRules.isEmpty { o["validity"] = .array(validityRules.map(\.kind.fileValue)) }
    if deleteIfInvalid { o["deleteIfInvalid"] = true }
    if let shouldUpdate { o["shouldUpdate"] = shouldUpdate.kind.fileValue }
    if !indexes.isEmpty {
      o["indexes"] = .array(
        indexes.map { index in
          var item: JSONObject = ["fields": .array(index.fields.map { .string($0) })]
          if index.isUnique { item["unique"] = true }
          return .object(item)
        })
    }
    return .object(o)
  }
}

extension Attribute {
  var fileValue: JSONValue {
    var o = JSONObject()
    o["name"] = .string(name)
    o["type"] = .string(Attribute.typeName(type))
    if let values = Attribute.enumerationValues(type) { o["values"] = .array(values.map { .string($0) }) }
    if let key { o["key"] = .string(key) }
    if isOptional { o["optional"] = true }
    if let defaultValue { o["default"] = defaultValue }
    if let dateFormats { o["dateFormats"] = dateFormats.fileValue }
    if let transform { o["transform"] = transform.fileValue }
    if isIndexed { o["indexed"] = true }
    return .object(o)
  }
}

extension Relationship {
  var fileValue: JSONValue {
    var o = JSONObject()
    o["name"] = .string(name)
    o[isToMany ? "toMany" : "toOne"] = .string(target)
    if isOrdered { o["ordered"] = true }
    if let inverse { o["inverse"] = .string(inverse) }
    if deleteRule != .nullify { o["deleteRule"] = .string(deleteRule.rawValue) }
    if let key { o["key"] = .string(key) }
    var sync = JSONObject()
    if let v = childOptions.insertMissing { sync["insertMissing"] = .bool(v) }
    if let v = childOptions.updateExisting { sync["updateExisting"] = .bool(v) }
    if let v = childOptions.deleteMissing { sync["deleteMissing"] = .bool(v) }
    if !sync.isEmpty { o["sync"] = .object(sync) }
    if referencePolicy != .stub { o["referencePolicy"] = .string(referencePolicy.rawValue) }
    return .object(o)
  }
}

extension Validator.Kind {
  var fileValue: JSONValue {
    switch self {
    case .dropWhere(let field, let value): return ["dropWhere": .string(field), "equals": value]
    case .dropIfEmpty(let field): return ["dropIfEmpty": .string(field)]
    case .trim(let field): return ["trim": .string(field)]
    case .custom(let name): return ["custom": .string(name)]
    }
  }
}

extension ValidityRule.Kind {
  var fileValue: JSONValue {
    switch self {
    case .requiredNonEmpty(let field): return ["nonEmpty": .string(field)]
    case .distinct(let a, let b): return ["distinct": [.string(a), .string(b)]]
    case .atLeast(let field, let minimum):
      return ["atLeast": .string(field), "minimum": .double(minimum)]
    case .greaterThan(let field, let bound):
      return ["greaterThan": .string(field), "bound": .double(bound)]
    case .custom(let name): return ["custom": .string(name)]
    }
  }
}

extension UpdateRule.Kind {
  var fileValue: JSONValue {
    switch self {
    case .whenIncreases(let field): return ["whenIncreases": .string(field)]
    case .custom(let name): return ["custom": .string(name)]
    }
  }
}
