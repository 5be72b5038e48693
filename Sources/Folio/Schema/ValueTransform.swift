/// A named, reversible conversion between the value a payload gives for one attribute and the
/// value the attribute stores: cents ↔ amount, `"yes"`/`"no"` ↔ bool, a custom date pattern ↔
/// ISO date, a comma list ↔ array, or one written in Swift.
///
/// A sync *reads* each item's value through the attribute's transform before converting it to
/// the attribute's type; ``StoreState/export(_:)`` (and `folio export --mapped`) *writes* stored
/// values back through it, so syncing an export changes nothing. `null` never reaches a
/// transform: it clears the attribute as it always does, and exports as `null`. A value the
/// transform cannot read rejects the item like any value that does not convert (code
/// ``CoercionError/Code/transformFailed``, with the JSON pointer of the value); under
/// all-or-nothing it fails the sync. Defaults are given in stored form.
///
/// | name | payload | stored (attribute type) |
/// |---|---|---|
/// | `cents` | integer cents `1999` (or `"1999"`) | amount `19.99` (`double`) |
/// | `yesNo` | `"yes"` / `"no"` (any letter case; the words can be changed), or `true` / `false` | `true` / `false` (`bool`) |
/// | `datePattern` | text in a ``DatePattern`` such as `"06/07/2014 09:59"` | ISO date (`isoDate`) |
/// | `list` | `"a,b,c"` (separator configurable; spaces around elements dropped; `""` is `[]`) | `["a","b","c"]` (array of scalars) |
///
/// ```swift
/// Entity("Invoice") {
///   Identifier("id")
///   Attribute("id", .int)
///   Attribute("total", .double, from: "total_cents").transform(.cents)
///   Attribute("paid", .bool).transform(.yesNo)
///   Attribute("issuedAt", .isoDate, from: "issued").transform(.datePattern("dd/MM/yyyy HH:mm", timeZone: "+01:00"))
///   Attribute("tags", .array(.string)).transform(.list(separator: ";"))
/// }
/// ```
///
/// In a schema file an attribute names its transform: `"transform": "cents"`, or an object with
/// parameters, `{"name": "datePattern", "pattern": "dd/MM/yyyy", "timeZone": "UTC"}`. A custom
/// transform is registered in ``CustomRules`` and named the same way; built-in names are
/// reserved, and an unknown name is a schema error
/// (``SchemaError/Code/unknownTransform``). Identifier attributes cannot have a transform.
public struct ValueTransform: Sendable, Hashable, CustomStringConvertible {
  /// What the transform does.
  public enum Kind: Sendable, Hashable {
    /// Integer cents in the payload, an amount (cents ÷ 100) stored in a `double` attribute.
    /// Exported amounts are rounded to the nearest cent. Cents beyond ±2⁵¹ are refused, so
    /// every amount converts back to the same cents.
    case cents
    /// Two words in the payload (compared ignoring ASCII letter case), a bool stored.
    case yesNo(yes: String, no: String)
    /// Text in a fixed date pattern and time zone in the payload, an ISO date stored.
    case datePattern(DatePattern)
    /// Separated text in the payload, an array stored.
    case list(separator: String)
    /// A Swift transform, known by `name` (used for equality, hashing and schema files).
    case custom(name: String)
  }

  /// What the transform does.
  public let kind: Kind
  let read: (@Sendable (JSONValue) -> JSONValue?)?
  let write: (@Sendable (JSONValue) -> JSONValue)?

  /// A built-in transform of the given kind (a `.custom` kind without closures is reported by
  /// schema validation as ``SchemaError/Code/missingClosure``).
  public init(_ kind: Kind) {
    self.kind = kind
    read = nil
    write = nil
  }

  /// Payload integer cents ↔ stored `double` amount.
  public static let cents = ValueTransform(.cents)
  /// Payload `"yes"`/`"no"` ↔ stored bool.
  public static let yesNo = ValueTransform(.yesNo(yes: "yes", no: "no"))

  /// Payload words of your choice (`"Y"`/`"N"`, `"1"`/`"0"`) ↔ stored bool; exports write them
  /// as given here.
  public static func yesNo(yes: String, no: String) -> ValueTransform {
    ValueTransform(.yesNo(yes: yes, no: no))
  }

  /// Payload text in a date pattern ↔ stored ISO date. An invalid pattern or time zone is
  /// reported when the schema is validated (``SchemaError/Code/invalidTransform``).
  ///
  /// - Parameters:
  ///   - pattern: A ``DatePattern`` layout such as `dd/MM/yyyy HH:mm`.
  ///   - timeZone: A fixed offset: `UTC`, `±HH:MM`, `±HHMM` or `±HH`.
  public static func datePattern(_ pattern: String, timeZone: String = "UTC") -> ValueTransform {
    do {
      return ValueTransform(.datePattern(try DatePattern(pattern, timeZone: timeZone)))
    } catch {
      return ValueTransform(.datePattern(DatePattern(invalid: pattern, timeZone: timeZone)))
    }
  }

  /// Payload separated text ↔ stored array.
  ///
  /// - Parameter separator: The text between elements; `,` unless given.
  public static func list(separator: String = ",") -> ValueTransform {
    ValueTransform(.list(separator: separator))
  }

  /// A transform written in Swift.
  ///
  /// ```swift
  /// let hex = ValueTransform.custom(
  ///   "hex",
  ///   read: { value in value.stringValue.flatMap { Int64($0, radix: 16) }.map { .int($0) } },
  ///   write: { value in value.intValue.map { .string(String($0, radix: 16)) } ?? value })
  /// hex.read("ff", attribute: "rgb")   // .success(255)
  /// hex.write(255)                     // "ff"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name a schema file uses; not a built-in name.
  ///   - read: The stored-side value of a payload value (never `null`), or `nil` when it cannot
  ///     be read (the item is rejected).
  ///   - write: The payload-side value of a stored value (never `null`); `read(write(v))` should
  ///     give `v` back, so that export → sync changes nothing.
  public static func custom(
    _ name: String, read: @escaping @Sendable (JSONValue) -> JSONValue?,
    write: @escaping @Sendable (JSONValue) -> JSONValue
  ) -> ValueTransform {
    ValueTransform(kind: .custom(name: name), read: read, write: write)
  }

  init(
    kind: Kind, read: (@Sendable (JSONValue) -> JSONValue?)?,
    write: (@Sendable (JSONValue) -> JSONValue)?
  ) {
    self.kind = kind
    self.read = read
    self.write = write
  }

  /// The built-in names, reserved in schema files.
  public static let builtInNames = ["cents", "yesNo", "datePattern", "list"]

  /// The name a schema file uses: `cents`, `yesNo`, `datePattern`, `list` or the custom name.
  public var name: String {
    switch kind {
    case .cents: return "cents"
    case .yesNo: return "yesNo"
    case .datePattern: return "datePattern"
    case .list: return "list"
    case .custom(let name): return name
    }
  }

  /// The name.
  public var description: String { name }

  /// Equal when the kinds are equal (custom transforms compare by name).
  public static func == (lhs: ValueTransform, rhs: ValueTransform) -> Bool { lhs.kind == rhs.kind }
  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

extension DatePattern {
  /// A pattern that failed to compile, kept as text so schema validation can report it; it
  /// matches nothing.
  init(invalid pattern: String, timeZone: String) {
    self.pattern = pattern
    self.timeZone = timeZone
    offsetMinutes = 0
    tokens = []
  }
}
