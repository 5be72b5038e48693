// The per-type conversion rules behind `Attribute.coerce(_:schemaDateFormats:)`.

/// The result of converting one scalar: the input itself (already canonical), a converted
/// canonical value, "clear", or a rejection.
enum ScalarCoercion {
  case same
  case value(JSONValue)
  case clear
  case failure(CoercionError.Code)
}

extension Attribute {
  /// Converts one scalar (or array element) to `type` losslessly.
  static func coerceScalar(_ value: JSONValue, to type: AttributeType, formats: DateFormats)
    -> ScalarCoercion
  {
    if case .null = value { return .clear }
    switch type {
    case .int: return coerceInt(value)
    case .double: return coerceDouble(value)
    case .bool: return coerceBool(value)
    case .string: return coerceString(value)
    case .isoDate: return coerceDate(value, formats: formats)
    case .uuid: return coerceUUID(value)
    case .enumeration(let values): return coerceEnumeration(value, values)
    case .decimal: return coerceDecimal(value)
    case .object:
      if case .object = value { return .same }
      return .failure(.typeMismatch)
    case .array: return .failure(.typeMismatch)
    }
  }

  private static func coerceInt(_ value: JSONValue) -> ScalarCoercion {
    switch value {
    case .int: return .same
    case .double(let d): return integral(d).map { .value(.int($0)) } ?? .failure(notIntegral(d))
    case .string(let s):
      switch NumericText.classify(s) {
      case .integer:
        guard let i = Int64(s) else { return .failure(.outOfRange) }
        return .value(.int(i))
      case .decimal: return .failure(.notLossless)
      case .invalid: return .failure(.invalidText)
      }
    default: return .failure(.typeMismatch)
    }
  }

  private static func coerceDouble(_ value: JSONValue) -> ScalarCoercion {
    switch value {
    case .double: return .same
    case .int(let i):
      guard let d = Double(exactly: i) else { return .failure(.notLossless) }
      return .value(.double(d))
    case .string(let s):
      guard NumericText.classify(s) != .invalid else { return .failure(.invalidText) }
      guard let d = Double(s), d.isFinite else { return .failure(.outOfRange) }
      return .value(.double(d))
    default: return .failure(.typeMismatch)
    }
  }

  private static func coerceBool(_ value: JSONValue) -> ScalarCoercion {
    switch value {
    case .bool: return .same
    case .int(0): return .value(.bool(false))
    case .int(1): return .value(.bool(true))
    case .double(0): return .value(.bool(false))
    case .double(1): return .value(.bool(true))
    case .int, .double: return .failure(.notLossless)
    case .string("true"): return .value(.bool(true))
    case .string("false"): return .value(.bool(false))
    case .string: return .failure(.invalidText)
    default: return .failure(.typeMismatch)
    }
  }

  private static func coerceString(_ value: JSONValue) -> ScalarCoercion {
    switch value {
    case .string: return .same
    case .int(let i): return .value(.string(String(i)))
    case .double(let d):
      return integral(d).map { .value(.string(String($0))) } ?? .failure(notIntegral(d))
    default: return .failure(.typeMismatch)
    }
  }

  /// `d` as an `Int64` when it is integral and in range.
  private static func integral(_ d: Double) -> Int64? {
    guard d.isFinite, d >= -9.223372036854775808e18, d < 9.223372036854775808e18 else {
      return nil
    }
    let whole = Int64(d)
    return Double(whole) == d ? whole : nil
  }

  private static func notIntegral(_ d: Double) -> CoercionError.Code {
    // Every finite double of magnitude 2^52 or more is integral.
    d.isFinite && d.magnitude >= 4_503_599_627_370_496 ? .outOfRange : .notLossless
  }

  /// What an incoming value for `type` may look like, for error messages.
  static func expectation(_ type: AttributeType) -> String {
    switch type {
    case .int: return #"an int (an integral number or an integer string such as "7")"#
    case .double: return #"a double (a number or a numeric string such as "2.5")"#
    case .bool: return #"a bool (true, false, 0, 1, "true" or "false")"#
    case .string: return "a string or an integral number"
    case .isoDate:
      return #"an ISO-8601 date such as "2014-07-06T07:59:00Z" (with a zone: Z, ±HH:MM, ±HHMM or ±HH)"#
    case .uuid, .enumeration, .decimal: return typedExpectation(type)
    case .object: return "a JSON object"
    case .array(let element): return "an array of \(typeName(element))"
    }
  }

  /// What a stored value for `type` must look like, for error messages.
  static func canonicalExpectation(_ type: AttributeType) -> String {
    switch type {
    case .int: return "an integer number such as 7"
    case .double: return "a floating-point number such as 2.5 or 3.0"
    case .bool: return "true or false"
    case .string: return "a string"
    case .isoDate: return #"a canonical UTC date such as "2014-07-06T07:59:00.000Z""#
    case .uuid: return #"a lowercase hyphenated UUID such as "0f8fad5b-d9cb-469f-a165-70867728950e""#
    case .enumeration: return typedExpectation(type)
    case .object: return "a JSON object"
    case .decimal: return #"a canonical decimal string such as "12.3" (no exponent, no trailing zeros)"#
    case .array(let element): return "an array of \(typeName(element))"
    }
  }

  /// The schema-file name of a type: `int`, `array(string)`.
  static func typeName(_ type: AttributeType) -> String {
    switch type {
    case .int: return "int"
    case .double: return "double"
    case .bool: return "bool"
    case .string: return "string"
    case .isoDate: return "isoDate"
    case .uuid: return "uuid"
    case .enumeration: return "enum"
    case .decimal: return "decimal"
    case .object: return "object"
    case .array(let element): return "array(\(typeName(element)))"
    }
  }
}

/// Classifies text by JSON number grammar, so `"0x10"`, `"nan"` or `" 7"` never pass as numbers.
enum NumericText {
  case integer, decimal, invalid

  /// `-?(0|[1-9][0-9]*)` is an integer; with a fraction or exponent it is a decimal.
  static func classify(_ text: String) -> NumericText {
    var bytes = text.utf8.makeIterator()
    var c = bytes.next()
    if c == 0x2D { c = bytes.next() }
    guard let first = c, first &- 0x30 < 10 else { return .invalid }
    c = bytes.next()
    if first != 0x30 {
      while let d = c, d &- 0x30 < 10 { c = bytes.next() }
    }
    guard c != nil else { return .integer }
    if c == 0x2E {
      c = bytes.next()
      guard let d = c, d &- 0x30 < 10 else { return .invalid }
      while let d = c, d &- 0x30 < 10 { c = bytes.next() }
    }
    if c == 0x65 || c == 0x45 {
      c = bytes.next()
      if c == 0x2B || c == 0x2D { c = bytes.next() }
      guard let d = c, d &- 0x30 < 10 else { return .invalid }
      while let d = c, d &- 0x30 < 10 { c = bytes.next() }
    }
    return c == nil ? .decimal : .invalid
  }
}
