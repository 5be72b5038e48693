extension JSONScanner {
  /// Reads a string value and hands its decoded, validated UTF-8 bytes to `body`.
  ///
  /// A string without escapes is handed over where it lies in the input (no copy); one with
  /// escapes is decoded into a buffer the scanner owns. The bytes are valid only inside `body`.
  ///
  /// ```swift
  /// let count = try scanner.readString { $0.count }  // for "héllo": 6
  /// ```
  ///
  /// - Returns: what `body` returns.
  /// - Throws: ``JSONError`` for an unterminated string, a control character, a bad escape or
  ///   surrogate, invalid UTF-8, or a string longer than ``JSONParser/Options/maxStringBytes``.
  @inline(__always)
  package mutating func readString<R>(_ body: (UnsafeRawBufferPointer) -> R) throws(JSONError)
    -> R
  {
    guard try valueStart() == UInt8(ascii: "\"") else { wrongKind("readString()") }
    reader.position += 1
    let start = reader.position
    var isASCII = true
    guard try reader.scanUnescaped(&isASCII) else {
      try reader.decodeEscapedString(from: start)
      return reader.scratch.withUnsafeBytes { body($0) }
    }
    let length = reader.position - start
    try reader.checkLength(length, start: start)
    reader.position += 1
    return body(
      UnsafeRawBufferPointer(
        rebasing: UnsafeRawBufferPointer(reader.buffer)[start..<(start + length)]))
  }

  /// Validates and passes over a string at the cursor (its opening quote).
  @inline(__always)
  mutating func skipString() throws(JSONError) {
    reader.position += 1
    let start = reader.position
    var isASCII = true
    guard try reader.scanUnescaped(&isASCII) else {
      try decodeEscapedString(from: start)
      return
    }
    try reader.checkLength(reader.position - start, start: start)
    reader.position += 1
  }

  /// ``JSONParser/Reader/decodeEscapedString(from:)``, kept out of line.
  @inline(never)
  mutating func decodeEscapedString(from start: Int) throws(JSONError) {
    try reader.decodeEscapedString(from: start)
  }

  /// Reads a number value exactly as ``JSONParser`` does.
  ///
  /// ```swift
  /// try scanner.readNumber()  // for -0: .int(0); for 1.5: .double(1.5)
  /// ```
  ///
  /// - Throws: ``JSONError/Code/invalidNumber`` for a malformed number,
  ///   ``JSONError/Code/numberOutOfRange`` for one too large to be a finite `Double`.
  @inline(__always)
  package mutating func readNumber() throws(JSONError) -> Number {
    let byte = try valueStart()
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      wrongKind("readNumber()")
    }
    switch try reader.parseNumber() {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    default: preconditionFailure("the parser's number reader returned a non-number")
    }
  }

  /// Reads the next value if it is an integer that fits `Int64` (``Number/int(_:)``);
  /// otherwise leaves the cursor before it and returns `nil`, so the caller can read it another
  /// way.
  ///
  /// ```swift
  /// try scanner.readInt64IfInteger()  // for 42: 42; for 4.2 or "42": nil, not consumed
  /// ```
  ///
  /// - Throws: ``JSONError`` for a malformed or out-of-range number.
  @inline(__always)
  package mutating func readInt64IfInteger() throws(JSONError) -> Int64? {
    let byte = try valueStart()
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else { return nil }
    // Fast path: 1 to 18 digits, no leading zero, then a byte that cannot continue a number.
    let base = reader.buffer.baseAddress.unsafelyUnwrapped
    let count = reader.count
    let start = reader.position
    let negative = byte == UInt8(ascii: "-")
    var p = negative ? start + 1 : start
    if p < count, base[p] &- UInt8(ascii: "1") < 9 {
      let digitStart = p
      var value = UInt64(base[p] &- UInt8(ascii: "0"))
      p += 1
      while p < count {
        let d = base[p] &- UInt8(ascii: "0")
        if d >= 10 { break }
        value = value &* 10 &+ UInt64(d)
        p += 1
      }
      // At the end of the input, the general path below reads it.
      if p - digitStart <= 18, p < count {
        let next = base[p]
        if next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
          reader.position = p
          let magnitude = Int64(value)
          return negative ? -magnitude : magnitude
        }
        // A fraction or an exponent: not an integer, read it another way.
        if next == UInt8(ascii: "."), p + 1 < count, base[p + 1] &- UInt8(ascii: "0") < 10 {
          return nil
        }
      }
    }
    if case .int(let value) = try reader.parseNumber() { return value }
    reader.position = start
    return nil
  }

  /// Reads `true` or `false`.
  ///
  /// - Throws: ``JSONError`` for a misspelt or cut literal.
  @inline(__always)
  package mutating func readBool() throws(JSONError) -> Bool {
    switch try valueStart() {
    case UInt8(ascii: "t"):
      try reader.expectLiteral("true", word: 0x6575_7274)
      return true
    case UInt8(ascii: "f"):
      try reader.expectLiteral("false", word: 0x736C_6166)
      return false
    default: wrongKind("readBool()")
    }
  }

  /// Reads `null`.
  ///
  /// - Throws: ``JSONError`` for a misspelt or cut literal.
  @inline(__always)
  package mutating func readNull() throws(JSONError) {
    guard try valueStart() == UInt8(ascii: "n") else { wrongKind("readNull()") }
    try reader.expectLiteral("null", word: 0x6C6C_756E)
  }
}
