/// Declares an entity's identifier: one attribute name, or several for a composite identifier
/// (compared exactly and case-sensitively, in the order given, D22).
///
/// ```swift
/// Entity("Plane") {
///   Identifier("origin", "destination")
///   Attribute("origin", .string)
///   Attribute("destination", .string)
/// }
/// ```
public struct Identifier: Sendable, Hashable {
  /// The identifier attribute names, in order.
  public let attributes: [String]

  /// Names the identifier attribute(s).
  public init(_ first: String, _ rest: String...) { attributes = [first] + rest }
}
