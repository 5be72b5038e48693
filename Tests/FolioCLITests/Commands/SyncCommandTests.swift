import Folio
import Foundation
import Testing

@testable import FolioCLI

@Suite struct SyncCommandTests {
  @Test func createsTheStoreFromTheSchemaAndPrintsTheReport() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.sync("Employee", "day-1.json")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(
      run.output.hasPrefix(
        "Synced Fixtures/company/day-1.json into Employee of company.folio (generation 1)\n"))
    #expect(
      run.output.hasSuffix(
        "24 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
    #expect(company.count() == 20)
  }

  @Test func readsThePayloadFromStandardInput() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let payload = #"[{"id": 1, "user": {"name": "Ada"}, "salary": 1.5}]"#
    let run = company.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "-",
      ], input: payload)
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("Synced standard input into Employee"))
    #expect(company.count() == 1)
  }

  @Test func jsonReportHasCountsRecordsAndDiagnostics() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.sync("Employee", "day-2.json", ["--json"])
    #expect(run.status == 0)
    let report = try JSONParser.parse(run.output)
    #expect(report["inserted"] == 3)
    #expect(report["updated"] == 4)
    #expect(report["deleted"] == 2)
    #expect(report["unchanged"] == 18)
    #expect(report["skipped"] == 0)
    #expect(report["rejected"] == 0)
    #expect(report["dryRun"] == false)
    let diagnostics = try #require(report["diagnostics"]?.arrayValue)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["code"] == "danglingReference")
    #expect(diagnostics.first?["entity"] == "Department")
    #expect(diagnostics.first?["id"] == 5)
    #expect(diagnostics.first?["pointers"] == ["/19/department_id"])
    let records = try #require(report["records"]?.arrayValue)
    #expect(records.count == 9)
    #expect(
      records.first
        == [
          "entity": "Employee", "id": 3, "outcome": "updated",
          "changes": [["field": "fullName", "before": "Alan Turing", "after": "Alan M. Turing"]],
        ])
    #expect(
      records.last
        == [
          "entity": "Employee", "id": 15, "outcome": "deleted",
          "reason": "not listed in the payload (delete-missing)",
        ])
  }

  @Test func refusesToDeleteMoreThanHalfUnlessAllowed() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let before = company.storeFiles()
    let refused = company.sync("Employee", "partial.json")
    #expect(refused.status == 1)
    #expect(refused.output.isEmpty)
    #expect(
      refused.errors == """
        Fixtures/company/partial.json: error: This sync would delete 15 of the 20 Employee records \
        in scope, more than half, so nothing was written. If the payload really is complete, pass \
        --allow-mass-delete; to sync only part of Employee, pass --scope. [massDelete]

        """)
    #expect(company.storeFiles() == before)
    let allowed = company.sync("Employee", "partial.json", ["--allow-mass-delete"])
    #expect(allowed.status == 0)
    #expect(company.count() == 5)
  }

  @Test func dryRunPrintsThePlanAndWritesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let before = company.storeFiles()
    let run = company.sync("Employee", "day-2.json", ["--dry-run"])
    #expect(run.status == 0)
    #expect(run.output.contains("(dry run, nothing written)"))
    #expect(run.output.contains("      salary: 85300.0 → 89300.0\n"))
    #expect(company.storeFiles() == before)
  }

  @Test func aDryRunIntoANewStoreCreatesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.sync("Employee", "day-1.json", ["--dry-run"])
    #expect(run.status == 0)
    #expect(
      run.output.hasSuffix(
        "24 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
    #expect(company.storeFiles().isEmpty)
  }

  @Test(arguments: [
    (["--no-delete"], 22), (["--no-insert"], 18), (["--scope", "department == 3"], 22),
    (["--scope", "department == 4"], 20),
  ])
  func flagsChangeWhatTheSyncDoes(flags: [String], employees: Int) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.sync("Employee", "day-2.json", flags)
    #expect(run.status == 0)
    #expect(company.count() == employees)
  }

  @Test func noUpdateLeavesStoredValuesAlone() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.sync("Employee", "day-2.json", ["--no-update"])
    #expect(run.status == 0)
    #expect(!run.output.contains("updated   Employee"))
    let name = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee", "--where", "id == 3"])
    #expect(name.output.contains(#""fullName":"Alan Turing""#))
  }

  @Test(arguments: [
    (["--scope", "department =="], "--scope:1:14: error: expected a value"),
    (
      ["--scope", "dept == 3"],
      "--scope: error: the entity 'Employee' has no attribute or relationship 'dept'"
    ),
  ])
  func aBadScopeNamesTheOption(flags: [String], message: String) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.sync("Employee", "day-2.json", flags)
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors.hasPrefix(message))
  }

  @Test func aMissingStoreWithoutASchemaSaysHowToCreateIt() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.run(
      ["sync", "--store", "nowhere.folio", "--entity", "Employee", "Fixtures/company/day-1.json"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "nowhere.folio: error: There is no store at 'nowhere.folio'. Pass --schema FILE to create it. [missingStore]\n"
    )
  }

  @Test func anUnknownEntityListsTheEntitiesThereAre() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.sync("Employe", "day-1.json")
    #expect(run.status == 1)
    #expect(
      run.errors
        == "company.folio: error: The schema has no entity 'Employe'; it has: Department, Employee. [unknownEntity]\n"
    )
  }

  @Test func anItemErrorNamesThePayloadFileLineAndColumn() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    #expect(company.sync("Employee", "day-1.json").status == 0)
    let run = company.sync("Employee", "day-1.json", ["--force-insert"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "Fixtures/company/day-1.json:2:3: error: Employee 1 already exists; forceInsert skips the lookup, so every identifier must be new. Turn forceInsert off to update existing records (at /0) [duplicateIdentifier]\n"
    )
    let piped = company.run(
      ["sync", "--store", "company.folio", "--entity", "Employee", "--force-insert", "-"],
      input: try String(contentsOfFile: company.path + "/Fixtures/company/day-1.json", encoding: .utf8))
    #expect(piped.errors.hasPrefix("<stdin>:2:3: error: Employee 1 already exists;"))
  }

  @Test func malformedJSONIsReportedWithFileLineAndColumn() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try company.write("bad.json", "[\n  {\"id\": 1,}\n]\n")
    let run = company.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "bad.json",
      ])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors.hasPrefix("bad.json:2:11: error: "))
    #expect(company.storeFiles().isEmpty)
  }

  @Test func aFirstSyncThatFailsLeavesNoStoreBehind() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    // Valid JSON up to its last item: the store is created, then planning meets the error.
    try company.write("late.json", #"[{"id": 1, "user": {"name": "A"}, "salary": 1.0}, {"id": 2,]"#)
    let late = company.run(
      ["sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity", "Employee", "late.json"])
    #expect(late.status == 1)
    #expect(late.errors.hasPrefix("late.json:1:60: error: expected a string key"))
    let rejected = company.sync("Employee", "messy.json", ["--all-or-nothing"])
    #expect(rejected.status == 1)
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio"))
  }

  @Test func aSchemaChangeIsNotAppliedWhenThePayloadIsNotJSON() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let before = try String(contentsOfFile: company.path + "/company.folio/schema.json", encoding: .utf8)
    let schema = try String(contentsOfFile: company.path + "/Fixtures/company/schema.json", encoding: .utf8)
    try company.write(
      "evolved.json",
      schema.replacingOccurrences(
        of: #"{ "name": "name", "type": "string", "optional": true }"#,
        with: #"{ "name": "name", "type": "string", "optional": true }, { "name": "floor", "type": "int", "optional": true }"#))
    try company.write("bad.json", #"[{"id": 1, "name": "Research", "floor": 3},]"#)
    let run = company.run(
      ["sync", "--store", "company.folio", "--schema", "evolved.json", "--entity", "Department", "bad.json"])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("bad.json:1:43: error: a trailing comma"))
    let after = try String(contentsOfFile: company.path + "/company.folio/schema.json", encoding: .utf8)
    #expect(after == before)
  }

  @Test(arguments: [
    (
      "\"Ada\"",
      "bad.json:1:1: error: A payload must be a JSON array of objects, a single object or null; this file holds string."
    ),
    ("", "bad.json:1:1: error: "),
  ])
  func aPayloadMustBeAnArray(text: String, message: String) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try company.write("bad.json", text)
    let run = company.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json",
        "--entity", "Employee", "bad.json",
      ])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix(message))
  }

  @Test func aMissingPayloadFileIsNamed() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let run = company.sync("Employee", "day-9.json")
    #expect(run.status == 1)
    #expect(
      run.errors.hasPrefix(
        "Fixtures/company/day-9.json: error: Cannot read 'Fixtures/company/day-9.json'. No such file"
      ))
  }

  @Test func anIncompatibleSchemaFileIsRefusedWithTheDifferences() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    try company.write(
      "other.json",
      #"{"folioSchema": 1, "entities": [{"name": "Employee", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}]}]}"#
    )
    let run = company.run(
      [
        "sync", "--store", "company.folio", "--schema", "other.json", "--entity", "Employee",
        "Fixtures/company/day-2.json",
      ])
    #expect(run.status == 1)
    #expect(
      run.errors.hasPrefix(
        "company.folio/schema.json: error: the store was written with a different schema (entity Department was removed; Employee.fullName was removed;"
      ))
    #expect(run.errors.contains("declare a Migration for the change"))
  }

  @Test func aSchemaFileThatOnlyAddsAnOptionalAttributeIsApplied() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let schema = try String(contentsOfFile: company.path + "/Fixtures/company/schema.json", encoding: .utf8)
    let added = schema.replacingOccurrences(
      of: #"{ "name": "name", "type": "string", "optional": true }"#,
      with: #"{ "name": "name", "type": "string", "optional": true }, { "name": "floor", "type": "int", "optional": true }"#)
    #expect(added != schema)
    try company.write("evolved.json", added)
    try company.write("floors.json", #"[{"id": 1, "name": "Research", "floor": 3}]"#)
    let run = company.run(
      ["sync", "--store", "company.folio", "--schema", "evolved.json", "--entity", "Department", "--no-delete", "floors.json"])
    #expect(run.status == 0, "\(run.errors)")
    let stored = try String(contentsOfFile: company.path + "/company.folio/schema.json", encoding: .utf8)
    #expect(stored.contains(#""name": "floor""#))
    let query = company.run(["query", "--store", "company.folio", "--entity", "Department", "--where", "floor == 3"])
    #expect(query.output.contains(#""name":"Research""#))
  }

  @Test func aProgressBarAppearsOnlyOnATerminalForALongSync() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let items = (1...ProgressBar.minimumItems).map {
      #"{"id": \#($0), "user": {"name": "E\#($0)"}, "salary": 1.0}"#
    }
    try company.write("many.json", "[" + items.joined(separator: ",") + "]")
    let arguments = [
      "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity",
      "Employee", "--dry-run", "many.json",
    ]
    let piped = company.run(arguments, terminal: false)
    let terminal = company.run(arguments, terminal: true)
    #expect(piped.errors.isEmpty)
    #expect(terminal.errors.contains("\rplanning Employee "))
    #expect(terminal.errors.contains(" 100% 10,000/10,000 items"))
    #expect(terminal.errors.hasSuffix("\r\u{1B}[K"))
    #expect(terminal.output == piped.output)
  }
}

