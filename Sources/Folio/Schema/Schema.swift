/// The declared shape of a store: its entities, their attributes, relationships and identifiers,
/// and the sync rules that go with them.
///
/// A `Schema` is a plain value. The result-builder DSL builds one and a JSON schema file decodes to
/// the same value; the store, the sync engine and the `folio` tool all read it.
public struct Schema: Sendable, Hashable {
  /// The entities, in declaration order.
  public var entities: [Entity]
  /// How JSON keys are matched to attribute and relationship names when no explicit key is given.
  public var keyConvention: KeyConvention
  /// Lenient date forms accepted by every `isoDate` attribute that does not set its own.
  public var dateFormats: DateFormats
  /// Whether a member with an explicit single-component key (`job_title`) also reads the keys of
  /// its own name (its name, and under ``KeyConvention/snakeCase`` its snake_case and PascalCase
  /// forms) when the explicit key is absent from an item. On by default; off, an explicit key is
  /// the only key read. A dotted key (`user.name`) never falls back (U33).
  public var keyFallback: Bool

  /// Creates a schema value without validating it; ``validated()`` checks it.
  public init(
    entities: [Entity], keyConvention: KeyConvention = .exact, dateFormats: DateFormats = .strict,
    keyFallback: Bool = true
  ) {
    self.entities = entities
    self.keyConvention = keyConvention
    self.dateFormats = dateFormats
    self.keyFallback = keyFallback
  }

  /// The entity called `name`, or `nil`.
  ///
  /// - Complexity: O(*n*) in the number of entities.
  public func entity(named name: String) -> Entity? {
    entities.first { $0.name == name }
  }
}

/// How incoming JSON keys are matched to names declared without an explicit key.
public enum KeyConvention: String, Sendable, Hashable, Codable, CaseIterable {
  /// The key is the name itself (`firstName`).
  case exact
  /// The name itself, its snake_case form (`first_name` for `firstName`, `user_id` for
  /// `userID`) or its PascalCase form (`FirstName`); relationships also accept `<name>_id` /
  /// `<name>_ids` for bare identifiers.
  case snakeCase
}

/// Which lenient date forms an `isoDate` attribute accepts besides strict ISO-8601 instants.
///
/// Strict (the default) accepts `yyyy-MM-ddTHH:mm:ss`, optional 1–9 fraction digits, and a zone of
/// `Z`, `±HH:MM`, `±HHMM` or `±HH`. Stored dates are always canonical UTC ISO strings.
public struct DateFormats: OptionSet, Sendable, Hashable, Codable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Only strict ISO-8601 instants.
  public static let strict: DateFormats = []
  /// `2014-07-06` as midnight UTC.
  public static let dateOnly = DateFormats(rawValue: 1 << 0)
  /// `2014-07-06T07:59:00` without a zone, read as UTC.
  public static let noZone = DateFormats(rawValue: 1 << 1)
  /// A space instead of `T` between date and time.
  public static let spaceSeparator = DateFormats(rawValue: 1 << 2)
  /// A unix timestamp, as a JSON number or a numeric string (`1700000000`, `"1700000000"`),
  /// whose unit follows its magnitude: below 10^11 seconds, below 10^14 milliseconds (13
  /// digits), below 10^17 microseconds (16 digits), else nanoseconds.
  public static let unixSeconds = DateFormats(rawValue: 1 << 3)
  /// Milliseconds since 1970-01-01T00:00:00Z, as a JSON number or a numeric string.
  public static let unixMilliseconds = DateFormats(rawValue: 1 << 4)
}
