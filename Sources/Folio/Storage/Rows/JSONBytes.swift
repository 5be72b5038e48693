import FolioJSON

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
  @inline(__always) static func string(
    _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, maxBytes: Int
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
        guard let length = utf8Sequence(b, q) else { return nil }
        q += length
      }
    }
    return nil
  }

  /// The length of the well-formed UTF-8 sequence at `q`, whose lead byte is ≥ 0x80 (Unicode
  /// Table 3-7: no overlong form, no surrogate, nothing above U+10FFFF), or `nil`.
  @inline(__always) static func utf8Sequence(_ b: UnsafeBufferPointer<UInt8>, _ q: Int) -> Int? {
    guard let (length, low, high) = JSONParser.utf8Lead(b[q]), q + length <= b.count else { return nil }
    let second = b[q + 1]
    guard second >= low, second <= high else { return nil }
    for i in 2..<length where b[q + i] & 0xC0 != 0x80 { return nil }
    return length
  }

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

  /// Reads the integer part of a number at `q`: `-` or not, then `0` or digits not starting
  /// with `0`. Returns the sign, the digits' value (accumulated with wrapping, as the parser
  /// does) and how many digits count towards the significand (none for a lone `0`); `nil`
  /// when no digit follows.
  @inline(__always) static func integerPart(_ b: UnsafeBufferPointer<UInt8>, _ q: inout Int)
    -> (negative: Bool, value: UInt64, digits: Int)?
  {
    let negative = q < b.count && b[q] == UInt8(ascii: "-")
    if negative { q += 1 }
    guard q < b.count else { return nil }
    if b[q] == UInt8(ascii: "0") {
      q += 1
      return (negative, 0, 0)
    }
    let digitStart = q
    var value: UInt64 = 0
    while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
      value = value &* 10 &+ UInt64(b[q] &- UInt8(ascii: "0"))
      q += 1
    }
    guard q > digitStart else { return nil }
    return (negative, value, q - digitStart)
  }

  /// The integer at `p` when it is written as plain digits (`-`, then `0` or up to 18 digits
  /// not starting with `0`) and ends there (no fraction or exponent); `nil` otherwise.
  @inline(__always) static func integer(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Int64? {
    var q = p
    guard let (negative, value, digits) = integerPart(b, &q), digits <= 18 else { return nil }
    // What follows must end the number: not a digit (a leading zero), a fraction or exponent.
    guard q < b.count else { return nil }
    let next = b[q]
    guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e")
    else { return nil }
    p = q
    return negative ? -Int64(value) : Int64(value)
  }

  /// The decimal at `p` when it has a fraction and no exponent (`-`, `0` or digits not starting
  /// with `0`, `.`, digits) and the parser computes it with one exact division (at most 19
  /// digits, a significand up to 2⁵³, at most 22 of them after the point): that quotient,
  /// correctly rounded, which is the parser's value. `nil` for anything else.
  @inline(__always) static func fraction(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Double? {
    var q = p
    guard let (negative, whole, wholeDigits) = integerPart(b, &q), q < b.count, b[q] == UInt8(ascii: ".")
    else { return nil }
    q += 1
    let fractionStart = q
    var mantissa = whole
    while q < b.count, b[q] &- UInt8(ascii: "0") < 10 {
      mantissa = mantissa &* 10 &+ UInt64(b[q] &- UInt8(ascii: "0"))
      q += 1
    }
    let fractionDigits = q - fractionStart
    guard fractionDigits > 0, fractionDigits <= 22, wholeDigits + fractionDigits <= 19, mantissa <= 1 << 53,
      q < b.count, b[q] | 0x20 != UInt8(ascii: "e")
    else { return nil }
    p = q
    let value = Double(mantissa) / JSONParser.exactPowersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// After a member of an object or an element of an array, at `p`: whether another follows
  /// (`,`, and `p` moves to it), or the container closes (`closing`, and `p` moves past it);
  /// `nil` for anything else, a trailing comma included (the next member is the caller's to
  /// check).
  @inline(__always) static func continues(
    _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, closing: UInt8
  ) -> Bool? {
    var q = skipSpace(b, p)
    guard q < b.count else { return nil }
    if b[q] == closing {
      p = q + 1
      return false
    }
    guard b[q] == UInt8(ascii: ",") else { return nil }
    q = skipSpace(b, q + 1)
    p = q
    return true
  }

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
