import FolioTestSupport
import Foundation
import Testing

/// `folio merge-driver` run in process on files in a temporary directory laid out as git
/// passes them: three versions of a shard and its path under a store holding `schema.json`.
@Suite struct MergeDriverCommandTests {
  static let schema = """
    {"folioSchema": 1, "entities": [{"name": "Flag", "identifiers": ["id"], "attributes": [
      {"name": "id", "type": "int"}, {"name": "name", "type": "string"},
      {"name": "on", "type": "bool"}]}]}
    """
  static let base = #"[{"id": 1, "name": "a", "on": false}, {"id": 2, "name": "b", "on": false}]"#
  static let path = "flags.folio/Flag/0a1b2c3d4e5f6789.json"

  /// A directory holding `flags.folio/schema.json` and the versions `base`, `ours`, `theirs`.
  static func directory(ours: String, theirs: String, schema: String? = schema) throws
    -> TemporaryDirectory
  {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path + "/flags.folio/Flag", withIntermediateDirectories: true)
    if let schema { try write(schema, to: directory.path + "/flags.folio/schema.json") }
    try write(base, to: directory.path + "/base")
    try write(ours, to: directory.path + "/ours")
    try write(theirs, to: directory.path + "/theirs")
    return directory
  }

  static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func aCleanMergeWritesCanonicalRecordsOverOursAndExitsWithZero() throws {
    let directory = try Self.directory(
      ours: #"[{"id": 1, "name": "A", "on": false}, {"id": 2, "name": "b", "on": false}]"#,
      theirs: #"[{"id": 1, "name": "a", "on": true}, {"id": 3, "name": "c", "on": true}]"#)
    defer { directory.remove() }
    let run = CommandRun.run(
      ["merge-driver", "base", "ours", "theirs", Self.path], in: directory.path)
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(run.errors.isEmpty)
    #expect(
      try Self.read(directory.path + "/ours") == """
        [
          {
            "id": 1,
            "name": "A",
            "on": true
          },
          {
            "id": 3,
            "name": "c",
            "on": true
          }
        ]

        """)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers.sorted() == ["base", "flags.folio", "ours", "theirs"])
  }

  @Test func conflictsAreWrittenAndListedOneLineEachWithExitStatusOne() throws {
    let directory = try Self.directory(
      ours: #"[{"id": 1, "name": "A", "on": false}, {"id": 2, "name": "b", "on": true}]"#,
      theirs: #"[{"id": 1, "name": "B", "on": false}]"#)
    defer { directory.remove() }
    let run = CommandRun.run(
      ["merge-driver", "base", "ours", "theirs", Self.path], in: directory.path)
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == """
        \(Self.path):4: conflict in Flag 1: name
        \(Self.path):10: conflict in Flag 2: on (deleted in theirs)

        """)
    let merged = try Self.read(directory.path + "/ours")
    #expect(merged.contains("<<<<<<< ours\n    \"name\": \"A\",\n=======\n    \"name\": \"B\",\n"))
  }

  @Test func aSchemaCopyWithAFolioStoreMemberIsRead() throws {
    let schema = #"{"folioStore": {"format": 2}, "# + Self.schema.dropFirst()
    let directory = try Self.directory(
      ours: Self.base, theirs: #"[{"id": 1, "name": "a", "on": true}]"#, schema: schema)
    defer { directory.remove() }
    let run = CommandRun.run(
      ["merge-driver", "base", "ours", "theirs", Self.path], in: directory.path)
    #expect(run.errors.isEmpty)
    #expect(run.status == 0)
  }

  @Test func withoutASchemaOursIsLeftAsItIsAndTheFileIsConflicted() throws {
    let ours = #"[{"id": 1, "name": "A", "on": false}]"#
    let directory = try Self.directory(ours: ours, theirs: Self.base, schema: nil)
    defer { directory.remove() }
    let run = CommandRun.run(
      ["merge-driver", "base", "ours", "theirs", Self.path], in: directory.path)
    #expect(run.status == 1)
    #expect(
      run.errors == """
        \(Self.path): error: cannot merge record by record: cannot read the store's schema \
        'flags.folio/schema.json' (expected STORE/ENTITY/FILE.json, run from the repository's \
        top level). OURS is left as it is and the file is marked as conflicted; merge it by hand.

        """)
    #expect(try Self.read(directory.path + "/ours") == ours)
  }

  @Test func anEntityMissingFromTheSchemaLeavesOursAsItIs() throws {
    let directory = try Self.directory(ours: "[]", theirs: Self.base)
    defer { directory.remove() }
    let run = CommandRun.run(
      ["merge-driver", "base", "ours", "theirs", "flags.folio/Nope/0000000000000000.json"],
      in: directory.path)
    #expect(run.status == 1)
    #expect(run.errors.contains("the schema 'flags.folio/schema.json' has no entity 'Nope'."))
    #expect(try Self.read(directory.path + "/ours") == "[]")
  }

  @Test func helpExplainsTheGitSetup() {
    let run = CommandRun.run(["merge-driver", "--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("USAGE: folio merge-driver BASE OURS THEIRS PATH"))
    #expect(run.output.contains(#"git config merge.folio.driver "folio merge-driver %O %A %B %P""#))
  }
}
