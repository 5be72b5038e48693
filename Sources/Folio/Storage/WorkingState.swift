/// A mutable copy of a ``StoreState`` that keeps relationships consistent on every change and
/// logs what it touched.
///
/// Every write path (CRUD, the sync planner, query deletes, migrations) goes through these
/// operations, so inverse relationships, the reverse index and delete rules (D18) are applied the
/// same way everywhere. A failing operation may leave the working state half-changed: callers
/// discard the whole working state on error, which is what makes each unit of work atomic.
struct WorkingState: Sendable {
  private(set) var state: StoreState
  private(set) var log = ChangeLog()
  /// Counts every write, so a plan made against this working state can tell it is still current.
  private(set) var revision = 0

  init(_ state: StoreState) { self.state = state }

  var index: SchemaIndex { state.index }

  /// The record of `entity` with identifier `id`, including this unit's changes.
  func record(_ entity: String, _ id: RecordID) -> JSONObject? {
    state.record(entity, id)
  }

  // MARK: Level 0: raw records

  /// Stores `record` (or removes it for `nil`) without touching other records, keeping the
  /// reverse index of inverse-less relationships in step.
  ///
  /// - Returns: the record's position in the change log, or `nil` for an unknown entity.
  @discardableResult
  mutating func put(_ entity: String, _ id: RecordID, _ record: JSONObject?) -> Int? {
    // In place through the dictionary's modify accessor, so the shard is not copied; one lookup.
    guard let old = state.tables.update(entity, { $0.set(record, for: id) }) else { return nil }
    return didPut(entity, id, old: old, record)
  }

  /// ``put(_:_:_:)`` of a record that replaces `current`, which the caller read from this
  /// working state just before: the row's old value is not decoded a second time.
  @discardableResult
  mutating func put(_ entity: String, _ id: RecordID, _ record: JSONObject?, replacing current: JSONObject)
    -> Int?
  {
    guard state.tables.update(entity, { $0.set(record, for: id, decodingOld: false) }) != nil else { return nil }
    return didPut(entity, id, old: current, record)
  }

  /// What every put does after the table changed: indexes and the change log.
  private mutating func didPut(_ entity: String, _ id: RecordID, old: JSONObject?, _ record: JSONObject?) -> Int {
    if !state.secondary.isEmpty { state.secondary.update(entity, id, from: old, to: record) }
    if index.hasReverseIndex, let info = index.entities[entity] {
      for relationship in info.relationships where relationship.inverse == nil {
        let name = relationship.relationship.name
        let before = old?[name]
        let after = record?[name]
        guard before != after else { continue }
        let toMany = relationship.relationship.isToMany
        let oldTargets = StoreState.targets(in: before, toMany: toMany)
        let newTargets = StoreState.targets(in: after, toMany: toMany)
        let key = relationship.reverseKey
        for target in oldTargets {
          state.reverse[key, default: [:]][target]?.remove(id)
          if state.reverse[key]?[target]?.isEmpty == true { state.reverse[key]?[target] = nil }
        }
        for target in newTargets { state.reverse[key, default: [:]][target, default: []].insert(id) }
      }
    }
    revision += 1
    return log.note(RecordKey(entity, id), old: old, new: record)
  }

  /// Inserts a record of `entity` under `id`, which has none, written straight into a row by
  /// `fill` (Design/0005): no `JSONObject` is built, and the log keeps only the key. `fill`
  /// must write only attribute columns (a new record has no links yet, so no inverse or
  /// reverse index is touched).
  ///
  /// - Returns: the record's position in the change log; `nil`, writing nothing, when the
  ///   entity is unknown, `id` has a record, or secondary indexes must see the record (the
  ///   caller then builds it and uses ``put(_:_:_:)``).
  mutating func insertRow(_ entity: String, _ id: RecordID, _ fill: (inout RowChunk, Int) -> Void) -> Int? {
    guard state.secondary.isEmpty,
      state.tables.update(entity, { $0.insertRow(id, fill) }) == true
    else { return nil }
    revision += 1
    return log.noteInsert(RecordKey(entity, id)) { state.record(entity, id) }
  }

  /// The record `entry` of this state's change log names, as it is now; `nil` when it does not
  /// exist.
  func after(_ entry: borrowing ChangeLog.Entry) -> JSONObject? {
    guard entry.exists else { return nil }
    if let written = entry.written { return written }
    return state.record(entry.key.entity, entry.key.id)
  }

