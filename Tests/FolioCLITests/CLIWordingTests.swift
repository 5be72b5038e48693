import Folio
import FolioTestSupport
import Foundation
import Testing

@testable import FolioCLI

/// Messages of the command line name its flags and settings, not the library's Swift API, and
/// identifiers are read as a shell user writes them.
@Suite struct CLIWordingTests {
  @Test func aStoreThatCannotBeReadPointsToLenientAndCheck() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    _ = company.sync("Employee", "day-1.json")
    let shard = company.path + "/company.folio/Employee/0000000000000000.json"
    let text = try String(contentsOfFile: shard, encoding: .utf8)
    try text.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": \"x\"").write(toFile: shard, atomically: true, encoding: .utf8)
    for arguments in [["query", "--store", "company.folio", "--entity", "Employee", "--count"], ["export", "--store", "company.folio", "--entity", "Employee", "--json"]] {
      let run = company.run(arguments)
      let all = run.output + run.errors
      #expect(run.status == 1)
      if !arguments.contains("--json") {
        #expect(all.contains("give --lenient to a reading command (query, export, inspect) to skip the bad records"), "\(all)")
      }
      #expect(!all.contains("validation:") && !all.contains(".lenient"))
    }
    #expect(company.run(["query", "--store", "company.folio", "--entity", "Employee", "--count", "--lenient"]).output == "19\n")
  }

  @Test func limitsNameWhatTheToolUserCanChange() {
    #expect(
      CLIWording.apply(JSONError.documentTooLarge(limit: 10, file: nil).message)
        == "the document is longer than the limit of 10 bytes; split it, or raise FOLIO_MAX_INPUT_BYTES")
    for (text, limit) in [(String(repeating: "[", count: 600), "nest deeper"), ("[\"" + String(repeating: "a", count: 100) + "\"]", "longer than the limit")] {
      var message = ""
      do {
        _ = try JSONParser.parse(Array(text.utf8), options: JSONParser.Options(maxDepth: 512, maxStringBytes: 64))
      } catch {
        message = CLIWording.apply(error.message)
      }
      #expect(message.contains(limit) && !message.contains("JSONParser"), "\(message)")
    }
  }

  @Test func aStringIdentifierMayBeWrittenAsJSON() throws {
    let directory = try TemporaryDirectory(prefix: "folio-cli")
    defer { directory.remove() }
    let schema = #"{"folioSchema": 1, "entities": [{"name": "Key", "identifiers": ["id"], "attributes": [{"name": "id", "type": "string"}, {"name": "note", "type": "string", "optional": true}]}]}"#
    try schema.write(toFile: directory.path + "/schema.json", atomically: true, encoding: .utf8)
    try #"[{"id": "sk-3", "note": "a"}, {"id": "\"quoted\"", "note": "b"}]"#.write(toFile: directory.path + "/keys.json", atomically: true, encoding: .utf8)
    let sync = CommandRun.run(["sync", "--store", "k.folio", "--schema", "schema.json", "--entity", "Key", "keys.json"], in: directory.path)
    #expect(sync.status == 0, "\(sync.errors)")
    let bare = CommandRun.run(["inspect", "--store", "k.folio", "--entity", "Key", "--record", "sk-3"], in: directory.path)
    let quoted = CommandRun.run(["inspect", "--store", "k.folio", "--entity", "Key", "--record", #""sk-3""#], in: directory.path)
    #expect(bare.status == 0 && quoted.output == bare.output, "\(quoted.errors)")
    // An identifier that holds quotes is written as JSON with them escaped.
    let escaped = CommandRun.run(["rename", "--store", "k.folio", "--entity", "Key", "--from", #""\"quoted\"""#, "--to", #""plain""#], in: directory.path)
    #expect(escaped.status == 0, "\(escaped.errors)")
    #expect(escaped.output.hasPrefix(#"Renamed Key "quoted" to plain"#), "\(escaped.output)")
    let broken = CommandRun.run(["inspect", "--store", "k.folio", "--entity", "Key", "--record", #""sk-3"#], in: directory.path)
    #expect(broken.status == 1)
    #expect(broken.errors.contains("starts with a double quote but is not a JSON string"), "\(broken.errors)")
  }
}
