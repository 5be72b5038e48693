import Dispatch
import Foundation

extension SyncPlanner {
  /// Plans with at least this many reached records build their report on every core.
  static let parallelReportThreshold = 1 << 16

  /// Turns what the planner noted and the change log into the report's outcomes (D15, D17):
  /// reached records in order of first reach, classified by their diff (inserted, updated,
  /// deleted, else unchanged or the explicit outcome); then records changed only as a side
  /// effect; deletions last.
  ///
  /// A plan of ``parallelReportThreshold`` reached records or more builds its outcomes on every
  /// core, each a range of the reached records, written straight to their final places: the
  /// report is the same, in the same order, whatever the number of cores. (The report is built
  /// after the items, when the parsing thread is done: perf, 1M day-2 sync, one core was idle
  /// while it ran, and half its time was page faults on the outcomes' fresh memory.)
  ///
  /// - Parameter parts: How many ranges of reached records are built apart, each on a core of
  ///   its own; `nil` lets the plan's size decide (for tests: any number gives the same report).
  /// - Complexity: O(*r* + *c*) in records reached and changed.
  func finish(entity: String, parts: Int? = nil) -> SyncReport {
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
    let builder = OutcomeBuilder(
      pending: pending, notes: notes, entries: entries, names: contexts.map(\.name),
      unwritten: unwritten, state: work.state)
    let sideDeletions = sideEffects.filter { builder.isDeletion(entries[$0]) }
    let sideOthers = sideEffects.filter { !builder.isDeletion(entries[$0]) }
    let parts =
      parts ?? (pending.count < Self.parallelReportThreshold ? 1 : ProcessInfo.processInfo.activeProcessorCount)
    // Each part's range of slots.
    let count = max(1, min(parts, pending.count))
    let bounds = (0...count).map { pending.count * $0 / count }
    // First pass: how many outcomes and deletions each part holds, so each knows where its
    // outcomes go. Cheap: no outcome is built.
    let tallies = [(outcomes: Int, deletions: Int)](uninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      let target = DisjointWrites(base: base)
      Self.forEachPart(count) { part in
        (target.base + part).initialize(to: builder.tally(bounds[part]..<bounds[part + 1]))
      }
      initialized = count
    }
    var starts: [(outcomes: Int, deletions: Int)] = []
    var outcomeTotal = 0
    var deletionTotal = 0
    for tally in tallies {
      starts.append((outcomeTotal, deletionTotal))
      outcomeTotal += tally.outcomes
      deletionTotal += tally.deletions
    }
    let deletionBase = outcomeTotal + sideOthers.count
    let total = deletionBase + deletionTotal + sideDeletions.count
    let partStarts = starts
    let outcomes = [SyncOutcome](uninitializedCapacity: total) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      let target = DisjointWrites(base: base)
      // Second pass: every part builds its outcomes into its own places, which the tallies
      // gave it (the same walk, the same test for a deletion).
      Self.forEachPart(count) { part in
        builder.build(
          bounds[part]..<bounds[part + 1], into: target, outcomesAt: partStarts[part].outcomes,
          deletionsAt: deletionBase + partStarts[part].deletions)
      }
      for (n, position) in sideOthers.enumerated() {
        (base + outcomeTotal + n).initialize(to: SyncPlanner.outcome(for: entries[position], in: work.state, reason: nil))
      }
      for (n, position) in sideDeletions.enumerated() {
        (base + deletionBase + deletionTotal + n).initialize(
          to: SyncPlanner.outcome(for: entries[position], in: work.state, reason: nil))
      }
      initialized = total
    }
    return SyncReport(entity: entity, outcomes: outcomes, diagnostics: diagnostics)
  }

  /// Runs `body` for parts `0..<count`: on every core when there are several, here when there is
  /// one (no dispatch for the usual small report).
  private static func forEachPart(_ count: Int, _ body: @Sendable (Int) -> Void) {
    if count == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
  }

  /// The diff-based outcome of a changed log entry of `state`'s working state (an update's
  /// record now is read from it).
  static func outcome(for entry: borrowing ChangeLog.Entry, in state: StoreState, reason: String?) -> SyncOutcome {
    guard entry.before != nil else {
      return SyncOutcome(entity: entry.key.entity, id: entry.key.id, kind: .inserted)
    }
    guard let before = entry.before, entry.exists,
      let after = entry.written ?? state.record(entry.key.entity, entry.key.id)
    else {
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

/// Memory that the parts of a report built on several cores write at once: the report's
/// outcomes, and each part's tally.
///
/// `@unchecked Sendable`: a pointer shared by the parts. Each part initializes only the
/// positions given to it (its tally's place, the outcomes its tally counted), which no other
/// part has, and the memory outlives them all (``SyncPlanner/finish(entity:parts:)`` waits for
/// every part before it hands the memory over).
private struct DisjointWrites<Element>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Element>
}

/// What building the report's outcomes reads: the planner's reached records and notes, the
/// change log, and the entries the upsert did not write, by slot. Every part of a parallel
/// report reads it, and nothing writes it.
private struct OutcomeBuilder: Sendable {
  let pending: [SyncPlanner.Pending]
  let notes: [SyncPlanner.Note]
  let entries: [ChangeLog.Entry]
  /// The entity of each context, by position.
  let names: [String]
  /// (slot, log position) of changed entries the upsert did not write, in slot order.
  let unwritten: [(slot: Int, position: Int)]
  /// The working state the entries belong to, where an updated record's value now is read.
  let state: StoreState

  /// Whether `entry` is a deletion (its outcome goes last).
  @inline(__always) func isDeletion(_ entry: borrowing ChangeLog.Entry) -> Bool {
    // The tag tested where it is: `!= nil` may copy a record (a retain and release of each
    // array) to compare it.
    if entry.exists { return false }
    if case .some = entry.before { return true }
    return false
  }

  /// The first position in ``unwritten`` of a slot at or after `slot`.
  private func cursor(at slot: Int) -> Int {
    var low = 0
    var high = unwritten.count
    while low < high {
      let middle = (low + high) / 2
      if unwritten[middle].slot < slot { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position of the changed log entry of the record at `slot` (-1 when it did not
  /// change), with `next` a cursor into ``unwritten`` that only moves forward as slots rise. A
  /// log has one entry per record, so a slot's entry is the one its upsert wrote or, for a
  /// record changed some other way, the one in ``unwritten``; never both.
  @inline(__always)
  private func position(
    of slot: Int, _ pending: UnsafeBufferPointer<SyncPlanner.Pending>,
    _ entries: UnsafeBufferPointer<ChangeLog.Entry>, _ next: inout Int
  ) -> Int {
    var position = pending[slot].logPosition
    if position >= 0, !entries[position].isChange { position = -1 }
    if position < 0 {
      while next < unwritten.count, unwritten[next].slot < slot { next += 1 }
      if next < unwritten.count, unwritten[next].slot == slot {
        position = unwritten[next].position
      }
    }
    return position
  }

  /// How many outcomes and deletions the records of `slots` give.
  func tally(_ slots: Range<Int>) -> (outcomes: Int, deletions: Int) {
    var deletions = 0
    var next = cursor(at: slots.lowerBound)
    entries.withUnsafeBufferPointer { entries in
      pending.withUnsafeBufferPointer { pending in
        for slot in slots {
          let position = position(of: slot, pending, entries, &next)
          if position >= 0, isDeletion(entries[position]) { deletions += 1 }
        }
      }
    }
    return (slots.count - deletions, deletions)
  }

  /// Builds the outcomes of `slots` in order: deletions from `deletionsAt` on in `target`, the
  /// others from `outcomesAt` on. The same walk as ``tally(_:)``, with the same test for a
  /// deletion, so each part fills exactly the places its tally gave it.
  func build(
    _ slots: Range<Int>, into target: DisjointWrites<SyncOutcome>, outcomesAt: Int, deletionsAt: Int
  ) {
    var outcome = target.base + outcomesAt
    var deletion = target.base + deletionsAt
    var next = cursor(at: slots.lowerBound)
    entries.withUnsafeBufferPointer { entries in
      pending.withUnsafeBufferPointer { pending in
        notes.withUnsafeBufferPointer { notes in
          for slot in slots {
            let position = position(of: slot, pending, entries, &next)
            let note = pending[slot].note
            if position >= 0 {
              // The test first, then the outcome: made first, the entry was copied to outlive
              // the outcome's making for the test (callgrind, 100k day 1: 250 of this loop's
              // 400 instructions a record were that copy and its release).
              let target: UnsafeMutablePointer<SyncOutcome>
              if isDeletion(entries[position]) {
                target = deletion
                deletion += 1
              } else {
                target = outcome
                outcome += 1
              }
              target.initialize(
                to: SyncPlanner.outcome(
                  for: entries[position], in: state, reason: note < 0 ? nil : notes[note].reason))
              continue
            }
            var kind = pending[slot].kind ?? .unchanged
            if kind == .deleted { kind = .unchanged }
            let keepsPointer = kind == .rejected || kind == .skipped || kind == .filtered
            outcome.initialize(
              to: SyncOutcome(
                entity: names[Int(pending[slot].context)], id: pending[slot].id, kind: kind,
                reason: note < 0 ? nil : notes[note].reason,
                pointer: keepsPointer && note >= 0 ? notes[note].pointer : nil))
            outcome += 1
          }
        }
      }
    }
  }
}
