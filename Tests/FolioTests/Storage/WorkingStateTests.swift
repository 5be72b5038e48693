import Testing

@testable import Folio

@Suite struct WorkingStateTests {
  static let schema = Schema(entities: [
    Entity(
      name: "Batch", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int)],
      relationships: [
        Relationship(name: "clicks", target: "Click", isToMany: true, inverse: "batch", deleteRule: .cascade)
      ]),
    Entity(
      name: "Click", identifiers: ["clickID"],
      attributes: [Attribute(name: "clickID", type: .int)],
      relationships: [Relationship(name: "batch", target: "Batch", isToMany: false, inverse: "clicks")]),
    Entity(
      name: "Order", identifiers: ["uuid"],
      attributes: [Attribute(name: "uuid", type: .string)],
      relationships: [Relationship(name: "batch", target: "Batch", isToMany: false)]),
  ])

  func seeded() throws -> WorkingState {
    var work = WorkingState(StoreState(schema: Self.schema))
    for id: Int64 in [1, 4] { try work.insert("Batch", attributes: ["id": .int(id)]) }
    for id: Int64 in [2, 3, 5] { try work.insert("Click", attributes: ["clickID": .int(id)]) }
    try work.setToMany("Batch", 1, "clicks", to: [3, 2])
    try work.setToOne("Click", 5, "batch", to: 4)
    try work.insert("Order", attributes: ["uuid": "o1"])
    try work.setToOne("Order", "o1", "batch", to: 1)
    return work
  }

  @Test func linkingOneSideLinksTheInverse() throws {
    let work = try seeded()
    #expect(work.record("Batch", 1)?["clicks"] == [2, 3])
    #expect(work.record("Click", 2)?["batch"] == 1)
    #expect(work.record("Batch", 4)?["clicks"] == [5])
    #expect(work.state.invariantViolations() == [])
  }

  @Test func movingAChildUnlinksItFromItsOldParent() throws {
    var work = try seeded()
    try work.setToOne("Click", 2, "batch", to: 4)
    #expect(work.record("Batch", 1)?["clicks"] == [3])
    #expect(work.record("Batch", 4)?["clicks"] == [2, 5])
    #expect(work.state.invariantViolations() == [])
  }

  @Test func deletingAParentCascadesAndNullifiesReferences() throws {
    var work = try seeded()
    let deleted = try work.delete("Batch", 1)
    #expect(deleted == [RecordKey("Batch", 1), RecordKey("Click", 2), RecordKey("Click", 3)])
    #expect(work.record("Order", "o1")?["batch"] == nil)
    #expect(work.state.count("Click") == 1)
    #expect(work.state.invariantViolations() == [])
  }

  @Test func deletingAChildRemovesItFromItsParent() throws {
    var work = try seeded()
    try work.delete("Click", 5)
    #expect(work.record("Batch", 4)?["clicks"] == nil)
    #expect(work.state.invariantViolations() == [])
  }

  @Test func linkingAMissingTargetFails() throws {
    var work = try seeded()
    let error = try #require(throws: StoreError.self) { try work.setToOne("Click", 2, "batch", to: 99) }
    #expect(error.code == .missingTarget)
    #expect(error.description == "error: Click 2 cannot link 'batch' to Batch 99: no such record [missingTarget]")
  }

  @Test func theLogKeepsFirstBeforeAndLatestAfter() throws {
    var work = WorkingState(StoreState(schema: Self.schema))
    try work.insert("Batch", attributes: ["id": 1])
    try work.insert("Click", attributes: ["clickID": 2])
    try work.setToOne("Click", 2, "batch", to: 1)
    try work.delete("Click", 2)
    let changes = work.log.changes.map(\.key)
    #expect(changes == [RecordKey("Batch", 1)])
  }

  @Test func deletingARecordNothingLinksToOrFromRemovesJustIt() throws {
    // `Note` has no relationships and none points at it: the delete skips the cascade walk.
    let schema = Schema(entities: Self.schema.entities + [
      Entity(
        name: "Note", identifiers: ["id"],
        attributes: [Attribute(name: "id", type: .int), Attribute(name: "text", type: .string)])
    ])
    var work = WorkingState(StoreState(schema: schema))
    try work.insert("Note", attributes: ["id": 1, "text": "a"])
    try work.insert("Note", attributes: ["id": 2, "text": "b"])
    try work.insert("Batch", attributes: ["id": 1])
    var after = WorkingState(work.state)
    #expect(try after.delete("Note", 1) == [RecordKey("Note", 1)])
    #expect(try after.delete("Note", 1) == [])
    #expect(try after.delete("Note", 9) == [])
    #expect(after.record("Note", 1) == nil)
    #expect(after.record("Note", 2)?["text"] == "b")
    #expect(after.state.count("Batch") == 1)
    let changes = after.log.changes
    #expect(changes.count == 1)
    #expect(changes.first?.key == RecordKey("Note", 1))
    #expect(changes.first?.before?["text"] == "a")
    #expect(changes.first?.exists == false)
    #expect(changes.first.map { after.after($0) } == .some(nil))
    #expect(after.state.invariantViolations() == [])
  }


  /// A record written straight into a row keeps no copy in the log: its value is read back
  /// from the state, and a record deleted and written again as it was is no change.
  @Test func aRowBuiltInsertIsLoggedByKeyAndComparedWhenItReplacesADeletedRecord() throws {
    var base = WorkingState(StoreState(schema: Self.schema))
    try base.insert("Order", attributes: ["uuid": "o1"])
    let column = base.state.index.layout("Order").column(named: "uuid") ?? -1
    func fill(_ text: String) -> (inout RowChunk, Int) -> Void {
      { chunk, row in chunk.setValue(.string(text), row, column) }
    }
    var work = WorkingState(base.state)
    let position = work.insertRow("Order", "o2", fill("o2"))
    #expect(position == 0)
    #expect(work.insertRow("Order", "o2", fill("o2")) == nil, "a second insert of one identifier writes nothing")
    #expect(work.log.entries.first.map { work.after($0) } == .some(["uuid": "o2"]))
    #expect(work.log.changes.map(\.key) == [RecordKey("Order", "o2")])

    #expect(try work.delete("Order", "o1") == [RecordKey("Order", "o1")])
    #expect(work.log.changes.count == 2)
    #expect(work.insertRow("Order", "o1", fill("o1")) != nil)
    #expect(work.log.changes.map(\.key) == [RecordKey("Order", "o2")], "o1 is back as it was")
    #expect(work.state.invariantViolations() == [])
  }
}
