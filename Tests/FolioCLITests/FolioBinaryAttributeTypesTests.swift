import FolioTestSupport
import Foundation
import Testing

/// The built `folio` with `uuid`, `enum`, `decimal` and `object` attributes declared in a schema
/// file: sync normalises, query compares numerically and case-blind for UUIDs, export prints the
/// stored forms, check accepts the files.
@Suite struct FolioBinaryAttributeTypesTests {
  static let schema = """
    {"folioSchema": 1, "entities": [{"name": "Ticket", "identifiers": ["id"], "attributes": [
      {"name": "id", "type": "uuid"},
      {"name": "state", "type": "enum", "values": ["open", "closed"]},
      {"name": "amount", "type": "decimal", "optional": true},
      {"name": "meta", "type": "object", "optional": true}
    ]}]}
    """
  static let payload = """
    [{"id": "0F8FAD5B-D9CB-469F-A165-70867728950E", "state": "open", "amount": 19.90, "meta": {"b": 1}},
     {"id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "state": "closed", "amount": "100"},
     {"id": "c56a4180-65aa-42ec-a945-5fd21dec0538", "state": "pending"}]
    """

  @Test func syncQueryExportAndCheckUseTheStoredForms() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data(Self.schema.utf8).write(to: directory.url.appendingPathComponent("schema.json"))
    try Data(Self.payload.utf8).write(to: directory.url.appendingPathComponent("tickets.json"))
    let store = ["--store", "tickets.folio", "--entity", "Ticket"]
    let sync = try FolioBinaryTests.run(
      ["sync", "--schema", "schema.json"] + store + ["tickets.json"], in: directory.path)
    #expect(sync.status == 0, "\(sync.errors)")
    #expect(sync.output.contains(#"attribute 'state': expected one of "open", "closed", found the string "pending" [notAllowedValue]"#))
    #expect(sync.output.hasSuffix("2 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 1 rejected\n"))

    let numeric = try FolioBinaryTests.run(["query"] + store + ["--where", "amount > 20"], in: directory.path)
    #expect(numeric.output == #"{"amount":"100","id":"7c9e6679-7425-40de-944b-e07fc1f90ae7","state":"closed"}"# + "\n")
    let byUUID = try FolioBinaryTests.run(
      ["query"] + store + ["--where", #"id == "{0F8FAD5B-D9CB-469F-A165-70867728950E}""#], in: directory.path)
    #expect(byUUID.output == #"{"amount":"19.9","id":"0f8fad5b-d9cb-469f-a165-70867728950e","meta":{"b":1},"state":"open"}"# + "\n")
    let sorted = try FolioBinaryTests.run(["query"] + store + ["--sort", "-amount"], in: directory.path)
    #expect(sorted.output.split(separator: "\n").map { $0.contains(#""amount":"100""#) } == [true, false])

    let export = try FolioBinaryTests.run(["export"] + store, in: directory.path)
    #expect(export.status == 0)
    #expect(export.output.contains(#""amount": "19.9""#))
    let check = try FolioBinaryTests.run(["check", "--store", "tickets.folio"], in: directory.path)
    #expect(check.status == 0, "\(check.output)\(check.errors)")
  }
}
