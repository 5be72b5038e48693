/// A pull-style reader of one JSON text: the caller asks for each value in turn and reads it
/// straight from the bytes, without building ``JSONValue``s.
///
/// The scanner accepts and rejects exactly what ``JSONParser`` does, and reports the same
/// ``JSONError`` (code, message, offset, line and column) for the first problem, provided the
/// caller reads every value it is handed (or skips it with ``skipValue()``) and calls ``end()``
/// after the top-level value. It shares the parser's number, string, UTF-8 and error code.
/// Nesting is an explicit stack: no depth can overflow the thread's stack, and
/// ``JSONParser/Options/maxDepth`` is enforced as the parser enforces it.
///
/// ```swift
/// let bytes = Array(#"{"id": 7, "tags": ["a"]}"#.utf8)
/// try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
///   var scanner = JSONScanner(buffer, options: JSONParser.Options())
///   try scanner.beginObject()
///   while let key = try scanner.nextKey() {
///     if key.equals("id") {
///       _ = try scanner.readInt64IfInteger()  // 7
///     } else {
///       try scanner.skipValue()
///     }
///   }
///   try scanner.end()
/// }
/// ```
///
/// Calling a typed read (``readString(_:)``, ``readNumber()``, ``readBool()``, ``readNull()``,
/// ``beginObject()``, ``beginArray()``) at a value of another kind is a programming error and
/// traps; ``peek()`` says which kind comes next. After a method throws, the scanner must not be
/// used again.
package struct JSONScanner: ~Copyable {
  /// The kind of the next value.
  package enum Kind: Equatable, Sendable {
    case object, array, string, number, bool, null
  }

  /// A number exactly as ``JSONParser`` reads it: integers that fit `Int64` (`-0` is `0`) are
  /// ``int(_:)``, every other number a correctly rounded ``double(_:)``.
  package enum Number: Equatable, Sendable {
    case int(Int64)
    case double(Double)
  }

  /// The parser's cursor, error construction, and number and string code.
  var reader: JSONParser.Reader
  /// ``JSONParser/Options/maxDepth``.
  let maxDepth: Int
  /// Whether the checks of the document's start (size, byte-order mark, other encodings) ran.
  var started = false
  /// The number of open arrays and objects.
  package internal(set) var depth = 0
  /// The innermost open container (meaningless at depth 0); its parents are on ``parents``.
  var top = Frame(isObject: false)
  var parents: UnsafeStack<Frame>
  /// The keys of the open objects, for duplicate checks; each frame's start at ``Frame/keyStart``.
  var keys: UnsafeStack<KeyEntry>
  /// Decoded keys (those written with escapes) of the open objects.
  var keyBytes: ByteBuffer
  /// For open objects with many keys, by depth: the hashes of their keys.
  var largeObjectHashes: [Int: Set<UInt64>] = [:]

  /// One open array or object.
  struct Frame {
    var isObject: Bool
    /// Whether a member or element has been read, so a `,` must come before the next one.
    var hasMembers = false
    /// Where this object's keys start on ``keys``, and its decoded keys on ``keyBytes``.
    var keyStart = 0
    var keyByteStart = 0
    /// One bit per key read, chosen by its hash: a key whose bit is clear is new.
    var keyBits: UInt64 = 0
  }

  /// A key of an open object, for the duplicate check.
  struct KeyEntry {
    var hash: UInt64
    /// Offset of its bytes in the input, or in ``keyBytes`` when `decoded`.
    var start: Int
    var length: Int
    var decoded: Bool
  }

  /// A scanner at the start of `bytes`, which must stay valid while it is used.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 encoded JSON text. A leading byte-order mark is rejected.
  ///   - options: the limits and file name ``JSONParser`` would use.
  package init(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParser.Options) {
    reader = JSONParser.Reader(buffer: bytes, options: options, pool: nil)
    maxDepth = options.maxDepth
    parents = UnsafeStack(capacity: 16)
    keys = UnsafeStack(capacity: 64)
    keyBytes = ByteBuffer(capacity: 256)
  }

  deinit {
    // `deinit` sees `self` as immutable; the copies share the memory they free.
    var reader = reader
    var parents = parents
    var keys = keys
    var keyBytes = keyBytes
    reader.deallocate()
    parents.deallocate()
    keys.deallocate()
    keyBytes.deallocate()
  }

  /// The byte offset of the cursor in the input.
  package var offset: Int { reader.position }

  /// The kind of the next value, after skipping whitespace; does not move past it.
  ///
  /// - Throws: ``JSONError`` when the input ends or no value can start here.
  @inline(__always)
  package mutating func peek() throws(JSONError) -> Kind {
    switch try valueStart() {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: throw reader.unexpectedValueStart()
    }
  }

  /// Checks that only whitespace follows the top-level value.
  ///
  /// - Throws: ``JSONError/Code/trailingContent`` at the first other byte.
  package mutating func end() throws(JSONError) {
    precondition(depth == 0, "JSONScanner.end() inside an open array or object")
    reader.skipWhitespace()
    if reader.position < reader.count {
      throw reader.error(
        .trailingContent,
        "unexpected content after the top-level value; a JSON text holds exactly one value"
          + reader.commentHint(at: reader.position))
    }
  }

  /// Skips whitespace before a value and returns its first byte, after checking the document's
  /// start the first time.
  @inline(__always)
  mutating func valueStart() throws(JSONError) -> UInt8 {
    if _slowPath(!started) { try checkDocumentStart() }
    reader.skipWhitespace()
    guard reader.position < reader.count else {
      throw reader.error(.unexpectedEnd, "expected a value, but the input ended")
    }
    return reader.buffer[reader.position]
  }

  /// The checks ``JSONParser`` makes before reading the first value, with its errors.
  @inline(never)
  mutating func checkDocumentStart() throws(JSONError) {
    started = true
    let buffer = reader.buffer
    if buffer.count > reader.options.maxDocumentBytes {
      throw reader.error(
        .tooLarge, JSONError.documentTooLargeMessage(limit: reader.options.maxDocumentBytes),
        at: 0)
    }
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      throw reader.error(
        .unexpectedCharacter,
        "the input starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; "
          + "save the file as UTF-8 without a BOM", at: 0)
    }
    if let encoding = reader.otherEncoding() {
      throw reader.error(
        .invalidUTF8,
        "the input is \(encoding), not UTF-8; JSON must be UTF-8: convert it "
          + "(e.g. iconv -f \(encoding.prefix { $0 != " " }) -t UTF-8)", at: 0)
    }
  }

  /// Traps: the caller asked for a kind of value that is not the next one.
  @inline(never)
  func wrongKind(_ wanted: StaticString) -> Never {
    preconditionFailure(
      "JSONScanner: \(wanted) at offset \(reader.position), which holds another kind of value; peek() first"
    )
  }
}
