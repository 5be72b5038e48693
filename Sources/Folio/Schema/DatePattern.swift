/// A fixed date layout such as `dd/MM/yyyy HH:mm` at a fixed UTC offset, parsed and formatted on
/// UTF-8 bytes: the engine of the `datePattern` value transform (``ValueTransform/datePattern(_:timeZone:)``).
///
/// Like ``ISODate``, it never uses `DateFormatter`, so no locale, calendar or time-zone database
/// changes what a pattern means. Supported letters (a run of one letter is one field):
///
/// | letters | field | parsing | formatting |
/// |---|---|---|---|
/// | `yyyy` | year | exactly 4 digits | 4 digits |
/// | `MM` / `M` | month 1–12 | exactly 2 / 1 or 2 digits | 2 digits / no padding |
/// | `dd` / `d` | day of the month | exactly 2 / 1 or 2 digits | 2 digits / no padding |
/// | `HH` / `H` | hour 0–23 | exactly 2 / 1 or 2 digits | 2 digits / no padding |
/// | `mm` / `m` | minute | exactly 2 / 1 or 2 digits | 2 digits / no padding |
/// | `ss` / `s` | second | exactly 2 / 1 or 2 digits | 2 digits / no padding |
/// | `SSS` | millisecond | exactly 3 digits | 3 digits |
///
/// Any other character is literal and must match exactly; letters are reserved, so quote
/// literal text in single quotes (`yyyy-MM-dd'T'HH:mm`, `''` for a quote). A pattern needs a
/// year, a month and a day; missing time fields are zero. The time zone is a fixed offset:
/// `UTC` (or `Z`), `±HH:MM`, `±HHMM` or `±HH`, never a named zone with daylight saving time
/// (use a custom transform for those).
///
/// ```swift
/// let pattern = try DatePattern("dd/MM/yyyy HH:mm", timeZone: "+02:00")
/// pattern.milliseconds(from: "06/07/2014 09:59")   // 1404633540000 (2014-07-06T07:59:00Z)
/// pattern.string(fromMilliseconds: 1404633540000)  // "06/07/2014 09:59"
/// ```
public struct DatePattern: Sendable, Hashable {
  /// One numeric field of a pattern.
  enum Field: Int, Sendable, Hashable {
    case year, month, day, hour, minute, second, millisecond

    /// The field's position in a list of all seven.
    var slot: Int { rawValue }
  }

  /// One piece of a pattern: literal bytes, or a field read with `width` digits (`0` means one
  /// or two).
  enum Token: Sendable, Hashable {
    case literal([UInt8])
    case field(Field, width: Int)
  }

  /// The pattern text, as given.
  public let pattern: String
  /// The time zone text, as given (`"UTC"`, `"+02:00"`).
  public let timeZone: String
  /// The offset from UTC, in minutes.
  public let offsetMinutes: Int
  let tokens: [Token]

  /// Compiles a pattern.
  ///
  /// - Parameters:
  ///   - pattern: The layout, e.g. `dd/MM/yyyy HH:mm` (see the type's table of letters).
  ///   - timeZone: `UTC`, `Z`, `±HH:MM`, `±HHMM` or `±HH`.
  /// - Throws: ``DatePattern/Problem`` naming the unsupported letters, the missing field or the
  ///   unreadable time zone.
  public init(_ pattern: String, timeZone: String = "UTC") throws(Problem) {
    self.pattern = pattern
    self.timeZone = timeZone
    guard let offset = DatePattern.offset(timeZone) else {
      throw Problem(
        message: "time zone \"\(timeZone)\" is not a fixed offset; use UTC, +HH:MM, -HH:MM, +HHMM or +HH")
    }
    offsetMinutes = offset
    tokens = try DatePattern.tokens(pattern)
  }

