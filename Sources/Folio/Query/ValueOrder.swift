/// The comparison rules queries use for stored values (see Documentation/Querying.md).
///
/// - Equality: numbers numerically (`2 == 2.0`), strings by their UTF-8 bytes (the identity rule
///   of identifiers and JSON keys: `"é"` and `"e\u{301}"` differ), arrays element by element; a
///   missing value equals only `null`; values of different kinds are unequal.
/// - Ordering comparisons (`<`…) are defined between two numbers, two strings (by UTF-8 bytes) or
///   two Booleans
///   (`false < true`); anything else, including a missing value, makes the comparison false.
/// - Sorting uses a total order: missing/null, then Booleans, numbers, strings, arrays, objects.
enum ValueOrder {
  /// Whether two values are equal under query semantics; `nil` is a missing value.
  @inline(__always)
  static func equal(_ a: JSONValue?, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (nil, .null), (.null?, .null): return true
    case (.int(let x)?, .int(let y)): return x == y
    case (.string(let x)?, .string(let y)): return JSONValue.sameUTF8(x, y)
    case (.bool(let x)?, .bool(let y)): return x == y
    case (.int?, .double), (.double?, .int), (.double?, .double):
      return compareNumbers(a ?? .null, b) == 0
    case (.array(let x)?, .array(let y)):
      guard x.count == y.count else { return false }
      for (l, r) in zip(x, y) where !equalScalars(l, r) { return false }
      return true
    case (.object(let x)?, .object(let y)): return x == y
    default: return false
    }
  }

  /// Equality for array elements, without recursing into nested arrays (compared structurally
  /// by `==`, which nesting limits on input bound).
  private static func equalScalars(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.array, _), (.object, _): return a == b
    default: return equal(a, b)
    }
  }

  /// The test `comparison` with `literal` makes of a value (`nil`: missing): equality as
  /// ``equal(_:_:)``, order as ``compare(_:_:)``, where values that cannot be ordered make
  /// every ordering comparison false.
  ///
  /// ```swift
  /// ValueOrder.test(.less, .int(3))(.double(2.5))  // true
  /// ValueOrder.test(.less, .int(3))(nil)           // false
  /// ```
  static func test(_ comparison: Condition.Comparison, _ literal: JSONValue) -> (JSONValue?) -> Bool {
    switch comparison {
    case .equal: return { equal($0, literal) }
    case .notEqual: return { !equal($0, literal) }
    case .less: return { (compare($0, literal) ?? 1) < 0 }
    case .lessOrEqual: return { (compare($0, literal) ?? 1) <= 0 }
    case .greater: return { (compare($0, literal) ?? -1) > 0 }
    case .greaterOrEqual: return { (compare($0, literal) ?? -1) >= 0 }
    }
  }

  /// The ordering of two comparable values (-1, 0, 1), or `nil` when they cannot be ordered:
  /// a missing value or null, or different kinds.
  @inline(__always)
  static func compare(_ a: JSONValue?, _ b: JSONValue) -> Int? {
    switch (a, b) {
    case (.int(let x)?, .int(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.string(let x)?, .string(let y)): return JSONValue.compareUTF8(x, y)
    case (.bool(let x)?, .bool(let y)): return x == y ? 0 : (!x ? -1 : 1)
    case (.int?, .double), (.double?, .int), (.double?, .double):
      return compareNumbers(a ?? .null, b)
    default: return nil
    }
  }

  /// The total sort order: missing/null < Booleans < numbers < strings < arrays < objects.
  /// Strings compare by UTF-8 bytes, arrays element by element, objects by the UTF-8 bytes of
  /// their canonical JSON text.
  static func sortCompare(_ a: JSONValue?, _ b: JSONValue?) -> Int {
    let ra = rank(a)
    let rb = rank(b)
    if ra != rb { return ra < rb ? -1 : 1 }
    switch (a, b) {
    case (.bool(let x)?, .bool(let y)): return x == y ? 0 : (!x ? -1 : 1)
    case (.int(let x)?, .int(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.string(let x)?, .string(let y)): return JSONValue.compareUTF8(x, y)
    case (.array(let x)?, .array(let y)):
      for (l, r) in zip(x, y) {
        let c = scalarSortCompare(l, r)
        if c != 0 { return c }
      }
      return x.count < y.count ? -1 : x.count == y.count ? 0 : 1
    case (.object?, .object?):
      return JSONValue.compareUTF8(JSONWriter.string(a ?? .null), JSONWriter.string(b ?? .null))
    case (let x?, let y?) where rank(x) == 2:
      return compareNumbers(x, y) ?? 0
    default: return 0
    }
  }

  private static func scalarSortCompare(_ a: JSONValue, _ b: JSONValue) -> Int {
    switch (a, b) {
    case (.array, .array), (.object, .object):
      return JSONValue.compareUTF8(JSONWriter.string(a), JSONWriter.string(b))
    default: return sortCompare(a, b)
    }
  }

  private static func rank(_ value: JSONValue?) -> Int {
    switch value {
    case nil, .null?: return 0
    case .bool?: return 1
    case .int?, .double?: return 2
    case .string?: return 3
    case .array?: return 4
    case .object?: return 5
    }
  }

  /// Compares two numbers exactly, also beyond 2^53 where an `Int64` and a `Double` cannot both be
  /// represented in the other's type; NaN (never stored) compares as unordered.
  static func compareNumbers(_ a: JSONValue, _ b: JSONValue) -> Int? {
    switch (a, b) {
    case (.int(let x), .int(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.double(let x), .double(let y)):
      if x < y { return -1 }
      if x > y { return 1 }
      return x == y ? 0 : nil
    case (.int(let x), .double(let y)): return compare(x, y)
    case (.double(let x), .int(let y)): return compare(y, x).map { -$0 }
    default: return nil
    }
  }

  private static func compare(_ x: Int64, _ y: Double) -> Int? {
    guard !y.isNaN else { return nil }
    if y >= 9_223_372_036_854_775_808.0 { return -1 }
    if y < -9_223_372_036_854_775_808.0 { return 1 }
    let truncated = y.rounded(.towardZero)
    let whole = Int64(truncated)
    if x != whole { return x < whole ? -1 : 1 }
    let fraction = y - truncated
    return fraction > 0 ? -1 : fraction < 0 ? 1 : 0
  }
}
