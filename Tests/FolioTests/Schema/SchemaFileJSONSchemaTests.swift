import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// `Schema.fileJSONSchema` against every schema file in the package and against hand edits
/// that the schema decoder refuses: the two agree.
struct SchemaFileJSONSchemaTests {
  static var check: JSONSchemaCheck { JSONSchemaCheck(Schema.fileJSONSchema) }

  /// Every schema file under Fixtures, and the file form of every schema fixture.
  static func schemaFiles() throws -> [(String, [UInt8])] {
    let root = FixtureFolder.packageRoot.appendingPathComponent("Fixtures")
    var files: [(String, [UInt8])] = []
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    for case let path as String in walker {
      // Fixtures/bad holds files that are wrong on purpose.
      guard !path.hasPrefix("bad/"), path.hasSuffix("schema.json") || path.hasPrefix("schemas/") && path.hasSuffix(".json") else { continue }
      files.append((path, Array(try Data(contentsOf: root.appendingPathComponent(path)))))
    }
    for (name, schema) in try SchemaFixtures.all() {
      files.append(("SchemaFixtures.\(name)", schema.fileBytes()))
    }
    return files
  }

  @Test func everySchemaFileInThePackageIsValid() throws {
    let files = try Self.schemaFiles()
    #expect(files.count > 15)
    for (name, bytes) in files {
      let value = try JSONParser.parse(bytes)
      #expect(Self.check.problems(of: value) == [], "\(name)")
    }
    // A store's own copy carries folioStore.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try Store(directory: directory.path + "/s.folio", schema: try SchemaFixtures.performanceEmployee)
    let copy = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/s.folio/schema.json"))))
    #expect(Self.check.problems(of: copy) == [])
  }

  /// Hand edits of the company schema, each refused by the decoder and flagged by the JSON
  /// Schema.
  static let edits: [(String, String)] = [
    (#""identifiers": ["id"]"#, #""identifier": ["id"]"#),
    (#""type": "int" }"#, #""type": "integer" }"#),
    (#""optional": true"#, #""optional": "yes""#),
    (#""toOne": "Department""#, #""toOne": "Department", "toMany": "Department""#),
    (#""folioSchema": 1"#, #""folioSchema": 2"#),
    (#"{ "name": "salary", "type": "double" }"#, #"{ "name": "salary", "type": "array(array(array(int)))" }"#),
    (#"{ "name": "salary", "type": "double" }"#, #"{ "type": "double" }"#),
    (#"{ "name": "department", "toOne": "Department", "key": "department_id" }"#, #"{ "name": "department", "toOne": "Department", "key": "department_id", "deleteRule": "delete" }"#),
    (#""defaultSort": ["id"]"#, #""defaultSort": "id""#),
    (#""defaultSort": ["id"]"#, #""defaultSort": ["id"], "validity": [{"nonEmpty": "fullName", "atLeast": "salary", "minimum": 1}]"#),
  ]

  @Test(arguments: edits.indices)
  func aHandEditTheDecoderRefusesIsFlagged(index: Int) throws {
    let (old, new) = Self.edits[index]
    let original = try String(contentsOf: FixtureFolder.packageRoot.appendingPathComponent("Fixtures/company/schema.json"), encoding: .utf8)
    #expect(original.contains(old))
    let edited = original.replacingOccurrences(of: old, with: new)
    #expect(throws: (any Error).self) { try Schema(fileBytes: Array(edited.utf8)) }
    #expect(!Self.check.problems(of: try JSONParser.parse(Array(edited.utf8))).isEmpty, "\(new)")
  }
}
