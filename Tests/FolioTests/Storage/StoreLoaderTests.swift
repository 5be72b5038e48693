import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct StoreLoaderTests {
  static let schema = StoreFixtures.batchSchema

  /// A closed store made from the `batches` fixture; returns its path.
  func closedStore(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.schema)
    try StoreFixtures.load(StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"), into: store)
    return path
  }

  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

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
    try write(Self.handEdited, to: path + "/Person/0000.json")
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.problems.map(\.code) == [.checksumMismatch, .invalidStoredRecord, .invalidStoredRecord, .invalidStoredRecord, .invalidStoredRecord])
    let lines = error.description.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().joined(separator: "\n") == """
      Person/0000.json:3:15: error: attribute 'active': expected true or false, found the string "yes" [typeMismatch] (at /0/active) [invalidStoredRecord]
      Person/0000.json:9:15: error: 'colour' is not an attribute or relationship of Person (expected one of: id, name, active, born, score, tags); remove it or add it to the schema (at /1/colour) [invalidStoredRecord]
      Person/0000.json:11:13: error: attribute 'name': expected a string, found the number 5 [notCanonical] (at /1/name) [invalidStoredRecord]
      Person/0000.json:15:13: error: attribute 'born': expected a canonical UTC date such as "2014-07-06T07:59:00.000Z", found the string "1815-12-10T00:00:00Z" [notCanonical] (at /2/born) [invalidStoredRecord]
      5 problems in the store; fix the files or open with validation: .lenient to skip the bad records
      """)
    #expect(lines[0].hasPrefix("Person/0000.json: error: the file was changed outside Folio (checksum fnv1a64w:"))
  }

  @Test func arraysAndDatesThatFailTheFastCheckGetTheFullMessage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"active": true, "born": 7, "id": 1, "name": "Ada", "tags": ["a", 2]}]"#, to: path + "/Person/0000.json")
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    let lines = error.description.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().joined(separator: "\n") == """
      Person/0000.json:1:27: error: attribute 'born': expected a canonical UTC date such as "2014-07-06T07:59:00.000Z", found the number 7 [typeMismatch] (at /0/born) [invalidStoredRecord]
      Person/0000.json:1:62: error: attribute 'tags': expected a string at element 1, found the number 2 [notCanonical] (at /0/tags) [invalidStoredRecord]
      3 problems in the store; fix the files or open with validation: .lenient to skip the bad records
      """)
  }

  @Test func lenientOpeningLeavesBadRecordsOutAndNeverOverwritesTheirShard() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(Self.handEdited, to: path + "/Person/0000.json")
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(store.state.ids("Person") == [4])
    #expect(store.loadProblems.count == 5)
    let error = try #require(throws: StoreError.self) { try store.update("Person", 4, ["name": "Dee"]) }
    #expect(error.description == "Person/0000.json: error: cannot save: Person/0000.json had records left out by a lenient open and would lose them; fix the file, then open the store again [protectedShard]")
    #expect(try String(contentsOfFile: path + "/Person/0000.json", encoding: .utf8) == Self.handEdited)
    try store.insert("Batch", ["id": 9])
    #expect(store.get("Batch", 9) != nil)
  }

  @Test func aValidHandEditIsAcceptedLenientlyAndRewrittenCanonically() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"name": "Ada", "id": 1, "active": false}]"#, to: path + "/Person/0000.json")
    #expect(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(store.loadProblems.map(\.code) == [.checksumMismatch])
    try store.update("Person", 1, ["name": "Ada L."])
    #expect(try String(contentsOfFile: path + "/Person/0000.json", encoding: .utf8) == "[\n  {\n    \"active\": false,\n    \"id\": 1,\n    \"name\": \"Ada L.\"\n  }\n]\n")
  }

  @Test func danglingAndOneSidedLinksAreReportedAndDroppedLeniently() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try write(#"[{"clickID": 2, "batch": 1}, {"clickID": 3, "batch": 1}, {"clickID": 5, "batch": 9}]"#, to: path + "/Click/0000.json")
    let strict = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    let messages = strict.problems.filter { $0.code == .invalidStoredRecord }.map(\.description)
    #expect(messages == [
      "Batch/0000.json:11:15: error: Batch 4.clicks links Click 5, but Click 5.batch does not link back; add the link on both sides or remove it from both (at /1/clicks) [invalidStoredRecord]",
      "Click/0000.json:1:82: error: Click 5.batch points at Batch 9, which does not exist; remove the link or restore the record (at /2/batch) [invalidStoredRecord]",
    ])
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    #expect(store.get("Click", 5) == ["clickID": 5])
    #expect(store.get("Batch", 4)?["clicks"] == nil)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func structuralDamageGivesTypedErrors() throws {
    let cases: [(String, String, StoreError.Code, String)] = [
      ("Click/0000.json", "[\n<<<<<<< HEAD\n  {\"clickID\": 2}\n=======\n]\n", .mergeConflict,
       "Click/0000.json:2:1: error: the file holds git merge-conflict markers; resolve the conflict (keep one side of each record), then open the store again [mergeConflict]"),
      ("Click/0000.json", "[{\"clickID\": 2},]", .invalidJSON,
       "Click/0000.json:1:16: error: the file is not valid JSON: "),
      ("Click/0000.json", "", .missingShard,
       "Click/0000.json: error: the shard file listed in the manifest is missing; restore it from version control or a backup [missingShard]"),
    ]
    for (file, content, code, prefix) in cases {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = try closedStore(directory)
      if content.isEmpty {
        try FileManager.default.removeItem(atPath: path + "/" + file)
      } else {
        try write(content, to: path + "/" + file)
      }
      let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
      let problem = try #require(error.problems.first { $0.code == code })
      #expect(problem.description.hasPrefix(prefix))
    }
  }

  @Test func aNewerFormatVersionIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let manifest = try String(contentsOfFile: path + "/manifest.json", encoding: .utf8)
    try write(manifest.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 2"), to: path + "/manifest.json")
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.description == "manifest.json: error: the store has format version 2, but this Folio reads version 1; open it with a matching Folio release (at /formatVersion) [unsupportedFormatVersion]")
  }
}
