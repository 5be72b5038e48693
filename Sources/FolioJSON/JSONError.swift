/// A JSON syntax or limit error, with the position it was found at.
///
/// Render it with ``description`` for a compiler-style diagnostic:
///
/// ```text
/// payload.json:3:14: error: expected ',' or '}' after an object member [expectedCommaOrBrace]
///   {"id": 1 "name": "x"}
///            ^
/// ```
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code, e.g. `"trailingComma"`.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The input ended inside a value.
    public static let unexpectedEnd = Code("unexpectedEnd")
    /// A byte that cannot start or continue the current token.
    public static let unexpectedCharacter = Code("unexpectedCharacter")
    /// A comma directly before `]` or `}`.
    public static let trailingComma = Code("trailingComma")
    /// Content after the top-level value.
    public static let trailingContent = Code("trailingContent")
    /// An object member without its `:`.
    public static let expectedColon = Code("expectedColon")
    /// An object key that is not a string.
    public static let expectedKey = Code("expectedKey")
    /// Missing `,` or `}` after an object member.
    public static let expectedCommaOrBrace = Code("expectedCommaOrBrace")
    /// Missing `,` or `]` after an array element.
    public static let expectedCommaOrBracket = Code("expectedCommaOrBracket")
    /// A malformed number (leading zero, missing digits, `+` sign, …).
    public static let invalidNumber = Code("invalidNumber")
    /// A number too large to be a finite `Double`.
    public static let numberOutOfRange = Code("numberOutOfRange")
    /// An unknown escape such as `\x`, or a malformed `\u` escape.
    public static let invalidEscape = Code("invalidEscape")
    /// A lone or misordered UTF-16 surrogate in a `\u` escape.
    public static let invalidSurrogate = Code("invalidSurrogate")
    /// A raw control character (U+0000–U+001F) inside a string.
    public static let controlCharacter = Code("controlCharacter")
    /// Bytes that are not well-formed UTF-8.
    public static let invalidUTF8 = Code("invalidUTF8")
    /// The same key twice in one object.
    public static let duplicateKey = Code("duplicateKey")
    /// Arrays and objects nested deeper than the parser's limit.
    public static let nestingTooDeep = Code("nestingTooDeep")
    /// A string or document larger than the parser's limit.
    public static let tooLarge = Code("tooLarge")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// Byte offset from the start of the input (0-based).
  public var offset: Int
  /// Line number (1-based).
  public var line: Int
  /// Column in bytes within the line (1-based).
  public var column: Int
  /// The text of the offending line, for the caret display (tabs kept). A long line is cut to
  /// at most 160 bytes around the error; ``sourceLineColumn`` says where the excerpt starts.
  public var sourceLine: String
  /// The column (1-based, in bytes) of the first byte of ``sourceLine`` within its line: 1 unless
  /// a long line was cut.
  public var sourceLineColumn: Int = 1
  /// The file the input came from, when known.
  public var file: String?

  /// Creates an error.
  public init(
    code: Code, message: String, offset: Int, line: Int, column: Int, sourceLine: String,
    file: String? = nil
  ) {
    self.code = code
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.sourceLine = sourceLine
    self.file = file
  }

  /// A compiler-style rendering: `file:line:column: error: message [code]`, then the line and a
  /// caret under the column.
  public var description: String {
    let location = "\(file ?? "<input>"):\(line):\(column)"
    var caretPad = ""
    // One pad character per character before the column (continuation bytes of multi-byte
    // characters take no column on screen); tabs are kept so the caret lines up.
    for (i, byte) in sourceLine.utf8.enumerated()
    where i < column - sourceLineColumn && byte & 0xC0 != 0x80 {
      caretPad.append(byte == 0x09 ? "\t" : " ")
    }
    return "\(location): error: \(message) [\(code)]\n  \(sourceLine)\n  \(caretPad)^"
  }
}

extension JSONError {
  /// The error for a document longer than `limit` bytes, at line 1, column 1, exactly as
  /// ``JSONParser`` reports it: for readers that refuse a file by its size before reading it, or
  /// stop reading a stream at the limit.
  ///
  /// ```swift
  /// JSONError.documentTooLarge(limit: 100, file: "big.json").code  // .tooLarge
  /// ```
  public static func documentTooLarge(limit: Int, file: String?) -> JSONError {
    JSONError(
      code: .tooLarge, message: documentTooLargeMessage(limit: limit), offset: 0, line: 1,
      column: 1, sourceLine: "", file: file)
  }

  static func documentTooLargeMessage(limit: Int) -> String {
    "the document is longer than the limit of \(limit) bytes; split it, or raise "
      + "JSONParser.Options.maxDocumentBytes"
  }
}
