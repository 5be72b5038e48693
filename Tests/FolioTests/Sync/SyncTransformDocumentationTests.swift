import Folio
import FolioTestSupport
import Testing

/// Twin of the value-transform ```swift block of Documentation/Syncing.md ("Export"), kept
/// verbatim at column 0; the checks after it hold what its comments print.
@Suite struct SyncTransformDocumentationTests {
  @Test func transformsFollowTheItemErrorPolicyExample() throws {
let ledger = try Schema {
  Entity("Entry") {
    Identifier("id")
    Attribute("id", .int)
    Attribute("amount", .double, from: "cents").transform(.cents)
    Attribute("cleared", .bool).transform(.yesNo(yes: "Y", no: "N"))
  }
}
let entries = try Store.inMemory(schema: ledger)
try entries.sync([["id": 1, "cents": 1050, "cleared": "Y"]], into: "Entry")
var strict = SyncOptions()
strict.allOrNothing = true
do throws(SyncError) {
  try entries.sync([["id": 1, "cents": 1100, "cleared": "N"], ["id": 2, "cents": "ten"]], into: "Entry", options: strict)
} catch {
  print(error.code)  // itemsRejected
}
print(entries.state.export("Entry"))  // [{"cents":1050,"cleared":"Y","id":1}]
    #expect(JSONWriter.string(entries.state.export("Entry")) == #"[{"cents":1050,"cleared":"Y","id":1}]"#)
    #expect(entries.get("Entry", 1)?["amount"] == 10.5)
  }
}
