import Folio
import FolioTestSupport
import Foundation
import Testing

/// `--parent ENTITY:ID:REL` through the built `folio` executable (issue 15, item 7): the items
/// are one record's children, a dry run shows what the sync does, and a parent that does not fit
/// is a usage error (exit status 2) that writes nothing.
@Suite struct FolioBinaryParentTests {
  static let schema = "Fixtures/company/projects/schema.json"

  /// A company directory whose `projects.folio` holds Projects 42 (Tasks 1, 2) and 7 (Task 5).
  static func projects() throws -> CompanyDirectory {
    let company = try CompanyDirectory()
    let result = try FolioBinaryTests.run(
      [
        "sync", "--store", "projects.folio", "--schema", schema, "--entity", "Project",
        "Fixtures/company/projects/projects.json",
      ], in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    return company
  }

  static func syncTasks(_ parent: String, _ extra: [String] = [], in company: CompanyDirectory)
    throws -> (status: Int32, output: String, errors: String)
  {
    try FolioBinaryTests.run(
      ["sync", "--store", "projects.folio", "--entity", "Task", "--parent", parent] + extra
        + ["--json", "Fixtures/company/projects/tasks-42.json"], in: company.path)
  }

  static func tasks(in company: CompanyDirectory) throws -> String {
    try FolioBinaryTests.run(
      ["export", "--store", "projects.folio", "--entity", "Task"], in: company.path
    ).output
  }

  @Test func theItemsBecomeTheParentsChildrenAndOnlyItsChildrenAreDeleted() throws {
    let company = try Self.projects()
    defer { company.remove() }
    let result = try Self.syncTasks("Project:42:tasks", in: company)
    #expect(result.status == 0, "\(result.errors)")
    let report = try JSONParser.parse(Array(result.output.utf8))
    let lines = (report["records"]?.arrayValue ?? []).map {
      "\($0["entity"]?.stringValue ?? "") \($0["id"].map { JSONWriter.string($0) } ?? "") \($0["outcome"]?.stringValue ?? "")"
    }
    #expect(lines == ["Task 2 updated", "Task 3 inserted", "Project 42 updated", "Task 1 deleted"])
    let tasks = try JSONParser.parse(Array(try Self.tasks(in: company).utf8))
    let byProject = (tasks.arrayValue ?? []).map {
      "\($0["id"]?.intValue ?? 0)→\($0["project"]?.intValue ?? 0)"
    }
    #expect(byProject == ["2→42", "3→42", "5→7"])
  }

  @Test func aDryRunShowsWhatTheSyncDoesAndWritesNothing() throws {
    let company = try Self.projects()
    defer { company.remove() }
    let before = try Self.tasks(in: company)
    let planned = try FolioBinaryTests.run(
      [
        "plan", "--store", "projects.folio", "--entity", "Task", "--parent", "Project:42:tasks",
        "--json", "Fixtures/company/projects/tasks-42.json",
      ], in: company.path)
    let dryRun = try Self.syncTasks("Project:42:tasks", ["--dry-run"], in: company)
    #expect(planned.status == 0 && dryRun.status == 0)
    #expect(try Self.tasks(in: company) == before)
    let synced = try Self.syncTasks("Project:42:tasks", in: company)
    // A dry run also lists an inserted record's fields; the outcomes are the same.
    let records = { (text: String) in
      try (JSONParser.parse(Array(text.utf8))["records"]?.arrayValue ?? []).map {
        [$0["entity"], $0["id"], $0["outcome"]]
      }
    }
    #expect(try records(synced.output).count == 4)
    #expect(try records(planned.output) == records(synced.output))
    #expect(try records(dryRun.output) == records(synced.output))
  }

  /// A plan file records `--parent`, so `folio apply` applies the same linked children.
  @Test func aSavedPlanKeepsTheParent() throws {
    let company = try Self.projects()
    defer { company.remove() }
    let planned = try FolioBinaryTests.run(
      [
        "plan", "--store", "projects.folio", "--entity", "Task", "--parent", "Project:42:tasks",
        "--output", "tasks.plan.json", "Fixtures/company/projects/tasks-42.json",
      ], in: company.path)
    #expect(planned.status == 0, "\(planned.errors)")
    let saved = try String(contentsOfFile: company.path + "/tasks.plan.json", encoding: .utf8)
    #expect(saved.contains(#""parent": "Project:42:tasks""#))
    let applied = try FolioBinaryTests.run(
      ["apply", "--store", "projects.folio", "tasks.plan.json"], in: company.path)
    #expect(applied.status == 0, "\(applied.errors)")
    let tasks = try JSONParser.parse(Array(try Self.tasks(in: company).utf8))
    #expect((tasks.arrayValue ?? []).compactMap { $0["project"]?.intValue } == [42, 42, 7])
  }

  @Test(arguments: [
    ("Project:99:tasks", "Project 99 is not stored; sync the parent first, or name a stored one [unknownParent]"),
    ("Sprint:42:tasks", "the parent entity 'Sprint' is not in the schema; name one of: Project, Task [unknownParent]"),
    ("Project:42:todos", "Project has no relationship 'todos'; use 'tasks' [invalidParent]"),
    ("Task:1:project", "Task.project links Project records, not Task; Task has no to-many relationship to Task, so Task items cannot be its children [invalidParent]"),
    ("Project:forty-two:tasks", "Project.id is an integer identifier; 'forty-two' is not an integer."),
    ("Project:42", "expected ENTITY:ID:RELATIONSHIP, for example Project:42:tasks."),
  ])
  func aParentThatDoesNotFitIsAUsageErrorAndWritesNothing(_ parent: String, _ message: String)
    throws
  {
    let company = try Self.projects()
    defer { company.remove() }
    let before = try Self.tasks(in: company)
    let result = try FolioBinaryTests.run(
      ["sync", "--store", "projects.folio", "--entity", "Task", "--parent", parent,
       "Fixtures/company/projects/tasks-42.json"], in: company.path)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == "error: --parent \(parent): \(message)\nSee 'folio sync --help'.\n")
    // With --json the same usage error is one JSON object on standard output.
    let json = try Self.syncTasks(parent, in: company)
    #expect(json.status == 2)
    #expect(json.errors.isEmpty)
    let error = try JSONParser.parse(Array(json.output.utf8))["error"]
    #expect(error?["code"] == "usage")
    #expect(error?["message"]?.stringValue?.hasPrefix("--parent \(parent): ") == true)
    #expect(try Self.tasks(in: company) == before)
  }

