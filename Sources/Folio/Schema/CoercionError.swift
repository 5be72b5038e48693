/// Why an incoming JSON value cannot become an attribute's value, or why a stored value is not in
/// canonical form.
///
/// ```swift
/// let count = Attribute(name: "count", type: .int)
/// if case .failure(let error) = count.coerce("27.0", schemaDateFormats: .strict) {
///   print(error)
///   // attribute 'count': expected an int (an integral number or an integer string such as "7"),
///   // found the string "27.0" [notLossless]
/// }
/// ```
public struct CoercionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code, e.g. `"typeMismatch"`.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The value's JSON kind cannot become the attribute's type (`true` for an int).
    public static let typeMismatch = Code("typeMismatch")
    /// The conversion would lose information (`2.5` or `"27.0"` for an int).
    public static let notLossless = Code("notLossless")
    /// A numeric value outside the type's range (`1e30` for an int).
    public static let outOfRange = Code("outOfRange")
    /// A string that is not a number, Boolean or date of the accepted forms.
    public static let invalidText = Code("invalidText")
    /// A string or number that is not an accepted date form.
    public static let invalidDate = Code("invalidDate")
    /// `null` (or `""` for a date) given to a required attribute, or inside an array.
    public static let nullNotAllowed = Code("nullNotAllowed")
    /// A stored value that is valid but not in canonical form (checked when opening files).
    public static let notCanonical = Code("notCanonical")
    /// A string that is not a UUID of the accepted forms (for `uuid` attributes).
    public static let invalidUUID = Code("invalidUUID")
    /// A string outside an `enum` attribute's declared values.
    public static let notAllowedValue = Code("notAllowedValue")
  }

  /// What went wrong.
  public var code: Code
  /// The attribute's name.
  public var attribute: String
  /// What was expected, e.g. `an int (an integral number or an integer string such as "7")`.
  public var expected: String
  /// The value that was found (for arrays: the offending element).
  public var found: JSONValue
  /// For `.array` attributes: the index of the offending element.
  public var elementIndex: Int?

  /// Creates an error.
  public init(
    code: Code, attribute: String, expected: String, found: JSONValue, elementIndex: Int? = nil
  ) {
    self.code = code
    self.attribute = attribute
    self.expected = expected
    self.found = found
    self.elementIndex = elementIndex
  }

  /// The message without the attribute prefix: `expected …, found …`.
  public var message: String {
    let element = elementIndex.map { " at element \($0)" } ?? ""
    return "expected \(expected)\(element), found \(CoercionError.describe(found))"
  }

  /// `attribute 'name': expected …, found … [code]`.
  public var description: String { "attribute '\(attribute)': \(message) [\(code)]" }

  /// A short human rendering of a JSON value: its kind and (truncated) compact text.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let b): return "the bool \(b)"
    case .int(let i): return "the number \(i)"
    case .double: return "the number \(truncatedText(value))"
    case .string: return "the string \(truncatedText(value))"
    case .array: return "an array \(truncatedText(value))"
    case .object: return "an object \(truncatedText(value))"
    }
  }

  private static func truncatedText(_ value: JSONValue) -> String {
    let text = JSONWriter.string(value)
    guard text.count > 60 else { return text }
    return String(text.prefix(57)) + "…"
  }
}
