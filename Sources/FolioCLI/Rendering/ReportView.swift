import Folio

/// What the tool prints for a sync or a plan, independent of how the library shapes its report:
/// counts, one entry per record, and diagnostics. Rendered as text (``text(verbose:)``) or JSON
/// (``json``).
struct ReportView: Sendable, Hashable {
  /// The outcomes, in the order counts are printed.
  static let outcomes = ["inserted", "updated", "deleted", "unchanged", "skipped", "rejected"]

  /// One record's outcome.
  struct Record: Sendable, Hashable {
    var entity: String
    var id: JSONValue
    var outcome: String
    var reason: String?
    var changes: [Change]
  }

  /// One field's value before and after (`nil` = absent).
  struct Change: Sendable, Hashable {
    var field: String
    var before: JSONValue?
    var after: JSONValue?
  }

  /// A problem found while planning that did not stop the sync.
  struct Diagnostic: Sendable, Hashable {
    var code: String
    var message: String
    var entity: String?
    var id: JSONValue?
    var pointer: String?
  }

  /// The entity synced.
  var entity: String
  /// Whether nothing was written.
  var isDryRun: Bool
  /// The records in report order (payload order, then deletions).
  var records: [Record]
  /// The diagnostics in the order found.
  var diagnostics: [Diagnostic]

  /// How many records had `outcome`.
  func count(_ outcome: String) -> Int {
    records.reduce(0) { $0 + ($1.outcome == outcome ? 1 : 0) }
  }

  /// `3 inserted · 1 updated · 2 deleted · 94 unchanged · 0 skipped · 1 rejected`.
  var summary: String {
    Self.outcomes.map { "\(count($0)) \($0)" }.joined(separator: " · ")
  }

  /// The machine form: counts, `records` and `diagnostics`.
  var json: JSONValue {
    var object = JSONObject()
    object["entity"] = .string(entity)
    object["dryRun"] = .bool(isDryRun)
    for outcome in Self.outcomes { object[outcome] = .int(Int64(count(outcome))) }
    object["records"] = .array(records.map(\.json))
    object["diagnostics"] = .array(diagnostics.map(\.json))
    return .object(object)
  }

  /// The human form: a heading, one line per record that changed or was refused (with field
  /// before/after when `verbose`), diagnostics, and the summary line.
  func text(heading: String, verbose: Bool) -> String {
    var out = heading + "\n"
    let listed = records.filter { $0.outcome != "unchanged" }
    for record in listed {
      out += "  \(Self.symbol(record.outcome)) \(record.entity) \(JSONWriter.string(record.id))"
      out += " \(record.outcome)"
      if let reason = record.reason { out += ": \(reason)" }
      out += "\n"
      if verbose {
        for change in record.changes {
          out += "      \(change.field): \(Self.show(change.before)) → \(Self.show(change.after))\n"
        }
      }
    }
    if !diagnostics.isEmpty {
      out += "Diagnostics:\n"
      for diagnostic in diagnostics { out += "  \(diagnostic.text)\n" }
    }
    return out + summary + "\n"
  }

  /// The margin mark of an outcome.
  static func symbol(_ outcome: String) -> String {
    switch outcome {
    case "inserted": "+"
    case "updated": "~"
    case "deleted": "-"
    case "skipped": "="
    case "rejected": "!"
    default: " "
    }
  }

  /// A value as compact JSON, or `(none)` when absent.
  static func show(_ value: JSONValue?) -> String {
    value.map { JSONWriter.string($0) } ?? "(none)"
  }
}

extension ReportView.Record {
  /// `{entity, id, outcome, reason?, changes?}`.
  var json: JSONValue {
    var object: JSONObject = ["entity": .string(entity), "id": id, "outcome": .string(outcome)]
    if let reason { object["reason"] = .string(reason) }
    if !changes.isEmpty {
      object["changes"] = .array(
        changes.map { change in
          var item: JSONObject = ["field": .string(change.field)]
          if let before = change.before { item["before"] = before }
          if let after = change.after { item["after"] = after }
          return .object(item)
        })
    }
    return .object(object)
  }
}

extension ReportView.Diagnostic {
  /// `{code, message, entity?, id?, pointer?}`.
  var json: JSONValue {
    var object: JSONObject = ["code": .string(code), "message": .string(message)]
    if let entity { object["entity"] = .string(entity) }
    if let id { object["id"] = id }
    if let pointer { object["pointer"] = .string(pointer) }
    return .object(object)
  }

  /// `Employee 7 (at /3): message [code]`.
  var text: String {
    var head = ""
    if let entity { head += entity }
    if let id { head += (head.isEmpty ? "" : " ") + JSONWriter.string(id) }
    if let pointer { head += (head.isEmpty ? "" : " ") + "(at \(pointer))" }
    return (head.isEmpty ? "" : head + ": ") + "\(message) [\(code)]"
  }
}
