import Folio
import Foundation

/// `folio log`: the commits that changed one record, newest first, with what each changed.
enum LogCommand: Command {
  static let spec = CommandSpec(
    name: "log",
    abstract: "List the commits that changed one record (or one field of it), newest first.",
    discussion: """
      Walks the commits git lists for the record's entity folder, from REVISION (default HEAD) \
      back, and prints each commit that added, changed, renamed or removed the record, with the \
      fields it changed (before → after). A record renamed with 'folio rename' is followed to \
      its earlier identifier. A merge commit is not compared with its parents: a change made on \
      a branch is shown under the branch's commit. Files are read from git's objects; the \
      working tree is not read (commit first, or use 'folio diff'). Values are printed as JSON.
      """,
    arguments: [
      .store, recordArgument,
      .positional("REVISION", help: "Where to start (default HEAD).", required: false),
      .option("field", value: "NAME", help: "Only the commits that changed this field."),
      .option("max-count", value: "N", help: "At most N commits."),
      .json,
    ],
    examples: [
      "folio log --store company.folio --record Employee:10",
      "folio log --store company.folio --record Employee:10 --field salary",
      "folio log --store company.folio --record 'City:[\"FR\",\"Paris\"]' main",
    ])

  /// `--record ENTITY:ID`.
  static let recordArgument = ArgumentSpec.option(
    "record", value: "ENTITY:ID",
    help: "The record: its entity, a colon and its identifier (a JSON array for a composite one).", required: true)

  /// The history of the record `--record` names at `revision`, with its entity.
  static func history(_ arguments: ParsedArguments, console: Console) throws
    -> (store: GitStore, history: RecordHistory, id: RecordID, commit: String, revision: String)
  {
    let store = try GitStore(path: arguments["store"] ?? "", console: console)
    let revision = arguments["REVISION"] ?? "HEAD"
    let commit = try store.commit(revision)
    guard let schema = try store.schema(on: .revision(commit: commit, label: revision)) else {
      throw CLIError(.missingStore, "There is no store at '\(store.given)' in \(revision).", file: store.given)
    }
    let text = arguments["record"] ?? ""
    guard let colon = text.firstIndex(of: ":") else {
      throw CLIError(.invalidValue, "--record takes ENTITY:ID (for example Employee:7); '\(text)' has no colon.")
    }
    let name = try StoreAccess.entity(String(text[..<colon]), in: schema, named: store.given)
    let id = try StoreAccess.identifier(String(text[text.index(after: colon)...]), of: name, in: schema)
    guard let entity = schema.entity(named: name) else {
      throw CLIError(.unknownEntity, "The schema has no entity '\(name)'.", file: store.given)
    }
    return (store, RecordHistory(store: store, entity: entity, schema: schema), id, commit, revision)
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let (_, history, id, commit, _) = try history(arguments, console: console)
    var limit: Int?
    if let text = arguments["max-count"] {
      guard let count = Int(text), count > 0 else {
        throw CLIError(.invalidValue, "--max-count takes a positive whole number; '\(text)' is not one.")
      }
      limit = count
    }
    let field = arguments["field"]
    var events = try history.events(of: id, from: commit) { events in
      // Enough once `limit` events touch the field asked for.
      guard let limit else { return false }
      return events.filter { event in field.map { name in event.fields.contains { $0.field == name } } ?? true }.count >= limit
    }
    if let field {
      events = events.compactMap { event in
        var event = event
        event.fields = event.fields.filter { $0.field == field }
        return event.fields.isEmpty ? nil : event
      }
    }
    if let limit { events = Array(events.prefix(limit)) }
    let entity = history.entity.name
    if arguments.flag("json") {
      let items: [JSONValue] = events.map { event in
        var object = commitObject(event.commit)
        object["kind"] = .string(event.kind.rawValue)
        object["id"] = event.id.jsonValue
        if let previous = event.previousID { object["previousID"] = previous.jsonValue }
        object["fields"] = .array(event.fields.map(fieldObject))
        return .object(object)
      }
      let root: JSONObject = ["entity": .string(entity), "id": id.jsonValue, "commits": .array(items)]
      console.out(JSONWriter.string(.object(root), style: .pretty))
      return ExitStatus.success
    }
    if events.isEmpty {
      console.out("No commit changed \(DiffView.printable(entity)) \(id.canonicalText)\(field.map { " field " + DiffView.printable($0) } ?? "").\n")
      return ExitStatus.success
    }
    var out = ""
    for event in events {
      out += commitLine(event.commit) + "\n"
      switch event.kind {
      case .added: out += "    (added)\n"
      case .removed: out += "    (removed)\n"
      case .renamed: out += "    (renamed from \(event.previousID?.canonicalText ?? "?") to \(event.id.canonicalText))\n"
      default: break
      }
      for change in event.fields {
        let name = DiffView.printable(change.field)
        switch event.kind {
        case .added: out += "    \(name): \(DiffView.value(change.after))\n"
        case .removed: out += "    \(name): \(DiffView.value(change.before))\n"
        default: out += "    \(name): \(DiffView.value(change.before)) → \(DiffView.value(change.after))\n"
        }
      }
    }
    console.out(out)
    return ExitStatus.success
  }