@Suite struct SyncCommandLockTests {
  @Test func aSecondWriterIsToldWhoHoldsTheStore() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let holder = try Store.open(directory: company.path + "/company.folio")
    let run = company.sync("Employee", "day-2.json")
    let count = company.count()  // reading commands take no lock
    withExtendedLifetime(holder) {
      #expect(run.status == 1)
      #expect(run.output.isEmpty)
      #expect(
        run.errors.hasPrefix(
          "company.folio/.folio/lock: error: the store is locked by another writer: pid "))
      #expect(count == 20)
    }
  }
}

@Suite struct RenameCommandTests {
  @Test func renameGivesADepartmentANewIdentifierAndItsEmployeesFollow() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let run = company.run(["rename", "--store", "company.folio", "--entity", "Department", "--from", "4", "--to", "40"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "Renamed Department 4 to 40 in company.folio (generation 2); 4 links re-pointed.\n")
    let moved = company.run(["query", "--store", "company.folio", "--entity", "Employee", "--where", "department == 40", "--count"])
    let before = company.run(["query", "--store", "company.folio", "--entity", "Employee", "--where", "department == 4", "--count"])
    #expect(before.output == "0\n")
    #expect(moved.output == "4\n")
    let taken = company.run(["rename", "--store", "company.folio", "--entity", "Department", "--from", "1", "--to", "2"])
    #expect(taken.status == 1)
    #expect(taken.errors.contains("Department 2 already exists"))
  }
}

