/// The typed encodings of scalar values in a row (Design/0005): the one-word forms of ints,
/// doubles, booleans, dates and enumeration cases, and the 16 bytes of a canonical UUID.
///
/// Each encoding is exact: decoding gives back a value equal to the one encoded (strings with
/// the same bytes), and a value without an exact encoding is refused (`nil`), to be boxed.
///
/// ```swift
/// RowEncoding.word(.string("1970-01-01T00:00:01.000Z"), kind: .date, cases: [])  // 1000
/// RowEncoding.value(word: 1000, kind: .date, cases: [])  // .string("1970-01-01T00:00:01.000Z")
/// RowEncoding.word(.string("1970-01-01T00:00:01Z"), kind: .date, cases: [])      // nil
/// ```
enum RowEncoding {
  /// The word of `value` for a column or list element of a one-word `kind` (int, double, bool,
  /// date, enumeration), or `nil` when `value` has no exact word of that kind.
  ///
  /// - Parameter cases: The enumeration's cases, for `.enumeration`.
  static func word(_ value: JSONValue, kind: RowColumn.Kind, cases: [String]) -> UInt64? {
    switch (kind, value) {
    case (.int, .int(let i)): return UInt64(bitPattern: i)
    case (.double, .double(let d)): return d.bitPattern
    case (.bool, .bool(let b)): return b ? 1 : 0
    case (.date, .string(let text)):
      return milliseconds(canonicalDate: text).map { UInt64(bitPattern: $0) }
    case (.enumeration, .string(let text)):
      return cases.firstIndex { JSONValue.sameUTF8($0, text) }.map { UInt64($0) }
    default: return nil
    }
  }

  /// The value a one-word `kind`'s `word` encodes (the inverse of ``word(_:kind:cases:)``).
  ///
  /// - Precondition: `word` was made by ``word(_:kind:cases:)`` for the same kind and cases.
  static func value(word: UInt64, kind: RowColumn.Kind, cases: [String]) -> JSONValue {
    switch kind {
    case .int: return .int(Int64(bitPattern: word))
    case .double: return .double(Double(bitPattern: word))
    case .bool: return .bool(word != 0)
    case .date: return .string(dateText(milliseconds: Int64(bitPattern: word)))
    case .enumeration:
      guard word < UInt64(cases.count) else {
        preconditionFailure("RowEncoding: case \(word) of \(cases.count)")
      }
      return .string(cases[Int(word)])
    default: preconditionFailure("RowEncoding: \(kind) has no one-word encoding")
    }
  }

  // MARK: Dates

  /// The milliseconds since 1970-01-01T00:00:00Z that `text` names, when it is a canonical
  /// date (``ISODate/isCanonical(_:)``: exactly `yyyy-MM-ddTHH:mm:ss.SSSZ`); otherwise `nil`.
  static func milliseconds(canonicalDate text: String) -> Int64? {
    // Read in place from the string's bytes (a copy for `withUTF8` and the general parse cost
    // about 650 instructions a date, callgrind, 100k day 1).
    if let milliseconds = text.utf8.withContiguousStorageIfAvailable(ISODate.milliseconds(canonical:)) {
      return milliseconds
    }
    return Array(text.utf8).withUnsafeBufferPointer(ISODate.milliseconds(canonical:))
  }

  /// The canonical date text of `milliseconds` since 1970 UTC (the inverse of
  /// ``milliseconds(canonicalDate:)``).
  ///
  /// - Precondition: `milliseconds` names an instant of years 0000–9999.
  static func dateText(milliseconds: Int64) -> String {
    guard let text = ISODate.string(fromMilliseconds: milliseconds) else {
      preconditionFailure("RowEncoding: \(milliseconds) ms is outside years 0000-9999")
    }
    return text
  }

  // MARK: UUIDs

  /// The 16 bytes of a canonical UUID (lowercase hyphenated, ``Attribute/isCanonicalUUID(_:)``),
  /// in text order, or `nil` when `text` is not canonical.
  static func uuidBytes(_ text: String) -> [UInt8]? {
    guard Attribute.isCanonicalUUID(text) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    appendUUIDBytes(text.utf8) { bytes.append($0) }
    return bytes
  }

  /// Calls `append` with each of the 16 bytes a canonical UUID's text spells, in order.
  ///
  /// - Precondition: `text` is a canonical UUID (lowercase hexadecimal digits and hyphens).
  @inline(__always)
  static func appendUUIDBytes<Text: Sequence<UInt8>>(_ text: Text, _ append: (UInt8) -> Void) {
    var high: UInt8?
    for character in text where character != UInt8(ascii: "-") {
      let nibble = character <= UInt8(ascii: "9") ? character &- 0x30 : character &- 0x57
      if let first = high {
        append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
  }

  /// The canonical text of 16 UUID bytes (the inverse of ``uuidBytes(_:)``).
  static func uuidText(_ bytes: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: 36) { out in
      let hex: StaticString = "0123456789abcdef"
      var n = 0
      for i in 0..<min(bytes.count, 16) {
        if i == 4 || i == 6 || i == 8 || i == 10 {
          out[n] = UInt8(ascii: "-")
          n += 1
        }
        hex.withUTF8Buffer { digits in
          out[n] = digits[Int(bytes[i] >> 4)]
          out[n + 1] = digits[Int(bytes[i] & 0xF)]
        }
        n += 2
      }
      return n
    }
  }
}
