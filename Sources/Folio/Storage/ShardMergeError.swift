/// Why ``ShardMerge`` refused to merge: one of its inputs is not a shard file it can read
/// record by record.
///
/// The merge never guesses: a side that is not valid JSON (for example because it already holds
/// conflict markers), is not an array of objects, or has a record without a valid or with a
/// duplicate identifier stops it, so a caller can fall back to a line-based merge.
///
/// ```text
/// ours:4:3: error: record 1 has no valid identifier: expected an int or a string in 'id' [missingIdentifier]
/// ```
public struct ShardMergeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// An input is not valid JSON.
    public static let invalidJSON = Code("invalidJSON")
    /// An input is not valid JSON because it holds git merge-conflict markers.
    public static let conflictMarkers = Code("conflictMarkers")
    /// An input is valid JSON but not an array of objects.
    public static let notAShard = Code("notAShard")
    /// A record lacks an identifier attribute, or its value is not an int or a string.
    public static let missingIdentifier = Code("missingIdentifier")
    /// Two records of one input have the same identifier.
    public static let duplicateIdentifier = Code("duplicateIdentifier")
    /// No identifier attribute names were given.
    public static let noIdentifiers = Code("noIdentifiers")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// The input concerned, if any.
  public var side: ShardMerge.Side?
  /// The 1-based line in that input, if known.
  public var line: Int?
  /// The 1-based column in that input, if known.
  public var column: Int?
  /// The JSON pointer of the value concerned, if any (`/3` for the fourth record).
  public var pointer: String?

  /// Creates an error.
  public init(
    code: Code, message: String, side: ShardMerge.Side? = nil, line: Int? = nil,
    column: Int? = nil, pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.side = side
    self.line = line
    self.column = column
    self.pointer = pointer
  }

  /// `side:line:column: error: message (at pointer) [code]`, the side being `base`, `ours` or
  /// `theirs`.
  public var description: String {
    var location = ""
    if let side {
      location = side.rawValue
      if let line { location += ":\(line)" }
      if let column { location += ":\(column)" }
      location += ": "
    }
    var text = "\(location)error: \(message)"
    if let pointer { text += " (at \(pointer))" }
    return text + " [\(code)]"
  }
}
