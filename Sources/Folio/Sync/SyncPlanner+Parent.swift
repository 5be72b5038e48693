extension SyncPlanner {
  /// A checked ``SyncParent``: the parent record and its children before the sync.
  struct ParentLink {
    let parent: SyncParent
    /// The parent's children through the relationship before the sync, in stored order.
    let children: [RecordID]
    /// ``children`` as a set.
    let childSet: Set<RecordID>

    init(parent: SyncParent, children: [RecordID]) {
      self.parent = parent
      self.children = children
      childSet = Set(children)
    }
  }

  /// Checks `parent` against the schema and the stored records, for a sync into `entity`.
  ///
  /// - Throws: ``SyncError`` `unknownParent` for an unknown entity or record, `invalidParent`
  ///   for an unknown relationship, a to-one one, or one whose destination is not `entity`.
  func parentLink(_ parent: SyncParent, syncing entity: String) throws(SyncError) -> ParentLink {
    let names = schema.entities.map(\.name).joined(separator: ", ")
    guard let info = base.index.entities[parent.entity] else {
      throw SyncError(
        code: .unknownParent,
        message:
          "the parent entity '\(parent.entity)' is not in the schema; name one of: \(names)",
        entity: parent.entity)
    }
    let toMany = info.relationships.filter {
      $0.relationship.isToMany && $0.relationship.target == entity
    }.map(\.relationship.name)
    let candidates =
      toMany.isEmpty
      ? "\(parent.entity) has no to-many relationship to \(entity), so \(entity) items cannot be its children"
      : "use \(toMany.map { "'\($0)'" }.joined(separator: " or "))"
    guard let relationship = info.relationship(named: parent.relationship)?.relationship else {
      throw SyncError(
        code: .invalidParent,
        message:
          "\(parent.entity) has no relationship '\(parent.relationship)'; \(candidates)",
        entity: parent.entity)
    }
    guard relationship.target == entity else {
      throw SyncError(
        code: .invalidParent,
        message:
          "\(parent.entity).\(parent.relationship) links \(relationship.target) records, not \(entity); \(candidates)",
        entity: parent.entity)
    }
    guard relationship.isToMany else {
      throw SyncError(
        code: .invalidParent,
        message:
          "\(parent.entity).\(parent.relationship) is a to-one relationship; a payload of \(entity) items needs a to-many one. Sync the child with its own item, or use --scope to limit deletion",
        entity: parent.entity)
    }
    guard let record = work.record(parent.entity, parent.id) else {
      throw SyncError(
        code: .unknownParent,
        message:
          "\(parent.entity) \(parent.id) is not stored; sync the parent first, or name a stored one",
        entity: parent.entity, id: parent.id)
    }
    return ParentLink(
      parent: parent,
      children: StoreState.targets(in: record[parent.relationship], toMany: true))
  }

  /// Links the payload's `listed` children (those it stored, in payload order) to the parent.
  ///
  /// With `replacing` (delete-missing on, a list payload) the parent's children become the
  /// listed ones, followed by current children the payload reached elsewhere (nested) or that
  /// lie outside `scope` (which the payload does not speak for); else listed children are
  /// appended to the current ones.
  mutating func link(
    _ listed: [RecordID], to link: ParentLink, childContext: Int, replacing: Bool,
    scope: SyncScope?
  ) throws(SyncError) {
    let parent = link.parent
    guard let record = work.record(parent.entity, parent.id) else { return }
    let current = StoreState.targets(in: record[parent.relationship], toMany: true)
    var members: [RecordID]
    if replacing {
      let listedSet = Set(listed)
      let name = contexts[childContext].name
      members =
        listed
        + current.filter { child in
          guard !listedSet.contains(child) else { return false }
          if reached[childContext][child] != nil { return true }
          guard let scope, let record = work.record(name, child) else { return false }
          return !scope.contains(record)
        }
    } else {
      let currentSet = Set(current)
      members = current + listed.filter { !currentSet.contains($0) }
    }
    members.removeAll { work.record(contexts[childContext].name, $0) == nil }
    do {
      try work.setToMany(parent.entity, parent.id, parent.relationship, to: members)
    } catch {
      throw SyncError(error)
    }
  }

  /// Delete-missing for a sync into a parent: deletes the parent's children from before the sync
  /// that the payload did not reach, in `scope`; a child another record links through the same
  /// relationship is only unlinked (by ``link(_:to:childContext:replacing:)``), not deleted.
  ///
  /// - Returns: whether the mass-delete guard refused (nothing is then deleted).
  mutating func deleteMissingChildren(
    of link: ParentLink, _ context: Int, scope: SyncScope?, maximumShare: Double?
  ) throws(SyncError) -> Bool {
    let name = contexts[context].name
    let parent = link.parent
    var doomed: [RecordID] = []
    var inScope = 0
    for child in link.children {
      guard let record = work.record(name, child) else { continue }
      if let scope, !scope.contains(record) { continue }
      inScope += 1
      if reached[context][child] != nil { continue }
      let shared = work.state.referrers(of: RecordKey(name, child)).contains {
        $0.source.entity == parent.entity && $0.relationship == parent.relationship
          && $0.source.id != parent.id
      }
      if !shared { doomed.append(child) }
    }
    return try deleteMissing(
      doomed, of: name, outOf: inScope,
      described: "\(name) children of \(parent.entity) \(parent.id)", maximumShare: maximumShare,
      because: "not listed in the payload (delete-missing among \(parent)'s children)")
  }
}
