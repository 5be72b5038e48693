/// Declares a to-many relationship in an entity body.
///
/// ```swift
/// ToMany("badges", "Badge", ordered: true).deleteRule(.cascade)
/// ToMany("clicks", "Click", from: "clicked").inverse("batch")
/// ```
public struct ToMany: RelationshipDeclaration {
  /// The relationship being declared.
  public var relationship: Relationship

  /// A to-many relationship named `name` to the entity `target`.
  ///
  /// - Parameters:
  ///   - name: The relationship's name in records.
  ///   - target: The target entity's name.
  ///   - key: The JSON key path to read; `nil` reads the name (plus `<snake>_ids` under
  ///     ``KeyConvention/snakeCase``).
  ///   - ordered: Whether payload order is kept; otherwise members are kept in identifier order.
  public init(_ name: String, _ target: String, from key: String? = nil, ordered: Bool = false) {
    relationship = Relationship(
      name: name, target: target, isToMany: true, isOrdered: ordered, key: key)
  }
}
