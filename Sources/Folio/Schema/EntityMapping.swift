/// An entity's key mapping, compiled once: for every attribute and relationship, the JSON key
/// paths an incoming item is read from, in priority order (F3).
///
/// Candidates of a member without an explicit key are its name, then (under
/// ``KeyConvention/snakeCase``) its snake_case form, and for relationships `<snake>_id` (to-one) or
/// `<snake>_ids` (to-many). A member with an explicit key reads only that key path. The first
/// candidate present in the item wins, even when its value is `null`.
///
/// Build it once per sync and reuse it for every item; lookups do not allocate.
///
/// ```swift
/// let employee = Entity(name: "Employee", identifiers: ["id"], attributes: [
///   Attribute(name: "id", type: .int),
///   Attribute(name: "fullName", type: .string, key: "user.name"),
///   Attribute(name: "hiredAt", type: .isoDate),
/// ])
/// let mapping = EntityMapping(entity: employee, keyConvention: .snakeCase)
/// let item: JSONObject = ["id": 1, "user": ["name": "Ada"], "hired_at": "2021-04-01T03:33:17Z"]
/// mapping.attributes[1].value(in: item)   // "Ada"
/// mapping.attributes[2].value(in: item)   // "2021-04-01T03:33:17Z"
/// ```
public struct EntityMapping: Sendable, Hashable {
  /// One attribute's or relationship's read and write paths.
  public struct Member: Sendable, Hashable {
    /// The attribute or relationship name (the key in records).
    public let name: String
    /// Paths holding the value (or, for relationships, nested objects or bare identifiers), in
    /// priority order.
    public let keyPaths: [JSONKeyPath]
    /// For relationships under ``KeyConvention/snakeCase`` without an explicit key: the
    /// `<snake>_id` / `<snake>_ids` path, read after ``keyPaths``. Empty otherwise.
    public let referenceKeyPaths: [JSONKeyPath]
    /// The path ``EntityMapping/export(_:)`` writes to.
    public let exportKeyPath: JSONKeyPath
    /// The only key, when the member reads exactly one single-component path: the fast path.
    @usableFromInline let singleKey: String?

    init(
      name: String, keyPaths: [JSONKeyPath], referenceKeyPaths: [JSONKeyPath],
      exportKeyPath: JSONKeyPath
    ) {
      self.name = name
      self.keyPaths = keyPaths
      self.referenceKeyPaths = referenceKeyPaths
      self.exportKeyPath = exportKeyPath
      let only = keyPaths.count == 1 && referenceKeyPaths.isEmpty ? keyPaths[0].components : []
      singleKey = only.count == 1 ? only[0] : nil
    }

    /// Every candidate path, in priority order.
    public var allKeyPaths: [JSONKeyPath] { keyPaths + referenceKeyPaths }

    /// The value of the first candidate present in `item`, or `nil` when all are missing.
    ///
    /// - Complexity: O(*c* · *m*): *c* candidates, *m* members of `item`.
    @inlinable public func value(in item: JSONObject) -> JSONValue? {
      if let singleKey { return item[singleKey] }
      return lookup(in: item)?.value
    }

    /// The first candidate present in `item`: its value and whether it was found under a
    /// `<snake>_id(s)` reference key (which holds bare identifiers by convention).
    ///
    /// - Complexity: O(*c* · *m*).
    @inlinable public func lookup(in item: JSONObject) -> (value: JSONValue, isReferenceKey: Bool)? {
      if let singleKey { return item[singleKey].map { ($0, false) } }
      for path in keyPaths {
        if let value = path.value(in: item) { return (value, false) }
      }
      for path in referenceKeyPaths {
        if let value = path.value(in: item) { return (value, true) }
      }
      return nil
    }
  }

  /// The entity this mapping was compiled from.
  public let entity: Entity
  /// One entry per attribute, in ``Entity/attributes`` order.
  public let attributes: [Member]
  /// One entry per relationship, in ``Entity/relationships`` order.
  public let relationships: [Member]
  /// Positions in ``attributes`` of the identifier attributes, in identifier order; an unknown
  /// identifier name (an invalid schema) is left out.
  public let identifierIndices: [Int]

  /// Compiles the mapping of `entity` under `keyConvention`.
  ///
  /// - Complexity: O(*n*) in the number of members.
  public init(entity: Entity, keyConvention: KeyConvention) {
    self.entity = entity
    let snake = keyConvention == .snakeCase
    attributes = entity.attributes.map { attribute in
      if let key = attribute.key {
        return Member(
          name: attribute.name, keyPaths: [JSONKeyPath(key)], referenceKeyPaths: [],
          exportKeyPath: JSONKeyPath(key))
      }
      let snaked = KeyConvention.snakeCased(attribute.name)
      var paths = [JSONKeyPath(components: [attribute.name])]
      if snake, snaked != attribute.name { paths.append(JSONKeyPath(components: [snaked])) }
      return Member(
        name: attribute.name, keyPaths: paths, referenceKeyPaths: [],
        exportKeyPath: JSONKeyPath(components: [snake ? snaked : attribute.name]))
    }
    relationships = entity.relationships.map { relationship in
      if let key = relationship.key {
        return Member(
          name: relationship.name, keyPaths: [JSONKeyPath(key)], referenceKeyPaths: [],
          exportKeyPath: JSONKeyPath(key))
      }
      guard snake else {
        let path = JSONKeyPath(components: [relationship.name])
        return Member(
          name: relationship.name, keyPaths: [path], referenceKeyPaths: [], exportKeyPath: path)
      }
      let snaked = KeyConvention.snakeCased(relationship.name)
      var paths = [JSONKeyPath(components: [relationship.name])]
      if snaked != relationship.name { paths.append(JSONKeyPath(components: [snaked])) }
      let reference = JSONKeyPath(
        components: [snaked + (relationship.isToMany ? "_ids" : "_id")])
      return Member(
        name: relationship.name, keyPaths: paths, referenceKeyPaths: [reference],
        exportKeyPath: reference)
    }
    identifierIndices = entity.identifiers.compactMap { id in
      entity.attributes.firstIndex { $0.name == id }
    }
  }

  /// The mapping of the attribute called `name`, or `nil`.
  ///
  /// - Complexity: O(*n*) in the number of attributes.
  public func attribute(named name: String) -> Member? {
    attributes.first { $0.name == name }
  }

  /// The mapping of the relationship called `name`, or `nil`.
  ///
  /// - Complexity: O(*n*) in the number of relationships.
  public func relationship(named name: String) -> Member? {
    relationships.first { $0.name == name }
  }
}

extension Schema {
  /// The compiled key mapping of the entity called `name`, or `nil`.
  ///
  /// ```swift
  /// let mapping = try #require(schema.mapping(forEntity: "Employee"))
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the entity.
  public func mapping(forEntity name: String) -> EntityMapping? {
    entity(named: name).map { EntityMapping(entity: $0, keyConvention: keyConvention) }
  }
}
