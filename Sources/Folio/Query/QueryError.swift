/// An error from building or running a query: a bad token in a predicate's text, or a field,
/// entity or value the schema does not allow.
///
/// Errors from parsing carry the text and the offset of the offending token, and render a caret
/// under it:
///
/// ```text
/// error: expected a value after '<', found '&&' (offset 6) [expectedValue]
///   age < && active == true
///         ^
/// ```
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// A character that starts no token.
    public static let unexpectedCharacter = Code("unexpectedCharacter")
    /// A string literal without its closing quote.
    public static let unterminatedString = Code("unterminatedString")
    /// A backslash escape other than `\\`, `\'`, `\"`, `\n`, `\t`.
    public static let invalidEscape = Code("invalidEscape")
    /// A number that is malformed or out of range.
    public static let invalidNumber = Code("invalidNumber")
    /// A field name was expected.
    public static let expectedField = Code("expectedField")
    /// An operator was expected after a field.
    public static let expectedOperator = Code("expectedOperator")
    /// A literal value was expected.
    public static let expectedValue = Code("expectedValue")
    /// A closing `)` or `]` was expected.
    public static let expectedClosing = Code("expectedClosing")
    /// Text continues after a complete predicate.
    public static let unexpectedToken = Code("unexpectedToken")
    /// Parentheses, negations or lists nest deeper than the parser allows.
    public static let tooDeep = Code("tooDeep")
    /// The schema has no entity of that name.
    public static let unknownEntity = Code("unknownEntity")
    /// The entity has no attribute or relationship of that name.
    public static let unknownField = Code("unknownField")
    /// A key path goes through something other than a to-one relationship.
    public static let invalidKeyPath = Code("invalidKeyPath")
    /// An operator got a value it cannot use (a prefix that is not a string, …).
    public static let invalidOperand = Code("invalidOperand")
    /// A sort key is empty or malformed.
    public static let invalidSortKey = Code("invalidSortKey")
    /// A limit or offset is negative.
    public static let invalidLimit = Code("invalidLimit")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// The predicate text, when the error comes from parsing it.
  public var source: String?
  /// The 0-based offset, in characters, of the offending token in ``source``.
  public var offset: Int?
  /// The queried entity, if known.
  public var entity: String?
  /// The field concerned, if any.
  public var field: String?

  /// Creates an error.
  public init(
    code: Code, message: String, source: String? = nil, offset: Int? = nil, entity: String? = nil,
    field: String? = nil
  ) {
    self.code = code
    self.message = message
    self.source = source
    self.offset = offset
    self.entity = entity
    self.field = field
  }

  /// The source line with a caret under the offending character, indented by two spaces; `nil`
  /// without a source and offset.
  public var caretRendering: String? {
    guard let source, let offset else { return nil }
    let line = source.map { $0 == "\n" || $0 == "\t" ? " " : String($0) }.joined()
    return "  " + line + "\n  " + String(repeating: " ", count: max(0, offset)) + "^"
  }

  /// `error: message (offset N) [code]`, followed by the caret rendering when known.
  public var description: String {
    var text = "error: \(message)"
    if let offset { text += " (offset \(offset))" }
    text += " [\(code)]"
    if let caretRendering { text += "\n" + caretRendering }
    return text
  }
}
