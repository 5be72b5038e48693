/// Parsing and formatting of the ISO-8601 instants `isoDate` attributes hold, done on UTF-8 bytes.
///
/// Folio never uses `DateFormatter` for dates: it is slow and depends on the locale. Instants are
/// counted in whole milliseconds since 1970-01-01T00:00:00Z; digits below a millisecond are
/// truncated. The canonical text is UTC with exactly three fraction digits, so canonical strings
/// sort in the same order as their instants.
///
/// ```swift
/// ISODate.milliseconds(from: "2014-07-06T09:59:00.5+02:00")   // 1404633540500
/// ISODate.string(fromMilliseconds: 1404633540500)             // "2014-07-06T07:59:00.500Z"
/// ISODate.milliseconds(from: "2014-07-06")                     // nil (strict)
/// ISODate.milliseconds(from: "2014-07-06", formats: .dateOnly) // 1404604800000
/// ```
public enum ISODate {
  /// The earliest instant with a four-digit year: 0000-01-01T00:00:00.000Z.
  public static let minimumMilliseconds: Int64 = -62_167_219_200_000
  /// The latest instant with a four-digit year: 9999-12-31T23:59:59.999Z.
  public static let maximumMilliseconds: Int64 = 253_402_300_799_999

  /// The instant a date string denotes, in milliseconds since the Unix epoch, or `nil` when the
  /// string is not one of the accepted forms.
  ///
  /// Strict form: `yyyy-MM-ddTHH:mm:ss`, then optionally `.` and 1–9 fraction digits, then a
  /// zone of `Z`, `±HH:MM`, `±HHMM` or `±HH` (uppercase `T` and `Z` only). `formats` adds the
  /// lenient text forms (date only, no zone, space separator); the numeric forms are handled by
  /// ``Attribute/coerce(_:schemaDateFormats:)``.
  ///
  /// - Parameters:
  ///   - string: The text to parse.
  ///   - formats: Lenient forms to accept besides the strict one.
  /// - Returns: Milliseconds since 1970-01-01T00:00:00Z, or `nil`.
  /// - Complexity: O(*n*) in the length of `string` (at most 40 bytes are examined).
  public static func milliseconds(from string: String, formats: DateFormats = .strict) -> Int64? {
    var string = string
    return string.withUTF8 { parse($0, formats: formats) }
  }

  /// The canonical text of an instant: UTC, `yyyy-MM-ddTHH:mm:ss.SSSZ`; `nil` outside the years
  /// 0000–9999.
  ///
  /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z.
  /// - Returns: e.g. `"2014-07-06T07:59:00.000Z"`.
  public static func string(fromMilliseconds milliseconds: Int64) -> String? {
    guard milliseconds >= minimumMilliseconds, milliseconds <= maximumMilliseconds else {
      return nil
    }
    // Written straight into the string's storage: this runs once per date of every synced item.
    return String(unsafeUninitializedCapacity: 24) { out in
      guard let base = out.baseAddress else { return 0 }
      writeCanonical(milliseconds: milliseconds, to: base)
      return 24
    }
  }

