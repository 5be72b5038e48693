import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreLoaderTests {
  static let schema = StoreFixtures.batchSchema

  func closedStore(_ directory: TemporaryDirectory) throws -> String {
    try StoreFixtures.closedBatchesStore(in: directory)
  }

  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  static let person = "Person/0000000000000000.json"
  static let click = "Click/0000000000000000.json"

  static let handEdited = """
    [
      {
        "active": "yes",
        "id": 1,
        "name": "Ada"
      },
      {
        "active": true,
        "colour": "red",
        "id": 2,
        "name": 5
      },
      {
        "active": true,
        "born": "1815-12-10T00:00:00Z",
        "id": 3,
        "name": "Cy"
      },
      {
        "active": true,
        "id": 4,
        "name": "Di"
      }
    ]

    """

  @Test func strictOpeningReportsEveryProblemWithFileLineColumnAndPointer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(Self.handEdited, to: path + "/" + Self.person)
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.problems.map(\.code) == [.invalidStoredRecord, .invalidStoredRecord, .invalidStoredRecord, .invalidStoredRecord])
    #expect(error.description == """
      Person/0000000000000000.json:3:15: error: attribute 'active': expected true or false, found the string "yes" [typeMismatch] (at /0/active) [invalidStoredRecord]
      Person/0000000000000000.json:9:15: error: 'colour' is not an attribute or relationship of Person (expected one of: id, name, active, born, score, tags); remove it or add it to the schema (at /1/colour) [invalidStoredRecord]
      Person/0000000000000000.json:11:13: error: attribute 'name': expected a string, found the number 5 [notCanonical] (at /1/name) [invalidStoredRecord]
      Person/0000000000000000.json:15:13: error: attribute 'born': expected a canonical UTC date such as "2014-07-06T07:59:00.000Z", found the string "1815-12-10T00:00:00Z" [notCanonical] (at /2/born) [invalidStoredRecord]
      4 problems in the store; fix the files or open with validation: .lenient to skip the bad records
      """)
  }

  @Test func arraysAndDatesThatFailTheFastCheckGetTheFullMessage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"active": true, "born": 7, "id": 1, "name": "Ada", "tags": ["a", 2]}]"#, to: path + "/" + Self.person)
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.description == """
      Person/0000000000000000.json:1:27: error: attribute 'born': expected a canonical UTC date such as "2014-07-06T07:59:00.000Z", found the number 7 [typeMismatch] (at /0/born) [invalidStoredRecord]
      Person/0000000000000000.json:1:62: error: attribute 'tags': expected a string at element 1, found the number 2 [notCanonical] (at /0/tags) [invalidStoredRecord]
      2 problems in the store; fix the files or open with validation: .lenient to skip the bad records
      """)
  }

  @Test func lenientOpeningLeavesBadRecordsOutAndNeverOverwritesTheirShard() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(Self.handEdited, to: path + "/" + Self.person)
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(store.state.ids("Person") == [4])
    #expect(store.loadProblems.count == 4)
    let error = try #require(throws: StoreError.self) { try store.update("Person", 4, ["name": "Dee"]) }
    #expect(error.description == "Person/0000000000000000.json: error: cannot save: Person/0000000000000000.json had records left out by a lenient open and would lose them; fix the file (folio check lists its problems), then open the store again [protectedShard]")
    #expect(try String(contentsOfFile: path + "/" + Self.person, encoding: .utf8) == Self.handEdited)
    try store.insert("Batch", ["id": 9])
    #expect(store.get("Batch", 9) != nil)
  }

  @Test func aValidHandEditIsAcceptedAndWrittenCanonicallyWhenItsFileIsNextSaved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write("[{\"name\": \"Ada\", \"id\": 1, \"active\": false}]\r\n", to: path + "/" + Self.person)
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.loadProblems == [])
    #expect(store.get("Person", 1) == ["active": false, "id": 1, "name": "Ada"])
    try store.update("Person", 1, ["name": "Ada L."])
    #expect(try String(contentsOfFile: path + "/" + Self.person, encoding: .utf8) == "[\n  {\n    \"active\": false,\n    \"id\": 1,\n    \"name\": \"Ada L.\"\n  }\n]\n")
  }

  @Test func aDanglingLinkIsReportedAndDroppedLeniently() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"clickID": 2, "batch": 1}, {"clickID": 3, "batch": 1}, {"clickID": 5, "batch": 9}]"#, to: path + "/" + Self.click)
    let strict = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(strict.problems.map(\.description) == [
      "Click/0000000000000000.json:1:82: error: Click 5.batch points at Batch 9, which does not exist; remove the link or restore the record (at /2/batch) [invalidStoredRecord]"
    ])
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(store.get("Click", 5) == ["clickID": 5])
    #expect(store.get("Batch", 4)?["clicks"] == nil)
    #expect(store.get("Batch", 1)?["clicks"] == [2, 3])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func aLinkIsStoredOnceAndEditingItThereMovesIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    // Batch.clicks is derived from Click.batch: the Batch file holds no links at all.
    let batches = try String(contentsOfFile: path + "/Batch/0000000000000000.json", encoding: .utf8)
    #expect(!batches.contains("clicks"))
    let clicks = try String(contentsOfFile: path + "/" + Self.click, encoding: .utf8)
    let moved = clicks.replacingOccurrences(of: "\"batch\": 4,\n    \"clickID\": 5", with: "\"batch\": 1,\n    \"clickID\": 5")
    #expect(moved != clicks)
    #expect(zip(clicks.split(separator: "\n"), moved.split(separator: "\n")).filter { $0 != $1 }.count == 1)
    try write(moved, to: path + "/" + Self.click)
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Batch", 1)?["clicks"] == [2, 3, 5])
    #expect(store.get("Batch", 4)?["clicks"] == nil)
    #expect(try store.check() == [])
  }

  @Test func aDerivedSideEditedByHandMustAgreeWithTheStoredSide() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"id": 1, "clicks": [2, 3]}, {"id": 4, "clicks": [2]}]"#, to: path + "/Batch/0000000000000000.json")
    let strict = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(strict.problems.map(\.description) == [
      #"Batch/0000000000000000.json:1:51: error: Batch 4.clicks holds [2], but the links stored in Click.batch give [5]; Batch.clicks is derived from Click.batch, so edit the links there and remove 'clicks' here (at /1/clicks) [invalidStoredRecord]"#
    ])
    // The side that agrees is accepted, and left out when the file is next written.
    let lenient = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(lenient.get("Batch", 4)?["clicks"] == [5])
  }

  @Test func structuralDamageGivesTypedErrors() throws {
    let cases: [(String, String, StoreError.Code, String)] = [
      (Self.click, "[\n<<<<<<< HEAD\n  {\"clickID\": 2}\n=======\n]\n", .mergeConflict,
       "Click/0000000000000000.json:2:1: error: the file holds git merge-conflict markers; resolve the conflict (keep one side of each record), then open the store again [mergeConflict]"),
      (Self.click, "[{\"clickID\": 2},]", .invalidJSON,
       "Click/0000000000000000.json:1:16: error: the file is not valid JSON: "),
    ]
    for (file, content, code, prefix) in cases {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = try closedStore(directory)
      try write(content, to: path + "/" + file)
      let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
      let problem = try #require(error.problems.first { $0.code == code })
      #expect(problem.description.hasPrefix(prefix))
    }
  }

  @Test func aNewerFormatVersionIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let schema = try String(contentsOfFile: path + "/schema.json", encoding: .utf8)
    try write(schema.replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 3"), to: path + "/schema.json")
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.description == "schema.json: error: the store has format version 3, but this Folio reads version 2 (and upgrades version 1); open it with a matching Folio release (at /folioStore/formatVersion) [unsupportedFormatVersion]")
  }

  @Test func everyConflictMarkerIsReportedWithItsLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let text = "[\n<<<<<<< ours\n  {\"clickID\": 2},\n=======\n  {\"clickID\": 3},\n>>>>>>> theirs\n  {\"clickID\": 5},\n<<<<<<< ours\n  {\"clickID\": 6}\n=======\n  {\"clickID\": 7}\n>>>>>>> theirs\n]\n"
    try write(text, to: path + "/" + Self.click)
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.problems.filter { $0.code == .mergeConflict }.map { "\($0.file ?? ""):\($0.line ?? 0)" } == [Self.click + ":2", Self.click + ":8"])
  }
}
