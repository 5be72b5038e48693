import Folio
import Foundation

/// A folder of read-only inputs under `Fixtures/` (a schema file, payloads, golden outputs).
///
/// Scenario suites enumerate folders with ``folders(under:)`` so a new case is a new folder:
///
/// ```swift
/// let company = try FixtureFolder("company")
/// let payload = try company.json("day-1.json")
/// ```
public struct FixtureFolder: Sendable {
  /// The package's `Fixtures/` folder, found from this source file's location.
  public static var root: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // FolioTestSupport
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // package root
      .appendingPathComponent("Fixtures", isDirectory: true)
  }

  /// The package root (the folder holding `Package.swift`).
  public static var packageRoot: URL { root.deletingLastPathComponent() }

  /// The folder's path under `Fixtures/`, such as `company`.
  public let name: String
  /// The folder's URL.
  public let url: URL

  /// The fixture folder `name` under `Fixtures/`.
  ///
  /// - Throws: ``FixtureError`` when the folder does not exist.
  public init(_ name: String) throws {
    self.name = name
    self.url = Self.root.appendingPathComponent(name, isDirectory: true)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw FixtureError("No fixture folder Fixtures/\(name).")
    }
  }

  /// The names of the folders directly under `Fixtures/<parent>`, sorted.
  public static func folders(under parent: String) -> [String] {
    let base = root.appendingPathComponent(parent, isDirectory: true)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      let path = base.appendingPathComponent(name).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }

  /// The URL of `file` in the folder.
  public func url(_ file: String) -> URL { url.appendingPathComponent(file) }

  /// Whether `file` exists in the folder.
  public func contains(_ file: String) -> Bool {
    FileManager.default.fileExists(atPath: url(file).path)
  }

  /// The bytes of `file`.
  ///
  /// - Throws: ``FixtureError`` when the file cannot be read.
  public func bytes(_ file: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: url(file).path) else {
      throw FixtureError("Cannot read Fixtures/\(name)/\(file).")
    }
    return Array(data)
  }

  /// The parsed JSON of `file`.
  ///
  /// - Throws: ``FixtureError`` when the file cannot be read; `JSONError` when it is not JSON.
  public func json(_ file: String) throws -> JSONValue {
    try JSONParser.parse(bytes(file), options: JSONParser.Options(file: "Fixtures/\(name)/\(file)"))
  }

  /// Copies the folder's files into `directory/relativePath`, creating folders on the way, so a
  /// test can work on a copy (CLI runs use paths like `Fixtures/company/day-1.json`).
  ///
  /// - Throws: file-system errors; what was copied before the failure stays.
  public func copy(into directory: URL, at relativePath: String) throws {
    let destination = directory.appendingPathComponent(relativePath, isDirectory: true)
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: url, to: destination)
  }
}
