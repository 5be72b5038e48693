import FolioTestSupport
import Foundation
import Testing

/// The built `folio` reads value transforms from the schema file: a payload synced through them
/// exports back byte for byte with `export --mapped`, with no extra flags (issue 17).
@Suite struct FolioBinaryTransformTests {
  static let transforms = StoreFixtures.fixturesDirectory.appendingPathComponent("company/transforms")

  @Test func aPayloadSyncedThroughTransformsExportsBackIdentical() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let payloadPath = Self.transforms.appendingPathComponent("invoices.json").path
    let sync = try FolioBinaryTests.run(
      [
        "sync", "--store", "invoices.folio", "--schema",
        Self.transforms.appendingPathComponent("schema.json").path, "--entity", "Invoice",
        payloadPath,
      ], in: directory.path)
    #expect(sync.status == 0, "\(sync.errors)")
    #expect(sync.output.hasSuffix("2 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
    let stored = try FolioBinaryTests.run(
      ["export", "--store", "invoices.folio", "--entity", "Invoice"], in: directory.path)
    #expect(stored.output.contains(#""issuedAt": "2014-07-06T08:59:00.000Z""#))
    #expect(stored.output.contains(#""total": 19.99"#))
    let mapped = try FolioBinaryTests.run(
      ["export", "--store", "invoices.folio", "--entity", "Invoice", "--mapped"], in: directory.path)
    #expect(mapped.status == 0, "\(mapped.errors)")
    #expect(mapped.output == (try String(contentsOfFile: payloadPath, encoding: .utf8)))
    try mapped.output.write(
      toFile: directory.url.appendingPathComponent("again.json").path, atomically: true, encoding: .utf8)
    let again = try FolioBinaryTests.run(
      ["sync", "--store", "invoices.folio", "--entity", "Invoice", "again.json"], in: directory.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(again.output.hasSuffix("0 inserted · 0 updated · 0 deleted · 2 unchanged · 0 skipped · 0 rejected\n"))
  }

  @Test func aValueATransformCannotReadIsLocatedInThePayload() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"[{"id": 1, "paid": "maybe", "total_cents": 5, "issued": "01/01/2024 00:00"}]"#.write(
      toFile: directory.url.appendingPathComponent("bad.json").path, atomically: true, encoding: .utf8)
    let sync = try FolioBinaryTests.run(
      [
        "sync", "--store", "invoices.folio", "--schema",
        Self.transforms.appendingPathComponent("schema.json").path, "--entity", "Invoice",
        "--all-or-nothing", "bad.json",
      ], in: directory.path)
    #expect(sync.status == 1)
    #expect(
      sync.errors.contains(
        #"bad.json:1:20: note: Invoice 1 rejected: attribute 'paid': expected "yes" or "no" (transform "yesNo"), found the string "maybe" [transformFailed]"#
      ), "\(sync.errors)")
  }
}
