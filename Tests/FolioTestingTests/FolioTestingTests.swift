import Folio
import FolioTesting
import Foundation
import Testing

/// The FolioTesting product on its own, as a package using Folio sees it (this target does not
/// depend on Folio's internal test support).
@Suite struct FolioTestingTests {
  /// A fresh directory with `files` (path → text) written in it.
  static func folder(_ files: [String: String]) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "folio-testing")
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return directory
  }

  @Test func aRootFromAFilePathIsBesideTheNearestPackageManifest() throws {
    let package = try Self.folder(["Package.swift": "// manifest\n"])
    defer { package.remove() }
    let file = package.url.appendingPathComponent("Tests/AppTests/Deep/SomeTests.swift").path
    let root = FixtureRoot("Fixtures", inPackageOf: file)
    #expect(root.url.path == package.url.appendingPathComponent("Fixtures").standardizedFileURL.path)
    #expect(root.displayName == "Fixtures")
    #expect(root.displayPath("company/day-1.json") == "Fixtures/company/day-1.json")
  }

  @Test func withoutAManifestTheRootIsBesideTheFile() throws {
    let loose = try Self.folder([:])
    defer { loose.remove() }
    let file = loose.url.appendingPathComponent("Scripts/check.swift").path
    let root = FixtureRoot("Fixtures", inPackageOf: file)
    #expect(
      root.url.path
        == loose.url.appendingPathComponent("Scripts/Fixtures").standardizedFileURL.path)
  }

  @Test func thisPackagesFixturesAreFoundFromThisFile() throws {
    let company = try FixtureFolder("company", in: FixtureRoot("Fixtures"))
    #expect(company.contains("schema.json"))
    #expect(company.displayPath("day-1.json") == "Fixtures/company/day-1.json")
  }

  @Test func aBundleWithoutTheFolderIsRefused() {
    #expect(throws: FixtureError.self) {
      try FixtureRoot(bundle: .main, subdirectory: "no-such-fixtures-\(UUID().uuidString)")
    }
  }

  @Test func aMissingFolderIsNamedUnderTheRootsDisplayName() throws {
    let directory = try Self.folder([:])
    defer { directory.remove() }
    let root = FixtureRoot(url: directory.url, displayName: "Fixtures")
    #expect {
      try FixtureFolder("nothing", in: root)
    } throws: { error in
      String(describing: error).hasPrefix("No fixture folder Fixtures/nothing (at /")
    }
  }

  @Test func storedRecordsMayPointAtRecordsLaterInTheFile() throws {
    let directory = try Self.folder([
      "people/Person.json": #"[{"id": 1, "name": "Ada", "mentor": 2}, {"id": 2, "name": "Bo"}]"#
    ])
    defer { directory.remove() }
    let schema = try Schema {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string)
        ToOne("mentor", "Person")
      }
    }
    for backing in TestStore.Backing.allCases {
      let test = try TestStore(
        backing, schema: schema, records: directory.url.appendingPathComponent("people"))
      defer { test.remove() }
      #expect(test.store.state.record("Person", .int(1))?["mentor"] == .int(2))
      #expect(test.store.state.count("Person") == 2)
      #expect(try test.store.check().isEmpty)
    }
  }

  @Test func malformedStoredRecordsNameTheirFileAndCommitNothing() throws {
    let directory = try Self.folder(["people/Person.json": "[{\"id\": 1,}]"])
    defer { directory.remove() }
    let schema = try Schema {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
      }
    }
    let test = try TestStore(.memory, schema: schema)
    #expect {
      try FixtureRecords.load(directory.url.appendingPathComponent("people"), into: test.store)
    } throws: { error in
      (error as? JSONError)?.file?.hasSuffix("people/Person.json") == true
    }
    #expect(test.store.state.count("Person") == 0)
  }

  @Test func aDirectoryTestStoreIsGoneAfterRemove() throws {
    let schema = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
    let test = try TestStore(.directory, schema: schema)
    let path = try #require(test.path)
    #expect(FileManager.default.fileExists(atPath: path))
    test.remove()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aScenarioWithoutAnEntityNamesItsFile() throws {
    let directory = try Self.folder([
      "tags/schema.json": #"{"folioSchema": 1, "entities": []}"#,
      "tags/scenarios/broken/scenario.json": #"{"fixture": "tags", "payload": "p.json"}"#,
    ])
    defer { directory.remove() }
    let root = FixtureRoot(url: directory.url, displayName: "Fixtures")
    #expect {
      try FixtureScenario.all(under: "tags/scenarios", in: root)
    } throws: { error in
      String(describing: error)
        == #"Fixtures/tags/scenarios/broken/scenario.json: needs "entity": NAME"#
    }
  }
}
