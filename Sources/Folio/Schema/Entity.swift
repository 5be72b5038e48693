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

  /// The attribute called `name`, or `nil`.
  public func attribute(named name: String) -> Attribute? {
    attributes.first { $0.name == name }
  }

  /// The relationship called `name`, or `nil`.
  public func relationship(named name: String) -> Relationship? {
    relationships.first { $0.name == name }
  }
}

/// A typed value of an entity.
public struct Attribute: Sendable, Hashable {
  /// The attribute's name in records.
  public var name: String
  /// The value type.
  public var type: AttributeType
  /// The JSON key path read from incoming items (`"user.name"`); `nil` means the name itself
  /// (and its snake_case form under ``KeyConvention/snakeCase``).
  public var key: String?
  /// Whether the attribute may be null. Identifier attributes are never optional.
  public var isOptional: Bool
  /// The value given to a new record whose item lacks the key.
  public var defaultValue: JSONValue?
  /// Lenient date forms for this attribute; `nil` inherits the schema's.
  public var dateFormats: DateFormats?

  /// Creates an attribute value.
  public init(
    name: String, type: AttributeType, key: String? = nil, isOptional: Bool = false,
    defaultValue: JSONValue? = nil, dateFormats: DateFormats? = nil
  ) {
    self.name = name
    self.type = type
    self.key = key
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.dateFormats = dateFormats
  }
}

/// The type of an attribute's values.
public indirect enum AttributeType: Sendable, Hashable {
  /// Text.
  case string
  /// `true` or `false`.
  case bool
  /// A 64-bit integer.
  case int
  /// A finite double.
  case double
  /// An instant, stored as a canonical UTC ISO-8601 string with millisecond precision.
  case isoDate
  /// An array of values of one scalar type, e.g. `.array(.string)` for tags.
  case array(AttributeType)
}

/// What deleting a record does to the records its relationship points at.
public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable {
  /// The targets lose their link to the deleted record (the default).
  case nullify
  /// The targets are deleted too, applying their own rules in turn.
  case cascade
  /// Deleting the record fails while the relationship is not empty.
  case deny
}

/// What a sync does with a bare identifier that names no stored record (D13).
public enum ReferencePolicy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Insert a stub record holding only the identifier (the default).
  case stub
  /// Leave the reference out, and report a diagnostic.
  case ignore
  /// Reject the item holding the reference.
  case reject
}

/// Sync options for the records reached through one relationship. `nil` fields inherit from
/// the sync call, except ``deleteMissing``, whose default depends on the delete rule (D10).
public struct ChildSyncOptions: Sendable, Hashable, Codable {
  /// Insert children that do not exist yet.
  public var insertMissing: Bool?
  /// Update children that exist.
  public var updateExisting: Bool?
  /// Delete (rather than unlink) children of *this parent* missing from the nested payload;
  /// `nil` means on for cascade relationships and off otherwise.
  public var deleteMissing: Bool?

  /// Creates child options.
  public init(insertMissing: Bool? = nil, updateExisting: Bool? = nil, deleteMissing: Bool? = nil) {
    self.insertMissing = insertMissing
    self.updateExisting = updateExisting
    self.deleteMissing = deleteMissing
  }
}

/// A link from one entity's records to another's.
public struct Relationship: Sendable, Hashable {
  /// The relationship's name in records.
  public var name: String
  /// The target entity's name.
  public var target: String
  /// Whether it holds many targets.
  public var isToMany: Bool
  /// For to-many: whether payload order is kept (else members are kept in identifier order).
  public var isOrdered: Bool
  /// The name of the inverse relationship on the target entity, if declared.
  public var inverse: String?
  /// What deleting a source record does to its targets.
  public var deleteRule: DeleteRule
  /// The JSON key path read from incoming items; `nil` means the name (plus `<name>_id` /
  /// `<name>_ids` under ``KeyConvention/snakeCase``).
  public var key: String?
  /// Options for syncing the nested children.
  public var childOptions: ChildSyncOptions
  /// What to do with bare identifiers of unknown targets.
  public var referencePolicy: ReferencePolicy

  /// Creates a relationship value.
  public init(
    name: String, target: String, isToMany: Bool, isOrdered: Bool = false, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify, key: String? = nil,
    childOptions: ChildSyncOptions = ChildSyncOptions(), referencePolicy: ReferencePolicy = .stub
  ) {
    self.name = name
    self.target = target
    self.isToMany = isToMany
    self.isOrdered = isOrdered
    self.inverse = inverse
    self.deleteRule = deleteRule
    self.key = key
    self.childOptions = childOptions
    self.referencePolicy = referencePolicy
  }
}
