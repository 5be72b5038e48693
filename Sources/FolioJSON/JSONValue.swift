/// A JSON document: the value type every Folio record, payload and file is made of.
///
/// Numbers keep their kind: an integer literal that fits `Int64` is ``int(_:)`` and stays exact;
/// every other finite number is ``double(_:)``. `.int(1)` and `.double(1.0)` are different values,
/// because they are written differently (`1` and `1.0`).
///
/// ```swift
/// let value: JSONValue = ["id": 1, "tags": ["a", "b"], "ok": true]
/// value["tags"]?[1]        // "b"
/// ```
public enum JSONValue: Sendable, Hashable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer that fits in 64 bits, kept exact.
  case int(Int64)
  /// Any other finite number.
  case double(Double)
  /// A string of Unicode scalars.
  case string(String)
  /// An ordered array.
  case array([JSONValue])
  /// An object; see ``JSONObject`` for its ordering and equality rules.
  case object(JSONObject)
}

extension JSONValue {
  /// Whether this is `null`.
  @inlinable public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The string payload, or `nil` for any other kind.
  @inlinable public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The integer payload, or `nil` for any other kind (no conversion).
  @inlinable public var intValue: Int64? {
    if case .int(let i) = self { return i }
    return nil
  }

  /// The number as a `Double` for `.int` and `.double`, else `nil`.
  @inlinable public var doubleValue: Double? {
    switch self {
    case .double(let d): return d
    case .int(let i): return Double(i)
    default: return nil
    }
  }

  /// The Boolean payload, or `nil` for any other kind (no conversion).
  @inlinable public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The array payload, or `nil` for any other kind.
  @inlinable public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object payload, or `nil` for any other kind.
  @inlinable public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The member named `key` when this is an object, else `nil`.
  @inlinable public subscript(key: String) -> JSONValue? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  /// The element at `index` when this is an array and the index is in range, else `nil`.
  @inlinable public subscript(index: Int) -> JSONValue? {
    if case .array(let a) = self, a.indices.contains(index) { return a[index] }
    return nil
  }

  /// A short name of the value's kind, as used in error messages: `"null"`, `"bool"`, `"int"`,
  /// `"double"`, `"string"`, `"array"` or `"object"`.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "bool"
    case .int: return "int"
    case .double: return "double"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil` is JSON `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A Boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// A dictionary literal; later duplicates of a key replace earlier ones.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}
