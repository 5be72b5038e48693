/// How one sync call reconciles an incoming payload with the stored records of an entity.
///
/// The defaults match the unified scenarios (section 6.0 of the behaviour spec): insert new
/// records, update changed ones, delete the missing ones, look every identifier up.
///
/// ```swift
/// var options = SyncOptions()
/// options.deleteMissing = false            // upsert only
/// options.scope = .linked("batch", to: 1)  // delete-missing limited to Batch 1's clicks
/// ```
public struct SyncOptions: Sendable {
  /// Insert records for items whose identifier is not stored (else they are skipped).
  public var insertMissing = true
  /// Update stored records from their items (else they are left as they are, with their subtree).
  public var updateExisting = true
  /// Delete stored records (in ``scope``) that the payload does not reach, as an item, a nested
  /// item or a bare identifier. Ignored when the payload is a single object (D9).
  public var deleteMissing = true
  /// Insert without looking identifiers up; an identifier that exists fails the whole sync (D25).
  public var forceInsert = false
  /// Update matched records even when ``updateExisting`` is off or the entity's should-update
  /// rule declines (DKDBManager's precedence: forced beats update-disabled).
  public var forceUpdate = false
  /// Limits what delete-missing may delete (a grouper, D19). Lookup is never scoped: an item
  /// whose identifier is stored outside the scope updates that record.
  public var scope: SyncScope?
  /// The record whose children the payload's items are, through one of its to-many
  /// relationships: every item stored is linked to it, and delete-missing covers only its
  /// current children (a child another parent also links is unlinked, not deleted). Combined
  /// with ``scope``, a child outside the scope stays linked and is never deleted.
  ///
  /// A parent entity, record or relationship that does not exist, a to-one relationship, or one
  /// whose destination is not the synced entity fails the sync (``SyncError/Code/unknownParent``,
  /// ``SyncError/Code/invalidParent``) before anything is planned.
  public var parent: SyncParent?
  /// Validators run on each top-level item after the entity's own validators, in order.
  public var validators: [Validator] = []
  /// Child options per relationship, keyed `"Entity.relationship"`, overriding the schema's.
  public var childOptions: [String: ChildSyncOptions] = [:]
  /// The mass-delete guard: when set, a sync whose delete-missing would delete more than this
  /// share (0…1) of the records in scope is refused (off by default).
  public var maximumDeleteShare: Double?
  /// Where log messages go; `nil` (the default) is silent.
  public var logHandler: SyncLogHandler?
  /// Receives progress while the sync plans and writes (``SyncProgress``); `nil` by default.
  public var progress: SyncProgress.Handler?
  /// Fail the whole sync when any item (top-level or nested) is rejected: the call throws a
  /// ``SyncError`` with code ``SyncError/Code/itemsRejected`` listing every rejection with its
  /// JSON pointer (``SyncError/problems``), and nothing is written.
  ///
  /// Off by default: one malformed record in a feed then costs that record, not the whole feed,
  /// and the report names it (`rejected`, with its pointer). Turn it on when the payload is
  /// one unit that must not be applied in part (a migration, an import checked by a person).
  ///
  /// ```swift
  /// var strict = SyncOptions()
  /// strict.allOrNothing = true
  /// ```
  public var allOrNothing = false
  /// Whether a streamed payload's items may be read straight into rows
  /// (``PayloadRowReader``); off, every item goes the general way. Not public: tests turn it off
  /// to check that both ways sync alike.
  var readsRows = true

  /// Default options: insert, update and delete missing; no scope, no guard, silent.
  public init() {}

  /// Options with the four switches set explicitly.
  public init(
    insertMissing: Bool = true, updateExisting: Bool = true, deleteMissing: Bool = true,
    forceInsert: Bool = false, forceUpdate: Bool = false
  ) {
    self.insertMissing = insertMissing
    self.updateExisting = updateExisting
    self.deleteMissing = deleteMissing
    self.forceInsert = forceInsert
    self.forceUpdate = forceUpdate
  }
}

/// The records of an entity that delete-missing may delete (a grouper).
///
/// ```swift
/// SyncScope.attribute("active", equals: true)
/// SyncScope.linked("batch", to: 1)                 // Clicks of Batch 1
/// SyncScope.matching("recent") { $0["year"] == 2024 }
/// ```
public struct SyncScope: Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    case attribute(String, JSONValue)
    case linked(String, RecordID)
    case predicate(String, @Sendable (JSONObject) -> Bool)
  }

  let kind: Kind

  /// Records whose attribute `name` holds `value` (canonical stored form).
  public static func attribute(_ name: String, equals value: JSONValue) -> SyncScope {
    SyncScope(kind: .attribute(name, value))
  }

  /// Records whose relationship `name` links the record `parent` (the parent scope).
  public static func linked(_ name: String, to parent: RecordID) -> SyncScope {
    SyncScope(kind: .linked(name, parent))
  }

  /// Records for which `predicate` returns `true`; `name` is used in reports and logs.
  public static func matching(_ name: String, _ predicate: @escaping @Sendable (JSONObject) -> Bool)
    -> SyncScope
  {
    SyncScope(kind: .predicate(name, predicate))
  }

  /// Whether `record` is in the scope.
  public func contains(_ record: JSONObject) -> Bool {
    switch kind {
    case .attribute(let name, let value): return record[name] == value
    case .linked(let name, let parent):
      guard let value = record[name] else { return false }
      if RecordID(json: value) == parent { return true }
      if case .array(let members) = value {
        return members.contains { RecordID(json: $0) == parent }
      }
      return false
    case .predicate(_, let predicate): return predicate(record)
    }
  }

  /// `name == value`, `name links id`, or the predicate's name.
  public var description: String {
    switch kind {
    case .attribute(let name, let value): return "\(name) == \(JSONWriter.string(value))"
    case .linked(let name, let parent): return "\(name) links \(parent)"
    case .predicate(let name, _): return name
    }
  }
}
