// The date rules behind `Attribute.coerce(_:schemaDateFormats:)`: ISO-8601 text (D20), the
// lenient text forms, and unix timestamps.

extension Attribute {
  /// Converts one incoming date: ISO-8601 text (strict, or a lenient form `formats` allows), or,
  /// under `.unixSeconds` or `.unixMilliseconds`, a unix timestamp given as a number or as a
  /// numeric string (``unixMilliseconds(_:formats:)``).
  static func coerceDate(_ value: JSONValue, formats: DateFormats) -> ScalarCoercion {
    switch value {
    case .string(let s):
      if s.isEmpty { return .clear }
      if ISODate.isCanonical(s) { return .same }
      if let text = ISODate.canonicalWholeSecond(s) { return .value(.string(text)) }
      if let ms = ISODate.milliseconds(from: s, formats: formats) {
        guard let text = ISODate.string(fromMilliseconds: ms) else { return .failure(.invalidDate) }
        return .value(.string(text))
      }
      // "1700000000": APIs often quote timestamps; read the text as the number it spells.
      guard !formats.isDisjoint(with: [.unixSeconds, .unixMilliseconds]),
        let number = numericValue(s)
      else { return .failure(.invalidDate) }
      return coerceTimestamp(number, formats: formats)
    case .int, .double:
      guard !formats.isDisjoint(with: [.unixSeconds, .unixMilliseconds]) else {
        return .failure(.invalidDate)
      }
      return coerceTimestamp(value, formats: formats)
    default: return .failure(.typeMismatch)
    }
  }

  private static func coerceTimestamp(_ value: JSONValue, formats: DateFormats) -> ScalarCoercion
  {
    guard let ms = unixMilliseconds(value, formats: formats),
      let text = ISODate.string(fromMilliseconds: ms)
    else { return .failure(.outOfRange) }
    return .value(.string(text))
  }

  /// A numeric string (JSON number grammar) as the number it spells, or `nil`.
  private static func numericValue(_ text: String) -> JSONValue? {
    switch NumericText.classify(text) {
    case .integer: return Int64(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double)
    case .decimal: return Double(text).map(JSONValue.double)
    case .invalid: return nil
    }
  }

  /// The unit a unix timestamp is read in under `.unixSeconds`, by its magnitude: below 10^11
  /// seconds (up to the year 5138), below 10^14 milliseconds (13 digits today), below 10^17
  /// microseconds (16 digits today), else nanoseconds (19 digits today). Under
  /// `.unixMilliseconds` every value is milliseconds.
  ///
  /// Seconds are rounded to the nearest millisecond (a double cannot hold most decimal fractions
  /// exactly); finer units are truncated toward the past, as extra fraction digits of an ISO date
  /// are (D20).
  ///
  /// - Returns: Milliseconds since 1970-01-01T00:00:00Z, or `nil` when out of range.
  static func unixMilliseconds(_ value: JSONValue, formats: DateFormats) -> Int64? {
    guard formats.contains(.unixSeconds) else { return milliseconds(value, divisor: 1) }
    let magnitude: Double
    switch value {
    case .int(let i): magnitude = Double(i.magnitude)
    case .double(let d): magnitude = d.magnitude
    default: return nil
    }
    if magnitude < 1e11 { return seconds(value) }
    if magnitude < 1e14 { return milliseconds(value, divisor: 1) }
    if magnitude < 1e17 { return milliseconds(value, divisor: 1000) }
    return milliseconds(value, divisor: 1_000_000)
  }

  /// Seconds as milliseconds, rounded to the nearest one.
  private static func seconds(_ value: JSONValue) -> Int64? {
    switch value {
    case .int(let i):
      let (product, overflow) = i.multipliedReportingOverflow(by: 1000)
      return overflow ? nil : product
    case .double(let d):
      // Rounding without libm: truncate toward zero after adding half away from zero.
      let scaled = d * 1000 + (d < 0 ? -0.5 : 0.5)
      guard scaled.isFinite, scaled > -9.2e18, scaled < 9.2e18 else { return nil }
      return Int64(scaled)
    default: return nil
    }
  }

  /// A count of `1 / divisor` milliseconds as milliseconds, rounded toward the past.
  private static func milliseconds(_ value: JSONValue, divisor: Int64) -> Int64? {
    switch value {
    case .int(let i):
      let (quotient, remainder) = i.quotientAndRemainder(dividingBy: divisor)
      return remainder < 0 ? quotient - 1 : quotient
    case .double(let d):
      let scaled = d / Double(divisor)
      guard scaled.isFinite, scaled > -9.2e18, scaled < 9.2e18 else { return nil }
      var whole = Int64(scaled)
      if Double(whole) > scaled { whole -= 1 }
      return whole
    default: return nil
    }
  }
}
