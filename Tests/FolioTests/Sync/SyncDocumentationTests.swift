import Folio
import FolioTestSupport
import Foundation
import Testing

/// Every ```swift block of Documentation/Syncing.md, copied verbatim, so the examples compile and
/// do what their comments say.
@Suite struct SyncDocumentationTests {
  /// An in-memory store of the introduction's `Item` schema, for the examples that assume one.
  static func itemStore() throws -> Store {
    try Store.inMemory(
      schema: Schema {
        Entity("Item") {
          Identifier("id")
          Attribute("id", .int)
          Attribute("name", .string).optional()
          Attribute("count", .int).optional()
        }
      })
  }

  @Test func theIntroductionPlansAndAppliesASync() throws {
    let schema = try Schema {
      Entity("Item") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string).optional()
        Attribute("count", .int).optional()
      }
    }
    let store = try Store.inMemory(schema: schema)
    try store.sync([["id": 1, "name": "A"], ["id": 2, "name": "B"]], into: "Item")

    let plan = try store.plan([["id": 2, "name": "B2"], ["id": 3]], into: "Item")
    print(plan.summary)  // 1 inserted · 1 updated · 1 deleted
    let report = try store.apply(plan)
    print(report.outcome(of: 2)?.line ?? "")  // Item 2 updated: name "B" → "B2"
    #expect(plan.summary == "1 inserted · 1 updated · 1 deleted")
    #expect(report.outcome(of: 2)?.line == #"Item 2 updated: name "B" → "B2""#)
    #expect(store.state.ids("Item") == [2, 3])
  }

  @Test func syncsInATransactionSeeEachOther() throws {
    let store = try Self.itemStore()
    try store.transaction { tx in
      try tx.sync(
        [["id": 1, "name": "A"]], into: "Item", options: SyncOptions(deleteMissing: false))
      try tx.sync(
        [["id": 1, "name": "B"]], into: "Item", options: SyncOptions(deleteMissing: false))
    }
    #expect(store.state.record("Item", 1) == ["id": 1, "name": "B"])
  }

  @Test func theOptionsExampleSetsAScopeAndAGuard() throws {
    var options = SyncOptions()
    options.deleteMissing = true
    options.scope = .linked("batch", to: 1)  // only Batch 1's clicks may be deleted
    options.maximumDeleteShare = 0.5  // refuse to delete more than half of them
    #expect(options.scope?.description == "batch links 1")
    #expect(options.maximumDeleteShare == 0.5)
  }

  @Test func theNestedExampleInsertsEmployeesAndTheirDepartment() throws {
    let company = try Schema {
      Entity("Department") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string).optional()
      }
      Entity("Employee") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("fullName", .string, from: "user.name").optional()
        ToOne("department", "Department").sync(updateExisting: false)
      }
    }
    let staff = try Store.inMemory(schema: company)
    let hired = try staff.sync(
      [
        ["id": 1, "user": ["name": "Mary"], "department": ["id": 2, "name": "iOS"]],
        ["id": 2, "user": ["name": "David"], "department": 2],
      ],
      into: "Employee")
    print(hired.summary)  // 3 inserted
    #expect(hired.summary == "3 inserted")
    #expect(staff.state.record("Employee", 2)?["department"] == 2)
  }

  @Test func bytesAreSyncedWithoutParsingThemFirst() throws {
    let store = try Self.itemStore()
    let bytes = Array(#"[{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]"#.utf8)
    let report = try store.sync(json: bytes, into: "Item")
    print(report.summary)  // 2 inserted
    #expect(report.summary == "2 inserted")
    #expect(store.state.record("Item", .int(2))?["name"] == "B")
  }

  @Test func aFileIsSyncedABlockAtATime() throws {
    let store = try Self.itemStore()
    let directory = try TemporaryDirectory(prefix: "folio-docs")
    defer { directory.remove() }
    try Data(#"[{"id": 1, "name": "A"}, {"id": 3, "name": "C"}]"#.utf8)
      .write(to: directory.url.appendingPathComponent("items.json"))
    let path = directory.path + "/items.json"  // [{"id": 1, "name": "A"}, {"id": 3, "name": "C"}]
    let fileReport = try store.sync(contentsOf: path, into: "Item")
    print(fileReport.summary)  // 2 inserted
    #expect(fileReport.summary == "2 inserted")
    #expect(store.state.record("Item", .int(3))?["name"] == "C")
  }

  @Test func theSessionExampleSweepsWhatNoPageListed() throws {
    let store = try Self.itemStore()
    try store.sync([["id": 1], ["id": 2], ["id": 5]], into: "Item")
    let session = store.beginSyncSession()
    try session.sync([["id": 1]], into: "Item", options: SyncOptions(deleteMissing: false))
    try session.sync([["id": 5]], into: "Item", options: SyncOptions(deleteMissing: false))
    let swept = try session.sweep()
    print(swept.summary)  // the Items neither page listed, deleted
    #expect(swept.summary == "1 deleted")
    #expect(store.state.ids("Item") == [1, 5])
  }

  @Test func theRenameExampleRePointsTheEmployee() throws {
    let company = try Schema.load(
      contentsOf: FixtureFolder.packageRoot.appendingPathComponent("Fixtures/company/schema.json").path)
    let renamed = try Store.inMemory(schema: company)
    try renamed.sync([["id": 4, "name": "Design"]], into: "Department")
    try renamed.sync([["id": 1, "user": ["name": "Ada"], "salary": 1.5, "department_id": 4]], into: "Employee")
    let links = try renamed.rename("Department", from: 4, to: 40)
    print(links)  // 1
    print(renamed.get("Employee", 1)?["department"] ?? .null)  // 40
    #expect(links == 1)
    #expect("\(renamed.get("Employee", 1)?["department"] ?? .null)" == "40")
    #expect(renamed.get("Department", 4) == nil)
  }

  @Test func theExportExampleRoundTrips() throws {
    let store = try Self.itemStore()
    try store.sync([["id": 1, "name": "A", "count": 3]], into: "Item")
    let exported = store.state.export("Item")
    let again = try store.sync(exported, into: "Item")
    print(again.isEmpty)  // true
    #expect(again.isEmpty)
  }

  @Test func theLoggingExampleBuildsAnInfoHandler() throws {
    var logged = SyncOptions()
    logged.logHandler = SyncLogHandler(minimumLevel: .info) { level, message in
      print("[\(level)] \(message)")
    }
    #expect(logged.logHandler?.minimumLevel == .info)
  }

  @Test func theParentExampleLinksChildrenAndTheScopeExampleDoesNot() throws {
    let planner = try Schema {
      Entity("Project") {
        Identifier("id")
        Attribute("id", .int)
        ToMany("tasks", "Task").inverse("project")
      }
      Entity("Task") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("title", .string).optional()
        ToOne("project", "Project").inverse("tasks")
      }
    }
    let board = try Store.inMemory(schema: planner)
    try board.sync(
      [["id": 42, "tasks": [["id": 1], ["id": 2]]], ["id": 7, "tasks": [["id": 5]]]], into: "Project")
    var intoProject = SyncOptions()
    intoProject.parent = SyncParent("Project", 42, "tasks")
    let tasks = try board.sync(
      [["id": 2, "title": "Build"], ["id": 3, "title": "Ship"]], into: "Task", options: intoProject)
    print(tasks.summary)  // 1 inserted · 2 updated · 1 deleted
    print(board.get("Project", 42)?["tasks"] ?? .null)  // [2,3]
    print(board.get("Task", 5)?["project"] ?? .null)  // 7
    #expect(tasks.summary == "1 inserted · 2 updated · 1 deleted")
    #expect("\(board.get("Project", 42)?["tasks"] ?? .null)" == "[2,3]")
    #expect("\(board.get("Task", 5)?["project"] ?? .null)" == "7")
    #expect(board.state.ids("Task") == [2, 3, 5])

    var scoped = SyncOptions()
    scoped.scope = .linked("project", to: 42)
    let limited = try board.sync([["id": 3], ["id": 4]], into: "Task", options: scoped)
    print(limited.summary)  // 1 inserted · 1 updated · 1 deleted · 1 unchanged
    print(board.get("Task", 4)?["project"] ?? .null)  // null
    #expect(limited.summary == "1 inserted · 1 updated · 1 deleted · 1 unchanged")
    #expect("\(board.get("Task", 4)?["project"] ?? .null)" == "null")
    #expect(board.state.ids("Task") == [3, 4, 5])
  }
}
