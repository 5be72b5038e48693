extension SyncPlanner {
  /// Turns what the planner noted and the change log into the report's outcomes (D15, D17):
  /// reached records in order of first reach, classified by their diff (inserted, updated,
  /// deleted, else unchanged or the explicit outcome); then records changed only as a side
  /// effect; deletions last.
  ///
  /// - Complexity: O(*r* + *c*) in records reached and changed.
  func finish(entity: String) -> SyncReport {
    let entries = work.log.entries
    // Each changed record goes to the slot that reached it, or is a side effect. The upsert
    // noted where it wrote each record (`logPosition`), so only the entries it did not write
    // are looked up; they are kept as (slot, position) pairs in slot order, read with a cursor
    // as the slots go by, not in an array over every slot (8 MB at 1M records, at the moment
    // the report's outcomes are built beside the pending records: a 1M-record sync's peak) nor
    // in a dictionary (which hashes every slot's number once there is any such entry, as
    // delete-missing makes: the 100k day-2 planner ran 8,401 instructions an item with one,
    // 8,254 with the cursor). Walked through buffers: copying a note or an entry out of its
    // array retains every field (callgrind: a third of this function on a 100k-record sync).
    var unwritten: [(slot: Int, position: Int)] = []
    var sideEffects: [Int] = []
    entries.withUnsafeBufferPointer { entries in
      var claimed = [Bool](repeating: false, count: entries.count)
      pending.withUnsafeBufferPointer { pending in
        for slot in pending.indices {
          let position = pending[slot].logPosition
          if position >= 0 { claimed[position] = true }
        }
      }
      var lastEntity = ""
      var lastContext: Int?
      for position in entries.indices where !claimed[position] && entries[position].isChange {
        let key = entries[position].key
        if !JSONObject.sameKey(key.entity, lastEntity) {
          lastEntity = key.entity
          lastContext = contextByName[lastEntity]
        }
        if let context = lastContext, let slot = reached[context][key.id] {
          unwritten.append((slot, position))
        } else {
          sideEffects.append(position)
        }
      }
    }
    unwritten.sort { $0.slot < $1.slot }
    var next = 0
    var outcomes: [SyncOutcome] = []
    outcomes.reserveCapacity(pending.count + sideEffects.count)
    var deletions: [SyncOutcome] = []
    entries.withUnsafeBufferPointer { entries in
      pending.withUnsafeBufferPointer { pending in
        for slot in pending.indices {
          // A log has one entry per record, so a slot's entry is the one its upsert wrote or,
          // for a record changed some other way, the one found above; never both.
          var position = pending[slot].logPosition
          if position >= 0, !entries[position].isChange { position = -1 }
          if position < 0 {
            while next < unwritten.count, unwritten[next].slot < slot { next += 1 }
            if next < unwritten.count, unwritten[next].slot == slot {
              position = unwritten[next].position
            }
          }
          if position >= 0 {
            let outcome = SyncPlanner.outcome(
              for: entries[position], reason: note(of: pending[slot]).reason)
            if outcome.kind == .deleted { deletions.append(outcome) } else { outcomes.append(outcome) }
            continue
          }
          var kind = pending[slot].kind ?? .unchanged
          if kind == .deleted { kind = .unchanged }
          let keepsPointer = kind == .rejected || kind == .skipped || kind == .filtered
          let note = note(of: pending[slot])
          outcomes.append(
            SyncOutcome(
              entity: contexts[Int(pending[slot].context)].name, id: pending[slot].id, kind: kind,
              reason: note.reason, pointer: keepsPointer ? note.pointer : nil))
        }
      }
      for position in sideEffects {
        let outcome = SyncPlanner.outcome(for: entries[position], reason: nil)
        if outcome.kind == .deleted { deletions.append(outcome) } else { outcomes.append(outcome) }
      }
    }
    outcomes.append(contentsOf: deletions)
    return SyncReport(entity: entity, outcomes: outcomes, diagnostics: diagnostics)
  }

  /// The diff-based outcome of a changed log entry.
  static func outcome(for entry: borrowing ChangeLog.Entry, reason: String?) -> SyncOutcome {
    guard entry.before != nil else {
      return SyncOutcome(entity: entry.key.entity, id: entry.key.id, kind: .inserted)
    }
    guard let before = entry.before, let after = entry.after else {
      return SyncOutcome(entity: entry.key.entity, id: entry.key.id, kind: .deleted, reason: reason)
    }
    return SyncOutcome(
      entity: entry.key.entity, id: entry.key.id, kind: .updated,
      changes: fieldChanges(before, after))
  }

  /// The fields whose values differ, in canonical key order.
  static func fieldChanges(_ before: JSONObject, _ after: JSONObject) -> [FieldChange] {
    var changes: [FieldChange] = []
    if let sameKeys = sameKeyChanges(before, after) {
      changes = sameKeys
      if changes.count < 2 { return changes }
    } else {
      for member in before where after[member.key] != member.value {
        changes.append(
          FieldChange(field: member.key, before: member.value, after: after[member.key]))
      }
      for member in after where before[member.key] == nil {
        changes.append(FieldChange(field: member.key, before: nil, after: member.value))
      }
    }
    return changes.sorted { JSONObject.keyPrecedes($0.field, $1.field) }
  }

  /// The changes between two records with the same keys in the same order (as a record and
  /// its update usually have), found in one walk; `nil` when the keys differ. Looking every key
  /// up in the other record cost about 8,000 instructions per updated record (callgrind,
  /// 100k-record day 2).
  static func sameKeyChanges(_ before: JSONObject, _ after: JSONObject) -> [FieldChange]? {
    guard before.count == after.count else { return nil }
    let sameKeys = before.sharesKeys(with: after)
    var changes: [FieldChange] = []
    for i in 0..<before.count {
      guard sameKeys || JSONObject.sameKey(before.key(at: i), after.key(at: i)) else { return nil }
      if before.value(at: i) != after.value(at: i) {
        changes.append(
          FieldChange(field: before.key(at: i), before: before.value(at: i), after: after.value(at: i)))
      }
    }
    return changes
  }
}
