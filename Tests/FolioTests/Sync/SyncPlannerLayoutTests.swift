import Testing

@testable import Folio
import FolioJSON

/// What the planner holds per record reached: a million-record sync keeps one of each until
/// its report is built, so their sizes are the sync's memory (Documentation/Performance.md).
@Suite struct SyncPlannerLayoutTests {
  @Test func aPendingRecordTakesAtMostFortyBytes() {
    // The reason and pointer, rare, sit in a side array; with them inline it was 80, and 48
    // with its three positions in 64 bits.
    #expect(MemoryLayout<SyncPlanner.Pending>.stride <= 40)
  }

  /// The positions kept in 32 bits read back what was set, -1 included.
  @Test func aPendingRecordsPositionsReadBack() {
    var pending = SyncPlanner.Pending(context: 3, id: .int(7))
    #expect(pending.firstItem == -1 && pending.logPosition == -1 && pending.note == -1)
    pending.firstItem = 1_000_000
    pending.logPosition = 2_000_000_000
    pending.note = 0
    #expect(pending.firstItem == 1_000_000 && pending.logPosition == 2_000_000_000 && pending.note == 0)
    #expect(pending.context == 3 && pending.id == .int(7))
  }

  @Test func anOutcomeTakesAtMostFortyEightBytes() {
    // The report holds one per record reached; with its reason, pointer and changes inline it
    // was 80.
    #expect(MemoryLayout<SyncOutcome>.stride <= 48)
  }

  /// The out-of-line fields read back what was set, and outcomes compare and hash by them.
  @Test func anOutcomesRareFieldsReadBackAndCompare() {
    let plain = SyncOutcome(entity: "Item", id: .int(1), kind: .updated)
    var outcome = plain
    outcome.reason = "why"
    outcome.pointer = "/3"
    outcome.changes = [FieldChange(field: "name", before: "A", after: "B")]
    #expect(outcome.reason == "why" && outcome.pointer == "/3")
    #expect(outcome.changes == [FieldChange(field: "name", before: "A", after: "B")])
    #expect(outcome != plain)
    #expect(
      outcome
        == SyncOutcome(
          entity: "Item", id: .int(1), kind: .updated, reason: "why", pointer: "/3",
          changes: [FieldChange(field: "name", before: "A", after: "B")]))
    var copy = outcome
    copy.reason = nil
    #expect(outcome.reason == "why" && copy.reason == nil && copy.pointer == "/3")
    copy.pointer = nil
    copy.changes = nil
    #expect(copy == plain && copy.hashValue == plain.hashValue)
    #expect(Set([outcome, copy, plain]).count == 2)
  }

  @Test func reasonsAndPointersAreKeptPerRecord() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Item", identifiers: ["id"],
        attributes: [Attribute(name: "id", type: .int), Attribute(name: "count", type: .int)])
    ])
    var state = StoreState(schema: schema)
    var work = WorkingState(state)
    for id: Int64 in [1, 2, 3] { try work.insert("Item", attributes: ["id": .int(id)]) }
    state = work.state
    let plan = try SyncPlanner.plan(
      state: state, revision: 0, entity: "Item",
      payload: [["id": 1, "count": "x"], ["count": 2], ["id": 4, "count": 1], ["id": 5]],
      options: SyncOptions())
    let outcomes = plan.report.outcomes.map {
      "\($0.id.map { "\($0)" } ?? "-") \($0.kind.rawValue) \($0.reason ?? "") \($0.pointer ?? "")"
    }
    #expect(outcomes.count == 6)
    #expect(outcomes[0].hasPrefix("1 rejected ") && outcomes[0].hasSuffix(" /0/count"))
    #expect(outcomes[1] == "- skipped the item has no identifier 'id' /1")
    #expect(outcomes[2] == "4 inserted  ")
    #expect(outcomes[3] == "5 rejected a new Item needs the required attribute 'count' /3")
    #expect(
      Set(outcomes[4...]) == [
        "2 deleted not listed in the payload (delete-missing) ",
        "3 deleted not listed in the payload (delete-missing) ",
      ])
  }
}
