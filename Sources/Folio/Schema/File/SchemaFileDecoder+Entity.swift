// Entities, attributes, relationships and rules of the schema-file form.

extension SchemaFileDecoder {
  mutating func entity(_ value: JSONValue, at p: String) -> Entity? {
    let keys: Set<String> = [
      "name", "identifiers", "attributes", "relationships", "defaultSort", "verbose", "validators",
      "validity", "deleteIfInvalid", "shouldUpdate", "indexes",
    ]
    guard let o = object(value, at: p, keys: keys, what: "an entity object") else { return nil }
    var entity = Entity(
      name: string(o, "name", at: p, required: true) ?? "",
      identifiers: strings(o, "identifiers", at: p, required: true))
    for (i, item) in (array(o, "attributes", at: p) ?? []).enumerated() {
      if let attribute = attribute(item, at: "\(p)/attributes/\(i)") { entity.attributes.append(attribute) }
    }
    for (i, item) in (array(o, "relationships", at: p) ?? []).enumerated() {
      if let relationship = relationship(item, at: "\(p)/relationships/\(i)") {
        entity.relationships.append(relationship)
      }
    }
    entity.defaultSort = strings(o, "defaultSort", at: p)
    entity.isVerbose = bool(o, "verbose", at: p) ?? false
    entity.deleteIfInvalid = bool(o, "deleteIfInvalid", at: p) ?? false
    for (i, item) in (array(o, "validators", at: p) ?? []).enumerated() {
      if let rule = validator(item, at: "\(p)/validators/\(i)") { entity.validators.append(rule) }
    }
    for (i, item) in (array(o, "validity", at: p) ?? []).enumerated() {
      if let rule = validityRule(item, at: "\(p)/validity/\(i)") { entity.validityRules.append(rule) }
    }
    if let item = o["shouldUpdate"] { entity.shouldUpdate = updateRule(item, at: "\(p)/shouldUpdate") }
    for (i, item) in (array(o, "indexes", at: p) ?? []).enumerated() {
      let at = "\(p)/indexes/\(i)"
      guard let index = object(item, at: at, keys: ["fields", "unique"], what: "an index object") else { continue }
      entity.indexes.append(Index(fields: strings(index, "fields", at: at, required: true), isUnique: bool(index, "unique", at: at) ?? false))
    }
    return entity
  }

  mutating func attribute(_ value: JSONValue, at p: String) -> Attribute? {
    let keys: Set<String> = [
      "name", "type", "key", "optional", "default", "dateFormats", "transform", "values", "indexed",
    ]
    guard let o = object(value, at: p, keys: keys, what: "an attribute object") else { return nil }
    let name = string(o, "name", at: p, required: true)
    let typeText = string(o, "type", at: p, required: true)
    let values = o["values"] == nil ? nil : strings(o, "values", at: p)
    var type: AttributeType?
    if let typeText {
      type = Self.attributeType(typeText, values: values ?? [])
      if type == nil {
        problem(
          .invalidValue,
          "unknown attribute type \"\(typeText)\"; use string, bool, int, double, decimal, isoDate, uuid, enum, object or array(T)",
          at: "\(p)/type")
      } else if values != nil, !Self.isEnumeration(type) {
        problem(.invalidValue, "\"values\" applies only to an enum attribute; remove it or use \"type\": \"enum\"", at: "\(p)/values")
      } else if values == nil, Self.isEnumeration(type) {
        problem(.invalidValue, "an enum attribute needs \"values\", the array of its allowed strings", at: p)
      }
    }
    let key = string(o, "key", at: p)
    let isOptional = bool(o, "optional", at: p) ?? false
    let formats = o["dateFormats"].map { dateFormats($0, at: "\(p)/dateFormats") }
    let transform = o["transform"].flatMap { self.transform($0, at: "\(p)/transform") }
    let isIndexed = bool(o, "indexed", at: p) ?? false
    guard let name, let type else { return nil }
    var attribute = Attribute(
      name: name, type: type, key: key, isOptional: isOptional, defaultValue: o["default"],
      dateFormats: formats)
    attribute.transform = transform
    attribute.isIndexed = isIndexed
    return attribute
  }

  /// Parses `int`, `array(string)`, `array(array(int))` without recursion. Nesting beyond two
  /// levels is refused here (one extra level is kept so validation can report arrays of arrays),
  /// so a hostile file cannot build a type deep enough to overflow the stack when hashed.
  ///
  /// `values` are the allowed strings of an `enum` type (the file's `"values"` member).
  static func attributeType(_ text: String, values: [String] = []) -> AttributeType? {
    var inner = Substring(text)
    var depth = 0
    while inner.hasPrefix("array("), inner.hasSuffix(")"), depth < 2 {
      inner = inner.dropFirst(6).dropLast()
      depth += 1
    }
    var type: AttributeType
    switch inner {
    case "string": type = .string
    case "bool": type = .bool
    case "int": type = .int
    case "double": type = .double
    case "isoDate": type = .isoDate
    case "uuid": type = .uuid
    case "enum": type = .enumeration(values)
    case "decimal": type = .decimal
    case "object": type = .object
    default: return nil
    }
    for _ in 0..<depth { type = .array(type) }
    return type
  }

  /// Whether `type` is an enum or an array of enums.
  static func isEnumeration(_ type: AttributeType?) -> Bool {
    switch type {
    case .enumeration?, .array(.enumeration)?, .array(.array(.enumeration))?: return true
    default: return false
    }
  }

  mutating func relationship(_ value: JSONValue, at p: String) -> Relationship? {
    let keys: Set<String> = [
      "name", "toOne", "toMany", "ordered", "inverse", "deleteRule", "key", "sync", "referencePolicy",
    ]
    guard let o = object(value, at: p, keys: keys, what: "a relationship object") else { return nil }
    let name = string(o, "name", at: p, required: true)
    let toOne = string(o, "toOne", at: p)
    let toMany = string(o, "toMany", at: p)
    if (toOne == nil) == (toMany == nil) {
      problem(
        .invalidValue,
        "a relationship needs exactly one of \"toOne\" or \"toMany\", naming the target entity",
        at: p)
    }
    var relationship = Relationship(
      name: name ?? "", target: toMany ?? toOne ?? "", isToMany: toMany != nil,
      isOrdered: bool(o, "ordered", at: p) ?? false, inverse: string(o, "inverse", at: p),
      key: string(o, "key", at: p))
    if let text = string(o, "deleteRule", at: p) {
      if let rule = DeleteRule(rawValue: text) {
        relationship.deleteRule = rule
      } else {
        problem(.invalidValue, "unknown delete rule \"\(text)\"; use nullify, cascade or deny", at: "\(p)/deleteRule")
      }
    }
    if let text = string(o, "referencePolicy", at: p) {
      if let policy = ReferencePolicy(rawValue: text) {
        relationship.referencePolicy = policy
      } else {
        problem(
          .invalidValue, "unknown reference policy \"\(text)\"; use stub, ignore or reject",
          at: "\(p)/referencePolicy")
      }
    }
    if let sync = o["sync"] {
      let keys: Set<String> = ["insertMissing", "updateExisting", "deleteMissing"]
      if let s = object(sync, at: "\(p)/sync", keys: keys, what: "a child sync options object") {
        relationship.childOptions = ChildSyncOptions(
          insertMissing: bool(s, "insertMissing", at: "\(p)/sync"),
          updateExisting: bool(s, "updateExisting", at: "\(p)/sync"),
          deleteMissing: bool(s, "deleteMissing", at: "\(p)/sync"))
      }
    }
    return name == nil ? nil : relationship
  }
}
