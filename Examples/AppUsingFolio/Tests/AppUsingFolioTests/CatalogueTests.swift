import AppUsingFolio
import Folio
import FolioTesting
import Foundation
import Testing

/// The fixtures of this package, found from this file: Tests/AppUsingFolioTests/Fixtures.
/// Golden files are recorded here with FOLIO_RECORD_GOLDEN=1.
let fixtures = FixtureRoot("Tests/AppUsingFolioTests/Fixtures")

@Suite struct CatalogueTests {
  @Test func theSchemaFileOfTheFixturesIsTheAppsSchema() throws {
    let schema = try Catalogue.schema()
    try GoldenFile("books/schema.json", in: fixtures).verify(
      String(decoding: schema.fileBytes(), as: UTF8.self))
    #expect(try FixtureFolder("books", in: fixtures).schema() == schema)
  }

  @Test(arguments: TestStore.Backing.allCases)
  func theSecondFeedUpdatesAddsAndRemovesBooks(backing: TestStore.Backing) throws {
    let books = try FixtureFolder("books", in: fixtures)
    let test = try books.makeStore(backing, syncing: [("Book", "feed-1.json")])
    defer { test.remove() }
    let catalogue = Catalogue(store: test.store)

    let report = try catalogue.importFeed(books.json("feed-2.json"))

    #expect(report.summary.description.hasPrefix("1 inserted · 1 updated · 1 deleted"))
    try GoldenFile("books/feed-2-report.txt", in: fixtures).verify(GoldenSnapshot.report(report))
    try GoldenFile("books/feed-2-store.txt", in: fixtures).verify(
      GoldenSnapshot.store(test.store.state))
    #expect(try catalogue.titlesInPrint(by: "Ursula K. Le Guin") == ["The Dispossessed"])
    #expect(try test.store.check().isEmpty)
  }

  @Test(arguments: try FixtureScenario.all(under: "books/scenarios", in: fixtures))
  func scenarioMatchesItsGoldenFiles(scenario: FixtureScenario) throws {
    try scenario.verify(.directory)
  }

  @Test func fixturesCopiedIntoTheTestBundleReadTheSame() throws {
    let bundled = try FixtureRoot(bundle: .module, subdirectory: "Fixtures")
    let fromBundle = try FixtureFolder("books", in: bundled).json("feed-1.json")
    #expect(try fromBundle == FixtureFolder("books", in: fixtures).json("feed-1.json"))
    #expect(fromBundle.arrayValue?.count == 3)
  }

  @Test func aMissingFixtureFolderSaysWhere() throws {
    #expect {
      try FixtureFolder("no-such-folder", in: fixtures)
    } throws: { error in
      String(describing: error).hasPrefix(
        "No fixture folder Tests/AppUsingFolioTests/Fixtures/no-such-folder")
    }
  }
}
