/// A typed value of an entity.
public struct Attribute: Sendable, Hashable {
  /// The attribute's name in records.
  public var name: String
  /// The value type.
  public var type: AttributeType
  /// The JSON key path read from incoming items (`"user.name"`); `nil` means the name itself
  /// (and its snake_case and PascalCase forms under ``KeyConvention/snakeCase``). A
  /// single-component key falls back to those when absent, unless ``Schema/keyFallback`` is off
  /// (``EntityMapping``).
  public var key: String?
  /// Whether the attribute may be null. Identifier attributes are never optional.
  public var isOptional: Bool
  /// The value given to a new record whose item lacks the key.
  public var defaultValue: JSONValue?
  /// Lenient date forms for this attribute; `nil` inherits the schema's.
  public var dateFormats: DateFormats?
  /// The reversible conversion between payload and stored values (``ValueTransform``); `nil`
  /// reads payload values as they are.
  public var transform: ValueTransform? = nil
  /// Whether queries may find records by this attribute through an in-memory index (see
  /// ``Index``); indexes are not stored, so changing this needs no migration.
  public var isIndexed: Bool = false

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
  /// A UUID, stored as canonical lowercase hyphenated text
  /// (`"0f8fad5b-d9cb-469f-a165-70867728950e"`); upper-case and braced (`{…}`) forms are
  /// accepted and normalised, so they name the same record when used as an identifier.
  case uuid
  /// A string from a declared set, e.g. `.enumeration(["open", "closed"])`; stored as the string.
  case enumeration([String])
  /// An exact decimal number (for money), stored as canonical plain text (`"12.3"`) and compared
  /// numerically; decodes to Foundation's `Decimal`.
  case decimal
  /// A JSON object kept as one value: stored as given, compared and diffed as a whole (a change
  /// to one inner member is one change of the attribute), not a relationship. Decodes to a nested
  /// `Codable` struct.
  case object
}

