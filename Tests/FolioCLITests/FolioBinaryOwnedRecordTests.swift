import FolioTestSupport
import Foundation
import Testing

/// The built `folio` executable syncing records without an identifier (owned by their parent,
/// issue 15 item 2): a second sync updates what the first created instead of adding more.
@Suite struct FolioBinaryOwnedRecordTests {
  @Test func aSecondSyncUpdatesTheOwnedRecordsInsteadOfDuplicatingThem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fixture = StoreFixtures.fixturesDirectory.appendingPathComponent("owned").path
    for day in ["day-1.json", "day-2.json"] {
      let sync = try FolioBinaryTests.run(
        [
          "sync", "--store", "owned.folio", "--schema", fixture + "/schema.json", "--entity",
          "Customer", fixture + "/" + day,
        ], in: directory.path)
      #expect(sync.status == 0, "\(day): \(sync.errors)")
    }
    let addresses = try FolioBinaryTests.run(
      ["export", "--store", "owned.folio", "--entity", "PostalAddress"], in: directory.path)
    #expect(addresses.status == 0)
    #expect(
      addresses.output == """
        [
          {
            "$id": "Customer/1/address",
            "street": "2 High St",
            "zip": "1000"
          }
        ]

        """)
    let customers = try FolioBinaryTests.run(
      ["export", "--store", "owned.folio", "--entity", "Customer", "--mapped"], in: directory.path)
    #expect(customers.status == 0)
    #expect(
      customers.output == """
        [
          {
            "address": {
              "street": "2 High St",
              "zip": "1000"
            },
            "id": 1,
            "name": "Ann",
            "phones": [
              {
                "kind": "home",
                "number": "555-0100"
              }
            ]
          }
        ]

        """)
    let check = try FolioBinaryTests.run(["check", "--store", "owned.folio"], in: directory.path)
    #expect(check.status == 0, "\(check.output)\(check.errors)")
  }

  @Test func aPayloadSyncedIntoAnOwnedEntityIsRefusedAndNamesTheParent() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fixture = StoreFixtures.fixturesDirectory.appendingPathComponent("owned").path
    let result = try FolioBinaryTests.run(
      [
        "sync", "--store", "owned.folio", "--schema", fixture + "/schema.json", "--entity",
        "PostalAddress", "-",
      ], in: directory.path, input: #"[{"street": "1 Main St"}]"#)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "PostalAddress declares no identifier: its records are owned by their parent and synced nested under it (Customer.address); sync the parent entity instead"
      ), "\(result.errors)")
  }
}