/// When a sync parses its payload whole before opening the store: only when the open writes.
@Suite struct SyncOpenWritesTests {
  static func arguments(_ extra: [String], in company: CompanyDirectory) throws -> (ParsedArguments, Console) {
    let parsed = try ArgumentParser.parse(
      ["--store", "company.folio", "--entity", "Employee"] + extra + ["day.json"], spec: SyncCommand.spec)
    let console = Console(
      standardOutput: CapturedOutput(), standardError: CapturedOutput(), currentDirectory: company.path)
    return (parsed, console)
  }

  @Test func onlyASchemaThatDiffersFromTheStoresOwnMakesTheOpenWrite() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let same = try Self.arguments(["--schema", "Fixtures/company/schema.json"], in: company)
    #expect(!StoreAccess.openWrites(same.0, console: same.1))
    let none = try Self.arguments([], in: company)
    #expect(!StoreAccess.openWrites(none.0, console: none.1))
    let schema = try String(contentsOfFile: company.path + "/Fixtures/company/schema.json", encoding: .utf8)
    try company.write(
      "evolved.json",
      schema.replacingOccurrences(
        of: #"{ "name": "name", "type": "string", "optional": true }"#,
        with: #"{ "name": "name", "type": "string", "optional": true }, { "name": "floor", "type": "int", "optional": true }"#))
    let evolved = try Self.arguments(["--schema", "evolved.json"], in: company)
    #expect(StoreAccess.openWrites(evolved.0, console: evolved.1))
    let missing = try Self.arguments(["--schema", "no-such-file.json"], in: company)
    #expect(StoreAccess.openWrites(missing.0, console: missing.1))
    try company.write("company.folio/manifest.json", "{}")
    #expect(StoreAccess.openWrites(none.0, console: none.1))
  }
}
