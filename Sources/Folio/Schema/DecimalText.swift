/// The canonical text of `decimal` attribute values, and their numeric order.
///
/// The canonical form is plain decimal notation with no exponent, no leading zeros in the integer
/// part, no trailing zeros in the fraction and no `-0`: `"12.3"`, `"-0.05"`, `"1500"`, `"0"`. Each
/// value has exactly one canonical text, so two texts are equal exactly when their values are
/// (`"12.30"`, `"1.23e1"` and `12.3` all become `"12.3"`).
enum DecimalText {
  /// The most digits a canonical text may hold (integer and fraction together, zeros included), so
  /// an exponent such as `1e999999` cannot build an enormous string.
  static let maximumDigits = 400

  /// The canonical text of `text`, which must follow the JSON number grammar; `nil` when it does
  /// not, or when its plain form would need more than ``maximumDigits`` digits.
  static func canonical(_ text: String) -> String? {
    guard NumericText.classify(text) != .invalid else { return nil }
    var bytes = Array(text.utf8)[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    var digits: [UInt8] = []
    var pointPosition = 0
    var seenPoint = false
    var exponentText: ArraySlice<UInt8> = []
    for (offset, byte) in zip(bytes.indices, bytes) {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponentText = bytes[(offset + 1)...]
        break
      } else {
        digits.append(byte)
        if !seenPoint { pointPosition += 1 }
      }
    }
    if !exponentText.isEmpty {
      var exponentNegative = false
      if exponentText.first == UInt8(ascii: "-") || exponentText.first == UInt8(ascii: "+") {
        exponentNegative = exponentText.first == UInt8(ascii: "-")
        exponentText = exponentText.dropFirst()
      }
      var exponent = 0
      for byte in exponentText {
        exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
        if exponent > 100_000 { break }
      }
      // Zero stays zero whatever its exponent.
      if digits.allSatisfy({ $0 == UInt8(ascii: "0") }) { return "0" }
      guard exponent <= 100_000 else { return nil }
      pointPosition += exponentNegative ? -exponent : exponent
    }
    return plain(digits: digits, pointPosition: pointPosition, negative: negative)
  }

  /// The canonical text of a parsed JSON number when it is known exactly: every integer, and a
  /// double whose shortest round-trip form has at most 15 significant digits (any decimal literal
  /// of up to 15 significant digits parses to a double that prints back as that same value, so
  /// `0.1` gives `"0.1"`). `nil` for a double printed with 16 or 17 digits, which may be a
  /// rounded longer literal.
  static func canonical(number value: JSONValue) -> String? {
    switch value {
    case .int(let i): return String(i)
    case .double(let d):
      guard d.isFinite, let text = canonical(d.description) else { return nil }
      let significant = text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".") }
        .drop { $0 == UInt8(ascii: "0") }
      return significant.count <= 15 ? text : nil
    default: return nil
    }
  }

  /// Plain notation for `digits` with the point after `pointPosition` of them (negative or
  /// beyond the end for leading or trailing zeros), trimmed to canonical form.
  private static func plain(digits source: [UInt8], pointPosition start: Int, negative: Bool) -> String? {
    var digits = source[...]
    var pointPosition = start
    while digits.first == UInt8(ascii: "0") {
      digits = digits.dropFirst()
      pointPosition -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits = digits.dropLast() }
    if digits.isEmpty { return "0" }
    let length = max(pointPosition, digits.count) + max(0, -pointPosition)
    guard length <= maximumDigits else { return nil }
    var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    let zero = UInt8(ascii: "0")
    if pointPosition <= 0 {
      out += [zero, UInt8(ascii: ".")]
      out += [UInt8](repeating: zero, count: -pointPosition)
      out += digits
    } else if pointPosition >= digits.count {
      out += digits
      out += [UInt8](repeating: zero, count: pointPosition - digits.count)
    } else {
      out += digits.prefix(pointPosition)
      out.append(UInt8(ascii: "."))
      out += digits.dropFirst(pointPosition)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `text` is already canonical.
  static func isCanonical(_ text: String) -> Bool { canonical(text) == text }

  /// The numeric order of two canonical texts: -1, 0 or 1.
  static func compare(_ a: String, _ b: String) -> Int {
    let negativeA = a.utf8.first == UInt8(ascii: "-")
    let negativeB = b.utf8.first == UInt8(ascii: "-")
    if negativeA != negativeB { return negativeA ? -1 : 1 }
    let magnitude = compareMagnitudes(
      Array(a.utf8.dropFirst(negativeA ? 1 : 0)), Array(b.utf8.dropFirst(negativeB ? 1 : 0)))
    return negativeA ? -magnitude : magnitude
  }

  /// Compares unsigned canonical texts: a longer integer part is larger (canonical integer parts
  /// have no leading zeros), then the integer digits, then the fraction digits as text.
  private static func compareMagnitudes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let point = UInt8(ascii: ".")
    let wholeA = a.firstIndex(of: point) ?? a.count
    let wholeB = b.firstIndex(of: point) ?? b.count
    if wholeA != wholeB { return wholeA < wholeB ? -1 : 1 }
    for (x, y) in zip(a, b) where x != y {
      // Past the integer part both hold a point at the same place; a digit beats a missing one.
      return x < y ? -1 : 1
    }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
  }
}
