// Comparing `decimal` attributes in queries: numerically, on their canonical text.

extension DecimalText {
  /// The test `comparison` with the canonical `literal` makes of a decimal value (`nil`:
  /// missing): equal values are equal texts, order is numeric (`"9.5" < "10"`). A missing or
  /// non-decimal stored value, or a `nil` literal (one that is no decimal, such as `"ten"` or a
  /// 17-digit double), equals nothing and makes ordering comparisons false, as ``ValueOrder``
  /// does for other kinds.
  static func test(_ comparison: Condition.Comparison, _ literal: String?) -> (JSONValue?) -> Bool {
    let order: (JSONValue?) -> Int? = { value in
      guard let literal, case .string(let text)? = value else { return nil }
      return compare(text, literal)
    }
    switch comparison {
    case .equal: return { order($0) == 0 }
    case .notEqual: return { order($0) != 0 }
    case .less: return { (order($0) ?? 1) < 0 }
    case .lessOrEqual: return { (order($0) ?? 1) <= 0 }
    case .greater: return { (order($0) ?? -1) > 0 }
    case .greaterOrEqual: return { (order($0) ?? -1) >= 0 }
    }
  }
}
