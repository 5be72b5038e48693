import FolioJSON
import Foundation
import Testing

/// File-based conformance cases in `Fixtures/json/`: a new case is a new file.
///
/// - `valid/*.json` must parse, and write back to text that parses to the same value;
/// - `invalid/*.json` must fail with the code and position listed in `expected-errors.json`
///   (every file listed, every listing a file);
/// - `canonical/*.compact.json` and `*.pretty.json` must be reproduced byte for byte by writing
///   their parse in that style.
@Suite struct JSONFixtureTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/json", isDirectory: true)

  static func files(in folder: String) -> [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
  }

  @Test func everyFolderHoldsCases() {
    #expect(Self.files(in: "valid").count >= 5)
    #expect(Self.files(in: "invalid").count >= 20)
    #expect(Self.files(in: "canonical").count >= 4)
  }

  @Test(arguments: files(in: "valid"))
  func parsesValidFixture(_ name: String) throws {
    let value = try JSONParser.parse(try Self.bytes("valid", name), options: .init(file: name))
    #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    #expect(try JSONParser.parse(JSONWriter.bytes(value, style: .pretty)) == value)
  }

  @Test(arguments: files(in: "invalid"))
  func rejectsInvalidFixture(_ name: String) throws {
    let index = try JSONParser.parse(try Self.bytes(".", "expected-errors.json"))
    let expected = try #require(index[name], "\(name) is not listed in expected-errors.json")
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(try Self.bytes("invalid", name), options: .init(file: name))
    }
    #expect(error.code.rawValue == expected["code"]?.stringValue)
    #expect(Int64(error.offset) == expected["offset"]?.intValue)
    #expect(Int64(error.line) == expected["line"]?.intValue)
    #expect(Int64(error.column) == expected["column"]?.intValue)
    #expect(error.description.hasPrefix("\(name):\(error.line):\(error.column): error: "))
  }

  @Test func listsOnlyExistingInvalidFixtures() throws {
    let index = try #require(
      try JSONParser.parse(try Self.bytes(".", "expected-errors.json")).objectValue)
    #expect(index.keys.sorted() == Self.files(in: "invalid"))
  }

  @Test(arguments: files(in: "canonical"))
  func reproducesCanonicalFixture(_ name: String) throws {
    let bytes = try Self.bytes("canonical", name)
    let style: JSONWriter.Style = name.hasSuffix(".pretty.json") ? .pretty : .compact
    #expect(JSONWriter.bytes(try JSONParser.parse(bytes), style: style) == bytes)
  }
}
