import Folio
import Foundation

/// A sync scenario described by a folder, so a new case is a new folder: a start state, one
/// payload, options, and the expected report and store as golden files.
///
/// The folder `<parent>/<name>/` under a ``FixtureRoot`` holds `scenario.json`:
///
/// ```json
/// {
///   "fixture": "company",
///   "setup": [["Employee", "day-1.json"]],
///   "entity": "Employee",
///   "payload": "day-2.json",
///   "options": {"deleteMissing": false}
/// }
/// ```
///
/// `setup` payloads and `payload` are files of the fixture folder `fixture` (default: the
/// scenario's own folder), whose `schema.json` the store follows. `options` may set
/// `insertMissing`, `updateExisting`, `deleteMissing`, `forceInsert`, `forceUpdate`,
/// `maximumDeleteShare` and `scope` (`{"attribute": "department", "equals": 2}`). The golden
/// files `report.txt` and `store.txt` sit beside `scenario.json` (re-record them with
/// `FOLIO_RECORD_GOLDEN=1`).
public struct FixtureScenario: Sendable, CustomStringConvertible {
  /// The scenario's folder, as `parent/name` under ``root``.
  public let path: String
  /// The fixture root the scenario is in.
  public let root: FixtureRoot
  /// The folder holding the schema and payloads.
  public let fixture: FixtureFolder
  /// Payloads synced before the scenario's own.
  public let setup: [(entity: String, file: String)]
  /// The entity the payload is synced into.
  public let entity: String
  /// The payload's file in ``fixture``.
  public let payload: String
  /// The options of the scenario's sync.
  public let options: SyncOptions

  /// The scenario's path, shown in test names.
  public var description: String { path }

  /// Every scenario folder under `parent` in `root`, sorted by name: the arguments of a
  /// parameterised test, so a new case is a new folder.
  ///
  /// - Throws: ``FixtureError`` for the first folder whose `scenario.json` is malformed.
  public static func all(under parent: String, in root: FixtureRoot) throws -> [FixtureScenario] {
    try root.folders(under: parent).map { try FixtureScenario("\(parent)/\($0)", in: root) }
  }

  /// Reads `<path>/scenario.json` under `root`.
  ///
  /// - Throws: ``FixtureError`` naming the member that is missing or malformed.
  public init(_ path: String, in root: FixtureRoot) throws {
    self.path = path
    self.root = root
    let folder = try FixtureFolder(path, in: root)
    let spec = try folder.json("scenario.json")
    func fail(_ what: String) -> FixtureError {
      FixtureError("\(folder.displayPath("scenario.json")): \(what)")
    }
    fixture = try spec["fixture"]?.stringValue.map { try FixtureFolder($0, in: root) } ?? folder
    guard let entity = spec["entity"]?.stringValue else { throw fail("needs \"entity\": NAME") }
    guard let payload = spec["payload"]?.stringValue else { throw fail("needs \"payload\": FILE") }
    self.entity = entity
    self.payload = payload
    setup = try (spec["setup"]?.arrayValue ?? []).map { pair in
      guard let entity = pair[0]?.stringValue, let file = pair[1]?.stringValue else {
        throw fail("each \"setup\" step is [ENTITY, FILE]")
      }
      return (entity, file)
    }
    options = try Self.options(spec["options"]?.objectValue ?? [:], fail: fail)
  }

  /// The sync options `object` describes.
  static func options(_ object: JSONObject, fail: (String) -> FixtureError) throws -> SyncOptions {
    var options = SyncOptions()
    for member in object {
      switch (member.key, member.value) {
      case ("insertMissing", .bool(let on)): options.insertMissing = on
      case ("updateExisting", .bool(let on)): options.updateExisting = on
      case ("deleteMissing", .bool(let on)): options.deleteMissing = on
      case ("forceInsert", .bool(let on)): options.forceInsert = on
      case ("forceUpdate", .bool(let on)): options.forceUpdate = on
      case ("maximumDeleteShare", let share): options.maximumDeleteShare = share.doubleValue
      case ("scope", .object(let scope)):
        guard let field = scope["attribute"]?.stringValue, let value = scope["equals"] else {
          throw fail("\"scope\" is {\"attribute\": NAME, \"equals\": VALUE}")
        }
        options.scope = .attribute(field, equals: value)
      default: throw fail("unknown or malformed option \"\(member.key)\"")
      }
    }
    return options
  }

  /// Builds the start state and runs the scenario's sync.
  ///
  /// - Returns: the store after the sync, and its report.
  /// - Throws: whatever loading or syncing throws.
  public func run(_ backing: TestStore.Backing = .memory) throws -> (store: TestStore, report: SyncReport) {
    let test = try fixture.makeStore(backing, syncing: setup)
    do {
      let report = try test.store.sync(fixture.json(payload), into: entity, options: options)
      return (test, report)
    } catch {
      test.remove()
      throw error
    }
  }

  /// Runs the scenario and compares the report and the resulting store with `report.txt` and
  /// `store.txt`; also requires `store.check()` to find nothing.
  ///
  /// - Throws: ``GoldenMismatch`` for a difference, ``FixtureError`` for broken invariants, or
  ///   what ``run(_:)`` throws. In record mode the golden files are rewritten instead.
  public func verify(_ backing: TestStore.Backing = .memory) throws {
    let (test, report) = try run(backing)
    defer { test.remove() }
    try GoldenFile("\(path)/report.txt", in: root).verify(GoldenSnapshot.report(report))
    try GoldenFile("\(path)/store.txt", in: root).verify(GoldenSnapshot.store(test.store.state))
    let problems = try test.store.check()
    if !problems.isEmpty {
      throw FixtureError(
        "\(path): the store breaks invariants:\n" + problems.joined(separator: "\n"))
    }
  }
}
