@_exported import FolioTesting
import Folio
import Foundation

// Folio's own suites name fixtures under this package's Fixtures/ folder without saying so:
// these shorthands bind the public FolioTesting helpers to that root.

/// The store backings, as Folio's suites name them (`Backing.allCases`).
public typealias Backing = TestStore.Backing

extension FixtureRoot {
  /// This package's `Fixtures/` folder, found from this source file's location.
  public static let folio = FixtureRoot("Fixtures")
}

extension FixtureFolder {
  /// This package's `Fixtures/` folder.
  public static var root: URL { FixtureRoot.folio.url }

  /// The package root (the folder holding `Package.swift`).
  public static var packageRoot: URL { root.deletingLastPathComponent() }

  /// The fixture folder `name` under this package's `Fixtures/`.
  ///
  /// - Throws: ``FixtureError`` when the folder does not exist.
  public init(_ name: String) throws { try self.init(name, in: .folio) }

  /// The names of the folders directly under `Fixtures/<parent>`, sorted.
  public static func folders(under parent: String) -> [String] {
    FixtureRoot.folio.folders(under: parent)
  }
}

extension GoldenFile {
  /// The golden file at `path` under this package's `Fixtures/`.
  public init(_ path: String) { self.init(path, in: .folio) }
}

extension FixtureScenario {
  /// Reads `Fixtures/<path>/scenario.json` of this package.
  ///
  /// - Throws: ``FixtureError`` naming the member that is missing or malformed.
  public init(_ path: String) throws { try self.init(path, in: .folio) }

  /// Every scenario folder under `Fixtures/<parent>` of this package, sorted by name.
  public static func all(under parent: String) throws -> [FixtureScenario] {
    try all(under: parent, in: .folio)
  }
}

extension TestStore {
  /// A store of `schema` holding the records of a stored-form fixture folder.
  ///
  /// - Throws: `StoreError` or `JSONError` naming the fixture file.
  public init(_ backing: Backing, schema: Schema, fixture: URL) throws {
    try self.init(backing, schema: schema, records: fixture)
  }
}