  /// The identifier is everything between the first and the last colon.
  @Test func aStringIdentifierMayHoldColons() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let schema = #"""
      {"folioSchema": 1, "entities": [
        {"name": "Book", "identifiers": ["isbn"], "attributes": [{"name": "isbn", "type": "string"}],
         "relationships": [{"name": "pages", "toMany": "Page", "inverse": "book"}]},
        {"name": "Page", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}],
         "relationships": [{"name": "book", "toOne": "Book", "inverse": "pages"}]}]}
      """#
    try Data(schema.utf8).write(to: company.directory.url.appendingPathComponent("books.json"))
    try Data(#"[{"isbn": "urn:isbn:0451450523"}]"#.utf8).write(
      to: company.directory.url.appendingPathComponent("book.json"))
    try Data(#"[{"id": 1}, {"id": 2}]"#.utf8).write(
      to: company.directory.url.appendingPathComponent("pages.json"))
    let setup = try FolioBinaryTests.run(
      ["sync", "--store", "books.folio", "--schema", "books.json", "--entity", "Book", "book.json"],
      in: company.path)
    #expect(setup.status == 0, "\(setup.errors)")
    let result = try FolioBinaryTests.run(
      [
        "sync", "--store", "books.folio", "--entity", "Page", "--parent",
        "Book:urn:isbn:0451450523:pages", "pages.json",
      ], in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    let book = try FolioBinaryTests.run(
      ["export", "--store", "books.folio", "--entity", "Book"], in: company.path)
    #expect(book.output.contains(#""pages": ["#) || book.output.contains(#""pages":["#))
    #expect(book.output.contains("urn:isbn:0451450523"))
  }
}