  /// Why a pattern or time zone cannot be used.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String
    /// The message.
    public var description: String { message }
  }

  /// The letters a pattern may use, as the table in the type's summary lists them.
  public static let supportedLetters = "yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, SSS"

  /// The instant `text` names, or `nil` when it does not match the pattern or names no valid
  /// date (a 31st of April, hour 24).
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func milliseconds(from text: String) -> Int64? {
    // Indexed by field: no dictionary per value read.
    var fields = [Int64?](repeating: nil, count: 7)
    let bytes = Array(text.utf8)
    var at = 0
    for token in tokens {
      switch token {
      case .literal(let literal):
        guard bytes.count - at >= literal.count, Array(bytes[at..<(at + literal.count)]) == literal
        else { return nil }
        at += literal.count
      case .field(let field, let width):
        var value: Int64 = 0
        var count = 0
        let most = width == 0 ? 2 : width
        while count < most, at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 {
          value = value * 10 + Int64(bytes[at] - 0x30)
          at += 1
          count += 1
        }
        guard count == most || (width == 0 && count == 1) else { return nil }
        fields[field.slot] = value
      }
    }
    guard at == bytes.count, let year = fields[Field.year.slot], let month = fields[Field.month.slot],
      let day = fields[Field.day.slot], (1...12).contains(month),
      (1...ISODate.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    let hour = fields[Field.hour.slot] ?? 0
    let minute = fields[Field.minute.slot] ?? 0
    let second = fields[Field.second.slot] ?? 0
    guard hour < 24, minute < 60, second < 60 else { return nil }
    let local =
      ISODate.days(fromCivil: year, month, day) * 86_400_000 + hour * 3_600_000 + minute * 60_000
      + second * 1000 + (fields[Field.millisecond.slot] ?? 0)
    let result = local - Int64(offsetMinutes) * 60_000
    guard result >= ISODate.minimumMilliseconds, result <= ISODate.maximumMilliseconds else {
      return nil
    }
    return result
  }

  /// The text of an instant in this pattern and time zone, or `nil` when its local year is
  /// outside 0000–9999. Fields the pattern lacks are dropped (a pattern without seconds writes
  /// 09:59:30 as `09:59`).
  ///
  /// - Complexity: O(*n*) in the length of the pattern.
  public func string(fromMilliseconds milliseconds: Int64) -> String? {
    let local = milliseconds + Int64(offsetMinutes) * 60_000
    guard local >= ISODate.minimumMilliseconds, local <= ISODate.maximumMilliseconds else {
      return nil
    }
    let msPerDay: Int64 = 86_400_000
    var days = local / msPerDay
    var rest = local % msPerDay
    if rest < 0 {
      rest += msPerDay
      days -= 1
    }
    let (year, month, day) = ISODate.civil(fromDays: days)
    var out: [UInt8] = []
    for token in tokens {
      switch token {
      case .literal(let literal): out += literal
      case .field(let field, let width):
        let value: Int64
        switch field {
        case .year: value = year
        case .month: value = month
        case .day: value = day
        case .hour: value = rest / 3_600_000
        case .minute: value = rest / 60_000 % 60
        case .second: value = rest / 1000 % 60
        case .millisecond: value = rest % 1000
        }
        var digits = Array(String(value).utf8)
        while digits.count < width { digits.insert(0x30, at: 0) }
        out += digits
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The offset in minutes a time zone text names, or `nil`.
  static func offset(_ text: String) -> Int? {
    if text == "UTC" || text == "Z" { return 0 }
    let bytes = Array(text.utf8)
    guard bytes.count >= 3, bytes[0] == 0x2B || bytes[0] == 0x2D else { return nil }
    var digits = Array(bytes.dropFirst())
    if digits.count == 5, digits[2] == 0x3A { digits.remove(at: 2) }
    guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    let number = digits.map { Int($0 - 0x30) }
    let hours = number[0] * 10 + number[1]
    let minutes = digits.count == 4 ? number[2] * 10 + number[3] : 0
    guard hours < 24, minutes < 60 else { return nil }
    return (bytes[0] == 0x2D ? -1 : 1) * (hours * 60 + minutes)
  }

  /// The tokens of a pattern, or the problem with it.
  static func tokens(_ pattern: String) throws(Problem) -> [Token] {
    let known: [String: (Field, Int)] = [
      "yyyy": (.year, 4), "MM": (.month, 2), "M": (.month, 0), "dd": (.day, 2), "d": (.day, 0),
      "HH": (.hour, 2), "H": (.hour, 0), "mm": (.minute, 2), "m": (.minute, 0),
      "ss": (.second, 2), "s": (.second, 0), "SSS": (.millisecond, 3),
    ]
    var tokens: [Token] = []
    var seen: Set<Field> = []
    var literal: [UInt8] = []
    let characters = Array(pattern)
    var i = 0
    func flush() {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = []
    }
    while i < characters.count {
      let c = characters[i]
      if c == "'" {
        // Quoted literal text; '' is a quote.
        if i + 1 < characters.count, characters[i + 1] == "'" {
          literal += Array("'".utf8)
          i += 2
          continue
        }
        // Quoted text runs to the next lone quote; '' inside it is a quote too.
        var j = i + 1
        var closed = false
        while j < characters.count {
          if characters[j] == "'" {
            if j + 1 < characters.count, characters[j + 1] == "'" {
              literal += Array("'".utf8)
              j += 2
              continue
            }
            closed = true
            break
          }
          literal += Array(String(characters[j]).utf8)
          j += 1
        }
        guard closed else {
          throw Problem(message: "pattern \"\(pattern)\" has an unclosed quote; close quoted text with '")
        }
        i = j + 1
        continue
      }
      guard c.isASCII, c.isLetter else {
        literal += Array(String(c).utf8)
        i += 1
        continue
      }
      var end = i
      while end < characters.count, characters[end] == c { end += 1 }
      let run = String(characters[i..<end])
      guard let (field, width) = known[run] else {
        throw Problem(
          message:
            "pattern \"\(pattern)\" uses '\(run)', which is not supported; use \(supportedLetters), and quote literal letters like 'T'"
        )
      }
      guard seen.insert(field).inserted else {
        throw Problem(message: "pattern \"\(pattern)\" gives the \(field) twice")
      }
      flush()
      tokens.append(.field(field, width: width))
      i = end
    }
    flush()
    for field in [Field.year, .month, .day] where !seen.contains(field) {
      throw Problem(message: "pattern \"\(pattern)\" has no \(field); a date pattern needs yyyy, MM (or M) and dd (or d)")
    }
    return tokens
  }
}
