import Folio
import Foundation
import Testing

@testable import FolioCLI

/// The CLI locates a rejection by its pointer, which names the key as the payload gives it
/// (issue 15, item 3): a value under `Age` or a reference under `team_id` is found at its own
/// line and column, which a pointer built from the member's name (`/0/age`, `/1/team`) missed.
@Suite struct SyncKeyLocationCommandTests {
  static let schema = #"""
    {"folioSchema": 1, "keyConvention": "snakeCase", "entities": [
      {"name": "Team", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}]},
      {"name": "Contact", "identifiers": ["id"],
       "attributes": [{"name": "id", "type": "int"}, {"name": "age", "type": "int", "optional": true},
                      {"name": "title", "type": "string", "key": "job_title", "optional": true}],
       "relationships": [{"name": "team", "toOne": "Team", "referencePolicy": "reject"}]}]}
    """#

  static let payload = """
    [
      {"Id": 1, "Age": "old"},
      {"id": 2, "team_id": 9},
      {"id": 3, "title": ["CTO"]}
    ]
    """

  @Test func rejectionsAreLocatedAtTheKeysAsGiven() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Data(Self.schema.utf8).write(to: company.directory.url.appendingPathComponent("crm.json"))
    try Data(Self.payload.utf8).write(
      to: company.directory.url.appendingPathComponent("contacts.json"))
    let run = company.run([
      "sync", "--store", "crm.folio", "--schema", "crm.json", "--entity", "Contact",
      "--all-or-nothing", "contacts.json",
    ])
    #expect(run.status == 1)
    let notes = run.errors.split(separator: "\n").dropFirst().map {
      String($0.prefix { $0 != " " })
    }
    #expect(notes == ["contacts.json:2:20:", "contacts.json:3:24:", "contacts.json:4:22:"])
    #expect(run.errors.contains("(at /0/Age)"))
    #expect(run.errors.contains("(at /1/team_id)"))
    #expect(run.errors.contains("(at /2/title)"))
  }
}
