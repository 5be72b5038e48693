/// A dotted path into a JSON object, such as `user.name` or `images.0.url`.
///
/// Reading a path walks one step per component: into an object, a component names a member;
/// into an array, a component that is an *index* (a canonical decimal number from `0` to
/// ``maximumIndex``: `0`, `7`, `12`, not `07` or `-1`) picks an element. So a numeric component
/// indexes an array when the value there is an array, and names a member (`"0"`) when it is an
/// object. A missing member, an index past the end, a `null` or a scalar on the way makes the
/// whole path missing (U33), as does a non-index component into an array; the last component
/// may hold any value, including `null`.
///
/// ```swift
/// let path = JSONKeyPath("user.name")
/// path.value(in: ["user": ["name": "Ada"]])   // "Ada"
/// path.value(in: ["user": nil])                // nil (missing)
/// path.value(in: ["user": ["name": nil]])      // .null (present, clears)
/// JSONKeyPath("tags.0").value(in: ["tags": ["red", "blue"]])   // "red"
/// JSONKeyPath("tags.5").value(in: ["tags": ["red", "blue"]])   // nil (missing)
/// ```
public struct JSONKeyPath: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The member names, outermost first. Never empty.
  public let components: [String]

  /// The largest index a component can name (`9999`): a larger number is a member name, so that
  /// writing a path never pads an array with more than ten thousand `null`s.
  public static let maximumIndex = 9999

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

  /// The array index `component` names, or `nil` when it is not an index (see the type's
  /// summary): `"3"` is 3; `"03"`, `"-1"`, `"1e2"` and `"10000"` are member names only.
  ///
  /// ```swift
  /// JSONKeyPath.index("12")   // 12
  /// JSONKeyPath.index("012")  // nil
  /// ```
  public static func index(_ component: String) -> Int? {
    let utf8 = component.utf8
    guard !utf8.isEmpty, utf8.count <= 4, utf8.first != UInt8(ascii: "0") || utf8.count == 1
    else { return nil }
    var result = 0
    for byte in utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      result = result * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return result
  }

  /// The value at this path in `object`, or `nil` when the path is missing.
  ///
  /// - Complexity: O(*k* · *m*): *k* components, *m* members per object scanned.
  @inlinable public func value(in object: JSONObject) -> JSONValue? {
    if components.count == 1 { return object[components[0]] }
    return nestedValue(in: object)
  }

  /// The walk of ``value(in:)`` for paths of more than one component.
  @usableFromInline func nestedValue(in object: JSONObject) -> JSONValue? {
    guard var current = object[components[0]] else { return nil }
    for component in components.dropFirst() {
      switch current {
      case .object(let members):
        guard let next = members[component] else { return nil }
        current = next
      case .array(let elements):
        guard let i = JSONKeyPath.index(component), i < elements.count else { return nil }
        current = elements[i]
      default:
        return nil
      }
    }
    return current
  }

  /// Writes `value` at this path, creating intermediate containers as needed: an array where
  /// the next component is an index and there is no array, else an object (replacing a scalar
  /// or `null` on the way). An index past an array's end pads it with `null`s, which read back
  /// as missing, so writing a record's values and reading them back gives the same values.
  ///
  /// ```swift
  /// var item: JSONObject = [:]
  /// JSONKeyPath("images.1.url").set("b.png", in: &item)
  /// // {"images": [null, {"url": "b.png"}]}
  /// ```
  ///
  /// - Complexity: O(*k* · *m* + *i*): *i* the largest index written.
  public func set(_ value: JSONValue, in object: inout JSONObject) {
    // Iterative, so a path with thousands of components cannot overflow the stack: collect the
    // containers along the path, then rebuild them from the innermost outwards.
    var chain: [JSONValue] = [.object(object)]
    for depth in 0..<(components.count - 1) {
      let existing = JSONKeyPath.child(of: chain[depth], components[depth])
      let nextIsIndex = JSONKeyPath.index(components[depth + 1]) != nil
      switch existing {
      case .object(let members)?: chain.append(.object(members))
      case .array(let elements)? where nextIsIndex: chain.append(.array(elements))
      default: chain.append(nextIsIndex ? .array([]) : .object(JSONObject()))
      }
    }
    var result = value
    for depth in (0..<components.count).reversed() {
      result = JSONKeyPath.put(result, at: components[depth], into: chain[depth])
    }
    object = result.objectValue ?? object
  }

  /// The value `container` holds under `component`, or `nil`.
  private static func child(of container: JSONValue, _ component: String) -> JSONValue? {
    switch container {
    case .object(let members): return members[component]
    case .array(let elements):
      guard let i = index(component), i < elements.count else { return nil }
      return elements[i]
    default: return nil
    }
  }

  /// `container` with `value` written under `component` (an array is padded with `null`s up to
  /// an index past its end; ``set(_:in:)`` only hands arrays an index).
  private static func put(_ value: JSONValue, at component: String, into container: JSONValue)
    -> JSONValue
  {
    switch container {
    case .array(var elements):
      guard let i = index(component) else { return container }
      if i >= elements.count {
        elements.append(contentsOf: repeatElement(.null, count: i - elements.count + 1))
      }
      elements[i] = value
      return .array(elements)
    case .object(var members):
      members[component] = value
      return .object(members)
    default:
      var members = JSONObject()
      members[component] = value
      return .object(members)
    }
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
