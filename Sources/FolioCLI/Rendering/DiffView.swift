import Folio

/// How `folio diff` prints a ``StoreDiff``: text for a terminal, counts (`--stat`), markdown
/// tables for a pull-request comment, or JSON.
///
/// Identifiers and values are printed as compact JSON, so a string identifier reads `"sk-3"`
/// and a control character in a value is escaped, never sent to the terminal.
struct DiffView {
  var diff: StoreDiff
  /// The earlier version's name (`HEAD`, `the index`).
  var from: String
  /// The later version's name.
  var to: String
  /// Whether records that only moved to another file are listed.
  var showsMoves: Bool

  /// The sign in front of each kind of change.
  static func sign(_ kind: StoreDiff.Kind) -> String {
    switch kind {
    case .added: return "+"
    case .removed: return "-"
    case .changed: return "~"
    case .renamed: return ">"
    case .moved: return "="
    }
  }

  /// `text` as it can be printed: as is when it holds no control character, else JSON-quoted.
  static func printable(_ text: String) -> String {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      ? JSONWriter.string(.string(text)) : text
  }

  /// A value as compact JSON; an absent one as `(none)`.
  static func value(_ value: JSONValue?) -> String { value.map { JSONWriter.string($0) } ?? "(none)" }

  /// The changes grouped by entity, in entity order.
  var byEntity: [(entity: String, changes: [StoreDiff.RecordChange])] {
    var groups: [(String, [StoreDiff.RecordChange])] = []
    for change in diff.changes {
      if groups.last?.0 == change.entity { groups[groups.count - 1].1.append(change) } else { groups.append((change.entity, [change])) }
    }
    return groups
  }

  /// `1 added, 2 changed, 1 renamed, 3 moved between files`.
  static func counts(_ changes: [StoreDiff.RecordChange]) -> String {
    let kinds: [(StoreDiff.Kind, String)] = [
      (.added, "added"), (.removed, "removed"), (.changed, "changed"), (.renamed, "renamed"),
      (.moved, "moved between files"),
    ]
    return kinds.compactMap { kind, label in
      let count = changes.filter { $0.kind == kind }.count
      return count == 0 ? nil : "\(count) \(label)"
    }.joined(separator: ", ")
  }

  /// The header line of one record's change.
  func heading(_ change: StoreDiff.RecordChange) -> String {
    var line = "\(Self.sign(change.kind)) \(Self.printable(change.entity)) \(change.id.canonicalText)"
    switch change.kind {
    case .renamed: line += " (renamed from \(change.previousID?.canonicalText ?? "?"))"
    case .moved:
      line += " (moved from \(Self.printable(change.fileBefore ?? "?")) to \(Self.printable(change.fileAfter ?? "?")))"
    default: break
    }
    return line
  }

  /// What changed, record by record, then a line of counts per entity.
  func text() -> String {
    var out = ""
    if diff.schemaChanged { out += "schema.json changed\n" }
    for (entity, changes) in byEntity {
      for change in changes where change.kind != .moved || showsMoves {
        out += heading(change) + "\n"
        for field in change.fields {
          let name = Self.printable(field.field)
          switch change.kind {
          case .added: out += "    \(name): \(Self.value(field.after))\n"
          case .removed: out += "    \(name): \(Self.value(field.before))\n"
          default: out += "    \(name): \(Self.value(field.before)) → \(Self.value(field.after))\n"
          }
        }
      }
      out += "\(Self.printable(entity)): \(Self.counts(changes))\n"
    }
    if out.isEmpty { out = "No records changed between \(from) and \(to).\n" }
    return out
  }

  /// One line of counts per entity.
  func stat() -> String {
    var out = diff.schemaChanged ? "schema.json changed\n" : ""
    for (entity, changes) in byEntity { out += "\(Self.printable(entity)): \(Self.counts(changes))\n" }
    let records = diff.changes.filter { $0.kind != .moved }.count
    out += "\(records) record\(records == 1 ? "" : "s") changed between \(from) and \(to)\n"
    return out
  }

  /// A markdown cell holding `text` as code: pipes escaped, so the table keeps its columns.
  static func cell(_ text: String?) -> String {
    guard let text else { return "" }
    let escaped = text.replacingOccurrences(of: "|", with: "\\|")
    return escaped.contains("`") ? "`` \(escaped) ``" : "`\(escaped)`"
  }

  /// A section per entity with its counts and a table of the changed fields.
  func markdown() -> String {
    var out = "**Folio diff** of \(from) → \(to)\n"
    if diff.schemaChanged { out += "\n`schema.json` changed.\n" }
    if diff.changes.isEmpty { out += "\nNo records changed.\n" }
    for (entity, changes) in byEntity {
      out += "\n### \(Self.printable(entity)): \(Self.counts(changes))\n\n"
      let listed = changes.filter { $0.kind != .moved || showsMoves }
      guard !listed.isEmpty else { continue }
      out += "| Record | Change | Field | Before | After |\n|---|---|---|---|---|\n"
      for change in listed {
        var kind = change.kind.rawValue
        if let previous = change.previousID { kind += " from " + Self.cell(previous.canonicalText) }
        let id = Self.cell(change.id.canonicalText)
        if change.fields.isEmpty {
          out += "| \(id) | \(kind) | | \(Self.cell(change.fileBefore)) | \(Self.cell(change.fileAfter)) |\n"
        }
        for (n, field) in change.fields.enumerated() {
          let (record, what) = n == 0 ? (id, kind) : ("", "")
          let before = field.before.map { Self.cell(JSONWriter.string($0)) } ?? ""
          let after = field.after.map { Self.cell(JSONWriter.string($0)) } ?? ""
          out += "| \(record) | \(what) | \(Self.cell(field.field)) | \(before) | \(after) |\n"
        }
      }
    }
    return out
  }

  /// Every change with its fields and files, as one JSON object.
  func json() -> String {
    var summary = JSONObject()
    for (entity, changes) in byEntity {
      var counts = JSONObject()
      for kind in [StoreDiff.Kind.added, .removed, .changed, .renamed, .moved] {
        counts[kind.rawValue] = .int(Int64(changes.filter { $0.kind == kind }.count))
      }
      summary[entity] = .object(counts)
    }
    let changes: [JSONValue] = diff.changes.map { change in
      var object: JSONObject = [
        "entity": .string(change.entity), "kind": .string(change.kind.rawValue), "id": change.id.jsonValue,
      ]
      if let previous = change.previousID { object["previousID"] = previous.jsonValue }
      object["fields"] = .array(
        change.fields.map { field in
          var member: JSONObject = ["field": .string(field.field)]
          if let before = field.before { member["before"] = before }
          if let after = field.after { member["after"] = after }
          return .object(member)
        })
      if let file = change.fileBefore { object["fileBefore"] = .string(file) }
      if let file = change.fileAfter { object["fileAfter"] = .string(file) }
      return .object(object)
    }
    let root: JSONObject = [
      "from": .string(from), "to": .string(to), "schemaChanged": .bool(diff.schemaChanged),
      "summary": .object(summary), "changes": .array(changes),
    ]
    return JSONWriter.string(.object(root), style: .pretty)
  }
}
