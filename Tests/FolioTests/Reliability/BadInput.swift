import Foundation
import Testing
import Folio
import FolioTestSupport

/// One case of the bad-input corpus (`Fixtures/bad/index.json`): a malformed file, how it is fed
/// to Folio, and the typed error (with its location) it must produce.
struct BadInput: Sendable, CustomTestStringConvertible {
  /// The path under `Fixtures/bad/`.
  var file: String
  /// `payload` (parsed, then synced into ``entity``), `shard` (installed at ``target`` in a
  /// store), `manifest` (installed as a format-1 `manifest.json`), `journal` (installed as a
  /// committed `.folio/journal/commit.json`), `schema` (decoded as a schema file) or
  /// `stored-schema` (installed as a store's `schema.json`).
  var kind: String
  var entity: String?
  var target: String?
  /// The expected error: `type`, `code` and location members that must all match one
  /// observed problem.
  var expected: JSONObject

  var testDescription: String { file }

  /// Every case of the index.
  static func all() throws -> [BadInput] {
    let bytes = try [UInt8](Data(contentsOf: indexURL))
    guard case .array(let cases)? = try JSONParser.parse(bytes)["cases"] else { return [] }
    return cases.compactMap { item in
      guard case .string(let file)? = item["file"], case .string(let kind)? = item["kind"] else { return nil }
      return BadInput(
        file: file, kind: kind, entity: item["entity"]?.stringValue, target: item["target"]?.stringValue,
        expected: item["expect"]?.objectValue ?? [:])
    }
  }

  static var folder: URL { StoreFixtures.fixturesDirectory.appendingPathComponent("bad") }
  static var indexURL: URL { folder.appendingPathComponent("index.json") }

  var bytes: [UInt8] {
    get throws { try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file))) }
  }
}

/// One located problem, whatever error type carried it.
struct ObservedProblem: Sendable, Hashable, CustomStringConvertible {
  var type: String
  var code: String
  var file: String?
  var line: Int?
  var column: Int?
  var pointer: String?

  var json: JSONObject {
    var object: JSONObject = ["type": .string(type), "code": .string(code)]
    if let file { object["file"] = .string(file) }
    if let line { object["line"] = .int(Int64(line)) }
    if let column { object["column"] = .int(Int64(column)) }
    if let pointer { object["pointer"] = .string(pointer) }
    return object
  }

  var description: String { JSONWriter.string(.object(json)) }

  /// Whether every member of `expected` equals this problem's.
  func matches(_ expected: JSONObject) -> Bool {
    let mine = json
    return !expected.isEmpty && expected.allSatisfy { mine[$0.key] == $0.value }
  }

  /// Whether the problem says where: a line and column, or a JSON pointer, or (for a whole
  /// file) the file.
  var isLocated: Bool { (line != nil && column != nil) || pointer != nil || file != nil }

  /// The problems carried by any of Folio's error types.
  static func from(_ error: any Error) -> [ObservedProblem] {
    switch error {
    case let error as JSONError:
      return [ObservedProblem(type: "JSONError", code: error.code.rawValue, file: error.file, line: error.line, column: error.column)]
    case let error as StoreError:
      return [ObservedProblem(type: "StoreError", code: error.code.rawValue, file: error.file, line: error.line, column: error.column, pointer: error.pointer)]
    case let error as StoreValidationError:
      return error.problems.flatMap(from)
    case let error as SyncError:
      return [ObservedProblem(type: "SyncError", code: error.code.rawValue, pointer: error.pointer)]
    case let error as SchemaError:
      return error.problems.map {
        ObservedProblem(type: "SchemaError", code: $0.code.rawValue, file: error.file, line: $0.line, column: $0.column, pointer: $0.pointer)
      }
    default:
      return [ObservedProblem(type: String(describing: Swift.type(of: error)), code: "\(error)")]
    }
  }
}
