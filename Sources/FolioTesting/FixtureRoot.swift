import Foundation

/// The folder a test suite keeps its fixtures in: inputs (schema files, payloads, stored records)
/// and golden files. Every ``FixtureFolder``, ``GoldenFile`` and ``FixtureScenario`` is named
/// relative to one.
///
/// Name it from a test file, relative to the package that file belongs to, or give its URL (a
/// folder copied into a test bundle as a resource, for tests that run where the sources are not):
///
/// ```swift
/// let fixtures = FixtureRoot("Fixtures")   // <package root>/Fixtures, from this file's #filePath
/// let bundled = try FixtureRoot(bundle: .module, subdirectory: "Fixtures")
/// ```
public struct FixtureRoot: Sendable, Hashable {
  /// The folder's URL.
  public let url: URL
  /// How messages name the folder: the path given, such as `Fixtures`, or the full path.
  public let displayName: String

  /// The folder at `url`, named `displayName` in messages (its path by default).
  public init(url: URL, displayName: String? = nil) {
    self.url = url.standardizedFileURL
    self.displayName = displayName ?? url.standardizedFileURL.path
  }

  /// The folder `path` relative to the root of the package holding `filePath`: the nearest
  /// folder above it with a `Package.swift`. Call it without `filePath`, so it is the calling
  /// source file's path.
  ///
  /// The sources must be on disk where the tests run (as with `swift test`). When no folder
  /// above `filePath` holds a `Package.swift`, `path` is taken relative to `filePath`'s folder.
  ///
  /// - Parameters:
  ///   - path: The fixture folder's path from the package root; `Fixtures` by default.
  ///   - filePath: A source file of the package; the caller's by default.
  /// - Complexity: O(*d*) file-system checks, *d* the depth of `filePath`.
  public init(_ path: String = "Fixtures", inPackageOf filePath: String = #filePath) {
    let file = URL(fileURLWithPath: filePath)
    let start = file.deletingLastPathComponent()
    var folder = start
    var packageRoot: URL?
    while folder.path != "/" && !folder.path.isEmpty {
      let manifest = folder.appendingPathComponent("Package.swift").path
      if FileManager.default.fileExists(atPath: manifest) {
        packageRoot = folder
        break
      }
      folder.deleteLastPathComponent()
    }
    self.init(
      url: (packageRoot ?? start).appendingPathComponent(path, isDirectory: true),
      displayName: path)
  }

  /// The folder `subdirectory` of `bundle`'s resources, for fixtures copied into a test bundle
  /// (`resources: [.copy("Fixtures")]` in the test target).
  ///
  /// - Throws: ``FixtureError`` when the bundle has no such folder.
  public init(bundle: Bundle, subdirectory: String) throws {
    guard let resources = bundle.resourceURL else {
      throw FixtureError("The bundle \(bundle.bundlePath) has no resources.")
    }
    let url = resources.appendingPathComponent(subdirectory, isDirectory: true)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw FixtureError("The bundle \(bundle.bundlePath) has no folder \(subdirectory).")
    }
    self.init(url: url, displayName: subdirectory)
  }

  /// The URL of `path` under the folder.
  public func url(_ path: String) -> URL { url.appendingPathComponent(path) }

  /// How messages name `path` under the folder: `Fixtures/company/day-1.json`.
  public func displayPath(_ path: String) -> String {
    displayName.hasSuffix("/") ? displayName + path : displayName + "/" + path
  }

  /// The names of the folders directly under `parent` (a path under this folder), sorted; none
  /// when `parent` does not exist. Scenario suites enumerate them so a new case is a new folder.
  ///
  /// - Complexity: O(*n* log *n*) in the number of entries of `parent`.
  public func folders(under parent: String) -> [String] {
    let base = url(parent)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      let path = base.appendingPathComponent(name).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }
}
