import Folio
import FolioTestSupport
import Testing

/// Sync sessions mark what their syncs reach and sweep the rest of the entities they touched (U55, D21).
@Suite struct SyncSessionTests {
  static let planes: JSONObject = [
    "Plane": [
      ["origin": "Paris", "destination": "London", "passengers": [["Kevin", 21]]],
      ["origin": "London", "destination": "Berlin"],
      ["origin": "Berlin", "destination": "Madrid"],
    ],
    "Passenger": [["name": "Kevin", "age": 21]],
    "Department": [["departmentID": 1, "name": "Ops"]],
  ]

  static func store(_ backing: Backing = .memory) throws -> TestStore {
    var records: [String: [JSONObject]] = [:]
    for member in planes {
      records[member.key] = member.value.arrayValue?.compactMap(\.objectValue)
    }
    return try SyncTestStore.make(
      backing, try #require(SyncSchemas.named("planes-departments")), records)
  }

  static let upsert = SyncOptions(deleteMissing: false)

  @Test(arguments: Backing.allCases)
  func aSweepRemovesWhatTheSessionDidNotTouch(_ backing: Backing) throws {
    let test = try Self.store(backing)
    defer { test.remove() }
    let store = test.store
    let session = store.beginSyncSession()
    try session.sync(
      [["origin": "Berlin", "destination": "Madrid"]], into: "Plane", options: Self.upsert)
    try session.sync(
      [["origin": "Madrid", "destination": "Toronto"]], into: "Plane", options: Self.upsert)
    let report = try session.sweep()
    #expect(
      SyncTestStore.lines(report) == [
        "Plane (London, Berlin) deleted", "Plane (Paris, London) deleted",
        "Passenger (Kevin, 21) deleted",
      ])
    SyncTestStore.expect(
      store.state,
      equals: [
        "Plane": [
          ["origin": "Berlin", "destination": "Madrid"],
          ["origin": "Madrid", "destination": "Toronto"],
        ],
        "Department": [["departmentID": 1, "name": "Ops"]],
      ])
  }

  @Test func sweepingAnEntityTheSessionDidNotTouchDeletesNothing() throws {
    let store = try Self.store().store
    let session = store.beginSyncSession()
    try session.sync(
      [["origin": "Berlin", "destination": "Madrid"]], into: "Plane", options: Self.upsert)
    let report = try session.sweep(entity: "Department")
    #expect(report.outcomes.isEmpty)
    #expect(store.state.count("Plane") == 3)
    #expect(store.state.count("Department") == 1)
  }

  @Test func aSessionThatSyncedNothingSweepsNothing() throws {
    let store = try Self.store().store
    let generation = store.generation
    let report = try store.beginSyncSession().sweep()
    #expect(report.outcomes.isEmpty)
    #expect(store.generation == generation)
  }

  @Test func marksStartEmptyInEachSession() throws {
    let store = try Self.store().store
    let first = store.beginSyncSession()
    try first.sync(
      [["origin": "Paris", "destination": "London"]], into: "Plane", options: Self.upsert)
    let second = store.beginSyncSession()
    try second.sync(
      [["origin": "Berlin", "destination": "Madrid"]], into: "Plane", options: Self.upsert)
    try second.sweep(entity: "Plane")
    #expect(store.state.ids("Plane") == [.composite(["Berlin", "Madrid"])])
    #expect(store.state.invariantViolations() == [])
  }

  @Test func anEmptyPageStillMarksItsEntityAsTouched() throws {
    let store = try Self.store().store
    let session = store.beginSyncSession()
    try session.sync([], into: "Department", options: Self.upsert)
    #expect(session.touchedEntities == ["Department"])
    let report = try session.sweep()
    #expect(SyncTestStore.lines(report) == ["Department 1 deleted"])
    #expect(store.state.count("Plane") == 3)
  }
}
