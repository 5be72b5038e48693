#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// Links, special files, unreadable names and subfolders inside a store (issue 31, defects 4
/// and 11): each a located problem; nothing followed, nothing outside touched.
@Suite struct StoreTreeTests {
  /// A closed store of `SchemaFixtures.item` at `directory/store` holding one file of two items.
  func store(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store"
    do { _ = try Store(directory: path, schema: try SchemaFixtures.item) }
    try write("[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}]\n", to: path + "/Item/0000000000000000.json")
    return path
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func lenient() -> StoreOptions { StoreOptions(validation: .lenient, readOnly: true) }

  @Test func jsonFilesInASubfolderOfAnEntityFolderAreReportedNotIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try write("[{\"id\": 3, \"name\": \"c\"}]\n", to: path + "/Item/old/more.json")
    let store = try Store(directory: path, schema: try SchemaFixtures.item, options: lenient())
    let problem = try #require(store.loadProblems.first { $0.file == "Item/old/" })
    #expect(problem.code == .invalidStoredRecord)
    #expect(problem.description.hasPrefix("Item/old/: error: the folder holds 1 JSON file that Folio does not read"))
    #expect(store.state.count("Item") == 2)
  }

  @Test func aStrictWriterOpensAStoreWithASubfolderAndReportsIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try write("[{\"id\": 3, \"name\": \"c\"}]\n", to: path + "/Item/old/more.json")
    let writer = try Store(directory: path, schema: try SchemaFixtures.item)
    #expect(writer.loadProblems.map(\.file) == ["Item/old/"])
    try writer.insert("Item", ["id": 4, "name": "d"])
    #expect(FileManager.default.fileExists(atPath: path + "/Item/old/more.json"))
  }

  @Test func aFileNameThatIsNotUTF8IsALocatedProblemNotAMissingFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    let name = Array((path + "/Item/").utf8) + [0xFF, 0x1B] + Array(".json".utf8)
    let fd = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(fd >= 0)
    close(fd)
    let store = try Store(directory: path, schema: try SchemaFixtures.item, options: lenient())
    #expect(!store.loadProblems.contains { $0.code == .missingShard })
    let problem = try #require(store.loadProblems.first { $0.code == .unsupportedFileName })
    #expect(problem.file == "Item/\\xFF\\u{1B}.json")
    #expect(store.state.count("Item") == 2)
    // Not a lock-out: a strict writer opens the store and reports the file too.
    let writer = try Store(directory: path, schema: try SchemaFixtures.item)
    #expect(writer.loadProblems.map(\.code) == [.unsupportedFileName])
    #expect(writer.state.count("Item") == 2)
  }

  @Test func aLinkToAShardOutsideIsNeverReadAndWritersRefuse() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try write("[{\"id\": 9, \"name\": \"outside\"}]\n", to: directory.path + "/outside.json")
    try FileManager.default.createSymbolicLink(
      atPath: path + "/Item/1111111111111111.json", withDestinationPath: directory.path + "/outside.json")
    let reader = try Store(directory: path, schema: try SchemaFixtures.item, options: lenient())
    #expect(reader.state.count("Item") == 2)
    let problem = try #require(reader.loadProblems.first { $0.code == .specialFile })
    #expect(problem.file == "Item/1111111111111111.json")
    #expect(problem.message.hasPrefix("'Item/1111111111111111.json' is a symbolic link to '\(directory.path)/outside.json'"))
    let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: try SchemaFixtures.item) }
    #expect(error.code == .specialFile)
    #expect(try String(contentsOfFile: directory.path + "/outside.json", encoding: .utf8) == "[{\"id\": 9, \"name\": \"outside\"}]\n")
  }

  @Test(arguments: ["file", "dangling link"])
  func aLocalFolderThatIsNotAFolderIsATypedErrorNotPermissionDenied(_ kind: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try FileManager.default.removeItem(atPath: path + "/.folio")
    if kind == "file" {
      try write("not a folder\n", to: path + "/.folio")
    } else {
      try FileManager.default.createSymbolicLink(atPath: path + "/.folio", withDestinationPath: directory.path + "/gone")
    }
    for options in [StoreOptions(), lenient()] {
      let error = try #require(throws: StoreError.self) { try Store(directory: path, schema: try SchemaFixtures.item, options: options) }
      #expect(error.code == .specialFile)
      #expect(error.file == ".folio")
      #expect(!error.message.contains("ermission"))
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/gone"))
  }

  @Test func aHardLinkedLockFileIsLockedButNeitherTruncatedNorWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try FileManager.default.removeItem(atPath: path + "/.folio/lock")
    try write("ssh-ed25519 AAAA a key that must stay\n", to: directory.path + "/keys")
    try #require(link(directory.path + "/keys", path + "/.folio/lock") == 0)
    do {
      let store = try Store(directory: path, schema: try SchemaFixtures.item)
      #expect(store.state.count("Item") == 2)
    }
    #expect(try String(contentsOfFile: directory.path + "/keys", encoding: .utf8) == "ssh-ed25519 AAAA a key that must stay\n")
  }

  @Test func renderedLocationsEscapeControlCharactersAndOmitAnEmptyPointer() {
    let error = StoreError(code: .invalidStoredRecord, message: "bad", file: "Item/\u{1B}[2J.json", pointer: "")
    #expect(error.description == "Item/\\u{1B}[2J.json: error: bad [invalidStoredRecord]")
    #expect(StoreTree.printable([0x61, 0xFF, 0x07, 0xC3, 0xA9]) == "a\\xFF\\u{07}é")
  }

  @Test func aStoreWithTheFormerGitignoreGetsTheLineThatAlsoIgnoresALink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try store(in: directory)
    try write(StoreOpener.formerGitignore, to: path + "/.gitignore")
    // A fresh clone: no local state yet, so the first writer saves one, with the new line.
    try FileManager.default.removeItem(atPath: path + "/.folio")
    do { _ = try Store(directory: path, schema: try SchemaFixtures.item) }
    #expect(try String(contentsOfFile: path + "/.gitignore", encoding: .utf8) == DirectoryBacking.gitignore)
    // A .gitignore someone edited is left as it is.
    try write("# ours\n.folio/\n", to: path + "/.gitignore")
    try FileManager.default.removeItem(atPath: path + "/.folio")
    do { _ = try Store(directory: path, schema: try SchemaFixtures.item) }
    #expect(try String(contentsOfFile: path + "/.gitignore", encoding: .utf8) == "# ours\n.folio/\n")
  }
}
