import Folio
import FolioTestSupport
import Testing

/// Every scenario folder under `Fixtures/sync/`: seed the initial store, run each step, compare
/// the report and, at the end, the whole store.
@Suite struct SyncScenarioTests {
  @Test(arguments: SyncFixture.names(), Backing.allCases)
  func scenarioFolderBehavesAsRecorded(_ name: String, _ backing: Backing) throws {
    let fixture = try SyncFixture(name: name)
    let test = try SyncTestStore.make(backing, fixture.schema, fixture.initial)
    defer { test.remove() }
    let store = test.store
    for (index, step) in fixture.steps.enumerated() {
      let before = SyncTestStore.records(store.state)
      if let code = step.error {
        let error = try #require(throws: SyncError.self, "step \(index + 1)") {
          try store.sync(step.payload, into: step.entity, options: step.options)
        }
        #expect(error.code.rawValue == code, "step \(index + 1)")
        SyncTestStore.expect(store.state, equals: before)
        continue
      }
      let report = try store.sync(step.payload, into: step.entity, options: step.options)
      #expect(SyncTestStore.lines(report) == step.outcomes, "step \(index + 1)")
      #expect(report.diagnostics.map(\.code.rawValue) == step.diagnostics, "step \(index + 1)")
      #expect(store.state.invariantViolations() == [], "step \(index + 1)")
    }
    SyncTestStore.expect(store.state, equals: fixture.expected)
  }
}
