import Folio
import FolioTestSupport
import Foundation
import Testing

/// The Swift examples of Documentation/Concurrency.md, run as written.
@Suite struct ConcurrencyExamples {
  @Test func theAsyncFormsFromAViewModel() async throws {
    let fixture = try FixtureFolder("company")
    let company = try Schema.load(contentsOf: fixture.url("schema.json").path)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/company.folio"
    let dayOne = try Data(contentsOf: fixture.url("day-1.json"))

@MainActor func refresh(with body: Data) async throws -> String {
  let store = try await BackgroundStore.open(directory: path, schema: company)
  let report = try await store.background.sync(json: body, into: "Employee")
  try await store.background.transaction { tx in
    try tx.update("Employee", 1, ["active": false])
  }
  return report.summary  // "24 inserted"
}

    #expect(try await refresh(with: dayOne) == "24 inserted")
    let reopened = try Store.open(directory: path, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Employee", 1)?["active"] == false)
    #expect(reopened.state.count("Employee") == 20)
  }
}
