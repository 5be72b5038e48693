extension Validator {
  /// Runs the validator on one incoming item: returns the item (possibly rewritten), or `nil` to
  /// drop it (a dropped item counts as absent from the payload, D14).
  ///
  /// Declarative kinds: ``Kind/dropWhere(field:equals:)`` compares numbers by value (`1 == 1.0`);
  /// ``Kind/dropIfEmpty(field:)`` drops a missing, `null` or `""` value;
  /// ``Kind/trim(field:)`` trims whitespace of a string (other values are left alone). A custom
  /// validator without a closure (possible only through ``init(_:)``, which
  /// ``Schema/validated()`` reports) leaves the item unchanged.
  ///
  /// ```swift
  /// let trim = Validator(.trim(field: "name"))
  /// trim.apply(to: ["id": 2, "name": " Bo "])                     // ["id": 2, "name": "Bo"]
  /// Validator(.dropIfEmpty(field: "name")).apply(to: ["id": 1])   // nil
  /// ```
  ///
  /// - Parameter item: An incoming item, keyed as in the payload.
  /// - Returns: The item to map, or `nil` to drop it.
  /// - Complexity: O(*n*) in the size of the item.
  public func apply(to item: JSONObject) -> JSONObject? {
    if let transform { return transform(item) }
    switch kind {
    case .dropWhere(let field, let value):
      guard let found = JSONKeyPath(field).value(in: item) else { return item }
      return RuleValues.equal(found, value) ? nil : item
    case .dropIfEmpty(let field):
      return RuleValues.isEmpty(JSONKeyPath(field).value(in: item)) ? nil : item
    case .trim(let field):
      let path = JSONKeyPath(field)
      guard case .string(let text)? = path.value(in: item) else { return item }
      let trimmed = RuleValues.trimmed(text)
      guard trimmed != text else { return item }
      var result = item
      path.set(.string(trimmed), in: &result)
      return result
    case .custom:
      return item
    }
  }
}

extension ValidityRule {
  /// The reason `record` is invalid under this rule, or `nil` when it is valid.
  ///
  /// ``Kind/requiredNonEmpty(field:)`` fails on a missing, `null`, `""` or `[]` value;
  /// ``Kind/distinct(_:_:)`` fails when both values are present and equal;
  /// ``Kind/atLeast(field:minimum:)`` and ``Kind/greaterThan(field:bound:)`` check numbers and
  /// pass when the value is absent or not a number. A custom rule without a closure passes.
  ///
  /// ```swift
  /// let rule = ValidityRule(.atLeast(field: "price", minimum: 0))
  /// rule.reason(for: ["id": 1, "price": -1.0])   // "price must be at least 0 (found -1)"
  /// rule.reason(for: ["id": 1, "price": 5.0])    // nil
  /// ```
  ///
  /// - Parameter record: A mapped record, keyed by attribute names.
  /// - Returns: A sentence saying what is wrong, or `nil`.
  public func reason(for record: JSONObject) -> String? {
    if let check { return check(record) }
    switch kind {
    case .requiredNonEmpty(let field):
      return RuleValues.isEmpty(record[field]) ? "\(field) must not be empty" : nil
    case .distinct(let a, let b):
      guard let x = record[a], let y = record[b], !x.isNull, RuleValues.equal(x, y) else {
        return nil
      }
      return "\(a) and \(b) must differ (both are \(JSONWriter.string(x)))"
    case .atLeast(let field, let minimum):
      guard let value = record[field]?.doubleValue, value < minimum else { return nil }
      return "\(field) must be at least \(RuleValues.text(minimum)) (found \(RuleValues.text(value)))"
    case .greaterThan(let field, let bound):
      guard let value = record[field]?.doubleValue, value <= bound else { return nil }
      return
        "\(field) must be greater than \(RuleValues.text(bound)) (found \(RuleValues.text(value)))"
    case .custom:
      return nil
    }
  }
}

extension UpdateRule {
  /// Whether a matched stored record may be updated from the incoming one.
  ///
  /// ``Kind/whenIncreases(field:)``: a missing or `null` incoming value never updates; a missing
  /// or `null` stored value always does; numbers compare by value; strings that are both ISO
  /// dates compare as instants, other strings by their UTF-8 bytes; any other pair does not
  /// update. A custom rule without a closure always allows.
  ///
  /// ```swift
  /// let rule = UpdateRule(.whenIncreases(field: "version"))
  /// rule.allows(stored: ["id": 1, "version": 3], incoming: ["id": 1, "version": 3])  // false
  /// rule.allows(stored: ["id": 1, "version": 3], incoming: ["id": 1, "version": 4])  // true
  /// ```
  ///
  /// - Parameters:
  ///   - stored: The stored record.
  ///   - incoming: The stored record with the item's mapped values applied.
  /// - Returns: `true` to update.
  public func allows(stored: JSONObject, incoming: JSONObject) -> Bool {
    if let decide { return decide(stored, incoming) }
    switch kind {
    case .whenIncreases(let field):
      guard let new = incoming[field], !new.isNull else { return false }
      guard let old = stored[field], !old.isNull else { return true }
      if let a = new.doubleValue, let b = old.doubleValue {
        if case .int(let x) = new, case .int(let y) = old { return x > y }
        return a > b
      }
      if case .string(let a) = new, case .string(let b) = old {
        if let x = ISODate.milliseconds(from: a), let y = ISODate.milliseconds(from: b) {
          return x > y
        }
        return b.utf8.lexicographicallyPrecedes(a.utf8)
      }
      return false
    case .custom:
      return true
    }
  }
}

/// Value helpers shared by the declarative rules.
enum RuleValues {
  /// JSON equality, except that numbers compare by value (`1 == 1.0`).
  static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
    default: return a == b
    }
  }

  /// Missing, `null`, `""` or `[]`.
  static func isEmpty(_ value: JSONValue?) -> Bool {
    switch value {
    case nil, .null?: return true
    case .string(let s)?: return s.isEmpty
    case .array(let a)?: return a.isEmpty
    default: return false
    }
  }

  /// `text` without leading and trailing whitespace or newlines.
  static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }

  /// A number as short text: integral values without a fraction (`0`, not `0.0`).
  static func text(_ value: Double) -> String {
    // No `Int64(exactly:)`: it needs libm, which Folio does not link without Foundation.
    if value.magnitude < 1e15, Double(Int64(value)) == value { return String(Int64(value)) }
    return String(value)
  }
}
