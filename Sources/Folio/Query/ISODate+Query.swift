/// The date helpers queries need on top of ``ISODate``.
extension ISODate {
  /// The lenient forms accepted for date literals compared with `isoDate` attributes.
  static let queryLiteralFormats: DateFormats = [.dateOnly, .noZone, .spaceSeparator]

  /// The canonical text of a date literal written in any ISO form (`2020-01-01`,
  /// `2014-07-06T09:59:00+02:00`, …), or `nil` when the text is not a date.
  static func canonicalLiteral(_ text: String) -> String? {
    milliseconds(from: text, formats: queryLiteralFormats).flatMap(string(fromMilliseconds:))
  }

  /// Milliseconds since 1970 for text exactly in canonical form (`2014-07-06T07:59:00.000Z`),
  /// so that ordering the numbers orders the texts; `nil` for any other text. A fixed-layout
  /// check, cheap enough to run on every sort key.
  static func millisecondsIfCanonical(_ text: String) -> Int64? {
    var copy = text
    return copy.withUTF8 { b -> Int64? in
      guard b.count == 24, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
        b[19] == 0x2E, b[23] == 0x5A
      else { return nil }
      func digits(_ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for k in start..<(start + count) {
          let d = b[k] &- 0x30
          guard d < 10 else { return nil }
          value = value * 10 + Int64(d)
        }
        return value
      }
      guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
        let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
        let fraction = digits(20, 3), (1...12).contains(month), day >= 1,
        day <= daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
      else { return nil }
      return days(fromCivil: year, month, day) * 86_400_000
        + ((hour * 60 + minute) * 60 + second) * 1000 + fraction
    }
  }
}
