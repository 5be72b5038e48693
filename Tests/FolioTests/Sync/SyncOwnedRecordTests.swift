import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// Owned records (entities without an identifier, issue 15 item 2) beyond the scenario folders
/// `u60*`: export and sync back, CRUD refusals, sessions, orphans found by `check`, and the
/// Syncing guide's examples. The schema rules are in `SchemaOwnershipTests`.
@Suite struct SyncOwnedRecordTests {
  static let schema = SyncSchemas.named("owned") ?? Schema(entities: [])

  static let payload: JSONValue = [
    [
      "id": 1, "name": "Ann",
      "address": ["street": "1 Main St", "zip": "1000", "geo": ["lat": 1.5, "lng": 2.5]],
      "phones": [["number": "111"], ["number": "222", "kind": "work"]],
    ]
  ]

  @Test(arguments: Backing.allCases)
  func exportNestsOwnedRecordsAndSyncsBackUnchanged(_ backing: Backing) throws {
    let test = try TestStore(backing, schema: Self.schema)
    defer { test.remove() }
    _ = try test.store.sync(Self.payload, into: "Customer")
    let exported = test.store.state.export("Customer")
    #expect(
      JSONWriter.string(exported)
        == #"[{"address":{"geo":{"lat":1.5,"lng":2.5},"street":"1 Main St","zip":"1000"},"id":1,"name":"Ann","phones":[{"number":"111"},{"kind":"work","number":"222"}]}]"#
    )
    let generation = test.store.generation
    let report = try test.store.sync(exported, into: "Customer")
    #expect(report.outcomes.allSatisfy { $0.kind == .unchanged })
    #expect(report.outcomes.count == 5)
    #expect(test.store.generation == generation)
    #expect(try test.store.check() == [])
  }

  @Test func insertingAnOwnedRecordOnItsOwnIsRefused() throws {
    let store = try SyncTestStore.make(Self.schema)
    let error = try #require(throws: StoreError.self) {
      try store.insert("PostalAddress", ["street": "1 Main St"])
    }
    #expect(error.code == .ownedRecord)
    #expect(
      error.message
        == "PostalAddress declares no identifier, so its records are owned by a parent and cannot be inserted on their own; sync the parent with the PostalAddress nested under Customer.address"
    )
    #expect(store.state.count("PostalAddress") == 0)
  }

  @Test func linkingAnOwnedRecordByHandIsRefused() throws {
    let store = try SyncTestStore.make(Self.schema)
    _ = try store.sync(Self.payload, into: "Customer")
    let generation = store.generation
    let error = try #require(throws: StoreError.self) {
      try store.update("Customer", 1, ["address": nil])
    }
    #expect(error.code == .ownedRecord)
    #expect(
      error.message
        == "'address' links PostalAddress, which declares no identifier, so its records are linked where they sit by a sync of Customer with the object nested under 'address'; sync it, or delete the owned record"
    )
    #expect(store.generation == generation)
    #expect(store.state.count("PostalAddress") == 1)
  }

  @Test(arguments: Backing.allCases)
  func deletingTheParentDeletesWhatItOwns(_ backing: Backing) throws {
    let test = try TestStore(backing, schema: Self.schema)
    defer { test.remove() }
    _ = try test.store.sync(Self.payload, into: "Customer")
    let deleted = try test.store.delete("Customer", 1)
    #expect(
      deleted.map(\.description) == [
        "Customer 1", "PostalAddress Customer/1/address", "Phone Customer/1/phones/0",
        "Phone Customer/1/phones/1", "Geo PostalAddress/Customer/1/address/geo",
      ])
    #expect(test.store.state.count("Geo") == 0)
    #expect(try test.store.check() == [])
  }

  @Test func deletingAnOwnedRecordUnlinksItFromItsParent() throws {
    let store = try SyncTestStore.make(Self.schema)
    _ = try store.sync(Self.payload, into: "Customer")
    _ = try store.delete("PostalAddress", "Customer/1/address")
    #expect(store.get("Customer", 1)?["address"] == nil)
    #expect(store.state.count("Geo") == 0)
    #expect(try store.check() == [])
  }

  @Test func aSessionSweepsParentsNotTheRecordsTheyOwn() throws {
    let store = try SyncTestStore.make(Self.schema)
    _ = try store.sync(
      [["id": 1, "address": ["street": "1 Main St"]], ["id": 2, "address": ["street": "2 High St"]]],
      into: "Customer")
    let session = store.beginSyncSession()
    // Customer 1 comes back without its address key (kept); customer 2 does not come back;
    // customer 3 is new with an address, so the session touches PostalAddress too.
    try session.sync(
      [["id": 1, "name": "Ann"], ["id": 3, "address": ["street": "3 Low St"]]], into: "Customer",
      options: SyncOptions(deleteMissing: false))
    let swept = try session.sweep()
    #expect(SyncTestStore.lines(swept) == ["Customer 2 deleted", "PostalAddress Customer/2/address deleted"])
    #expect(store.state.ids("PostalAddress") == ["Customer/1/address", "Customer/3/address"])
    #expect(try store.sweepOwnedEntityIsANoOp(session))
  }

  @Test func anOwnedRecordWithoutAParentIsAnOrphanNamedByItsFileAndLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/owned.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      _ = try store.sync(Self.payload, into: "Customer")
      #expect(try store.check() == [])
    }
    // A hand edit removes the customer's link to its address: the address is left orphaned.
    let folder = path + "/Customer"
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
    let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    let edited = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("\"address\"") }.joined(separator: "\n")
    #expect(edited != text)
    try edited.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
    let store = try Store(directory: path, schema: Self.schema)
    let problems = try store.check()
    let orphan = try #require(problems.first { $0.contains("is an orphan") })
    #expect(
      orphan.hasPrefix("PostalAddress/")
        && orphan.hasSuffix(
          ".json:2 (at /0): PostalAddress Customer/1/address is an orphan: PostalAddress declares no identifier, so each record belongs to the parent its identifier names, and no parent links this one; delete it, or link it from that parent"
        ), "\(orphan)")
  }

  @Test func theSyncingGuideExampleUpdatesTheOwnedAddressInPlace() throws {
    let contacts = try Store.inMemory(
      schema: Schema {
        Entity("Customer") {
          Identifier("id")
          Attribute("id", .int)
          ToOne("address", "PostalAddress")
          ToMany("phones", "Phone", ordered: true)
        }
        Entity("PostalAddress") {
          Attribute("street", .string).optional()
          Attribute("zip", .string).optional()
        }
        Entity("Phone") {
          Attribute("number", .string)
        }
      })
    let first = try contacts.sync(
      [
        [
          "id": 1, "address": ["street": "1 Main St", "zip": "1000"],
          "phones": [["number": "555-0100"], ["number": "555-0199"]],
        ]
      ],
      into: "Customer")
    print(first.summary)  // 4 inserted
    let moved = try contacts.sync(
      [["id": 1, "address": ["street": "2 High St"], "phones": [["number": "555-0100"]]]],
      into: "Customer")
    print(moved.summary)  // 2 updated · 1 deleted · 1 unchanged
    print(contacts.state.count("PostalAddress"))  // 1
    print(JSONValue.object(contacts.get("PostalAddress", "Customer/1/address") ?? [:]))
    // {"$id":"Customer/1/address","street":"2 High St","zip":"1000"}
    print(contacts.state.export("Customer"))
    // [{"address":{"street":"2 High St","zip":"1000"},"id":1,"phones":[{"number":"555-0100"}]}]
    let cleared = try contacts.sync([["id": 1, "address": nil]], into: "Customer")
    print(cleared.summary)  // 1 updated · 1 deleted
    #expect(first.summary == "4 inserted")
    #expect(moved.summary == "2 updated · 1 deleted · 1 unchanged")
    #expect(contacts.state.count("PostalAddress") == 0)
    #expect(cleared.summary == "1 updated · 1 deleted")
    #expect(contacts.state.count("Phone") == 1)
    // What the example printed before the address was cleared, replayed on a second store.
    let replay = try Store.inMemory(schema: contacts.schema)
    try replay.sync(
      [
        [
          "id": 1, "address": ["street": "1 Main St", "zip": "1000"],
          "phones": [["number": "555-0100"], ["number": "555-0199"]],
        ]
      ],
      into: "Customer")
    try replay.sync(
      [["id": 1, "address": ["street": "2 High St"], "phones": [["number": "555-0100"]]]],
      into: "Customer")
    #expect(replay.state.count("PostalAddress") == 1)
    #expect(
      "\(JSONValue.object(replay.get("PostalAddress", "Customer/1/address") ?? [:]))"
        == #"{"$id":"Customer/1/address","street":"2 High St","zip":"1000"}"#)
    #expect(
      "\(replay.state.export("Customer"))"
        == #"[{"address":{"street":"2 High St","zip":"1000"},"id":1,"phones":[{"number":"555-0100"}]}]"#)
  }

  @Test func theSyncingGuideExampleUnlinksListedIdentifiersAndDeletesMissingObjects() throws {
    let teams = try Store.inMemory(
      schema: Schema {
        Entity("Member") {
          Identifier("id")
          Attribute("id", .int)
        }
        Entity("Team") {
          Identifier("id")
          Attribute("id", .int)
          ToMany("members", "Member").deleteRule(.cascade)
        }
      })
    try teams.sync([["id": 1, "members": [["id": 8], ["id": 2], ["id": 5]]]], into: "Team")
    // Identifiers: 5 leaves the team and stays stored.
    let relinked = try teams.sync([["id": 1, "members": [8, 2]]], into: "Team")
    print(relinked.summary)  // 1 updated · 2 unchanged
    print(teams.state.count("Member"))  // 3
    // Nested objects: 2 leaves the team and, the relationship cascading, is deleted.
    let replaced = try teams.sync([["id": 1, "members": [["id": 8]]]], into: "Team")
    print(replaced.summary)  // 1 updated · 1 deleted · 1 unchanged
    print(teams.state.count("Member"))  // 2
    #expect(relinked.summary == "1 updated · 2 unchanged")
    #expect(replaced.summary == "1 updated · 1 deleted · 1 unchanged")
    #expect(teams.state.ids("Member") == [5, 8])
  }

}

extension Store {
  /// Whether sweeping an owned entity alone leaves the store as it was.
  fileprivate func sweepOwnedEntityIsANoOp(_ session: SyncSession) throws -> Bool {
    let generation = self.generation
    let report = try session.sweep(entity: "PostalAddress")
    return report.outcomes.isEmpty && self.generation == generation
  }
}
