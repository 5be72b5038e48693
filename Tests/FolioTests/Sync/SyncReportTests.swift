import Folio
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// Reports count, summarise and encode outcomes; logging is silent unless a handler is given (F14, F23).
@Suite struct SyncReportTests {
  static func report(_ kinds: [(SyncOutcome.Kind, Int)]) -> SyncReport {
    var outcomes: [SyncOutcome] = []
    var id: Int64 = 0
    for (kind, count) in kinds {
      for _ in 0..<count {
        id += 1
        outcomes.append(SyncOutcome(entity: "Item", id: .int(id), kind: kind))
      }
    }
    return SyncReport(entity: "Item", outcomes: outcomes, diagnostics: [])
  }

  @Test func theSummaryCountsEachKindInAFixedOrder() {
    let report = Self.report([
      (.rejected, 1), (.unchanged, 94), (.deleted, 2), (.updated, 1), (.inserted, 3),
    ])
    #expect(report.summary == "3 inserted · 1 updated · 2 deleted · 94 unchanged · 1 rejected")
    #expect(report.count(.unchanged) == 94)
    #expect(SyncReport(entity: "Item", outcomes: [], diagnostics: []).summary == "no changes")
  }

  @Test func theCountsAreEachKindsNumberOfOutcomes() {
    let kinds = SyncOutcome.Kind.allCases
    let report = Self.report(kinds.enumerated().map { ($1, $0 * 3 + 1) })
    #expect(report.counts.count == kinds.count)
    for (n, kind) in kinds.enumerated() {
      #expect(report.counts[kind] == n * 3 + 1, "\(kind)")
      #expect(report.count(kind) == n * 3 + 1, "\(kind)")
    }
    #expect(
      SyncReport(entity: "Item", outcomes: [], diagnostics: []).counts
        == Dictionary(uniqueKeysWithValues: kinds.map { ($0, 0) }))
  }

  @Test func aReportRoundTripsThroughJSON() throws {
    let store = try SyncTestStore.items([["id": 1, "name": "A"], ["id": 2]])
    let report = try store.sync(
      [["id": 1, "name": "B"], ["id": 3, "count": "x"], ["id": 4], ["id": 4]], into: "Item")
    let data = try JSONEncoder().encode(report)
    #expect(try JSONDecoder().decode(SyncReport.self, from: data) == report)
    let json = try JSONParser.parse([UInt8](data))
    #expect(json["summary"] == "1 inserted · 1 updated · 1 deleted · 1 rejected")
    #expect(
      json["outcomes"]?[0] == [
        "entity": "Item", "id": 1, "outcome": "updated",
        "changes": [["field": "name", "before": "A", "after": "B"]],
      ])
  }

  final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func handler(_ level: SyncLogLevel) -> SyncLogHandler {
      SyncLogHandler(minimumLevel: level) { level, message in
        self.lines.withLock { $0.append("\(level): \(message)") }
      }
    }
  }

  @Test func syncsAreSilentByDefault() {
    #expect(SyncOptions().logHandler == nil)
  }

  @Test func verboseEntitiesLogEachOutcomeWithItsChangedFields() throws {
    let store = try SyncTestStore.items(
      [["id": 7, "name": "A"]], schema: Schema(entities: [SyncSchemas.item(verbose: true)]))
    let lines = Lines()
    var options = SyncOptions()
    options.logHandler = lines.handler(.verbose)
    try store.sync(
      [["id": 7, "name": "B"], ["id": 8, "count": 2.5]], into: "Item", options: options)
    #expect(
      lines.all == [
        #"verbose: Item 7 updated: name "A" → "B""#,
        "warning: Item 8 rejected: attribute 'count': expected an int (an integral number or an integer string such as \"7\"), found the number 2.5 [notLossless]",
        "info: Item sync: 1 updated · 1 rejected",
      ])
  }

  @Test func theLevelFiltersMessages() throws {
    let store = try SyncTestStore.items(
      [], schema: Schema(entities: [SyncSchemas.item(verbose: true)]))
    let lines = Lines()
    var options = SyncOptions()
    options.logHandler = lines.handler(.warning)
    options.maximumDeleteShare = 0
    try store.sync([["id": 1]], into: "Item", options: options)
    #expect(lines.all == [])
  }

  @Test func theMassDeleteGuardLogsAWarning() throws {
    let store = try SyncTestStore.items([["id": 1], ["id": 2], ["id": 3]])
    let lines = Lines()
    var options = SyncOptions()
    options.logHandler = lines.handler(.warning)
    options.maximumDeleteShare = 0.5
    let error = try #require(throws: SyncError.self) {
      try store.sync([["id": 1]], into: "Item", options: options)
    }
    #expect(error.code == .massDeleteRefused)
    #expect(
      lines.all == [
        "warning: Item sync failed: error: delete-missing would delete 2 of 3 Item records in scope, more than the allowed 50%; nothing was deleted. Check the payload, or raise maximumDeleteShare [massDeleteRefused]"
      ])
    #expect(store.state.count("Item") == 3)
  }
}
