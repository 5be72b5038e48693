import Folio
import Foundation

/// A folder of read-only test inputs under a ``FixtureRoot``: a schema file, payloads, records in
/// stored form, golden outputs.
///
/// ```swift
/// let fixtures = FixtureRoot("Fixtures")
/// let company = try FixtureFolder("company", in: fixtures)
/// let payload = try company.json("day-1.json")
/// ```
public struct FixtureFolder: Sendable {
  /// The fixture root the folder is in.
  public let root: FixtureRoot
  /// The folder's path under ``root``, such as `company`.
  public let name: String
  /// The folder's URL.
  public let url: URL

  /// The folder `name` (a path, such as `company` or `company/scenarios`) under `root`.
  ///
  /// - Throws: ``FixtureError`` when the folder does not exist.
  public init(_ name: String, in root: FixtureRoot) throws {
    self.root = root
    self.name = name
    self.url = root.url(name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw FixtureError("No fixture folder \(root.displayPath(name)) (at \(url.path)).")
    }
  }

  /// The URL of `file` in the folder.
  public func url(_ file: String) -> URL { url.appendingPathComponent(file) }

  /// How messages name `file` in the folder: `Fixtures/company/day-1.json`.
  public func displayPath(_ file: String) -> String { root.displayPath("\(name)/\(file)") }

  /// Whether `file` exists in the folder.
  public func contains(_ file: String) -> Bool {
    FileManager.default.fileExists(atPath: url(file).path)
  }

  /// The bytes of `file`.
  ///
  /// - Throws: ``FixtureError`` when the file cannot be read.
  public func bytes(_ file: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: url(file).path) else {
      throw FixtureError("Cannot read \(displayPath(file)).")
    }
    return Array(data)
  }

  /// The parsed JSON of `file`; a parse error names it as ``displayPath(_:)`` does.
  ///
  /// - Throws: ``FixtureError`` when the file cannot be read; `JSONError` (with the file, line
  ///   and column) when it is not JSON.
  public func json(_ file: String) throws -> JSONValue {
    try JSONParser.parse(bytes(file), options: JSONParser.Options(file: displayPath(file)))
  }

  /// The schema file `file` of the folder, decoded and validated.
  ///
  /// - Throws: ``FixtureError`` when it cannot be read; `SchemaError` naming every problem.
  public func schema(_ file: String = "schema.json") throws -> Schema {
    try Schema(fileBytes: bytes(file), file: displayPath(file))
  }

  /// Copies the folder into `directory/relativePath`, creating folders on the way, so a test can
  /// work on a copy (a command-line run with paths like `Fixtures/company/day-1.json`).
  ///
  /// - Throws: file-system errors; what was copied before the failure stays.
  public func copy(into directory: URL, at relativePath: String) throws {
    let destination = directory.appendingPathComponent(relativePath, isDirectory: true)
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: url, to: destination)
  }
}
