import Folio
import FolioTestSupport
import Foundation
import Testing

/// `Store.sync(json: Data)` and `plan(json: Data)`: the `Data` forms behave exactly as the byte
/// array forms, so a payload read with Foundation goes in without `Array(data)`.
@Suite struct StoreSyncDataTests {
  static func itemStore() throws -> Store {
    try Store.inMemory(schema: Schema(entities: [SyncSchemas.item()]))
  }

  @Test func syncsAndPlansFromDataAsTheDocCommentsShow() throws {
    let store = try Self.itemStore()
    let body = Data(#"[{"id": 1, "name": "A"}]"#.utf8)
    let report = try store.sync(json: body, into: "Item")
    #expect(report.summary == "1 inserted")

    let fresh = try Self.itemStore()
    let plan = try fresh.plan(json: Data(#"[{"id": 1, "name": "A"}]"#.utf8), into: "Item")
    #expect(plan.summary == "1 inserted")
    #expect(fresh.state.count("Item") == 0)
    #expect(try store.check().isEmpty)
  }

  @Test func reportsTheSameOutcomesAsTheByteArrayForm() throws {
    let text = #"[{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"name": "no id"}]"#
    let fromData = try Self.itemStore()
    let fromBytes = try Self.itemStore()
    let dataReport = try fromData.sync(json: Data(text.utf8), into: "Item")
    let byteReport = try fromBytes.sync(json: Array(text.utf8), into: "Item")
    #expect(dataReport.outcomes.map(\.line) == byteReport.outcomes.map(\.line))
    #expect(dataReport.diagnostics.map(\.code) == byteReport.diagnostics.map(\.code))
    #expect(fromData.state.count("Item") == 2)
    #expect(try fromData.check().isEmpty)
  }

  @Test func throwsTheSameJSONErrorAndWritesNothingForInvalidText() throws {
    let text = "[{\"id\": 1},\n {\"id\": 2,}]"
    let store = try Self.itemStore()
    let options = JSONParser.Options(file: "items.json")
    let fromData = #expect(throws: JSONError.self) {
      try store.sync(json: Data(text.utf8), into: "Item", parserOptions: options)
    }
    let fromBytes = #expect(throws: JSONError.self) {
      try store.sync(json: Array(text.utf8), into: "Item", parserOptions: options)
    }
    #expect(fromData == fromBytes)
    #expect(fromData?.line == 2)
    let planned = #expect(throws: JSONError.self) {
      try store.plan(json: Data(text.utf8), into: "Item", parserOptions: options)
    }
    #expect(planned == fromBytes)
    #expect(store.state.count("Item") == 0)
  }
}
