extension Attribute {
  /// Turns an incoming JSON value into this attribute's canonical stored value, losslessly, or
  /// says why it cannot (D6, D20). This is the only place incoming values are converted.
  ///
  /// | type | accepts | canonical form |
  /// |---|---|---|
  /// | `int` | integral numbers in range (`7`, `7.0`), integer strings (`"7"`, `"-3"`) | `.int` |
  /// | `double` | finite numbers, numeric strings (`"2.5"`) | `.double` |
  /// | `bool` | `true`/`false`, `0`/`1`, `"true"`/`"false"` | `.bool` |
  /// | `string` | strings, integral numbers as decimal text (`5.0` → `"5"`) | `.string` |
  /// | `isoDate` | strict ISO-8601 instants (see ``ISODate``), `""` as `null`; lenient forms per ``DateFormats`` | `.string`, UTC, 3 fraction digits |
  /// | `uuid` | UUID strings in any case, optionally braced (`"{0F8FAD5B-…}"`) | `.string`, lowercase hyphenated |
  /// | `enumeration(values)` | strings equal (byte for byte) to one of `values` | `.string` |
  /// | `object` | JSON objects, kept as given | `.object` |
  /// | `decimal` | numeric strings (any precision), integers, numbers of ≤ 15 significant digits | `.string`, plain canonical text (`"12.3"`) |
  /// | `array(T)` | arrays whose every element coerces to `T` | `.array` |
  ///
  /// `null` (and `""` for dates) means "clear": the result is `.success(nil)` for an optional
  /// attribute and a ``CoercionError/Code/nullNotAllowed`` failure for a required one (D2).
  ///
  /// ```swift
  /// let count = Attribute(name: "count", type: .int, isOptional: true)
  /// count.coerce("7", schemaDateFormats: .strict)     // .success(.int(7))
  /// count.coerce(nil, schemaDateFormats: .strict)     // .success(nil)  (clears)
  /// count.coerce(2.5, schemaDateFormats: .strict)     // .failure(… [notLossless])
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value read from the incoming item.
  ///   - schemaDateFormats: The schema's lenient date forms, used unless the attribute sets its
  ///     own ``dateFormats``.
  /// - Returns: The canonical value, `nil` to clear, or the reason the value is rejected.
  /// - Complexity: O(*n*) in the size of `value`.
  public func coerce(_ value: JSONValue, schemaDateFormats: DateFormats)
    -> Result<JSONValue?, CoercionError>
  {
    let formats = dateFormats ?? schemaDateFormats
    if case .array(let elements) = type {
      guard case .array(let items) = value else {
        if case .null = value { return clear(value) }
        return .failure(error(.typeMismatch, value))
      }
      // Copy only once an element changes: stored arrays are usually canonical already.
      var result: [JSONValue]?
      for (index, item) in items.enumerated() {
        switch Attribute.coerceScalar(item, to: elements, formats: formats) {
        case .same: result?.append(item)
        case .value(let v):
          if result == nil {
            result = Array(items[..<index])
            result?.reserveCapacity(items.count)
          }
          result?.append(v)
        case .clear:
          var e = CoercionError(
            code: .nullNotAllowed, attribute: name,
            expected: "\(Attribute.expectation(elements)) (arrays cannot hold null)", found: item)
          e.elementIndex = index
          return .failure(e)
        case .failure(let code):
          var e = CoercionError(
            code: code, attribute: name, expected: Attribute.expectation(elements), found: item)
          e.elementIndex = index
          return .failure(e)
        }
      }
      return .success(result.map { .array($0) } ?? value)
    }
    switch Attribute.coerceScalar(value, to: type, formats: formats) {
    case .same: return .success(value)
    case .value(let v): return .success(v)
    case .clear: return clear(value)
    case .failure(let code): return .failure(error(code, value))
    }
  }

  /// Checks that a stored value is already in this attribute's canonical form (used when
  /// opening files): `.int` for ints, `.double` for doubles, `.bool`, `.string`, canonical date
  /// strings, arrays of canonical elements; `null` only for optional attributes.
  ///
  /// ```swift
  /// let seen = Attribute(name: "seen", type: .isoDate)
  /// try seen.validateStored("2014-07-06T07:59:00.000Z")   // ok
  /// try seen.validateStored("2014-07-06T07:59:00Z")       // throws [notCanonical]
  /// ```
  ///
  /// - Parameter value: A value read from a store file.
  /// - Throws: ``CoercionError`` with code ``CoercionError/Code/notCanonical`` (a convertible
  ///   value in another form), ``CoercionError/Code/nullNotAllowed`` or the code ``coerce(_:schemaDateFormats:)``
  ///   would give. Nothing is written.
  /// - Complexity: O(*n*) in the size of `value`.
  public func validateStored(_ value: JSONValue) throws(CoercionError) {
    if case .null = value {
      if isOptional { return }
      throw error(.nullNotAllowed, value)
    }
    if case .array(let elements) = type {
      guard case .array(let items) = value else { throw error(.typeMismatch, value) }
      for (index, item) in items.enumerated() {
        if let code = Attribute.storedProblem(item, elements) {
          var e = CoercionError(
            code: code, attribute: name, expected: Attribute.canonicalExpectation(elements),
            found: item)
          e.elementIndex = index
          throw e
        }
      }
      return
    }
    if let code = Attribute.storedProblem(value, type) {
      throw CoercionError(
        code: code, attribute: name, expected: Attribute.canonicalExpectation(type), found: value)
    }
  }

  private func clear(_ value: JSONValue) -> Result<JSONValue?, CoercionError> {
    isOptional ? .success(nil) : .failure(error(.nullNotAllowed, value))
  }

  private func error(_ code: CoercionError.Code, _ value: JSONValue) -> CoercionError {
    var expected = Attribute.expectation(type)
    if code == .nullNotAllowed {
      expected = "a value (the attribute is required, so null cannot clear it)"
    }
    return CoercionError(code: code, attribute: name, expected: expected, found: value)
  }

  /// The problem code of a stored scalar (or element), or `nil` when it is canonical.
  private static func storedProblem(_ value: JSONValue, _ type: AttributeType) -> CoercionError.Code? {
    switch (type, value) {
    case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string): return nil
    case (.isoDate, .string(let s)):
      if ISODate.isCanonical(s) { return nil }
      return ISODate.milliseconds(from: s) == nil ? .invalidDate : .notCanonical
    case (.uuid, .string(let s)):
      if let canonical = canonicalUUID(s) { return canonical == s ? nil : .notCanonical }
      return .invalidUUID
    case (.enumeration(let values), .string(let s)): return values.contains(s) ? nil : .notAllowedValue
    case (.object, .object): return nil
    case (.decimal, .string(let s)):
      if DecimalText.isCanonical(s) { return nil }
      return DecimalText.canonical(s) == nil ? .invalidText : .notCanonical
    case (.array, _): return .typeMismatch
    default:
      switch coerceScalar(value, to: type, formats: .strict) {
      case .same, .value: return .notCanonical
      case .clear, .failure: return .typeMismatch
      }
    }
  }
}
