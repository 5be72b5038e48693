import Folio
import Foundation

/// One sync scenario read from `Fixtures/sync/<name>/`.
///
/// A folder holds:
/// - `scenario.json`: `{"schema": "<SyncSchemas name>", "steps": [{"entity": "Item", "options": {…}}]}`;
/// - `initial.json`: the stored records before the first step, by entity (`{"Item": [{…}]}`);
/// - `payload-<n>.json`: the payload of step *n* (1-based);
/// - `report-<n>.json`: `{"outcomes": ["Item 4 inserted", …], "diagnostics": ["duplicateIdentifier"]}`,
///   or `{"error": "<SyncError code>"}` for a step that must fail and change nothing;
/// - `expected.json`: the stored records after the last step, by entity; entities not listed must
///   be empty.
public struct SyncFixture: Sendable, CustomStringConvertible {
  /// One sync call.
  public struct Step: Sendable {
    /// The entity synced into.
    public let entity: String
    /// The payload.
    public let payload: JSONValue
    /// The options.
    public let options: SyncOptions
    /// The expected outcome lines, in order (`nil` when the step must fail).
    public let outcomes: [String]?
    /// The expected diagnostic codes, in order.
    public let diagnostics: [String]
    /// The expected error code, when the step must fail.
    public let error: String?
  }

  /// The folder name.
  public let name: String
  /// The schema.
  public let schema: Schema
  /// The records before the first step, by entity.
  public let initial: [String: [JSONObject]]
  /// The steps, in order.
  public let steps: [Step]
  /// The records after the last step, by entity.
  public let expected: [String: [JSONObject]]

  /// The folder name.
  public var description: String { name }

  /// `Fixtures/sync` in the package.
  public static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/sync")
  }

  /// Every scenario folder, by name.
  public static func all() -> [SyncFixture] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().compactMap { try? SyncFixture(name: $0) }
  }

  /// The names of every scenario folder (including ones that fail to load, so they fail a test).
  public static func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
  }

  /// Loads the folder `name`.
  public init(name: String) throws {
    self.name = name
    let folder = SyncFixture.root.appendingPathComponent(name)
    let scenario = try SyncFixture.read(folder, "scenario.json")
    guard let schemaName = scenario["schema"]?.stringValue,
      let schema = SyncSchemas.named(schemaName)
    else {
      throw FixtureError("\(name): scenario.json names no known schema")
    }
    self.schema = schema
    initial = try SyncFixture.records(SyncFixture.readIfPresent(folder, "initial.json"))
    expected = try SyncFixture.records(SyncFixture.read(folder, "expected.json"))
    var steps: [Step] = []
    for (index, step) in (scenario["steps"]?.arrayValue ?? []).enumerated() {
      let n = index + 1
      let report = try SyncFixture.read(folder, "report-\(n).json")
      steps.append(
        Step(
          entity: step["entity"]?.stringValue ?? "",
          payload: try SyncFixture.read(folder, "payload-\(n).json"),
          options: try SyncFixture.options(step["options"] ?? .null),
          outcomes: report["outcomes"]?.arrayValue?.compactMap(\.stringValue),
          diagnostics: report["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? [],
          error: report["error"]?.stringValue))
    }
    self.steps = steps
  }

  /// Reads sync options from their JSON form: the four switches, `forceUpdate` and
  /// `allOrNothing` as Booleans,
  /// `scope` as `{"attribute": [name, value]}` or `{"linked": [name, id]}`, `parent` as
  /// `[entity, id, relationship]`, `childOptions` as
  /// `{"Entity.rel": {"deleteMissing": false}}`, `validators` as `[{"trim": f}, {"dropIfEmpty": f},
  /// {"dropWhere": [f, value]}]`, `maximumDeleteShare` as a number.
  public static func options(_ json: JSONValue) throws -> SyncOptions {
    var options = SyncOptions()
    guard case .object(let object) = json else { return options }
    for member in object {
      switch (member.key, member.value) {
      case ("insertMissing", .bool(let b)): options.insertMissing = b
      case ("updateExisting", .bool(let b)): options.updateExisting = b
      case ("deleteMissing", .bool(let b)): options.deleteMissing = b
      case ("forceInsert", .bool(let b)): options.forceInsert = b
      case ("forceUpdate", .bool(let b)): options.forceUpdate = b
      case ("allOrNothing", .bool(let b)): options.allOrNothing = b
      case ("maximumDeleteShare", let value): options.maximumDeleteShare = value.doubleValue
      case ("scope", .object(let scope)):
        if let pair = scope["attribute"]?.arrayValue, pair.count == 2,
          let name = pair[0].stringValue
        {
          options.scope = .attribute(name, equals: pair[1])
        } else if let pair = scope["linked"]?.arrayValue, pair.count == 2,
          let name = pair[0].stringValue,
          let id = RecordID(json: pair[1])
        {
          options.scope = .linked(name, to: id)
        } else {
          throw FixtureError("unknown scope \(JSONWriter.string(.object(scope)))")
        }
      case ("parent", .array(let parts)):
        guard parts.count == 3, let entity = parts[0].stringValue,
          let id = RecordID(json: parts[1]), let relationship = parts[2].stringValue
        else {
          throw FixtureError("\"parent\" is [ENTITY, ID, RELATIONSHIP]")
        }
        options.parent = SyncParent(entity, id, relationship)
      case ("childOptions", .object(let children)):
        for child in children {
          options.childOptions[child.key] = ChildSyncOptions(
            insertMissing: child.value["insertMissing"]?.boolValue,
            updateExisting: child.value["updateExisting"]?.boolValue,
            deleteMissing: child.value["deleteMissing"]?.boolValue)
        }
      case ("validators", .array(let validators)):
        for validator in validators {
          if let field = validator["trim"]?.stringValue {
            options.validators.append(Validator(.trim(field: field)))
          } else if let field = validator["dropIfEmpty"]?.stringValue {
            options.validators.append(Validator(.dropIfEmpty(field: field)))
          } else if let pair = validator["dropWhere"]?.arrayValue, pair.count == 2,
            let field = pair[0].stringValue
          {
            options.validators.append(Validator(.dropWhere(field: field, equals: pair[1])))
          } else {
            throw FixtureError("unknown validator \(JSONWriter.string(validator))")
          }
        }
      default:
        throw FixtureError("unknown option \(member.key)")
      }
    }
    return options
  }

  /// An outcome as a fixture line: `Item 4 inserted`, `Item /0 skipped`.
  public static func line(_ outcome: SyncOutcome) -> String {
    "\(outcome.entity) \(outcome.id.map { "\($0)" } ?? outcome.pointer ?? "?") \(outcome.kind.rawValue)"
  }

  static func read(_ folder: URL, _ file: String) throws -> JSONValue {
    let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
    return try JSONParser.parse([UInt8](bytes))
  }

  static func readIfPresent(_ folder: URL, _ file: String) throws -> JSONValue {
    let url = folder.appendingPathComponent(file)
    guard FileManager.default.fileExists(atPath: url.path) else { return .object(JSONObject()) }
    return try read(folder, file)
  }

  static func records(_ json: JSONValue) throws -> [String: [JSONObject]] {
    guard case .object(let object) = json else { throw FixtureError("expected records by entity") }
    var result: [String: [JSONObject]] = [:]
    for member in object {
      result[member.key] = (member.value.arrayValue ?? []).compactMap(\.objectValue)
    }
    return result
  }
}
