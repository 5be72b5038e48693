// The conversion rules of the `uuid`, `enum` and `decimal` attribute types.

extension Attribute {
  /// A UUID string in canonical lowercase hyphenated form; upper-case or mixed-case hex and a
  /// `{…}` braced form are converted. Anything else (no hyphens, `urn:uuid:`, numbers) is refused.
  static func coerceUUID(_ value: JSONValue) -> ScalarCoercion {
    guard case .string(let text) = value else { return .failure(.typeMismatch) }
    guard let canonical = canonicalUUID(text) else { return .failure(.invalidUUID) }
    return canonical == text ? .same : .value(.string(canonical))
  }

  /// The canonical lowercase hyphenated form of `text`, or `nil` when it is not an accepted UUID
  /// form: 8-4-4-4-12 hex digits in any case, optionally in braces.
  static func canonicalUUID(_ text: String) -> String? {
    var bytes = Array(text.utf8)
    if bytes.count == 38, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") {
      bytes = Array(bytes[1..<37])
    }
    guard bytes.count == 36 else { return nil }
    for index in bytes.indices {
      let byte = bytes[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): continue
      case UInt8(ascii: "A")...UInt8(ascii: "F"): bytes[index] = byte + 0x20
      default: return nil
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `text` is already a canonical UUID (lowercase hyphenated), checked without
  /// allocating: opening a store runs it on every stored UUID.
  static func isCanonicalUUID(_ text: String) -> Bool {
    var count = 0
    for byte in text.utf8 {
      if count == 8 || count == 13 || count == 18 || count == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): break
        default: return false
        }
      }
      count += 1
      if count > 36 { return false }
    }
    return count == 36
  }

  /// A string that is one of `values` (compared by UTF-8 bytes, so case matters).
  static func coerceEnumeration(_ value: JSONValue, _ values: [String]) -> ScalarCoercion {
    guard case .string(let text) = value else { return .failure(.typeMismatch) }
    return values.contains(text) ? .same : .failure(.notAllowedValue)
  }

  /// A decimal as canonical text (``DecimalText``): numeric strings keep every digit; JSON
  /// numbers are exact when integers or when their double prints with at most 15 significant
  /// digits, and are refused as `notLossless` otherwise (send such values as strings).
  static func coerceDecimal(_ value: JSONValue) -> ScalarCoercion {
    switch value {
    case .string(let text):
      guard NumericText.classify(text) != .invalid else { return .failure(.invalidText) }
      guard let canonical = DecimalText.canonical(text) else { return .failure(.outOfRange) }
      return canonical == text ? .same : .value(.string(canonical))
    case .int, .double:
      guard let canonical = DecimalText.canonical(number: value) else { return .failure(.notLossless) }
      return .value(.string(canonical))
    default: return .failure(.typeMismatch)
    }
  }

  /// The allowed values of an `enum` type or of an array of enums (the schema file's
  /// `"values"`), `nil` for other types.
  static func enumerationValues(_ type: AttributeType) -> [String]? {
    var current = type
    for _ in 0..<3 {
      switch current {
      case .enumeration(let values): return values
      case .array(let element): current = element
      default: return nil
      }
    }
    return nil
  }

  /// What an incoming (or stored) value of the `uuid` and `enum` types may look like.
  static func typedExpectation(_ type: AttributeType) -> String {
    switch type {
    case .uuid:
      return #"a UUID string such as "0f8fad5b-d9cb-469f-a165-70867728950e" (any case, optionally in braces)"#
    case .decimal:
      return #"a decimal (a number of up to 15 significant digits, or a numeric string such as "12.30" for any precision)"#
    case .enumeration(let values):
      return "one of " + values.map { JSONWriter.string(.string($0)) }.joined(separator: ", ")
    default: return typeName(type)
    }
  }
}
