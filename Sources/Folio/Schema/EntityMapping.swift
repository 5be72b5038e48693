/// An entity's key mapping, compiled once: for every attribute and relationship, the JSON key
/// paths an incoming item is read from, in priority order (F3).
///
/// The candidates of a member, first present wins (even when its value is `null`):
///
/// 1. its explicit key, when it declares one;
/// 2. its name, then (under ``KeyConvention/snakeCase``) its snake_case form and its PascalCase
///    form (`MobilePhone` for `mobilePhone`), and for relationships `<snake>_id` (to-one) or
///    `<snake>_ids` (to-many). For a member with an explicit single-component key (`job_title`)
///    these are *fallbacks*, read only when the explicit key is absent, unless the schema turns
///    ``Schema/keyFallback`` off. A dotted key (`user.name`) has none: the root `name` is not
///    the nested one (U33).
///
/// A fallback or PascalCase candidate that another member of the entity also reads is left out
/// of both, so it never makes a schema ambiguous. When two candidates of one member are present
/// with different values, the first one is used and the sync reports a `conflictingKeys`
/// diagnostic naming both.
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
  /// One path a member may be read from.
  public struct Candidate: Sendable, Hashable {
    /// The key path.
    public let path: JSONKeyPath
    /// Whether it is a `<snake>_id` / `<snake>_ids` reference key (holding bare identifiers).
    public let isReferenceKey: Bool
    /// Whether it is read only as a fallback (a PascalCase form, or the name of a member with an
    /// explicit key); fallbacks another member reads are left out instead of conflicting.
    public let isFallback: Bool
  }

  /// Where one member's value was found in an item.
  public struct Match: Sendable, Hashable {
    /// The value (possibly `null`).
    public let value: JSONValue
    /// The path it was read from, as it appears in the item.
    public let path: JSONKeyPath
    /// Whether that path is a `<snake>_id(s)` reference key.
    public let isReferenceKey: Bool
  }

  /// One attribute's or relationship's read and write paths.
  public struct Member: Sendable, Hashable {
    /// The attribute or relationship name (the key in records).
    public let name: String
    /// Every candidate path, in priority order.
    public let candidates: [Candidate]
    /// The path ``EntityMapping/export(_:)`` writes to.
    public let exportKeyPath: JSONKeyPath
    /// The only key, when the member reads exactly one single-component path: the fast path.
    @usableFromInline let singleKey: String?

    init(name: String, candidates: [Candidate], exportKeyPath: JSONKeyPath) {
      self.name = name
      self.candidates = candidates
      self.exportKeyPath = exportKeyPath
      let only = candidates.count == 1 ? candidates[0].path.components : []
      singleKey = only.count == 1 ? only[0] : nil
    }

    /// Paths holding the value (or, for relationships, nested objects or bare identifiers), in
    /// priority order: every candidate but the reference keys.
    public var keyPaths: [JSONKeyPath] { candidates.filter { !$0.isReferenceKey }.map(\.path) }
    /// For relationships under ``KeyConvention/snakeCase``: the `<snake>_id` / `<snake>_ids`
    /// paths. Empty otherwise.
    public var referenceKeyPaths: [JSONKeyPath] {
      candidates.filter(\.isReferenceKey).map(\.path)
    }
    /// Every candidate path, in priority order.
    public var allKeyPaths: [JSONKeyPath] { candidates.map(\.path) }

    /// The value of the first candidate present in `item`, or `nil` when all are missing.
    ///
    /// - Complexity: O(*c* · *m*): *c* candidates, *m* members of `item`.
    @inlinable public func value(in item: JSONObject) -> JSONValue? {
      if let singleKey { return item[singleKey] }
      return match(in: item)?.value
    }

    /// The first candidate present in `item`: its value and whether it was found under a
    /// `<snake>_id(s)` reference key (which holds bare identifiers by convention).
    ///
    /// - Complexity: O(*c* · *m*).
    public func lookup(in item: JSONObject) -> (value: JSONValue, isReferenceKey: Bool)? {
      match(in: item).map { ($0.value, $0.isReferenceKey) }
    }

    /// The first candidate present in `item`, with the path as it appears there.
    ///
    /// ```swift
    /// // "title" read from "job_title", else "title":
    /// member.match(in: ["title": "CTO"])?.path   // title
    /// ```
    ///
    /// - Complexity: O(*c* · *m*).
    public func match(in item: JSONObject) -> Match? {
      for candidate in candidates {
        if let value = candidate.path.value(in: item) {
          return Match(value: value, path: candidate.path, isReferenceKey: candidate.isReferenceKey)
        }
      }
      return nil
    }

    /// Every candidate present in `item`, in priority order (more than one means the item
    /// gives the member twice).
    ///
    /// - Complexity: O(*c* · *m*).
    public func matches(in item: JSONObject) -> [Match] {
      candidates.compactMap { candidate in
        candidate.path.value(in: item).map {
          Match(value: $0, path: candidate.path, isReferenceKey: candidate.isReferenceKey)
        }
      }
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
  /// - Parameters:
  ///   - entity: The entity.
  ///   - keyConvention: How names without an explicit key are matched.
  ///   - keyFallback: Whether a member with an explicit key also reads its name's keys when the
  ///     explicit key is absent (``Schema/keyFallback``).
  /// - Complexity: O(*n*) in the number of members (a fallback is checked against every
  ///   member's candidates through one hash table).
  public init(entity: Entity, keyConvention: KeyConvention, keyFallback: Bool = true) {
    self.entity = entity
    let snake = keyConvention == .snakeCase
    func candidate(_ key: String, reference: Bool = false, fallback: Bool = false) -> Candidate {
      Candidate(
        path: JSONKeyPath(components: [key]), isReferenceKey: reference, isFallback: fallback)
    }
    /// The candidates a member reads by its name, and the path it is exported to.
    func named(_ name: String, reference: String?) -> (candidates: [Candidate], export: JSONKeyPath)
    {
      var candidates = [candidate(name)]
      guard snake else { return (candidates, JSONKeyPath(components: [name])) }
      let snaked = KeyConvention.snakeCased(name)
      if snaked != name { candidates.append(candidate(snaked)) }
      let pascal = KeyConvention.pascalCased(name)
      if pascal != name { candidates.append(candidate(pascal, fallback: true)) }
      guard let reference else { return (candidates, JSONKeyPath(components: [snaked])) }
      candidates.append(candidate(snaked + reference, reference: true))
      // A to-many's identifiers under its singular, as Rails-style APIs send them: `member_ids`
      // for `members`, `category_ids` for `categories`.
      if reference == "_ids", let singular = KeyConvention.singular(snaked), singular != snaked {
        candidates.append(candidate(singular + reference, reference: true))
      }
      return (candidates, JSONKeyPath(components: [snaked + reference]))
    }
    func member(_ name: String, key: String?, reference: String?) -> Member {
      let own = named(name, reference: reference)
      guard let key else {
        return Member(name: name, candidates: own.candidates, exportKeyPath: own.export)
      }
      let path = JSONKeyPath(key)
      var candidates = [Candidate(path: path, isReferenceKey: false, isFallback: false)]
      // A dotted path names a place inside a nested object: the name at the root is another
      // value, not another spelling (U33), so only a single-key rename falls back.
      if keyFallback, path.components.count == 1 {
        candidates += own.candidates.filter { $0.path != path }.map {
          Candidate(path: $0.path, isReferenceKey: $0.isReferenceKey, isFallback: true)
        }
      }
      return Member(name: name, candidates: candidates, exportKeyPath: path)
    }
    var attributes = entity.attributes.map { member($0.name, key: $0.key, reference: nil) }
    var relationships = entity.relationships.map {
      member($0.name, key: $0.key, reference: $0.isToMany ? "_ids" : "_id")
    }
    // A fallback another member also reads is nobody's: left out of every member.
    var readers: [JSONKeyPath: Int] = [:]
    for member in attributes + relationships {
      for path in Set(member.candidates.map(\.path)) { readers[path, default: 0] += 1 }
    }
    func unshared(_ member: Member) -> Member {
      let kept = member.candidates.filter { !$0.isFallback || readers[$0.path] == 1 }
      guard kept.count != member.candidates.count else { return member }
      return Member(name: member.name, candidates: kept, exportKeyPath: member.exportKeyPath)
    }
    attributes = attributes.map(unshared)
    relationships = relationships.map(unshared)
    self.attributes = attributes
    self.relationships = relationships
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
    entity(named: name).map {
      EntityMapping(entity: $0, keyConvention: keyConvention, keyFallback: keyFallback)
    }
  }
}
