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

/// The modifiers shared by ``ToOne`` and ``ToMany``.
public protocol RelationshipDeclaration: Sendable {
  /// The relationship being declared.
  var relationship: Relationship { get set }
}

extension RelationshipDeclaration {
  /// Names the inverse relationship on the target entity; validation checks it points back.
  ///
  /// - Parameter name: The target entity's relationship name.
  /// - Returns: A copy with the inverse set.
  public func inverse(_ name: String) -> Self { with { $0.inverse = name } }

  /// Sets what deleting a source record does to its targets (F10, D18).
  ///
  /// - Parameter rule: `.nullify` (the default), `.cascade` or `.deny`.
  /// - Returns: A copy with the rule set.
  public func deleteRule(_ rule: DeleteRule) -> Self { with { $0.deleteRule = rule } }

  /// Reads the relationship from an explicit JSON key path.
  ///
  /// - Parameter path: A dotted key path such as `"committer.login"`.
  /// - Returns: A copy with the key set.
  public func key(_ path: String) -> Self { with { $0.key = path } }

  /// Sets the sync options for the children reached through this relationship (F10); `nil`
  /// inherits from the sync call (delete-missing: on for cascade, off otherwise, D10).
  ///
  /// ```swift
  /// ToOne("department", "Department").sync(updateExisting: false)
  /// ```
  ///
  /// - Parameters:
  ///   - insertMissing: Insert children that do not exist yet.
  ///   - updateExisting: Update children that exist.
  ///   - deleteMissing: Delete children of this parent missing from the nested payload.
  /// - Returns: A copy with the options set.
  public func sync(insertMissing: Bool? = nil, updateExisting: Bool? = nil, deleteMissing: Bool? = nil)
    -> Self
  {
    with {
      $0.childOptions = ChildSyncOptions(
        insertMissing: insertMissing, updateExisting: updateExisting, deleteMissing: deleteMissing)
    }
  }

  /// Sets what a sync does with a bare identifier naming no stored record (F11, D13).
  ///
  /// - Parameter policy: `.stub` (the default), `.ignore` or `.reject`.
  /// - Returns: A copy with the policy set.
  public func referencePolicy(_ policy: ReferencePolicy) -> Self {
    with { $0.referencePolicy = policy }
  }

  private func with(_ change: (inout Relationship) -> Void) -> Self {
    var copy = self
    change(&copy.relationship)
    return copy
  }
}
