/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// Strict means: no comments, no trailing commas, no `NaN`/`Infinity`, no leading zeros, no raw
/// control characters in strings, well-formed UTF-8 and correctly paired surrogate escapes.
/// Integers that fit `Int64` stay exact; other numbers become `Double` when finite, else
/// ``JSONError/Code/numberOutOfRange``. A key repeated within one object is rejected with
/// ``JSONError/Code/duplicateKey`` (RFC 7493, I-JSON): a document store cannot guess which one was
/// meant. Nesting deeper than ``Options/maxDepth`` is an error, never a stack overflow.
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
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
      try parse(buffer: buffer, options: options)
    }
  }

  /// Parses one JSON text held in a `String`.
  public static func parse(_ text: String, options: Options = Options()) throws(JSONError)
    -> JSONValue
  {
    try parse(Array(text.utf8), options: options)
  }

  /// Parses one JSON text from raw memory the caller keeps alive for the call.
  public static func parse(buffer: UnsafeBufferPointer<UInt8>, options: Options = Options())
    throws(JSONError) -> JSONValue
  {
    var reader = Reader(buffer: buffer, options: options)
    reader.skipWhitespace()
    let value = try reader.parseValue(depth: 0)
    reader.skipWhitespace()
    if reader.position < buffer.count {
      throw reader.error(.trailingContent, "unexpected content after the top-level value")
    }
    return value
  }
}

extension JSONParser {
  /// The parsing state: a cursor over the input bytes.
  struct Reader {
    let buffer: UnsafeBufferPointer<UInt8>
    let options: Options
    var position = 0
    var scratch: [UInt8] = []

    init(buffer: UnsafeBufferPointer<UInt8>, options: Options) {
      self.buffer = buffer
      self.options = options
    }

    @inline(__always) var atEnd: Bool { position >= buffer.count }

    @inline(__always) mutating func skipWhitespace() {
      while position < buffer.count {
        switch buffer[position] {
        case 0x20, 0x0A, 0x0D, 0x09: position += 1
        default: return
        }
      }
    }

    func error(_ code: JSONError.Code, _ message: String, at offset: Int? = nil) -> JSONError {
      JSONError.located(
        code: code, message: message, offset: min(offset ?? position, buffer.count),
        in: buffer, file: options.file)
    }

    mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
      guard position < buffer.count else {
        throw error(.unexpectedEnd, "expected a value, but the input ended")
      }
      switch buffer[position] {
      case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
      case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
      case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
      case UInt8(ascii: "n"): try expectLiteral("null"); return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        throw error(.unexpectedCharacter, "expected a value before '\(Character(UnicodeScalar(buffer[position])))'")
      default:
        throw error(.unexpectedCharacter, "expected a value (object, array, string, number, true, false or null)")
      }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
      let start = position
      let count = literal.utf8CodeUnitCount
      var i = 0
      while i < count {
        guard position + i < buffer.count else {
          throw error(.unexpectedEnd, "the input ended inside '\(literal)'")
        }
        guard buffer[position + i] == literal.utf8Start[i] else {
          throw error(.unexpectedCharacter, "expected a value; did you mean '\(literal)'?", at: start)
        }
        i += 1
      }
      position += count
    }

    mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
      if depth > options.maxDepth {
        throw error(.nestingTooDeep, "arrays and objects nest deeper than the limit of \(options.maxDepth)")
      }
      position += 1  // [
      var elements: [JSONValue] = []
      skipWhitespace()
      if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try parseValue(depth: depth))
        skipWhitespace()
        guard position < buffer.count else {
          throw error(.unexpectedEnd, "the input ended inside an array; expected ',' or ']'")
        }
        let byte = buffer[position]
        if byte == UInt8(ascii: ",") {
          position += 1
          skipWhitespace()
          if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
            throw error(.trailingComma, "a trailing comma is not allowed before ']'")
          }
        } else if byte == UInt8(ascii: "]") {
          position += 1
          return .array(elements)
        } else {
          throw error(.expectedCommaOrBracket, "expected ',' or ']' after an array element")
        }
      }
    }

    mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
      if depth > options.maxDepth {
        throw error(.nestingTooDeep, "arrays and objects nest deeper than the limit of \(options.maxDepth)")
      }
      position += 1  // {
      var members: [JSONObject.Member] = []
      skipWhitespace()
      if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
        position += 1
        return .object(JSONObject(uniqueMembers: members))
      }
      while true {
        skipWhitespace()
        guard position < buffer.count else {
          throw error(.unexpectedEnd, "the input ended inside an object; expected a key")
        }
        guard buffer[position] == UInt8(ascii: "\"") else {
          throw error(.expectedKey, "expected a string key in double quotes")
        }
        let keyStart = position
        let key = try parseString()
        for member in members where member.key == key {
          throw error(.duplicateKey, "the key \"\(key)\" appears twice in one object", at: keyStart)
        }
        skipWhitespace()
        guard position < buffer.count else {
          throw error(.unexpectedEnd, "the input ended after a key; expected ':'")
        }
        guard buffer[position] == UInt8(ascii: ":") else {
          throw error(.expectedColon, "expected ':' after the key \"\(key)\"")
        }
        position += 1
        skipWhitespace()
        let value = try parseValue(depth: depth)
        members.append(JSONObject.Member(key: key, value: value))
        skipWhitespace()
        guard position < buffer.count else {
          throw error(.unexpectedEnd, "the input ended inside an object; expected ',' or '}'")
        }
        let byte = buffer[position]
        if byte == UInt8(ascii: ",") {
          position += 1
          skipWhitespace()
          if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
            throw error(.trailingComma, "a trailing comma is not allowed before '}'")
          }
        } else if byte == UInt8(ascii: "}") {
          position += 1
          return .object(JSONObject(uniqueMembers: members))
        } else {
          throw error(.expectedCommaOrBrace, "expected ',' or '}' after an object member")
        }
      }
    }

    mutating func parseNumber() throws(JSONError) -> JSONValue {
      let start = position
      var negative = false
      if buffer[position] == UInt8(ascii: "-") {
        negative = true
        position += 1
      }
      guard position < buffer.count else {
        throw error(.unexpectedEnd, "the input ended inside a number")
      }
      var isInteger = true
      let intStart = position
      if buffer[position] == UInt8(ascii: "0") {
        position += 1
        if position < buffer.count, isDigit(buffer[position]) {
          throw error(.invalidNumber, "a number must not have a leading zero", at: start)
        }
      } else if isDigit(buffer[position]) {
        while position < buffer.count, isDigit(buffer[position]) { position += 1 }
      } else {
        throw error(.invalidNumber, "expected a digit after '-'")
      }
      let intEnd = position
      if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
        isInteger = false
        position += 1
        guard position < buffer.count, isDigit(buffer[position]) else {
          throw error(.invalidNumber, "expected a digit after the decimal point")
        }
        while position < buffer.count, isDigit(buffer[position]) { position += 1 }
      }
      if position < buffer.count, buffer[position] | 0x20 == UInt8(ascii: "e") {
        isInteger = false
        position += 1
        if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
          position += 1
        }
        guard position < buffer.count, isDigit(buffer[position]) else {
          throw error(.invalidNumber, "expected a digit in the exponent")
        }
        while position < buffer.count, isDigit(buffer[position]) { position += 1 }
      }
      if isInteger, intEnd - intStart <= 19 {
        var magnitude: UInt64 = 0
        for i in intStart..<intEnd { magnitude = magnitude &* 10 &+ UInt64(buffer[i] &- 48) }
        if negative, magnitude <= UInt64(Int64.max) + 1 {
          return .int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        if !negative, magnitude <= UInt64(Int64.max) { return .int(Int64(magnitude)) }
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
      guard let double = Double(text), double.isFinite else {
        throw error(.numberOutOfRange, "the number \(text.prefix(40)) is too large to represent", at: start)
      }
      return .double(double)
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

    /// Parses a string starting at the opening quote; leaves the cursor after the closing quote.
    mutating func parseString() throws(JSONError) -> String {
      position += 1  // opening quote
      let start = position
      // Fast path: plain ASCII without escapes.
      while position < buffer.count {
        let byte = buffer[position]
        if byte == UInt8(ascii: "\"") {
          let s = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
          position += 1
          return s
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
        position += 1
      }
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<position]))
      while true {
        guard position < buffer.count else {
          throw error(.unexpectedEnd, "the input ended inside a string; expected a closing '\"'")
        }
        if position - start > options.maxStringBytes {
          throw error(.tooLarge, "a string is longer than the limit of \(options.maxStringBytes) bytes", at: start)
        }
        let byte = buffer[position]
        switch byte {
        case UInt8(ascii: "\""):
          position += 1
          return String(decoding: scratch, as: UTF8.self)
        case UInt8(ascii: "\\"):
          try parseEscape()
        case 0..<0x20:
          throw error(.controlCharacter, "a raw control character (U+\(hex4(UInt32(byte)))) must be escaped inside a string")
        case 0x80...:
          try copyUTF8Sequence()
        default:
          scratch.append(byte)
          position += 1
        }
      }
    }

    mutating func copyUTF8Sequence() throws(JSONError) {
      let lead = buffer[position]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: throw error(.invalidUTF8, "the byte 0x\(hex2(lead)) is not valid UTF-8")
      }
      guard position + length <= buffer.count else {
        throw error(.invalidUTF8, "a UTF-8 sequence is cut off by the end of the input")
      }
      let second = buffer[position + 1]
      guard second >= low, second <= high else {
        throw error(.invalidUTF8, "the byte 0x\(hex2(second)) is not valid UTF-8 here", at: position + 1)
      }
      var i = 2
      while i < length {
        let byte = buffer[position + i]
        guard byte & 0xC0 == 0x80 else {
          throw error(.invalidUTF8, "the byte 0x\(hex2(byte)) is not valid UTF-8 here", at: position + i)
        }
        i += 1
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<(position + length)]))
      position += length
    }

    mutating func parseEscape() throws(JSONError) {
      let escapeStart = position
      position += 1
      guard position < buffer.count else {
        throw error(.unexpectedEnd, "the input ended inside an escape sequence")
      }
      let byte = buffer[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""): scratch.append(0x22)
      case UInt8(ascii: "\\"): scratch.append(0x5C)
      case UInt8(ascii: "/"): scratch.append(0x2F)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4(escapeStart: escapeStart)
        if scalar >= 0xD800, scalar <= 0xDBFF {
          guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"),
            buffer[position + 1] == UInt8(ascii: "u")
          else {
            throw error(.invalidSurrogate, "the high surrogate \\u\(hex4(scalar)) must be followed by a low surrogate escape", at: escapeStart)
          }
          position += 2
          let low = try readHex4(escapeStart: position - 2)
          guard low >= 0xDC00, low <= 0xDFFF else {
            throw error(.invalidSurrogate, "the high surrogate \\u\(hex4(scalar)) is followed by \\u\(hex4(low)), not a low surrogate", at: escapeStart)
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if scalar >= 0xDC00, scalar <= 0xDFFF {
          throw error(.invalidSurrogate, "the low surrogate \\u\(hex4(scalar)) has no high surrogate before it", at: escapeStart)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
          throw error(.invalidEscape, "\\u\(hex4(scalar)) is not a Unicode scalar", at: escapeStart)
        }
        appendUTF8(unicode.value)
      default:
        throw error(.invalidEscape, "'\\\(Character(UnicodeScalar(byte)))' is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart)
      }
    }

    mutating func appendUTF8(_ v: UInt32) {
      switch v {
      case 0..<0x80: scratch.append(UInt8(v))
      case 0x80..<0x800:
        scratch.append(UInt8(0xC0 | v >> 6)); scratch.append(UInt8(0x80 | v & 0x3F))
      case 0x800..<0x10000:
        scratch.append(UInt8(0xE0 | v >> 12)); scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
        scratch.append(UInt8(0x80 | v & 0x3F))
      default:
        scratch.append(UInt8(0xF0 | v >> 18)); scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
        scratch.append(UInt8(0x80 | v >> 6 & 0x3F)); scratch.append(UInt8(0x80 | v & 0x3F))
      }
    }

    mutating func readHex4(escapeStart: Int) throws(JSONError) -> UInt32 {
      guard position + 4 <= buffer.count else {
        throw error(.unexpectedEnd, "the input ended inside a \\u escape")
      }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = buffer[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
        default: throw error(.invalidEscape, "a \\u escape needs four hexadecimal digits", at: escapeStart)
        }
        value = value << 4 | UInt32(digit)
        position += 1
      }
      return value
    }
  }
}

func hex2(_ byte: UInt8) -> String {
  let s = String(byte, radix: 16, uppercase: true)
  return s.count == 1 ? "0" + s : s
}

func hex4(_ value: UInt32) -> String {
  let s = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

extension JSONError {
  /// Builds an error at `offset`, computing line, column and the source line from the input.
  static func located(
    code: Code, message: String, offset: Int, in buffer: UnsafeBufferPointer<UInt8>, file: String?
  ) -> JSONError {
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset {
      if buffer[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    var lineEnd = lineStart
    while lineEnd < buffer.count, buffer[lineEnd] != 0x0A, lineEnd - lineStart < 200 { lineEnd += 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), as: UTF8.self)
    return JSONError(
      code: code, message: message, offset: offset, line: line, column: offset - lineStart + 1,
      sourceLine: text, file: file)
  }
}