  /// `c1fc4a64f9d1 2026-11-23 Ada: Day 2`.
  static func commitLine(_ commit: RecordHistory.Commit) -> String {
    "\(commit.short) \(commit.date.prefix(10)) \(DiffView.printable(commit.author)): \(DiffView.printable(commit.subject))"
  }

  /// The commit's hash, author, date and subject as JSON members.
  static func commitObject(_ commit: RecordHistory.Commit) -> JSONObject {
    [
      "commit": .string(commit.hash), "author": .string(commit.author), "date": .string(commit.date),
      "subject": .string(commit.subject),
    ]
  }

  /// `{"field", "before", "after"}` without the absent sides.
  static func fieldObject(_ change: StoreDiff.FieldChange) -> JSONValue {
    var member: JSONObject = ["field": .string(change.field)]
    if let before = change.before { member["before"] = before }
    if let after = change.after { member["after"] = after }
    return .object(member)
  }
}

/// `folio blame`: for each field of one record, the commit that last set it.
enum BlameCommand: Command {
  static let spec = CommandSpec(
    name: "blame",
    abstract: "Show, for each field of one record, the commit that last set it.",
    discussion: """
      Prints each field of the record as it is at REVISION (default HEAD) with its value and \
      the last commit that changed it, as 'folio log' finds them: the commit that added the \
      record for fields unchanged since, and across a rename the commits before it too. Reads \
      only commits, from git's objects.
      """,
    arguments: [
      .store, LogCommand.recordArgument,
      .positional("REVISION", help: "The version of the record to blame (default HEAD).", required: false),
      .json,
    ],
    examples: ["folio blame --store company.folio --record Employee:10"])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let (store, history, id, commit, revision) = try LogCommand.history(arguments, console: console)
    var record: JSONObject?
    var blamed: [String: RecordHistory.Commit] = [:]
    _ = try history.events(of: id, from: commit) { events in
      guard let event = events.last else { return false }
      if events.count == 1 {
        record = event.after
        if event.kind == .removed { return true }
      }
      guard let record else { return true }
      let touched: [String] = event.kind == .added ? record.keys : event.fields.map(\.field)
      for field in touched where record[field] != nil && blamed[field] == nil { blamed[field] = event.commit }
      return blamed.count == record.count
    }
    guard let record else {
      throw CLIError(
        .recordNotFound, "\(history.entity.name) \(id.canonicalText) is not in the store at \(revision).", file: store.given)
    }
    let fields = record.sortedMembers
    if arguments.flag("json") {
      let items: [JSONValue] = fields.map { member in
        var object: JSONObject = ["field": .string(member.key), "value": member.value]
        if let commit = blamed[member.key] { object.merge(LogCommand.commitObject(commit)) }
        return .object(object)
      }
      let root: JSONObject = [
        "entity": .string(history.entity.name), "id": id.jsonValue, "revision": .string(revision),
        "fields": .array(items),
      ]
      console.out(JSONWriter.string(.object(root), style: .pretty))
      return ExitStatus.success
    }
    let names = fields.map { DiffView.printable($0.key) }
    let values = fields.map { JSONWriter.string($0.value) }
    let nameWidth = names.map(\.count).max() ?? 0
    let valueWidth = min(40, values.map(\.count).max() ?? 0)
    var out = "\(DiffView.printable(history.entity.name)) \(id.canonicalText) at \(revision)\n"
    for (n, member) in fields.enumerated() {
      let name = names[n].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      let value = values[n].count > valueWidth ? values[n] : values[n].padding(toLength: valueWidth, withPad: " ", startingAt: 0)
      let origin = blamed[member.key].map(LogCommand.commitLine) ?? "(not found in the history)"
      out += "  \(name)  \(value)  \(origin)\n"
    }
    console.out(out)
    return ExitStatus.success
  }
}

extension JSONObject {
  /// Sets every member of `other` in this object.
  fileprivate mutating func merge(_ other: JSONObject) {
    for member in other { self[member.key] = member.value }
  }
}
