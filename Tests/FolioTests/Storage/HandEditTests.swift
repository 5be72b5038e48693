import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// Hand edits of every kind a person (or git) makes to a store's files: each valid one is the new
/// truth for every reader, each invalid one is located, and no save writes over what could not
/// be read.
@Suite struct HandEditTests {
  static let schema = StoreFixtures.batchSchema
  static let person = "Person/0000000000000000.json"

  /// A closed store holding Person 1…3000 (several files) and the `batches` fixture.
  func closedStore(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.schema)
    try store.transaction { tx in
      for id in 1...3000 { try tx.insert("Person", ["id": .int(Int64(id)), "name": .string("P\(id)")]) }
    }
    return path
  }

  func files(_ path: String, _ entity: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path + "/" + entity).sorted()
  }

  func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  /// Inserts `record` as the first element of the JSON array in the file at `path`.
  func prepend(_ record: String, to path: String) throws {
    let text = try text(path)
    try Data(("[\n" + record + ",\n" + text.dropFirst(2)).utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func aRecordAddedToTheWrongFileIsReadAndMovedOnTheNextSave() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let names = try files(path, "Person")
    #expect(names.count > 1)
    // Person 5000 belongs after the last boundary below it, not in the head file.
    try prepend(#"  {"active": true, "id": 5000, "name": "Added by hand"}"#, to: path + "/" + Self.person)
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Person", 5000)?["name"] == "Added by hand")
    #expect(store.state.count("Person") == 3001)
    #expect(try store.check() == [])
    // The file holding it, and the file the layout gives it, differ from the layout's bytes.
    #expect(store.nonCanonicalFiles().count == 2)
    try store.update("Person", 1, ["name": "Ada"])
    #expect(store.nonCanonicalFiles() == [])
    #expect(try files(path, "Person") == names)
    let location = try #require(try store.location(of: "Person", 5000))
    #expect(location.file != Self.person)
    #expect(try !text(path + "/" + Self.person).contains("Added by hand"))
  }

  @Test func aNewFileMadeByHandIsContentAndIsFoldedIntoTheLayout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let names = try files(path, "Person")
    try Data(#"[{"active": false, "id": 9001, "name": "From my-file.json"}]"#.utf8).write(to: URL(fileURLWithPath: path + "/Person/my-file.json"))
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Person", 9001)?["name"] == "From my-file.json")
    try store.canonicalizeFiles()
    #expect(try files(path, "Person") == names)
    #expect(store.get("Person", 9001) != nil)
    let reopened = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Person", 9001)?["name"] == "From my-file.json")
  }

  @Test func aRecordRemovedByHandIsGoneForEveryReader() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let text = try text(path + "/" + Self.person)
    let removed = text.replacingOccurrences(of: "  {\n    \"active\": true,\n    \"id\": 2,\n    \"name\": \"P2\"\n  },\n", with: "")
    #expect(removed != text)
    try Data(removed.utf8).write(to: URL(fileURLWithPath: path + "/" + Self.person))
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.get("Person", 2) == nil)
    #expect(store.state.count("Person") == 2999)
    #expect(store.generation == 2)
    #expect(try store.check() == [])
  }

  @Test func aWholeFileRemovedByHandRemovesItsRecords() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let last = try #require(try files(path, "Person").last)
    try FileManager.default.removeItem(atPath: path + "/Person/" + last)
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.state.count("Person") < 3000)
    #expect(try store.check() == [])
  }

  @Test func aRecordInTwoFilesIsReportedOnBothAndNeitherIsOverwritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let other = try #require(try files(path, "Person").last)
    try prepend(#"  {"active": true, "id": 7, "name": "Twin"}"#, to: path + "/Person/" + other)
    let error = try #require(throws: StoreValidationError.self) { try Store(directory: path, schema: Self.schema) }
    #expect(error.problems.map(\.description) == ["Person/\(other): error: Person 7 is also in \(Self.person); keep one of the two records [invalidStoredRecord]"])
    let store = try Store(directory: path, schema: Self.schema, options: StoreOptions(validation: .lenient))
    let refused = try #require(throws: StoreError.self) { try store.update("Person", 7, ["name": "Seven"]) }
    #expect(refused.code == .protectedShard)
  }

  @Test func crlfLineEndingsAndAMissingFinalNewlineAreReadWithoutComplaint() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let text = try text(path + "/" + Self.person)
    // "\r\n" is one Character: dropping the last one leaves no final newline.
    let crlf = text.replacingOccurrences(of: "\n", with: "\r\n").dropLast(1)
    try Data(crlf.utf8).write(to: URL(fileURLWithPath: path + "/" + Self.person))
    let store = try Store(directory: path, schema: Self.schema)
    #expect(store.loadProblems == [])
    #expect(store.get("Person", 1)?["name"] == "P1")
    #expect(try store.check() == [])
    #expect(store.nonCanonicalFiles().count == 1)
    // Written back canonically only when that file is next written.
    let others = try files(path, "Person").filter { "Person/" + $0 != Self.person }
    let before = try others.map { try self.text(path + "/Person/" + $0) }
    try store.update("Person", 1, ["name": "Ada"])
    #expect(try self.text(path + "/" + Self.person) == text.replacingOccurrences(of: "\"P1\"", with: "\"Ada\""))
    #expect(try others.map { try self.text(path + "/Person/" + $0) } == before)
  }

  @Test func aDeletedLockFileStopsTheWriterFromCommitting() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let store = try Store(directory: path, schema: Self.schema)
    try FileManager.default.removeItem(atPath: path + "/.folio/lock")
    // Another writer can lock the new file at that path now, so this one must not commit.
    let other = try Store(directory: path, schema: Self.schema)
    try other.insert("Person", ["id": 4000, "name": "Other"])
    let error = try #require(throws: StoreError.self) { try store.insert("Person", ["id": 4001, "name": "Stale"]) }
    #expect(error.code == .locked)
    let reopened = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Person", 4000)?["name"] == "Other")
    #expect(reopened.get("Person", 4001) == nil)
  }
}
