import Folio
import Testing

@testable import FolioCLI

@Suite struct ReportViewTests {
  static let view = ReportView(
    entity: "Employee", isDryRun: true,
    records: [
      .init(entity: "Employee", id: 21, outcome: .inserted, reason: nil, changes: []),
      .init(
        entity: "Employee", id: 3, outcome: .updated, reason: nil,
        changes: [.init(field: "fullName", before: "Alan Turing", after: "Alan M. Turing")]),
      .init(entity: "Employee", id: 4, outcome: .unchanged, reason: nil, changes: []),
      .init(
        entity: "Employee", id: 9, outcome: .rejected, reason: "salary is missing", changes: [],
        pointer: "/3"),
      .init(
        entity: "Employee", id: .null, outcome: .skipped, reason: "no identifier", changes: [],
        pointer: "/4"),
      .init(entity: "Employee", id: 7, outcome: .deleted, reason: nil, changes: []),
    ],
    diagnostics: [
      .init(
        code: "danglingReference", message: "Department 5 does not exist; a stub was inserted.",
        entity: "Employee", id: 22, pointers: ["/21/department_id"])
    ])

  @Test func countsEveryOutcomeInAFixedOrder() {
    #expect(
      Self.view.summary
        == "1 inserted · 1 updated · 1 deleted · 1 unchanged · 1 skipped · 1 rejected")
  }

  @Test func planTextListsEachChangedRecordWithItsFields() {
    #expect(
      Self.view.text(heading: "Plan:", detail: .fields) == """
        Plan:
          + Employee 21 inserted
          ~ Employee 3 updated
              fullName: "Alan Turing" → "Alan M. Turing"
          ! Employee 9 (at /3) rejected: salary is missing
          = Employee (at /4) skipped: no identifier
          - Employee 7 deleted
        Diagnostics:
          Department 5 does not exist; a stub was inserted. [danglingReference]
        1 inserted · 1 updated · 1 deleted · 1 unchanged · 1 skipped · 1 rejected

        """)
  }

  @Test func syncTextGroupsIdentifiersByOutcomeAndListsRefusedRecords() {
    #expect(
      Self.view.text(heading: "Synced:", detail: .grouped) == """
        Synced:
          inserted  Employee 21
          updated   Employee 3
          deleted   Employee 7
          ! Employee 9 (at /3) rejected: salary is missing
          = Employee (at /4) skipped: no identifier
        Diagnostics:
          Department 5 does not exist; a stub was inserted. [danglingReference]
        1 inserted · 1 updated · 1 deleted · 1 unchanged · 1 skipped · 1 rejected

        """)
  }

  @Test func groupedLinesStopAfterALimitAndSayHowManyMore() {
    let records = (1...25).map {
      ReportView.Record(
        entity: "Item", id: .int(Int64($0)), outcome: .inserted, reason: nil, changes: [])
    }
    let view = ReportView(entity: "Item", isDryRun: false, records: records, diagnostics: [])
    #expect(
      view.text(heading: "H", detail: .grouped).contains(
        "  inserted  Item 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, … and 5 more\n"
      ))
  }

  /// Groups come in outcome order (the first record is an update), then in the order their
  /// entities are first seen; each lists its first identifiers in report order and counts the
  /// rest, whatever lies between them.
  @Test func groupedLinesKeepReportOrderAcrossInterleavedOutcomesAndEntities() {
    var records: [ReportView.Record] = []
    for n in 1...90 {
      records.append(
        .init(
          entity: n % 2 == 0 ? "B" : "A", id: .int(Int64(n)),
          outcome: n % 3 == 1 ? .updated : .inserted,
          reason: nil, changes: []))
      records.append(
        .init(entity: "A", id: .int(Int64(100 + n)), outcome: .unchanged, reason: nil, changes: []))
    }
    records.append(
      .init(entity: "A", id: 7, outcome: .filtered, reason: "dropped", changes: [], pointer: "/180")
    )
    let view = ReportView(entity: "A", isDryRun: false, records: records, diagnostics: [])

    // What each line must say, read straight off the records.
    func line(_ outcome: SyncOutcome.Kind, _ entity: String) -> String {
      let ids = records.filter { $0.outcome == outcome && $0.entity == entity }.map(\.id)
      var text = ids.prefix(ReportView.groupLimit).map { JSONWriter.string($0) }.joined(
        separator: ", ")
      if ids.count > ReportView.groupLimit {
        text += ", … and \(ids.count - ReportView.groupLimit) more"
      }
      return
        "  \(outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(entity) \(text)\n"
    }
    let summary =
      "60 inserted · 30 updated · 0 deleted · 90 unchanged · 0 skipped · 0 rejected · 1 filtered"
    #expect(
      view.text(heading: "H", detail: .grouped)
        == "H\n" + line(.inserted, "B") + line(.inserted, "A") + line(.updated, "A")
        + line(.updated, "B")
        + "  x A 7 (at /180) filtered: dropped\n" + summary + "\n")
    #expect(line(.inserted, "A").hasSuffix(", … and 10 more\n"))
    #expect(view.json["filtered"] == 1)
    #expect(view.json["unchanged"] == 90)
  }

  @Test func jsonHasCountsRecordsAndDiagnostics() throws {
    let json = Self.view.json
    #expect(json["inserted"] == 1)
    #expect(json["unchanged"] == 1)
    #expect(json["skipped"] == 1)
    let records = try #require(json["records"]?.arrayValue)
    #expect(records.count == 5)  // the unchanged record is only counted
    #expect(
      records[1]
        == [
          "entity": "Employee", "id": 3, "outcome": "updated",
          "changes": [["field": "fullName", "before": "Alan Turing", "after": "Alan M. Turing"]],
        ])
    #expect(records[2]["reason"] == "salary is missing")
    #expect(records[2]["pointer"] == "/3")
    #expect(records[3]["id"] == .null)
    #expect(json["diagnostics"]?[0]?["code"] == "danglingReference")
    #expect(json["diagnostics"]?[0]?["pointers"] == ["/21/department_id"])
  }
}