  /// Writes the 24 bytes of the canonical text of an instant (``string(fromMilliseconds:)``) to
  /// `out`: the shard writer on rows writes a date column's milliseconds this way, with no
  /// string in between.
  ///
  /// - Precondition: `milliseconds` is within ``minimumMilliseconds``...``maximumMilliseconds``.
  @inline(__always)
  static func writeCanonical(milliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) {
    let msPerDay: Int64 = 86_400_000
    var days = milliseconds / msPerDay
    var rest = milliseconds % msPerDay
    if rest < 0 {
      rest += msPerDay
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    let hour = rest / 3_600_000
    let minute = rest / 60_000 % 60
    let second = rest / 1000 % 60
    let milli = rest % 1000
    // Two digits at a time from a table: a digit loop of divisions cost about 450 instructions
    // a date when shards are written from rows (callgrind).
    let pairs: StaticString =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    let table = pairs.utf8Start
    @inline(__always) func two(_ value: Int64, at i: Int) {
      let pair = Int(truncatingIfNeeded: value) &* 2
      out[i] = table[pair]
      out[i + 1] = table[pair + 1]
    }
    two(year / 100, at: 0)
    two(year % 100, at: 2)
    out[4] = 0x2D
    two(month, at: 5)
    out[7] = 0x2D
    two(day, at: 8)
    out[10] = 0x54
    two(hour, at: 11)
    out[13] = 0x3A
    two(minute, at: 14)
    out[16] = 0x3A
    two(second, at: 17)
    out[19] = 0x2E
    out[20] = UInt8(truncatingIfNeeded: milli / 100) &+ 0x30
    two(milli % 100, at: 21)
    out[23] = 0x5A
  }

  /// The canonical text of `string` when it is a strict UTC instant on a whole second without
  /// fraction digits (`2021-04-01T03:33:17Z` → `2021-04-01T03:33:17.000Z`), else `nil`.
  ///
  /// The common form of dates in API payloads, converted by copying its bytes rather than
  /// through milliseconds and back (callgrind: 1,770 → about 700 instructions per date).
  ///
  /// - Complexity: O(1); at most 20 bytes are examined.
  static func canonicalWholeSecond(_ string: String) -> String? {
    var string = string
    return string.withUTF8 { bytes -> String? in
      guard isWholeSecondUTC(bytes) else { return nil }
      return String(unsafeUninitializedCapacity: 24) { out in
        for i in 0..<19 { out[i] = bytes[i] }
        out[19] = 0x2E
        out[20] = 0x30
        out[21] = 0x30
        out[22] = 0x30
        out[23] = 0x5A
        return 24
      }
    }
  }

  /// Whether `incoming` names the instant of the canonical text `canonical` in one of two
  /// spellings settled by bytes alone: `canonical` itself, or — when it falls on a whole second —
  /// the same text without `.000` (`2021-04-01T03:33:17Z` for `2021-04-01T03:33:17.000Z`).
  /// `false` means only "not one of these two", not a different instant.
  ///
  /// Lets a sync recognise an unchanged date without parsing both (callgrind: 1,200 instructions
  /// per unchanged date).
  ///
  /// - Complexity: O(1); at most 24 bytes are compared.
  static func namesSameInstant(_ incoming: String, canonical: String) -> Bool {
    // Read in place: `withUTF8` needs a mutable copy of each string (a retain and a release of
    // both per date compared).
    let same = incoming.utf8.withContiguousStorageIfAvailable { a in
      canonical.utf8.withContiguousStorageIfAvailable { c in namesSameInstant(a, canonical: c) }
    }
    if let same, let same { return same }
    return Array(incoming.utf8).withUnsafeBufferPointer { a in
      Array(canonical.utf8).withUnsafeBufferPointer { c in namesSameInstant(a, canonical: c) }
    }
  }

  /// ``namesSameInstant(_:canonical:)`` against the canonical text of `milliseconds` (a date
  /// column's word, Design/0005), written on the stack instead of into a string.
  ///
  /// - Parameter shortForm: Whether the spelling without `.000` counts; `false` asks for the
  ///   canonical text exactly, as comparing the decoded strings would.
  static func namesSameInstant(_ incoming: String, milliseconds: Int64, shortForm: Bool = true) -> Bool {
    guard milliseconds >= minimumMilliseconds, milliseconds <= maximumMilliseconds else { return false }
    var canonical: (UInt64, UInt64, UInt64) = (0, 0, 0)
    return withUnsafeMutableBytes(of: &canonical) { raw in
      let c = raw.bindMemory(to: UInt8.self)
      guard let base = c.baseAddress else { return false }
      writeCanonical(milliseconds: milliseconds, to: base)
      let text = UnsafeBufferPointer(rebasing: c[0..<24])
      let same = incoming.utf8.withContiguousStorageIfAvailable { a in
        shortForm ? namesSameInstant(a, canonical: text) : a.elementsEqual(text)
      }
      if let same { return same }
      return Array(incoming.utf8).withUnsafeBufferPointer { a in
        shortForm ? namesSameInstant(a, canonical: text) : a.elementsEqual(text)
      }
    }
  }

  /// ``namesSameInstant(_:canonical:)`` of two spellings' UTF-8 bytes.
  private static func namesSameInstant(
    _ a: UnsafeBufferPointer<UInt8>, canonical c: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard c.count == 24 else { return false }
    if a.count == 24 { return a.elementsEqual(c) }
    guard a.count == 20, a[19] == 0x5A, c[19] == 0x2E, c[20] == 0x30, c[21] == 0x30, c[22] == 0x30
    else { return false }
    for i in 0..<19 where a[i] != c[i] { return false }
    return true
  }

  /// Whether `string` is already the canonical text of an instant.
  ///
  /// - Complexity: O(1); at most 24 bytes are examined.
  public static func isCanonical(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { b in
      // The fixed layout `yyyy-MM-ddTHH:mm:ss.SSSZ`, checked byte by byte, then the ranges;
      // no arithmetic on the instant (opening a store checks every stored date this way).
      guard b.count == 24, b[19] == 0x2E, b[20] &- 0x30 < 10, b[21] &- 0x30 < 10, b[22] &- 0x30 < 10,
        b[23] == 0x5A
      else { return false }
      return hasValidFields(b)
    }
  }

  /// The instant of canonical text given as bytes (what ``isCanonical(_:)`` accepts), in
  /// milliseconds since 1970, or `nil` for any other bytes. Reading a stored date this way
  /// makes no string (a shard file's dates go straight into a row, Design/0005).
  static func milliseconds(canonical b: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard b.count == 24, b[19] == 0x2E, b[20] &- 0x30 < 10, b[21] &- 0x30 < 10, b[22] &- 0x30 < 10,
      b[23] == 0x5A, hasValidFields(b)
    else { return nil }
    func digits(_ start: Int, _ count: Int) -> Int64 {
      var value: Int64 = 0
      for i in start..<start + count { value = value * 10 + Int64(b[i] &- 0x30) }
      return value
    }
    let days = self.days(fromCivil: digits(0, 4), digits(5, 2), digits(8, 2))
    let seconds = days * 86_400 + digits(11, 2) * 3_600 + digits(14, 2) * 60 + digits(17, 2)
    return seconds * 1000 + digits(20, 3)
  }

  /// Whether `b` is `yyyy-MM-ddTHH:mm:ssZ` with every field in range: what
  /// `parse(b, formats: .strict)` accepts in 20 bytes, without computing the instant.
  static func isWholeSecondUTC(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    b.count == 20 && b[19] == 0x5A && hasValidFields(b)
  }

  /// Whether the first 19 bytes of `b` (at least 19) are `yyyy-MM-ddTHH:mm:ss` with every field
  /// in range (any four-digit year is within the supported range).
  @inline(__always) private static func hasValidFields(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A else { return false }
    for i in 0..<19 where i != 4 && i != 7 && i != 10 && i != 13 && i != 16 {
      if b[i] &- 0x30 >= 10 { return false }
    }
    func two(_ i: Int) -> Int64 { Int64(b[i] &- 0x30) * 10 + Int64(b[i + 1] &- 0x30) }
    let year = two(0) * 100 + two(2)
    let month = two(5)
    let day = two(8)
    return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year: year, month: month)
      && two(11) <= 23 && two(14) <= 59 && two(17) <= 59
  }