  /// Makes room in the change log for `count` records of `entity` about to be written.
  mutating func reserveLog(_ count: Int, for entity: String) {
    log.reserve(count, for: entity)
  }

  // MARK: Level 1: relationships

  func relationshipInfo(_ entity: String, _ name: String) throws(StoreError)
    -> SchemaIndex.RelationshipInfo
  {
    guard let info = index.entities[entity] else {
      throw StoreError(code: .unknownEntity, message: "the schema has no entity '\(entity)'", entity: entity)
    }
    guard let relationship = info.relationship(named: name) else {
      throw StoreError(
        code: .unknownMember, message: "the entity '\(entity)' has no relationship '\(name)'", entity: entity)
    }
    return relationship
  }

  /// Points the to-one relationship `name` of record `id` at `target` (or clears it), updating
  /// the inverse side: the old target loses the record, the new one gains it, and for a
  /// one-to-one the new target's previous partner is unlinked.
  ///
  /// - Throws: ``StoreError`` when the record or the target does not exist.
  mutating func setToOne(_ entity: String, _ id: RecordID, _ name: String, to target: RecordID?)
    throws(StoreError)
  {
    let info = try relationshipInfo(entity, name)
    guard var record = record(entity, id) else { throw notFound(entity, id) }
    let current = record[name].flatMap(RecordID.init(json:))
    guard current != target else { return }
    if let target, self.record(info.relationship.target, target) == nil {
      throw missing(info.relationship.target, target, from: entity, id, name)
    }
    record[name] = target?.jsonValue
    put(entity, id, record)
    guard let inverse = info.inverse else { return }
    if let current { removeMember(id, from: info.relationship.target, current, inverse) }
    if let target { try addMember(id, of: entity, to: info.relationship.target, target, inverse, via: name) }
  }

  /// Replaces the members of the to-many relationship `name` of record `id` with `targets`
  /// (duplicates dropped, first occurrence kept; identifier order unless the relationship is
  /// ordered), updating the inverse side of every member added or removed.
  ///
  /// - Returns: the members removed, in their previous order.
  /// - Throws: ``StoreError`` when the record or a target does not exist.
  @discardableResult
  mutating func setToMany(
    _ entity: String, _ id: RecordID, _ name: String, to targets: [RecordID]
  ) throws(StoreError) -> [RecordID] {
    let info = try relationshipInfo(entity, name)
    guard var record = record(entity, id) else { throw notFound(entity, id) }
    var seen = Set<RecordID>()
    var members = targets.filter { seen.insert($0).inserted }
    if !info.relationship.isOrdered { members.sort() }
    for target in members where self.record(info.relationship.target, target) == nil {
      throw missing(info.relationship.target, target, from: entity, id, name)
    }
    let current = StoreState.targets(in: record[name], toMany: true)
    guard current != members else { return [] }
    let currentSet = Set(current)
    let removed = current.filter { !seen.contains($0) }
    let added = members.filter { !currentSet.contains($0) }
    record[name] = members.isEmpty ? nil : .array(members.map(\.jsonValue))
    put(entity, id, record)
    if let inverse = info.inverse {
      for target in removed { removeMember(id, from: info.relationship.target, target, inverse) }
      for target in added {
        try addMember(id, of: entity, to: info.relationship.target, target, inverse, via: name)
      }
    }
    return removed
  }

  /// Removes `member` from the relationship `relationship` of record `owner` (a no-op when it is
  /// not linked).
  private mutating func removeMember(
    _ member: RecordID, from ownerEntity: String, _ owner: RecordID, _ relationship: Relationship
  ) {
    guard var record = record(ownerEntity, owner) else { return }
    let name = relationship.name
    if relationship.isToMany {
      var members = StoreState.targets(in: record[name], toMany: true)
      guard let position = members.firstIndex(of: member) else { return }
      members.remove(at: position)
      record[name] = members.isEmpty ? nil : .array(members.map(\.jsonValue))
    } else {
      guard record[name].flatMap(RecordID.init(json:)) == member else { return }
      record[name] = nil
    }
    put(ownerEntity, owner, record)
  }

