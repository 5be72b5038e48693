/// Declares a to-one relationship in an entity body.
///
/// The item's value may be a nested object (synced as a child) or a bare identifier (linked, or
/// handled by the ``ReferencePolicy``).
///
/// ```swift
/// ToOne("department", "Department")
///   .sync(updateExisting: false)
///   .referencePolicy(.reject)
/// ToOne("committer", "GitUser", from: "committer.login")   // a bare id at a key path
/// ```
public struct ToOne: RelationshipDeclaration {
  /// The relationship being declared.
  public var relationship: Relationship

  /// A to-one relationship named `name` to the entity `target`.
  ///
  /// - Parameters:
  ///   - name: The relationship's name in records.
  ///   - target: The target entity's name.
  ///   - key: The JSON key path to read; `nil` reads the name (plus `<snake>_id` under
  ///     ``KeyConvention/snakeCase``).
  public init(_ name: String, _ target: String, from key: String? = nil) {
    relationship = Relationship(name: name, target: target, isToMany: false, key: key)
  }
}
