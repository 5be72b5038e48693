/// What deleting a record does to the records its relationship points at.
public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable {
  /// The targets lose their link to the deleted record (the default).
  case nullify
  /// The targets are deleted too, applying their own rules in turn.
  case cascade
  /// Deleting the record fails while the relationship is not empty.
  case deny
}

/// What a sync does with a bare identifier that names no stored record (D13).
public enum ReferencePolicy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Insert a stub record holding only the identifier (the default).
  case stub
  /// Leave the reference out, and report a diagnostic.
  case ignore
  /// Reject the item holding the reference.
  case reject
}

/// Sync options for the records reached through one relationship. `nil` fields inherit from
/// the sync call, except ``deleteMissing``, whose default depends on the delete rule (D10).
public struct ChildSyncOptions: Sendable, Hashable, Codable {
  /// Insert children that do not exist yet.
  public var insertMissing: Bool?
  /// Update children that exist.
  public var updateExisting: Bool?
  /// Delete (rather than unlink) children of *this parent* missing from the nested payload;
  /// `nil` means on for cascade relationships and off otherwise.
  public var deleteMissing: Bool?

  /// Creates child options.
  public init(insertMissing: Bool? = nil, updateExisting: Bool? = nil, deleteMissing: Bool? = nil) {
    self.insertMissing = insertMissing
    self.updateExisting = updateExisting
    self.deleteMissing = deleteMissing
  }
}

/// A link from one entity's records to another's.
public struct Relationship: Sendable, Hashable {
  /// The relationship's name in records.
  public var name: String
  /// The target entity's name.
  public var target: String
  /// Whether it holds many targets.
  public var isToMany: Bool
  /// For to-many: whether payload order is kept (else members are kept in identifier order).
  public var isOrdered: Bool
  /// The name of the inverse relationship on the target entity, if declared.
  public var inverse: String?
  /// What deleting a source record does to its targets.
  public var deleteRule: DeleteRule
  /// The JSON key path read from incoming items; `nil` means the name (plus its snake_case and
  /// PascalCase forms and `<name>_id` / `<name>_ids` under ``KeyConvention/snakeCase``). A
  /// single-component key falls back to those when absent, unless ``Schema/keyFallback`` is off.
  public var key: String?
  /// Options for syncing the nested children.
  public var childOptions: ChildSyncOptions
  /// What to do with bare identifiers of unknown targets.
  public var referencePolicy: ReferencePolicy

  /// Creates a relationship value.
  public init(
    name: String, target: String, isToMany: Bool, isOrdered: Bool = false, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify, key: String? = nil,
    childOptions: ChildSyncOptions = ChildSyncOptions(), referencePolicy: ReferencePolicy = .stub
  ) {
    self.name = name
    self.target = target
    self.isToMany = isToMany
    self.isOrdered = isOrdered
    self.inverse = inverse
    self.deleteRule = deleteRule
    self.key = key
    self.childOptions = childOptions
    self.referencePolicy = referencePolicy
  }
}
