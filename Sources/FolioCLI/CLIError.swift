/// A failure found by the tool itself (a missing file, a payload that is not an array, a sync
/// refused by the mass-delete guard), rendered like the library's errors:
/// `file:line:column: error: message [code]`.
public struct CLIError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, as an extensible set of codes.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let rawValue: String
    /// Creates a code.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// A file could not be read.
    public static let unreadableFile = Code("unreadableFile")
    /// A payload was not a JSON array of objects.
    public static let invalidPayload = Code("invalidPayload")
    /// The store does not exist and no schema was given to create it.
    public static let missingStore = Code("missingStore")
    /// The store already exists.
    public static let storeExists = Code("storeExists")
    /// The sync would delete more than half of its scope.
    public static let massDelete = Code("massDelete")
    /// The entity is not in the schema.
    public static let unknownEntity = Code("unknownEntity")
    /// A query expression or sort key could not be used.
    public static let invalidQuery = Code("invalidQuery")
    /// The store has problems (`folio check`).
    public static let checkFailed = Code("checkFailed")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// The file concerned, as the user named it.
  public var file: String?
  /// The line in ``file`` (1-based).
  public var line: Int?
  /// The column in ``line`` (1-based).
  public var column: Int?
  /// The JSON pointer of the value concerned.
  public var pointer: String?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
    pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.pointer = pointer
  }

  /// `file:line:column: error: message (at pointer) [code]`.
  public var description: String {
    var location = ""
    if let file {
      location = file
      if let line { location += ":\(line)" }
      if let column { location += ":\(column)" }
      location += ": "
    }
    var text = "\(location)error: \(message)"
    if let pointer { text += " (at \(pointer))" }
    return text + " [\(code)]"
  }
}
