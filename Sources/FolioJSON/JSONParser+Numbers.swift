extension JSONParser {
  /// Exact powers of ten representable as `Double`: 1e0 … 1e22 (Clinger's fast path, here and
  /// in `Folio`'s byte readers).
  package static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}

extension JSONParser.Reader {

  @inline(__always) mutating func digit(at offset: Int) -> UInt8? {
    guard offset < count else { return nil }
    let d = buffer[offset] &- UInt8(ascii: "0")
    return d < 10 ? d : nil
  }

  /// Accumulates the decimal digits from the cursor into `mantissa` (wrapping on overflow; the
  /// caller counts digits) and returns the offset after the last one. Does not move the cursor.
  @inline(__always) func readDigits(into mantissa: inout UInt64) -> Int {
    let base = buffer.baseAddress.unsafelyUnwrapped
    var offset = position
    var value = mantissa
    while offset < count {
      let d = base[offset] &- UInt8(ascii: "0")
      if d >= 10 { break }
      value = value &* 10 &+ UInt64(d)
      offset += 1
    }
    mantissa = value
    return offset
  }

  /// Parses a number at the cursor, validating the RFC 8259 grammar.
  ///
  /// Integers of up to 19 digits that fit `Int64` are accumulated directly. Decimals whose digits
  /// fit in 53 bits and whose decimal exponent is within ±22 are computed with one correctly
  /// rounded multiplication or division (Clinger's fast path); every other number goes through
  /// the standard library's correctly rounded conversion.
  mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = position
    var negative = false
    if buffer[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside a number; expected a digit after '-'")
      }
    }
    var mantissa: UInt64 = 0
    var digitCount = 0
    if buffer[position] == UInt8(ascii: "0") {
      position += 1
      if digit(at: position) != nil {
        throw error(
          .invalidNumber, "a number must not have a leading zero; write 7, not 07", at: start)
      }
    } else if digit(at: position) != nil {
      let end = readDigits(into: &mantissa)
      digitCount = end - position
      position = end
    } else {
      throw error(.invalidNumber, "expected a digit after '-'")
    }
    var isInteger = true
    var exponent = 0
    if position < count, buffer[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      let fractionStart = position
      position = readDigits(into: &mantissa)
      guard position > fractionStart else {
        throw error(.invalidNumber, "expected a digit after the decimal point; write 1.0, not 1.")
      }
      digitCount += position - fractionStart
      exponent = fractionStart - position
    }
    if position < count, buffer[position] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      position += 1
      var exponentNegative = false
      if position < count,
        buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-")
      {
        exponentNegative = buffer[position] == UInt8(ascii: "-")
        position += 1
      }
      guard digit(at: position) != nil else {
        throw error(.invalidNumber, "expected a digit in the exponent; write 1e5 or 1e-5")
      }
      var value = 0
      while let d = digit(at: position) {
        if value < 1_000_000 { value = value * 10 + Int(d) }
        position += 1
      }
      exponent += exponentNegative ? -value : value
    }
    if isInteger {
      if digitCount <= 18 {
        let magnitude = Int64(mantissa)
        return .int(negative ? -magnitude : magnitude)
      }
      if digitCount == 19 {
        if negative, mantissa <= UInt64(Int64.max) + 1 {
          return .int(Int64(truncatingIfNeeded: 0 &- mantissa))
        }
        if !negative, mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
      }
    } else if digitCount <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= JSONParser.exactPowersOfTen[-exponent]
      } else {
        value *= JSONParser.exactPowersOfTen[exponent]
      }
      return .double(negative ? -value : value)
    }
    return try parseDoubleSlowly(from: start)
  }

  /// Converts the already validated number text from `start` to the cursor with the standard
  /// library's correctly rounded conversion.
  @inline(never)
  mutating func parseDoubleSlowly(from start: Int) throws(JSONError) -> JSONValue {
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error(
        .numberOutOfRange,
        "the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too large for a 64-bit "
          + "floating-point value", at: start)
    }
    return .double(value)
  }
}