  /// Adds `member` (of `memberEntity`, linked through its relationship `via`) to the inverse
  /// relationship `relationship` of record `owner`. For a to-one inverse, the owner's previous
  /// partner has `owner` removed from its `via` relationship first.
  private mutating func addMember(
    _ member: RecordID, of memberEntity: String, to ownerEntity: String, _ owner: RecordID,
    _ relationship: Relationship, via: String
  ) throws(StoreError) {
    guard var record = record(ownerEntity, owner) else { throw notFound(ownerEntity, owner) }
    let name = relationship.name
    if relationship.isToMany {
      var members = StoreState.targets(in: record[name], toMany: true)
      guard !members.contains(member) else { return }
      if relationship.isOrdered {
        members.append(member)
      } else {
        let position = members.firstIndex { member < $0 } ?? members.endIndex
        members.insert(member, at: position)
      }
      record[name] = .array(members.map(\.jsonValue))
    } else {
      let previous = record[name].flatMap(RecordID.init(json:))
      guard previous != member else { return }
      if let previous, let viaInfo = index.entities[memberEntity]?.relationship(named: via) {
        // The owner can have one partner: the previous one lets go of it.
        removeMember(owner, from: memberEntity, previous, viaInfo.relationship)
        record = self.record(ownerEntity, owner) ?? record
      }
      record[name] = member.jsonValue
    }
    put(ownerEntity, owner, record)
  }

  // MARK: Level 2: deletion with delete rules

  /// Deletes a record and applies the delete rules (D18): `cascade` relationships delete their
  /// targets in turn, `nullify` ones unlink them, `deny` refuses while any target would survive;
  /// every reference to a deleted record from a surviving one is removed.
  ///
  /// - Returns: every deleted record, the requested one first, then cascaded ones in the order
  ///   reached. Empty when the record does not exist.
  /// - Throws: ``StoreError`` with code ``StoreError/Code/deleteDenied``; the working state is
  ///   then unchanged.
  @discardableResult
  mutating func delete(_ entity: String, _ id: RecordID) throws(StoreError) -> [RecordKey] {
    guard let current = record(entity, id) else { return [] }
    if let info = index.entities[entity], info.relationships.isEmpty,
      info.incomingWithoutInverse.isEmpty
    {
      // Nothing links to or from the record, so there is nothing to cascade, deny or unlink
      // (callgrind, 100k-record day 2: the general path cost about 9,700 instructions a delete).
      put(entity, id, nil, replacing: current)
      return [RecordKey(entity, id)]
    }
    // Collect the closure of cascades iteratively (no recursion on data).
    var order: [RecordKey] = [RecordKey(entity, id)]
    var doomed: Set<RecordKey> = [RecordKey(entity, id)]
    var denials: [(RecordKey, String, RecordKey)] = []
    var cursor = 0
    while cursor < order.count {
      let key = order[cursor]
      cursor += 1
      guard let record = record(key.entity, key.id), let info = index.entities[key.entity] else { continue }
      for relationship in info.relationships {
        let targets = StoreState.targets(
          in: record[relationship.relationship.name], toMany: relationship.relationship.isToMany)
        // A record owned through the relationship (its entity has no identifier) goes with it.
        switch relationship.ownsTarget ? .cascade : relationship.relationship.deleteRule {
        case .cascade:
          for target in targets {
            let targetKey = RecordKey(relationship.relationship.target, target)
            if doomed.insert(targetKey).inserted { order.append(targetKey) }
          }
        case .deny:
          for target in targets {
            denials.append((key, relationship.relationship.name, RecordKey(relationship.relationship.target, target)))
          }
        case .nullify:
          break
        }
      }
    }
    if let (source, name, target) = denials.first(where: { !doomed.contains($0.2) }) {
      throw StoreError(
        code: .deleteDenied,
        message: "cannot delete \(source): its relationship '\(name)' has delete rule deny and still links \(target); unlink it or delete \(target) first",
        entity: source.entity, id: source.id)
    }
    // Unlink survivors, then remove the doomed records.
    for key in order {
      for (source, relationship) in state.referrers(of: key) where !doomed.contains(source) {
        guard let info = index.entities[source.entity]?.relationship(named: relationship) else { continue }
        removeMember(key.id, from: source.entity, source.id, info.relationship)
      }
    }
    for key in order { put(key.entity, key.id, nil) }
    return order
  }

  // MARK: Errors

  func notFound(_ entity: String, _ id: RecordID) -> StoreError {
    StoreError(code: .recordNotFound, message: "\(entity) \(id) does not exist", entity: entity, id: id)
  }

  func missing(_ entity: String, _ id: RecordID, from source: String, _ sourceID: RecordID, _ name: String)
    -> StoreError
  {
    StoreError(
      code: .missingTarget,
      message: "\(source) \(sourceID) cannot link '\(name)' to \(entity) \(id): no such record",
      entity: source, id: sourceID)
  }
}
