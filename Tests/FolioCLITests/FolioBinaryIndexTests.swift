import FolioTestSupport
import Foundation
import Testing

/// Secondary indexes through the built `folio` executable: `query --explain` names the index a
/// query reads, and a sync that would break a unique index writes nothing.
@Suite struct FolioBinaryIndexTests {
  static let schema = """
    {"entities": [{"name": "Person", "identifiers": ["id"],
      "attributes": [{"name": "id", "type": "int"}, {"name": "age", "type": "int", "indexed": true},
                     {"name": "email", "type": "string"}],
      "indexes": [{"fields": ["email"], "unique": true}]}]}
    """

  /// A directory holding `schema.json` and a store of three people synced through `folio`.
  static func makeStore() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try schema.write(toFile: directory.path + "/schema.json", atomically: true, encoding: .utf8)
    try #"[{"id": 1, "age": 30, "email": "a"}, {"id": 2, "age": 40, "email": "b"}, {"id": 3, "age": 50, "email": "c"}]"#
      .write(toFile: directory.path + "/people.json", atomically: true, encoding: .utf8)
    let synced = try FolioBinaryTests.run(
      ["sync", "--store", "people.folio", "--schema", "schema.json", "--entity", "Person", "people.json"],
      in: directory.path)
    #expect(synced.status == 0, "\(synced.errors)")
    return directory
  }

  @Test func explainPrintsTheIndexAQueryReads() throws {
    let directory = try Self.makeStore()
    defer { directory.remove() }
    let query = ["query", "--store", "people.folio", "--entity", "Person"]
    let ranged = try FolioBinaryTests.run(query + ["--where", "age > 35 && age <= 50", "--explain"], in: directory.path)
    #expect(ranged.status == 0)
    #expect(ranged.output == "index Person(age): age > 35 && age <= 50\n")
    let sorted = try FolioBinaryTests.run(query + ["--sort", "-age", "--explain"], in: directory.path)
    #expect(sorted.output == "index Person(age): order by -age, in order\n")
    let scan = try FolioBinaryTests.run(query + ["--where", "age != 40", "--explain"], in: directory.path)
    #expect(scan.output == "scan Person\n")
    let json = try FolioBinaryTests.run(query + ["--where", "email == 'b'", "--explain", "--json"], in: directory.path)
    #expect(json.output.contains(#""index" : ["#) || json.output.contains(#""index": ["#))
    #expect(json.output.contains(#""email""#))
    // The records themselves, through the index.
    let found = try FolioBinaryTests.run(query + ["--where", "age > 35 && age <= 50"], in: directory.path)
    #expect(found.output == #"{"age":40,"email":"b","id":2}"# + "\n" + #"{"age":50,"email":"c","id":3}"# + "\n")
  }

  @Test func aSyncBreakingAUniqueIndexFailsAndWritesNothing() throws {
    let directory = try Self.makeStore()
    defer { directory.remove() }
    let before = try String(contentsOfFile: directory.path + "/people.folio/Person/0000000000000000.json", encoding: .utf8)
    try #"[{"id": 1, "age": 30, "email": "a"}, {"id": 4, "age": 60, "email": "a"}]"#
      .write(toFile: directory.path + "/more.json", atomically: true, encoding: .utf8)
    let result = try FolioBinaryTests.run(
      ["sync", "--store", "people.folio", "--entity", "Person", "more.json"], in: directory.path)
    #expect(result.status == 1)
    #expect(result.errors.contains("Person 4 and Person 1 both have (email) = (\"a\")"), "\(result.errors)")
    #expect(result.errors.contains("uniqueViolation"))
    let after = try String(contentsOfFile: directory.path + "/people.folio/Person/0000000000000000.json", encoding: .utf8)
    #expect(after == before)
  }
}
