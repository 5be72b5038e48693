/// The pieces of JSON the readers' fast paths read from bytes themselves (``PayloadRowReader``
/// for payload items, ``StoredRowReader`` for shard files): whitespace, strings without
/// escapes, plain integers, short decimals and literals.
///
/// Each function accepts a subset of what ``JSONParser`` accepts and reads it to the same
/// value, and returns `nil` (or `false`) for anything else, without judging it: the caller then
/// reads that value, or the whole text, with `JSONScanner`, which accepts and rejects exactly
/// what the parser does. A fast path built on these is never a second grammar.
enum JSONBytes {
  /// The first offset from `p` that is not JSON whitespace, or the end.
  @inline(__always) static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) -> Int {
    var q = p
    // Most calls stand before a byte above the space, which no whitespace is: one test.
    guard q < b.count, b[q] <= 0x20 else { return q }
    while q < b.count {
      switch b[q] {
      case 0x20, 0x0A, 0x0D, 0x09: q += 1
      default: return q
      }
    }
    return q
  }

  /// Passes over the string at `p` (its opening quote) and returns where its bytes start and
  /// end, when it has no escape or control character, its UTF-8 is valid (Unicode Table 3-7,
  /// as the parser checks it) and it is at most `maxBytes` long; `nil` otherwise, leaving `p`.
  /// With `ascii`, any byte ≥ 0x80 gives `nil` too.
  @inline(__always) static func string(
    _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, maxBytes: Int, ascii: Bool = false
  ) -> (Int, Int)? {
    guard p < b.count, b[p] == UInt8(ascii: "\"") else { return nil }
    let start = p + 1
    var q = start
    // Eight bytes at a time while none of them ends the run (callgrind: byte by byte, the
    // strings' bytes were a third of the payload reader's instructions).
    if let base = b.baseAddress {
      while q + 8 <= b.count {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + q).loadUnaligned(as: UInt64.self))
        let special = specialBytes(word)
        if special != 0 {
          // Straight to the first byte that ends the run (usually the closing quote).
          q += special.trailingZeroBitCount >> 3
          break
        }
        q += 8
      }
    }
    while q < b.count {
      let byte = b[q]
      if byte == UInt8(ascii: "\"") {
        guard q - start <= maxBytes else { return nil }
        p = q + 1
        return (start, q)
      }
      if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
      if byte < 0x80 {
        q += 1
      } else {
        guard !ascii, let length = utf8Sequence(b, q) else { return nil }
        q += length
      }
    }
    return nil
  }

  /// The length of the well-formed UTF-8 sequence at `q`, whose lead byte is ≥ 0x80 (Unicode
  /// Table 3-7: no overlong form, no surrogate, nothing above U+10FFFF), or `nil`.
  @inline(__always) static func utf8Sequence(_ b: UnsafeBufferPointer<UInt8>, _ q: Int) -> Int? {
    let lead = b[q]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xED:
      length = 3
      high = 0x9F
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF4:
      length = 4
      high = 0x8F
    case 0xF1...0xF3: length = 4
    default: return nil
    }
    guard q + length <= b.count else { return nil }
    let second = b[q + 1]
    guard second >= low, second <= high else { return nil }
    for i in 2..<length where b[q + i] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Whether any of the eight bytes of `word` may be a quote, a backslash, a control character
  /// or a non-ASCII byte (never `false` for one; sometimes `true` for none, after one below
  /// 0x20 borrows).
  @inline(__always) static func mayEndString(_ word: UInt64) -> Bool { specialBytes(word) != 0 }

  /// The high bit of each byte of `word` (little-endian: byte *n* is bits 8*n*…8*n*+7) that may
  /// be a quote, a backslash, a control character or a non-ASCII byte. The lowest bit set is
  /// exact: a byte is marked wrongly only above a byte that is marked rightly, because the
  /// subtractions borrow upwards only.
  @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control | word) & high
  }

  /// The integer at `p` when it is written as plain digits (`-`, then `0` or up to 18 digits
  /// not starting with `0`) and ends there (no fraction or exponent); `nil` otherwise.
  @inline(__always) static func integer(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Int64? {
    var q = p
    let negative = q < b.count && b[q] == UInt8(ascii: "-")
    if negative { q += 1 }
    guard q < b.count else { return nil }
    var value: Int64 = 0
    if b[q] == UInt8(ascii: "0") {
      q += 1
    } else {
      let digitStart = q
      while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
        value = value &* 10 &+ Int64(b[q] &- UInt8(ascii: "0"))
        q += 1
      }
      guard q > digitStart, q - digitStart <= 18 else { return nil }
    }
    // What follows must end the number: not a digit (a leading zero), a fraction or exponent.
    guard q < b.count else { return nil }
    let next = b[q]
    guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e")
    else { return nil }
    p = q
    return negative ? -value : value
  }

  /// The decimal at `p` when it has a fraction and no exponent (`-`, `0` or digits not starting
  /// with `0`, `.`, digits) and the parser computes it with one exact division (at most 19
  /// digits, a significand up to 2⁵³, at most 22 of them after the point): that quotient,
  /// correctly rounded, which is the parser's value. `nil` for anything else.
  @inline(__always) static func fraction(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Double? {
    var q = p
    let negative = q < b.count && b[q] == UInt8(ascii: "-")
    if negative { q += 1 }
    guard q < b.count else { return nil }
    var mantissa: UInt64 = 0
    var digits = 0
    if b[q] == UInt8(ascii: "0") {
      q += 1
    } else {
      let digitStart = q
      while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
        mantissa = mantissa &* 10 &+ UInt64(b[q] &- UInt8(ascii: "0"))
        q += 1
      }
      guard q > digitStart else { return nil }
      digits = q - digitStart
    }
    guard q < b.count, b[q] == UInt8(ascii: ".") else { return nil }
    q += 1
    let fractionStart = q
    while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
      mantissa = mantissa &* 10 &+ UInt64(b[q] &- UInt8(ascii: "0"))
      q += 1
    }
    let fractionDigits = q - fractionStart
    digits += fractionDigits
    guard fractionDigits > 0, fractionDigits <= 22, digits <= 19, mantissa <= 1 << 53,
      q < b.count, b[q] | 0x20 != UInt8(ascii: "e")
    else { return nil }
    p = q
    let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// 1e0 … 1e22, each exact as a `Double`.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads `true` or `false` at `p`; `nil` for anything else, leaving `p`.
  @inline(__always) static func bool(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool? {
    if literal(b, p, "true") {
      p += 4
      return true
    }
    if literal(b, p, "false") {
      p += 5
      return false
    }
    return nil
  }

  /// Whether `b` holds `text` at `p`.
  @inline(__always) static func literal(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard p + count <= b.count else { return false }
    let bytes = text.utf8Start
    for i in 0..<count where b[p + i] != bytes[i] { return false }
    return true
  }
}
