/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// Strict means: no comments, no trailing commas, no `NaN`/`Infinity`, no leading zeros, no `+`
/// sign, no raw control characters in strings, well-formed UTF-8 (no overlong forms, no encoded
/// surrogates, nothing above U+10FFFF, no truncated or stray bytes) and correctly paired surrogate
/// escapes. The first problem is reported as a ``JSONError`` with its code, byte offset, line and
/// column.
///
/// Where RFC 8259 leaves a choice to the implementation, Folio decides:
///
/// - **Duplicate keys** within one object are rejected with ``JSONError/Code/duplicateKey``
///   (as in I-JSON, RFC 7493): a document store cannot guess which one was meant.
/// - **Integers** (no fraction, no exponent) that fit `Int64` are ``JSONValue/int(_:)`` and stay
///   exact; larger ones become ``JSONValue/double(_:)``. `-0` is the integer `0`.
/// - **Other numbers** are `Double`s, correctly rounded; `-0.0` stays a negative-zero double, and
///   a number too small for a `Double` becomes `0.0`. A number too large to be finite, such as
///   `1e400`, is ``JSONError/Code/numberOutOfRange``.
/// - **A byte-order mark** at the start is rejected: JSON exchanged between systems must not
///   carry one (RFC 8259 §8.1). UTF-16 and UTF-32 input (a byte-order mark, or the NULs of its
///   first four bytes) is ``JSONError/Code/invalidUTF8`` with a message naming the encoding.
/// - **Limits**: nesting deeper than ``Options/maxDepth`` (default 512) is
///   ``JSONError/Code/nestingTooDeep`` — the parser is iterative, so no depth can overflow the
///   stack — a string longer than ``Options/maxStringBytes`` bytes of input (default 64 MiB),
///   and a document longer than ``Options/maxDocumentBytes`` (default 1 GiB), are
///   ``JSONError/Code/tooLarge``.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"id": 1}"#.utf8))
/// value["id"]     // .int(1)
/// ```
public struct JSONParser {
  /// Limits and options for one parse.
  public struct Options: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted. Default 512.
    public var maxDepth: Int = 512
    /// The longest string accepted, in bytes of input. Default 64 MiB.
    public var maxStringBytes: Int = 64 << 20
    /// The file name reported in errors, if any.
    public var file: String?
    /// The longest document accepted, in bytes; a longer one is refused before parsing.
    /// Default 1 GiB.
    public var maxDocumentBytes: Int = 1 << 30
    /// Default options.
    public init(maxDepth: Int = 512, maxStringBytes: Int = 64 << 20, file: String? = nil) {
      self.maxDepth = maxDepth
      self.maxStringBytes = maxStringBytes
      self.file = file
    }
  }

  /// Parses one JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 encoded JSON text. A leading byte-order mark is rejected.
  ///   - options: limits and the file name for error messages.
  /// - Returns: the parsed value.
  /// - Throws: ``JSONError`` naming the code, byte offset, line and column of the first problem.
  /// - Complexity: O(*n*) in the length of the input.
  public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONError)
    -> JSONValue
  {
    try parse(bytes, options: options, pool: nil)
  }

  /// Parses one JSON text held in a `String`.
  ///
  /// - Parameters:
  ///   - text: the JSON text.
  ///   - options: limits and the file name for error messages.
  /// - Returns: the parsed value.
  /// - Throws: ``JSONError`` naming the code, byte offset, line and column of the first problem.
  /// - Complexity: O(*n*) in the length of the text.
  public static func parse(_ text: String, options: Options = Options()) throws(JSONError)
    -> JSONValue
  {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONError) -> JSONValue in try parse(buffer: buffer, options: options) }
    }
    return try result.get()
  }

  /// Parses one JSON text from raw memory the caller keeps alive for the call.
  ///
  /// - Parameters:
  ///   - buffer: UTF-8 encoded JSON text.
  ///   - options: limits and the file name for error messages.
  /// - Returns: the parsed value, which does not refer to `buffer`.
  /// - Throws: ``JSONError`` naming the code, byte offset, line and column of the first problem.
  /// - Complexity: O(*n*) in the length of the input.
  public static func parse(buffer: UnsafeBufferPointer<UInt8>, options: Options = Options())
    throws(JSONError) -> JSONValue
  {
    try parse(buffer: buffer, options: options, pool: nil)
  }

  /// Parses one JSON text, sharing string values with earlier parses through `pool` (see
  /// ``StringPool``): the result is the same value, with fewer allocations.
  package static func parse(_ bytes: [UInt8], options: Options = Options(), pool: StringPool?)
    throws(JSONError) -> JSONValue
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
      try parse(buffer: buffer, options: options, pool: pool)
    }
  }

  /// ``parse(buffer:options:)``, sharing string values through `pool` when there is one.
  package static func parse(
    buffer: UnsafeBufferPointer<UInt8>, options: Options = Options(), pool: StringPool?
  ) throws(JSONError) -> JSONValue {
    var reader = Reader(buffer: buffer, options: options, pool: pool)
    defer { reader.deallocate() }
    if buffer.count > options.maxDocumentBytes {
      // Reported at the start, as a reader that refuses a file by its size reports it
      // (``JSONError/documentTooLarge(limit:file:)``), without scanning the document for lines.
      throw reader.error(.tooLarge, JSONError.documentTooLargeMessage(limit: options.maxDocumentBytes), at: 0)
    }
    return try reader.parseDocument()
  }
}
