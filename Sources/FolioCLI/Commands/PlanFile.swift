import Folio
import Foundation

/// A saved plan: what `folio plan --output FILE` writes and `folio apply FILE` applies.
///
/// It records what the plan was made from (entity, payload, flags, the store's generation) and
/// what it will do (the report). Applying re-plans from the same inputs and refuses unless the
/// store is still at that generation and the new plan's report is the saved one — so exactly the
/// reviewed plan is applied, or nothing.
struct PlanFile {
  /// The `folioPlan` version this build writes and reads.
  static let formatVersion: Int64 = 1

  var entity: String
  var generation: UInt64
  var flags: [String]
  var scope: String?
  /// `--parent`, as given.
  var parent: String?
  var payload: JSONValue
  /// The plan's ``ReportView/json``.
  var report: JSONValue

  /// The plan file of `plan`, made for `job` from `payload`.
  init(job: SyncRun.Job, plan: SyncPlan, payload: JSONValue) {
    entity = job.entity
    generation = plan.baseGeneration
    flags = job.flags
    scope = job.scope
    parent = job.parent
    self.payload = payload
    report = ReportView(plan.report, isDryRun: true).json
  }

  /// The file's JSON form.
  var json: JSONValue {
    var object: JSONObject = [
      "folioPlan": .int(Self.formatVersion), "entity": .string(entity),
      "generation": .int(Int64(clamping: generation)), "flags": .array(flags.map { .string($0) }),
      "payload": payload, "report": report,
    ]
    if let scope { object["scope"] = .string(scope) }
    if let parent { object["parent"] = .string(parent) }
    return .object(object)
  }

  /// Writes the file at `path`.
  ///
  /// - Throws: ``CLIError`` (`unreadableFile`) when it cannot be written; the store is untouched.
  func write(to path: String, console: Console) throws {
    let bytes = JSONWriter.bytes(json, style: .pretty)
    guard FileManager.default.createFile(atPath: console.resolve(path), contents: Data(bytes))
    else {
      throw CLIError(
        .unreadableFile, "Cannot write the plan to '\(path)'; check the folder exists.", file: path)
    }
  }

  /// Reads the plan file at `path`.
  ///
  /// - Throws: ``CLIError`` (`invalidPlan`) naming the member that is missing or malformed;
  ///   `JSONError` with line and column when the file is not JSON.
  init(path: String, console: Console) throws {
    let value = try InputFile.json(path, console: console)
    func fail(_ message: String, _ pointer: String? = nil) -> CLIError {
      CLIError(.invalidPlan, message, file: path, pointer: pointer)
    }
    guard value["folioPlan"] == .int(Self.formatVersion) else {
      throw fail(
        "This is not a plan file of this version of folio (\"folioPlan\": 1); make one with 'folio plan --output FILE'.",
        "/folioPlan")
    }
    guard let entity = value["entity"]?.stringValue else {
      throw fail("Expected the entity's name.", "/entity")
    }
    guard let generation = value["generation"]?.intValue, generation >= 0 else {
      throw fail("Expected the store generation the plan was made at.", "/generation")
    }
    guard let flags = value["flags"]?.arrayValue?.compactMap(\.stringValue) else {
      throw fail("Expected an array of flag names.", "/flags")
    }
    guard let payload = value["payload"], let report = value["report"] else {
      throw fail("Expected the payload and the report.")
    }
    self.entity = entity
    self.generation = UInt64(generation)
    self.flags = flags
    self.scope = value["scope"]?.stringValue
    self.parent = value["parent"]?.stringValue
    self.payload = payload
    self.report = report
  }

  /// The arguments the plan was made with, for
  /// ``SyncFlags/syncOptions(_:store:entity:command:)``.
  var arguments: ParsedArguments {
    var arguments = ParsedArguments()
    arguments.flags = Set(flags.filter { SyncFlags.recordedFlags.contains($0) })
    if let scope { arguments.options["scope"] = scope }
    if let parent { arguments.options["parent"] = parent }
    arguments.options["entity"] = entity
    return arguments
  }
}
