import Folio
import FolioTestSupport
import Testing

/// Export writes records back through the same mapping a sync reads (F22).
@Suite struct StoreStateExportTests {
  @Test func exportWritesKeyPathsAndRelationshipsAsIdentifiers() throws {
    let schema = try #require(SyncSchemas.named("batches"))
    let store = try SyncTestStore.make(schema)
    try store.sync(
      [
        [
          "id": 1, "batch": ["name": "Batch 1"],
          "clicked": [["id": 2, "time": "2014-07-06T09:59:00+02:00"], ["id": 3]],
        ]
      ],
      into: "Batch")
    #expect(
      JSONWriter.string(store.state.export("Batch"))
        == #"[{"batch":{"name":"Batch 1"},"clicked":[2,3],"id":1}]"#)
    #expect(
      JSONWriter.string(store.state.export("Click"))
        == #"[{"batch":1,"id":2,"time":"2014-07-06T07:59:00.000Z"},{"batch":1,"id":3}]"#)
  }

  @Test func syncingAnExportBackChangesNothing() throws {
    let schema = try #require(SyncSchemas.named("commits"))
    let store = try SyncTestStore.make(schema)
    try store.sync(
      [
        ["sha": "a1", "commit": ["message": "one"], "committer": ["login": "blork"]],
        ["sha": "b2", "commit": ["message": "two"], "committer": ["login": "ada"]],
      ],
      into: "Commit")
    for entity in ["Commit", "GitUser"] {
      let report = try store.sync(store.state.export(entity), into: entity)
      #expect(report.isEmpty, "\(entity)")
      #expect(report.outcomes.count == 4 && report.outcomes.allSatisfy { $0.kind == .unchanged })
    }
  }

  @Test func anUnknownEntityExportsAnEmptyArray() throws {
    #expect(try SyncTestStore.items([["id": 1]]).state.export("Nope") == [])
  }
}

/// Key paths into arrays export into arrays, so the export syncs back unchanged.
@Suite struct StoreStateArrayKeyPathExportTests {
  @Test(arguments: Backing.allCases)
  func keyPathsIntoArraysExportAsArraysAndSyncBackUnchanged(_ backing: Backing) throws {
    let schema = try #require(SyncSchemas.named("posts"))
    let test = try SyncTestStore.make(backing, schema, [:])
    defer { test.remove() }
    try test.store.sync(
      [
        ["id": 1, "tags": ["red", "blue"], "images": [["url": "a.png", "meta": ["alt": "A"]], ["url": "b.png"]]],
        ["id": 2, "images": [nil, ["url": "e.png"]]],
        ["id": 3, "tags": [nil]],
      ],
      into: "Post")
    let exported = test.store.state.export("Post")
    #expect(
      JSONWriter.string(exported)
        == #"[{"id":1,"images":[{"meta":{"alt":"A"},"url":"a.png"},{"url":"b.png"}],"tags":["red"]},{"id":2,"images":[null,{"url":"e.png"}]},{"id":3}]"#
    )
    let report = try test.store.sync(exported, into: "Post")
    #expect(report.outcomes.map(\.kind) == [.unchanged, .unchanged, .unchanged])
  }
}
