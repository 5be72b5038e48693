import Folio
import FolioTestSupport
import Testing

/// A `null` inside a to-many array: skipped with a diagnostic at the element, the rest of the
/// array applied, the parent kept (issue 15, item 1). The scenario folders
/// `u45b-null-in-nested-to-many-skipped` and `u45c-null-in-identifier-list-skipped` cover the
/// stored results; these tests assert the rendered words.
@Suite struct SyncNullElementTests {
  static func users() throws -> Store {
    try SyncTestStore.make(SyncSchemas.named("users") ?? Schema(entities: []))
  }

  @Test func aNullNestedObjectIsSkippedWithADiagnosticAtTheElement() throws {
    let store = try Self.users()
    let report = try store.sync(
      [["uuid": "u1", "orders": [["uuid": "12"], nil, ["uuid": "30"]]]], into: "User")
    #expect(report.summary == "3 inserted")
    #expect(
      report.diagnostics.map(\.description) == [
        "warning: 'orders' holds null at index 1; the element was skipped and the rest of the array applied [nullElement]"
      ])
    #expect(report.diagnostics.first?.pointers == ["/0/orders/1"])
    #expect(report.diagnostics.first?.entity == "Order")
    let user = try #require(store.state.record("User", "u1"))
    #expect(user["orders"] == ["12", "30"])
  }

  @Test func aNullIdentifierInAListIsSkippedAndTheOthersAreLinked() throws {
    let store = try Self.users()
    let report = try store.sync(
      [["uuid": "u1", "first_name": "Ann", "orders": ["12", nil, "30"]]], into: "User")
    #expect(report.outcome(of: "u1")?.kind == .inserted)
    #expect(report.diagnostics.map(\.code) == [.danglingReference, .nullElement, .danglingReference])
    #expect(report.diagnostics.map(\.pointers) == [["/0/orders/0"], ["/0/orders/1"], ["/0/orders/2"]])
    let user = try #require(store.state.record("User", "u1"))
    #expect(user["firstName"] == "Ann")
    #expect(user["orders"] == ["12", "30"])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func anArrayOfOnlyNullsEmptiesTheRelationship() throws {
    let store = try Self.users()
    try store.sync([["uuid": "u1", "orders": ["12"]]], into: "User")
    let report = try store.sync([["uuid": "u1", "orders": [nil, nil]]], into: "User")
    #expect(report.summary == "1 updated · 1 deleted")
    #expect(report.diagnostics.flatMap(\.pointers) == ["/0/orders/0", "/0/orders/1"])
    #expect(store.state.record("User", "u1")?["orders"] == nil)
  }

  @Test func theSyncingGuideExampleSkipsTheNullLabel() throws {
    let tagged = try Store.inMemory(
      schema: Schema {
        Entity("Label") {
          Identifier("id")
          Attribute("id", .int)
          Attribute("name", .string).optional()
        }
        Entity("Issue") {
          Identifier("id")
          Attribute("id", .int)
          ToMany("labels", "Label")
        }
      })
    let labelled = try tagged.sync(
      [["id": 1, "labels": [["id": 12, "name": "bug"], nil, ["id": 30, "name": "ui"]]]],
      into: "Issue")
    print(labelled.summary)  // 3 inserted
    print(labelled.diagnostics.map(\.pointers))  // [["/0/labels/1"]]
    #expect(labelled.summary == "3 inserted")
    #expect(labelled.diagnostics.map(\.pointers) == [["/0/labels/1"]])
    #expect(tagged.state.record("Issue", 1)?["labels"] == [12, 30])
  }
}
