import Folio
import FolioTestSupport
import Testing

/// Value transforms in syncs and exports: read before coercion, refused values located, and
/// export → sync a no-op for every built-in.
@Suite struct SyncValueTransformTests {
  static let payload: JSONValue = [
    [
      "id": 1, "total_cents": 1999, "paid": "yes", "flagged": "N", "issued": "06/07/2014 09:59",
      "tags": "a;b", "codes": "1,2",
    ],
    [
      "id": 2, "total_cents": -5, "paid": "no", "flagged": "Y", "issued": "31/12/1999 23:30",
      "tags": "", "codes": "7",
    ],
    ["id": 3],
  ]

  @Test(arguments: Backing.allCases)
  func everyBuiltInExportsThePayloadItReadAndSyncsBackUnchanged(_ backing: Backing) throws {
    let test = try SyncTestStore.make(backing, try #require(SyncSchemas.named("invoices")), [:])
    defer { test.remove() }
    try test.store.sync(Self.payload, into: "Invoice")
    #expect(
      test.store.state.record("Invoice", .int(1)) == [
        "id": 1, "codes": [1, 2], "flagged": false, "issuedAt": "2014-07-06T08:59:00.000Z",
        "paid": true, "tags": ["a", "b"], "total": 19.99,
      ])
    let exported = test.store.state.export("Invoice")
    #expect(JSONWriter.string(exported) == JSONWriter.string(Self.payload))
    let report = try test.store.sync(exported, into: "Invoice")
    #expect(report.outcomes.map(\.kind) == [.unchanged, .unchanged, .unchanged])
    #expect(test.store.state.invariantViolations() == [])
  }

  @Test(arguments: Backing.allCases)
  func aValueTheTransformCannotReadRejectsTheItemAtItsPointer(_ backing: Backing) throws {
    let test = try SyncTestStore.make(backing, try #require(SyncSchemas.named("invoices")), [:])
    defer { test.remove() }
    let report = try test.store.sync(
      [["id": 1, "paid": "maybe"], ["id": 2, "total_cents": 1.5], ["id": 3, "issued": "6/7/2014"]],
      into: "Invoice")
    #expect(report.outcomes.map(\.kind) == [.rejected, .rejected, .rejected])
    #expect(report.outcomes.map(\.pointer) == ["/0/paid", "/1/total_cents", "/2/issued"])
    #expect(
      report.outcomes.map(\.reason) == [
        #"attribute 'paid': expected "yes" or "no" (transform "yesNo"), found the string "maybe" [transformFailed]"#,
        #"attribute 'total': expected integer cents such as 1999, at most 2^51 (transform "cents"), found the number 1.5 [transformFailed]"#,
        #"attribute 'issuedAt': expected a date like "dd/MM/yyyy HH:mm" (transform "datePattern"), found the string "6/7/2014" [transformFailed]"#,
      ])
    #expect(test.store.state.ids("Invoice").isEmpty)
  }

  @Test func aCustomTransformRoundTripsThroughAFileStore() throws {
    let hex = ValueTransform.custom(
      "hex",
      read: { value in value.stringValue.flatMap { Int64($0, radix: 16) }.map { .int($0) } },
      write: { value in value.intValue.map { .string(String($0, radix: 16)) } ?? value })
    let schema = Schema(entities: [
      Entity(
        name: "Color", identifiers: ["id"],
        attributes: [
          Attribute(name: "id", type: .int), Attribute(name: "rgb", type: .int).transform(hex),
        ])
    ])
    let test = try SyncTestStore.make(.directory, schema, [:])
    defer { test.remove() }
    let payload: JSONValue = [["id": 1, "rgb": "ff8800"]]
    try test.store.sync(payload, into: "Color")
    #expect(test.store.state.record("Color", .int(1))?["rgb"] == 0xff8800)
    #expect(test.store.state.export("Color") == payload)
    // Reopening reads the transform's name from schema.json and its closures from the registry.
    let path = try #require(test.path)
    var options = StoreOptions(readOnly: true)
    options.customRules = CustomRules(transforms: [hex])
    let reopened = try Store.open(directory: path, options: options)
    #expect(reopened.state.export("Color") == payload)
  }
}
