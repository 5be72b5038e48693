/// One kind of record: its attributes, relationships, identifier and sync rules.
public struct Entity: Sendable, Hashable {
  /// The entity's name; also the name of its folder on disk, so it must be a safe folder name.
  public var name: String
  /// The names of the identifier attributes, in order. One name is a single identifier; several
  /// make a composite identifier compared exactly and case-sensitively.
  public var identifiers: [String]
  /// The attributes, in declaration order.
  public var attributes: [Attribute]
  /// The relationships, in declaration order.
  public var relationships: [Relationship]
  /// The default order of query results, as sort keys such as `"-hiredAt"`; empty means
  /// identifier order.
  public var defaultSort: [String]
  /// Whether each record's sync outcome is logged at the verbose level.
  public var isVerbose: Bool
  /// Validators run on every incoming item, in order, before it is mapped.
  public var validators: [Validator]
  /// Validity rules run on every record after mapping; the first reason rejects the record.
  public var validityRules: [ValidityRule]
  /// Whether an existing record made invalid by a sync is deleted instead of rejected (D14).
  public var deleteIfInvalid: Bool
  /// The rule deciding whether a matched record may be updated; `nil` always allows it.
  public var shouldUpdate: UpdateRule?
  /// Composite or unique indexes declared on the entity (see ``allIndexes`` for these and the
  /// attributes marked indexed).
  public var indexes: [Index] = []

  /// Creates an entity value.
  public init(
    name: String, identifiers: [String], attributes: [Attribute] = [],
    relationships: [Relationship] = [], defaultSort: [String] = [], isVerbose: Bool = false,
    validators: [Validator] = [], validityRules: [ValidityRule] = [], deleteIfInvalid: Bool = false,
    shouldUpdate: UpdateRule? = nil
  ) {
    self.name = name
    self.identifiers = identifiers
    self.attributes = attributes
    self.relationships = relationships
    self.defaultSort = defaultSort
    self.isVerbose = isVerbose
    self.validators = validators
    self.validityRules = validityRules
    self.deleteIfInvalid = deleteIfInvalid
    self.shouldUpdate = shouldUpdate
  }

  /// Whether the entity is owned: it declares no identifier, so its records exist only nested
  /// under a parent record, which identifies them by where they sit (see ``ownedIdentifier``).
  ///
  /// ```swift
  /// let address = Entity("Address") { Attribute("street", .string) }
  /// address.isOwned   // true
  /// ```
  public var isOwned: Bool {
    identifiers.isEmpty || (identifiers.count == 1 && identifiers[0] == Entity.ownedIdentifier)
  }

  /// The stored member holding an owned record's synthesized identifier: the owner's entity,
  /// its identifier and the relationship, `User/u1/address` (plus the position for a to-many,
  /// `Batch/1/clicks/0`). It is written in the record's file and left out of exports.
  public static let ownedIdentifier = "$id"

  /// The attribute called `name`, or `nil`.
  public func attribute(named name: String) -> Attribute? {
    attributes.first { $0.name == name }
  }

  /// The relationship called `name`, or `nil`.
  public func relationship(named name: String) -> Relationship? {
    relationships.first { $0.name == name }
  }
}
