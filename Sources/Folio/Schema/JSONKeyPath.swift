/// A dotted path into a JSON object, such as `user.name`.
///
/// Reading a path walks one object member per component. A missing member, a `null` or a
/// non-object on the way makes the whole path missing (U33); the last component may hold any
/// value, including `null`.
///
/// ```swift
/// let path = JSONKeyPath("user.name")
/// path.value(in: ["user": ["name": "Ada"]])   // "Ada"
/// path.value(in: ["user": nil])                // nil (missing)
/// path.value(in: ["user": ["name": nil]])      // .null (present, clears)
/// ```
public struct JSONKeyPath: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The member names, outermost first. Never empty.
  public let components: [String]

  /// A path from its dotted text; `"a.b"` has components `["a", "b"]`.
  ///
  /// Keys containing dots cannot be addressed; empty components are kept as empty keys.
  public init(_ dotted: String) {
    components = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// A path from its components.
  public init(components: [String]) { self.components = components.isEmpty ? [""] : components }

  /// The dotted text.
  public var description: String { components.joined(separator: ".") }

  /// The value at this path in `object`, or `nil` when the path is missing.
  ///
  /// - Complexity: O(*k* · *m*): *k* components, *m* members per object scanned.
  @inlinable public func value(in object: JSONObject) -> JSONValue? {
    if components.count == 1 { return object[components[0]] }
    var current = object
    let last = components.count - 1
    for i in 0..<last {
      guard case .object(let next)? = current[components[i]] else { return nil }
      current = next
    }
    return current[components[last]]
  }

  /// Writes `value` at this path, creating (or replacing non-object) intermediate objects.
  ///
  /// - Complexity: O(*k* · *m*).
  public func set(_ value: JSONValue, in object: inout JSONObject) {
    // Iterative, so a path with thousands of components cannot overflow the stack: collect the
    // objects along the path, then rebuild them from the innermost outwards.
    var chain: [JSONObject] = [object]
    for component in components.dropLast() {
      let next = chain[chain.count - 1][component]?.objectValue ?? JSONObject()
      chain.append(next)
    }
    var result = value
    for (depth, component) in components.enumerated().reversed() {
      chain[depth][component] = result
      result = .object(chain[depth])
    }
    object = chain[0]
  }

  /// Encodes as its dotted text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Decodes from dotted text.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }
}
