import FolioTestSupport
import Foundation
import Synchronization
import Testing

@testable import Folio

/// ``SyncOptions/progress`` reports planning by items and writing by files, for the command
/// line's progress display (issue 16, item 10) and any app's.
@Suite struct SyncProgressTests {
  /// The reports one sync made, in the order received.
  final class Reports: Sendable {
    private let list = Mutex<[SyncProgress]>([])
    var all: [SyncProgress] { list.withLock { $0 } }
    var handler: SyncProgress.Handler { { report in self.list.withLock { $0.append(report) } } }
  }

  static func payload(_ count: Int) -> String {
    "[" + (1...count).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",") + "]"
  }

  @Test(arguments: [1, 1_023, 1_024, 5_000])
  func planningReportsEveryThousandItemsAndOnceAtTheEnd(count: Int) throws {
    let store = try SyncTestStore.items([])
    let reports = Reports()
    var options = SyncOptions()
    options.progress = reports.handler
    let plan = try store.plan(json: Array(Self.payload(count).utf8), into: "Item", options: options)
    #expect(plan.report.outcomes.count == count)
    let planning = reports.all.filter { $0.phase == .planning }
    let interval = SyncProgress.reportingInterval
    let expected = Array(stride(from: interval, to: count, by: interval)) + [count]
    #expect(planning.map(\.completed) == expected)
    // The streamed array's count is estimated until the splitting reaches its end, within a
    // tenth here (items of about the same size); the last report is exact.
    #expect(planning.allSatisfy { $0.total >= $0.completed && abs($0.total - count) <= count / 10 })
    #expect(planning.last?.total == count)
    #expect(reports.all.allSatisfy { $0.phase == .planning })  // a plan writes nothing
  }

  @Test func applyingReportsEachFileItWrites() throws {
    let test = try SyncTestStore.items([], backing: .directory)
    defer { test.remove() }
    let reports = Reports()
    var options = SyncOptions()
    options.progress = reports.handler
    try test.store.sync(json: Array(Self.payload(3_000).utf8), into: "Item", options: options)
    let writing = reports.all.filter { $0.phase == .writing }
    let folder = try #require(test.path) + "/Item"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.count
    #expect(files > 1)
    #expect(writing.count == files)
    #expect(Set(writing.map(\.completed)) == Set(1...files))
    #expect(writing.allSatisfy { $0.total == files })
    // Planning comes first, and its last report is the whole payload.
    let lastPlanning = try #require(reports.all.lastIndex { $0.phase == .planning })
    #expect(lastPlanning < (reports.all.firstIndex { $0.phase == .writing } ?? 0))
    #expect(reports.all[lastPlanning] == SyncProgress(phase: .planning, completed: 3_000, total: 3_000))
  }

  @Test func aPlanAppliedLaterReportsItsWritesThroughTheOptionsItWasMadeWith() throws {
    let test = try SyncTestStore.items([], backing: .directory)
    defer { test.remove() }
    let reports = Reports()
    var options = SyncOptions()
    options.progress = reports.handler
    let plan = try test.store.plan(
      JSONParser.parse(Array(Self.payload(10).utf8)), into: "Item", options: options)
    #expect(reports.all.allSatisfy { $0.phase == .planning })
    try test.store.apply(plan)
    #expect(reports.all.last?.phase == .writing)
  }

  /// Syncing.md, "Progress".
  @Test func theDocumentedExampleReportsPlanningOnce() throws {
    let store = try SyncTestStore.items([])
    let bytes = Array(#"[{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]"#.utf8)
    var watched = SyncOptions()
    watched.progress = { progress in
      print("\(progress.phase) \(progress.completed) of \(progress.total)")
    }
    let watchedReport = try store.sync(json: bytes, into: "Item", options: watched)
    // planning 2 of 2
    #expect(watchedReport.summary == "2 inserted")
    let reports = Reports()
    watched.progress = reports.handler
    let again = try SyncTestStore.items([])
    try again.sync(json: bytes, into: "Item", options: watched)
    #expect(reports.all.map { "\($0.phase) \($0.completed) of \($0.total)" } == ["planning 2 of 2"])
  }
}
