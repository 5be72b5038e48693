extension JSONParser.Reader {
  /// Parses a string value starting at its opening quote; leaves the cursor after the closing
  /// quote.
  ///
  /// Strings without escapes are validated in place and become a `String` in one copy; only
  /// strings with escapes are decoded through ``scratch``.
  @inline(__always) mutating func parseString() throws(JSONError) -> String {
    position += 1
    let start = position
    var isASCII = true
    guard try scanUnescaped(&isASCII) else { return try parseEscapedString(from: start) }
    let length = position - start
    try checkLength(length, start: start)
    position += 1
    if length > InlineString.capacity, length <= JSONParser.StringPool.maxLength, let pool {
      let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + start)
      return pool.string(raw, length) { makeString(start, length, isASCII: isASCII) }
    }
    return makeString(start, length, isASCII: isASCII)
  }

  /// Parses an object key, reusing the `String` of an earlier identical long key.
  ///
  /// - Returns: the key and its length in UTF-8 bytes, for duplicate checks.
  @inline(__always) mutating func parseKey() throws(JSONError) -> (key: String, length: Int) {
    position += 1
    let start = position
    var isASCII = true
    guard try scanUnescaped(&isASCII) else {
      let key = try parseEscapedString(from: start)
      return (key, scratch.count)
    }
    let length = position - start
    try checkLength(length, start: start)
    position += 1
    if length <= InlineString.capacity, buildsInlineStrings {
      return (makeString(start, length, isASCII: isASCII), length)
    }
    guard length <= KeyCache.maxKeyLength else {
      return (makeString(start, length, isASCII: isASCII), length)
    }
    let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + start)
    if let key = keyCache.string(raw, length, input: buffer) { return (key, length) }
    let key = makeString(start, length, isASCII: isASCII)
    keyCache.insert(key, raw, length, input: buffer)
    return (key, length)
  }

  /// The string of the `length` validated bytes at `start`.
  @inline(__always) func makeString(_ start: Int, _ length: Int, isASCII: Bool) -> String {
    let bytes = buffer.baseAddress.unsafelyUnwrapped + start
    if length <= InlineString.capacity, buildsInlineStrings {
      // The closing quote and at least one more byte follow a string inside a container, so
      // the 16-byte load is usually in bounds; near the end, load byte by byte.
      return start + 16 <= count
        ? InlineString.make(loading: UnsafeRawPointer(bytes), count: length, isASCII: isASCII)
        : InlineString.make(bytes: UnsafeRawPointer(bytes), count: length, isASCII: isASCII)
    }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  @inline(__always) mutating func checkLength(_ length: Int, start: Int) throws(JSONError) {
    if length > maxStringBytes {
      throw error(
        .tooLarge,
        "a string is longer than the limit of \(maxStringBytes) bytes; "
          + "raise JSONParser.Options.maxStringBytes", at: start - 1)
    }
  }

  /// Advances over string content without escapes, validating UTF-8 in place.
  ///
  /// - Returns: `true` at the closing quote, `false` at a backslash. Clears `isASCII` when a
  ///   byte above 0x7F was passed.
  @inline(__always) mutating func scanUnescaped(_ isASCII: inout Bool) throws(JSONError) -> Bool {
    let base = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
    while true {
      // Eight bytes at a time while none is a quote, backslash, control or non-ASCII byte.
      while position + 8 <= count {
        let x = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        let special =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((x &- ones &* 0x20) & ~x) | x
        let found = special & (ones &* 0x80)
        if found != 0 {
          // The lowest flagged byte is a real match (borrows only propagate upwards).
          position += found.trailingZeroBitCount >> 3
          break
        }
        position += 8
      }
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside a string; expected a closing '\"'")
      }
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") { return true }
      if byte == UInt8(ascii: "\\") { return false }
      if byte < 0x20 { throw controlCharacterError(byte) }
      if byte < 0x80 {
        position += 1
      } else {
        isASCII = false
        position += try validateUTF8Sequence()
      }
    }
  }

  @inline(never)
  func controlCharacterError(_ byte: UInt8) -> JSONError {
    error(
      .controlCharacter,
      "a raw control character (U+\(hex4(UInt32(byte)))) is not allowed inside a string; "
        + "escape it, e.g. as \\n, \\t or \\u\(hex4(UInt32(byte)).lowercased())")
  }

  /// The rest of a string that holds escapes, decoded into ``scratch``.
  @inline(never)
  mutating func parseEscapedString(from start: Int) throws(JSONError) -> String {
    try decodeEscapedString(from: start)
    return String(decoding: scratch, as: UTF8.self)
  }

  /// Decodes the rest of a string that holds escapes (from its content's `start`, the cursor at
  /// the first backslash) into ``scratch``, validating it; leaves the cursor after the closing
  /// quote. ``JSONScanner`` reads such strings' bytes from ``scratch`` without a `String`.
  @inline(__always)
  mutating func decodeEscapedString(from start: Int) throws(JSONError) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<position]))
    while true {
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside a string; expected a closing '\"'")
      }
      let byte = buffer[position]
      switch byte {
      case UInt8(ascii: "\""):
        try checkLength(position - start, start: start)
        position += 1
        return
      case UInt8(ascii: "\\"):
        try parseEscape()
      case 0..<0x20:
        throw controlCharacterError(byte)
      case 0x80...:
        let length = try validateUTF8Sequence()
        scratch.append(
          contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<(position + length)]))
        position += length
      default:
        scratch.append(byte)
        position += 1
      }
    }
  }

  /// Checks the multi-byte UTF-8 sequence at the cursor (Unicode Table 3-7) and returns its
  /// length, without moving the cursor.
  @inline(never)
  mutating func validateUTF8Sequence() throws(JSONError) -> Int {
    let lead = buffer[position]
    guard let (length, low, high) = JSONParser.utf8Lead(lead) else {
      switch lead {
      case 0x80...0xBF:
        throw error(
          .invalidUTF8, "the byte 0x\(hex2(lead)) is a UTF-8 continuation byte without a lead byte")
      case 0xC0, 0xC1:
        throw error(
          .invalidUTF8,
          "the byte 0x\(hex2(lead)) starts an overlong UTF-8 encoding, which is not allowed")
      default:
        throw error(.invalidUTF8, "the byte 0x\(hex2(lead)) never occurs in UTF-8")
      }
    }
    guard position + length <= count else {
      throw error(.invalidUTF8, "a UTF-8 sequence is cut off by the end of the input")
    }
    let second = buffer[position + 1]
    guard second >= low, second <= high else {
      let what: String
      switch (lead, second) {
      case (0xED, 0xA0...0xBF): what = "; it would encode a UTF-16 surrogate"
      case (0xE0, 0x80...0x9F), (0xF0, 0x80...0x8F): what = "; it would be an overlong encoding"
      case (0xF4, 0x90...0xBF): what = "; it would encode a value above U+10FFFF"
      default: what = ""
      }
      throw error(
        .invalidUTF8,
        "the byte 0x\(hex2(second)) is not valid after 0x\(hex2(lead)) in UTF-8\(what)",
        at: position + 1)
    }
    var i = 2
    while i < length {
      let byte = buffer[position + i]
      guard byte & 0xC0 == 0x80 else {
        throw error(
          .invalidUTF8,
          "the byte 0x\(hex2(byte)) is not a UTF-8 continuation byte; the sequence is cut short",
          at: position + i)
      }
      i += 1
    }
    return length
  }

  mutating func parseEscape() throws(JSONError) {
    let escapeStart = position
    position += 1
    guard position < count else {
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
        guard position + 1 < count, buffer[position] == UInt8(ascii: "\\"),
          buffer[position + 1] == UInt8(ascii: "u")
        else {
          throw error(
            .invalidSurrogate,
            "the high surrogate \\u\(hex4(scalar)) must be followed by a low surrogate escape (\\uDC00–\\uDFFF)",
            at: escapeStart)
        }
        position += 2
        let low = try readHex4(escapeStart: position - 2)
        guard low >= 0xDC00, low <= 0xDFFF else {
          throw error(
            .invalidSurrogate,
            "the high surrogate \\u\(hex4(scalar)) is followed by \\u\(hex4(low)), not by a low surrogate (\\uDC00–\\uDFFF)",
            at: escapeStart)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00, scalar <= 0xDFFF {
        throw error(
          .invalidSurrogate,
          "the low surrogate \\u\(hex4(scalar)) has no high surrogate (\\uD800–\\uDBFF) before it",
          at: escapeStart)
      }
      appendUTF8(scalar)
    default:
      // A printable character is quoted as written; any other byte is named by its value, since
      // quoting it would print it raw (or as a bare number that reads like part of the escape).
      let shown =
        byte >= 0x20 && byte < 0x7F
        ? "'\\\(String(UnicodeScalar(byte)))'" : "a backslash followed by byte 0x\(hex2(byte))"
      throw error(
        .invalidEscape,
        "\(shown) is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
        at: escapeStart)
    }
  }

  mutating func appendUTF8(_ v: UInt32) {
    switch v {
    case 0..<0x80: scratch.append(UInt8(v))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | v >> 6))
      scratch.append(UInt8(0x80 | v & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | v >> 12))
      scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | v & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | v >> 18))
      scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | v & 0x3F))
    }
  }

  mutating func readHex4(escapeStart: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside a \\u escape")
      }
      let byte = buffer[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
      default:
        throw error(
          .invalidEscape, "a \\u escape needs exactly four hexadecimal digits, e.g. \\u00e9",
          at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}

extension JSONParser {
  /// For a byte that leads a well-formed multi-byte UTF-8 sequence (Unicode Table 3-7): the
  /// sequence's length and the range its second byte must fall in (the others are `80…BF`);
  /// `nil` for any other byte. The parser's check and `Folio`'s byte readers share it.
  @inline(__always)
  package static func utf8Lead(_ lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
    switch lead {
    case 0xC2...0xDF: return (2, 0x80, 0xBF)
    case 0xE0: return (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF)
    case 0xED: return (3, 0x80, 0x9F)
    case 0xF0: return (4, 0x90, 0xBF)
    case 0xF1...0xF3: return (4, 0x80, 0xBF)
    case 0xF4: return (4, 0x80, 0x8F)
    default: return nil
    }
  }
}
