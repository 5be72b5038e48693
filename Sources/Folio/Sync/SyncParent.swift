/// A parent record whose children a sync's payload is: ``SyncOptions/parent``.
///
/// The payload's items are the children of one stored record through one of its to-many
/// relationships (`Project 42`'s `tasks`). Every item the sync stores is linked to the parent;
/// delete-missing covers only the parent's current children, and a missing child that another
/// parent also links through the same relationship is unlinked from this one rather than deleted.
///
/// ```swift
/// var options = SyncOptions()
/// options.parent = SyncParent("Project", 42, "tasks")
/// try store.sync([["id": 1, "title": "Plan"]], into: "Task", options: options)
/// ```
///
/// Compare ``SyncScope/linked(_:to:)``, which limits what delete-missing may delete but links
/// nothing.
public struct SyncParent: Sendable, Hashable, CustomStringConvertible {
  /// The parent's entity.
  public var entity: String
  /// The parent record's identifier.
  public var id: RecordID
  /// The parent entity's to-many relationship whose destination is the synced entity.
  public var relationship: String

  /// The record `id` of `entity`, through its to-many relationship `relationship`.
  public init(_ entity: String, _ id: RecordID, _ relationship: String) {
    self.entity = entity
    self.id = id
    self.relationship = relationship
  }

  /// `Project 42.tasks`.
  public var description: String { "\(entity) \(id).\(relationship)" }
}