  /// Parses bytes; see ``milliseconds(from:formats:)``.
  static func parse(_ b: UnsafeBufferPointer<UInt8>, formats: DateFormats) -> Int64? {
    let n = b.count
    guard n >= 10, n <= 40 else { return nil }
    func number(_ start: Int, _ count: Int) -> Int64? {
      var value: Int64 = 0
      for i in start..<start + count {
        let d = b[i] &- 0x30
        guard d < 10 else { return nil }
        value = value * 10 + Int64(d)
      }
      return value
    }
    guard let year = number(0, 4), b[4] == 0x2D, let month = number(5, 2), b[7] == 0x2D,
      let day = number(8, 2), month >= 1, month <= 12, day >= 1,
      day <= daysInMonth(year: year, month: month)
    else { return nil }
    let days = self.days(fromCivil: year, month, day)
    if n == 10 {
      return formats.contains(.dateOnly) ? days * 86_400_000 : nil
    }
    guard b[10] == 0x54 || (b[10] == 0x20 && formats.contains(.spaceSeparator)), n >= 19,
      let hour = number(11, 2), b[13] == 0x3A, let minute = number(14, 2), b[16] == 0x3A,
      let second = number(17, 2), hour <= 23, minute <= 59, second <= 59
    else { return nil }
    var i = 19
    var milli: Int64 = 0
    if i < n, b[i] == 0x2E {
      i += 1
      let start = i
      while i < n, b[i] &- 0x30 < 10 { i += 1 }
      let count = i - start
      guard count >= 1, count <= 9 else { return nil }
      for k in 0..<3 {
        milli = milli * 10 + (k < count ? Int64(b[start + k] &- 0x30) : 0)
      }
    }
    var offsetMinutes: Int64 = 0
    if i == n {
      guard formats.contains(.noZone) else { return nil }
    } else if b[i] == 0x5A {
      guard i + 1 == n else { return nil }
    } else if b[i] == 0x2B || b[i] == 0x2D {
      let sign: Int64 = b[i] == 0x2B ? 1 : -1
      let rest = n - i - 1
      guard rest >= 2, let zoneHour = number(i + 1, 2), zoneHour <= 23 else { return nil }
      var zoneMinute: Int64 = 0
      switch rest {
      case 2: break
      case 4:
        guard let m = number(i + 3, 2) else { return nil }
        zoneMinute = m
      case 5:
        guard b[i + 3] == 0x3A, let m = number(i + 4, 2) else { return nil }
        zoneMinute = m
      default: return nil
      }
      guard zoneMinute <= 59 else { return nil }
      offsetMinutes = sign * (zoneHour * 60 + zoneMinute)
    } else {
      return nil
    }
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
    let result = seconds * 1000 + milli
    guard result >= minimumMilliseconds, result <= maximumMilliseconds else { return nil }
    return result
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01.
  static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
