/// Conversions between instants and the store's canonical date text
/// (`yyyy-MM-ddTHH:mm:ss.SSSZ`, UTC), used by queries to normalise date literals and by the
/// record decoder to produce `Date`s. Pure arithmetic: no formatter, no locale, no time zone data.
enum CanonicalDate {
  /// The canonical text of an instant given in milliseconds since 1970, or `nil` outside years
  /// 0000–9999.
  static func string(fromMilliseconds ms: Int64) -> String? {
    let (daysFloor, msOfDay) = floorDivide(ms, 86_400_000)
    let (year, month, day) = civil(fromDays: daysFloor)
    guard (0...9999).contains(year) else { return nil }
    let hour = msOfDay / 3_600_000
    let minute = msOfDay / 60_000 % 60
    let second = msOfDay / 1000 % 60
    let millisecond = msOfDay % 1000
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":"
      + pad(minute, 2) + ":" + pad(second, 2) + "." + pad(millisecond, 3) + "Z"
  }

  /// Milliseconds since 1970 for an ISO date: `yyyy-MM-dd`, or `yyyy-MM-ddTHH:mm[:ss[.f…]]`
  /// followed by an optional zone `Z`, `±HH:MM`, `±HHMM` or `±HH` (no zone means UTC); `nil` for
  /// anything else.
  static func milliseconds(from text: String) -> Int64? {
    let b = Array(text.utf8)
    var i = 0
    func number(_ width: Int) -> Int64? {
      guard i + width <= b.count else { return nil }
      var value: Int64 = 0
      for k in i..<(i + width) {
        guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
        value = value * 10 + Int64(b[k] - 0x30)
      }
      i += width
      return value
    }
    func expect(_ c: UInt8) -> Bool {
      guard i < b.count, b[i] == c else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D),
      let day = number(2), (1...12).contains(month), day >= 1, day <= daysIn(month, year)
    else { return nil }
    var ms = days(fromCivil: year, month, day) * 86_400_000
    if i == b.count { return ms }
    guard expect(0x54) || expect(0x20), let hour = number(2), hour < 24, expect(0x3A),
      let minute = number(2), minute < 60
    else { return nil }
    var second: Int64 = 0
    var fraction: Int64 = 0
    if expect(0x3A) {
      guard let s = number(2), s < 60 else { return nil }
      second = s
      if expect(0x2E) {
        var digits = 0
        var scale: Int64 = 100
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
          fraction += Int64(b[i] - 0x30) * scale
          scale /= 10
          digits += 1
          i += 1
        }
        guard (1...9).contains(digits) else { return nil }
      }
    }
    ms += ((hour * 60 + minute) * 60 + second) * 1000 + fraction
    if i == b.count { return ms }
    if expect(0x5A) { return i == b.count ? ms : nil }
    let sign: Int64
    if expect(0x2B) { sign = 1 } else if expect(0x2D) { sign = -1 } else { return nil }
    guard let zoneHours = number(2), zoneHours < 24 else { return nil }
    var zoneMinutes: Int64 = 0
    if i < b.count {
      _ = expect(0x3A)
      guard let m = number(2), m < 60 else { return nil }
      zoneMinutes = m
    }
    guard i == b.count else { return nil }
    return ms - sign * (zoneHours * 60 + zoneMinutes) * 60_000
  }

  /// The canonical text for any accepted ISO date text, or `nil`.
  static func canonical(_ text: String) -> String? {
    milliseconds(from: text).flatMap(string(fromMilliseconds:))
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }

  private static func daysIn(_ month: Int64, _ year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
