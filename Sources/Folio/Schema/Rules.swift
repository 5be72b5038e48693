/// A pre-filter run on each incoming item before mapping: it may rewrite the item or drop it.
///
/// A dropped item counts as absent from the payload (D14): with delete-missing on, its stored
/// record is deleted. Validators of an entity run in declared order, each on the previous one's
/// output. Field names are payload key paths (`"user.name"`).
public struct Validator: Sendable, Hashable {
  /// What the validator does.
  public enum Kind: Sendable, Hashable {
    /// Drop items whose value at `field` equals `value`.
    case dropWhere(field: String, equals: JSONValue)
    /// Drop items whose value at `field` is missing, null or an empty string.
    case dropIfEmpty(field: String)
    /// Trim leading and trailing whitespace of the string at `field`.
    case trim(field: String)
    /// A Swift closure, known by `name` (used for equality, hashing and schema files).
    case custom(name: String)
  }

  /// What the validator does.
  public let kind: Kind
  let transform: (@Sendable (JSONObject) -> JSONObject?)?

  /// A declarative validator.
  public init(_ kind: Kind) {
    self.kind = kind
    self.transform = nil
  }

  /// A validator written in Swift: return the (possibly rewritten) item, or `nil` to drop it.
  public static func custom(
    _ name: String, _ transform: @escaping @Sendable (JSONObject) -> JSONObject?
  ) -> Validator {
    Validator(kind: .custom(name: name), transform: transform)
  }

  init(kind: Kind, transform: (@Sendable (JSONObject) -> JSONObject?)?) {
    self.kind = kind
    self.transform = transform
  }

  /// Equal when the kinds are equal (custom validators compare by name).
  public static func == (lhs: Validator, rhs: Validator) -> Bool { lhs.kind == rhs.kind }
  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A check run on each record after mapping: it returns a reason when the record is invalid.
///
/// An invalid new record is not stored (with its nested children); an invalid change to an
/// existing record is rejected unless the entity sets `deleteIfInvalid` (D14). Field names are
/// the entity's attribute names.
public struct ValidityRule: Sendable, Hashable {
  /// What the rule checks.
  public enum Kind: Sendable, Hashable {
    /// The attribute must be present, not null and not an empty string or array.
    case requiredNonEmpty(field: String)
    /// The two attributes must differ.
    case distinct(String, String)
    /// The numeric attribute must be at least `minimum` (when present).
    case atLeast(field: String, minimum: Double)
    /// The numeric attribute must be greater than `bound` (when present).
    case greaterThan(field: String, bound: Double)
    /// A Swift closure, known by `name`.
    case custom(name: String)
  }

  /// What the rule checks.
  public let kind: Kind
  let check: (@Sendable (JSONObject) -> String?)?

  /// A declarative rule.
  public init(_ kind: Kind) {
    self.kind = kind
    self.check = nil
  }

  /// A rule written in Swift: return a reason when the record is invalid, else `nil`.
  public static func custom(_ name: String, _ check: @escaping @Sendable (JSONObject) -> String?)
    -> ValidityRule
  {
    ValidityRule(kind: .custom(name: name), check: check)
  }

  init(kind: Kind, check: (@Sendable (JSONObject) -> String?)?) {
    self.kind = kind
    self.check = check
  }

  /// Equal when the kinds are equal (custom rules compare by name).
  public static func == (lhs: ValidityRule, rhs: ValidityRule) -> Bool { lhs.kind == rhs.kind }
  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// Decides whether a stored record may be updated from an incoming one (D12 "should update").
///
/// When it says no, the record and everything nested under its item are skipped.
public struct UpdateRule: Sendable, Hashable {
  /// What the rule compares.
  public enum Kind: Sendable, Hashable {
    /// Update only when the incoming value of `field` is greater than the stored one (numbers, or
    /// ISO dates compared as instants). A missing incoming value never updates; a missing stored
    /// value always does.
    case whenIncreases(field: String)
    /// A Swift closure, known by `name`.
    case custom(name: String)
  }

  /// What the rule compares.
  public let kind: Kind
  let decide: (@Sendable (_ stored: JSONObject, _ incoming: JSONObject) -> Bool)?

  /// A declarative rule.
  public init(_ kind: Kind) {
    self.kind = kind
    self.decide = nil
  }

  /// A rule written in Swift: return `true` to allow the update. Both records use attribute
  /// names; `incoming` holds the stored record with the item's values applied.
  public static func custom(
    _ name: String, _ decide: @escaping @Sendable (_ stored: JSONObject, _ incoming: JSONObject) -> Bool
  ) -> UpdateRule {
    UpdateRule(kind: .custom(name: name), decide: decide)
  }

  init(kind: Kind, decide: (@Sendable (JSONObject, JSONObject) -> Bool)?) {
    self.kind = kind
    self.decide = decide
  }

  /// Equal when the kinds are equal (custom rules compare by name).
  public static func == (lhs: UpdateRule, rhs: UpdateRule) -> Bool { lhs.kind == rhs.kind }
  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
