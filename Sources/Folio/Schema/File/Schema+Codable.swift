// `Codable` for every schema value, through the schema-file form, so a `Schema` embedded in a
// user's own Codable types encodes exactly as a schema file does.

extension CodingUserInfoKey {
  /// The `userInfo` key under which decoders find the ``CustomRules`` for custom rules.
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.userInfo[.folioCustomRules] = CustomRules(collectingFrom: schema)
  /// ```
  public static let folioCustomRules: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "folio.customRules") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}

/// Decoding of schema parts through any `Decoder`.
enum SchemaPartDecoding {
  /// Decodes one schema part from `decoder` with `decode`, turning problems into a
  /// `DecodingError` whose description lists them.
  static func decode<T>(
    from decoder: any Decoder, _ decode: (inout SchemaFileDecoder, JSONValue) -> T?
  ) throws -> T {
    let json = try JSONValue(from: decoder)
    let rules = decoder.userInfo[.folioCustomRules] as? CustomRules ?? .none
    var fileDecoder = SchemaFileDecoder(rules: rules)
    let result = decode(&fileDecoder, json)
    guard let result, fileDecoder.problems.isEmpty else {
      let error = SchemaError(code: .invalidFile, problems: fileDecoder.problems)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description,
          underlyingError: error))
    }
    return result
  }
}

extension Schema: Codable {
  /// Encodes the schema-file form (``fileValue``).
  public func encode(to encoder: any Encoder) throws { try fileValue.encode(to: encoder) }

  /// Decodes the schema-file form, without validating (call ``validated()``). Custom rules are
  /// looked up in `decoder.userInfo[.folioCustomRules]`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` whose underlying error is a ``SchemaError``.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.schema($1) }
  }
}

extension Entity: Codable {
  /// Encodes the entity's schema-file form.
  public func encode(to encoder: any Encoder) throws { try fileValue.encode(to: encoder) }
  /// Decodes an entity's schema-file form; see ``Schema/init(from:)``.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.entity($1, at: "") }
  }
}

extension Attribute: Codable {
  /// Encodes the attribute's schema-file form.
  public func encode(to encoder: any Encoder) throws { try fileValue.encode(to: encoder) }
  /// Decodes an attribute's schema-file form.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.attribute($1, at: "") }
  }
}

extension Relationship: Codable {
  /// Encodes the relationship's schema-file form.
  public func encode(to encoder: any Encoder) throws { try fileValue.encode(to: encoder) }
  /// Decodes a relationship's schema-file form.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.relationship($1, at: "") }
  }
}

extension AttributeType: Codable {
  private enum EnumKeys: String, CodingKey { case type, values }

  /// Encodes the type name: `"int"`, `"array(string)"`; an enum (or an array of enums) as the
  /// object `{"type": "enum", "values": [...]}`, as in the schema file.
  public func encode(to encoder: any Encoder) throws {
    if let values = Attribute.enumerationValues(self) {
      var c = encoder.container(keyedBy: EnumKeys.self)
      try c.encode(Attribute.typeName(self), forKey: .type)
      try c.encode(values, forKey: .values)
      return
    }
    var c = encoder.singleValueContainer()
    try c.encode(Attribute.typeName(self))
  }
  /// Decodes a type name, or an enum's `{"type": …, "values": […]}` object.
  public init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: EnumKeys.self) {
      let text = try keyed.decode(String.self, forKey: .type)
      let values = try keyed.decode([String].self, forKey: .values)
      guard let type = SchemaFileDecoder.attributeType(text, values: values),
        SchemaFileDecoder.isEnumeration(type)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .type, in: keyed, debugDescription: "\"values\" applies only to enum types, not \"\(text)\"")
      }
      self = type
      return
    }
    let c = try decoder.singleValueContainer()
    let text = try c.decode(String.self)
    guard let type = SchemaFileDecoder.attributeType(text), !SchemaFileDecoder.isEnumeration(type) else {
      throw DecodingError.dataCorruptedError(
        in: c, debugDescription: "unknown attribute type \"\(text)\"; use string, bool, int, double, decimal, isoDate, uuid, object, array(T), or {\"type\": \"enum\", \"values\": [...]}")
    }
    self = type
  }
}

extension Validator: Codable {
  /// Encodes the validator's schema-file form (`{"custom": "name"}` for closures).
  public func encode(to encoder: any Encoder) throws { try kind.fileValue.encode(to: encoder) }
  /// Decodes a validator; custom ones need `CodingUserInfoKey.folioCustomRules`.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.validator($1, at: "") }
  }
}

extension ValidityRule: Codable {
  /// Encodes the rule's schema-file form.
  public func encode(to encoder: any Encoder) throws { try kind.fileValue.encode(to: encoder) }
  /// Decodes a validity rule; custom ones need `CodingUserInfoKey.folioCustomRules`.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.validityRule($1, at: "") }
  }
}

extension UpdateRule: Codable {
  /// Encodes the rule's schema-file form.
  public func encode(to encoder: any Encoder) throws { try kind.fileValue.encode(to: encoder) }
  /// Decodes a should-update rule; custom ones need `CodingUserInfoKey.folioCustomRules`.
  public init(from decoder: any Decoder) throws {
    self = try SchemaPartDecoding.decode(from: decoder) { $0.updateRule($1, at: "") }
  }
}
