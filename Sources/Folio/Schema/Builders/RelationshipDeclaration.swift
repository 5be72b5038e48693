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
