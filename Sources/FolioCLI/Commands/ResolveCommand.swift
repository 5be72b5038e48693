import Folio
import Foundation

/// `folio resolve`: settles conflicts of a git merge record by record or field by field,
/// rewriting only the chosen conflicts of each file.
enum ResolveCommand: Command {
  static let spec = CommandSpec(
    name: "resolve",
    abstract: "Resolve merge conflicts of records or fields with ours, theirs, the base or a value.",
    discussion: """
      Names conflicts as 'folio conflicts' lists them: ENTITY:ID for a whole record, \
      ENTITY:ID.FIELD for one field (a string identifier that holds a dot is written as JSON, \
      Tag:"a.b".label; a composite one as a JSON array). --ours, --theirs and --base take that \
      version (for a record one side deleted, --ours or --theirs keeps or deletes it; a field \
      the base did not have is removed by --base); --value sets a field to a JSON value, or a \
      record to a JSON object. --all resolves every conflict of the store (of --entity only, \
      when given) with --ours, --theirs or --base. Each file is rewritten with only the chosen \
      conflicts changed: records and fields the merge already settled stay as they are, and \
      conflicts not named keep their markers. A file with no conflict left is written \
      canonical and, once no file of the store is left in conflict and the store validates, \
      added to git's index (git add); a store that does not validate is left unstaged with the \
      problem printed. Nothing is written when a named conflict does not exist. A link to a \
      record that does not exist (one branch deleted it, the other linked to it) is settled \
      with --value on ENTITY:ID.FIELD, or, for every such link, with --dangling: as deleting \
      the record would have, by the delete rule of the link's inverse (nullify, the default, \
      removes the link; cascade deletes the linking record; deny is left for you to settle).
      """,
    arguments: [
      .store,
      .positional("CONFLICT", help: "ENTITY:ID or ENTITY:ID.FIELD (omit with --all).", required: false),
      .flag("ours", help: "Take the current branch's version."),
      .flag("theirs", help: "Take the merged branch's version."),
      .flag("base", help: "Take the common ancestor's version."),
      .option("value", value: "JSON", help: "Set the field (or the record) to this JSON value."),
      .flag("all", help: "Resolve every conflict of the store with --ours, --theirs or --base."),
      .option("entity", value: "NAME", help: "With --all: only this entity's conflicts."),
      .flag("dangling", help: "Settle every link to a record that does not exist by the rule of deleting that record."),
      .json,
    ],
    examples: [
      "folio resolve --store company.folio Employee:2.fullName --theirs",
      "folio resolve --store company.folio Employee:3 --ours",
      "folio resolve --store company.folio Employee:2.salary --value 61000.0",
      "folio resolve --store company.folio --all --theirs",
      "folio resolve --store company.folio --dangling",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var conflicts = try StoreConflicts(path: arguments["store"] ?? "", console: console)
    if arguments.flag("dangling") { return try resolveDangling(arguments, conflicts, console: console) }
    let choice = try self.choice(arguments)
    var resolved: [String] = []
    if arguments.flag("all") {
      guard arguments["CONFLICT"] == nil else {
        throw CLIError(.invalidValue, "--all resolves every conflict; name no conflict with it.")
      }
      if case .value = choice { throw CLIError(.invalidValue, "--all takes --ours, --theirs or --base, not --value.") }
      if let entity = arguments["entity"] { _ = try StoreAccess.entity(entity, in: conflicts.schema, named: conflicts.store.given) }
      for index in conflicts.files.indices where arguments["entity"].map({ $0 == conflicts.files[index].entity.name }) ?? true {
        for conflict in conflicts.files[index].shard.conflicts {
          try conflicts.files[index].shard.resolve(conflict.id, with: choice)
          resolved.append("\(conflicts.files[index].entity.name) \(conflict.id.canonicalText)")
        }
      }
    } else {
      guard let name = arguments["CONFLICT"] else {
        throw CLIError(.invalidValue, "Name a conflict (ENTITY:ID or ENTITY:ID.FIELD), or give --all.")
      }
      let (entity, id, field) = try target(name, in: conflicts)
      guard let index = conflicts.files.firstIndex(where: { file in
        file.entity.name == entity && file.shard.conflicts.contains { $0.id == id }
      }) else {
        if let field, case .value(let value) = choice,
          try relink(entity, id, field, to: value, conflicts, console: console)
        {
          return try finish(conflicts, relinked: "\(entity) \(id.canonicalText).\(field)", choice: choice, console: console)
        }
        throw CLIError(.noConflict, "\(entity) \(id.canonicalText) is not in conflict in \(conflicts.store.given); 'folio conflicts' lists the conflicts.")
      }
      do {
        try conflicts.files[index].shard.resolve(id, field: field, with: choice)
      } catch {
        throw CLIError(.noConflict, error.message + ".", file: conflicts.store.label(conflicts.files[index].path, on: .workingTree))
      }
      resolved.append("\(entity) \(id.canonicalText)\(field.map { "." + $0 } ?? "")")
    }
    // Write every file that changed, once every one of them is known to be writable in place;
    // stage the ones without conflicts once the store is sound.
    let store = conflicts.store
    var finished: [String] = []
    var writes: [(target: String, bytes: [UInt8])] = []
    for file in conflicts.files where !resolved.isEmpty {
      let bytes = file.shard.bytes
      if file.shard.isResolved { finished.append(file.path) }
      if bytes == store.workingTreeFile(file.path) { continue }
      guard let target = store.writablePath(file.path) else {
        throw CLIError(
          .specialFile,
          "the file, or a folder on its way, is a link or not a regular file in the working tree; nothing was written; resolve it by hand.",
          file: store.label(file.path, on: .workingTree))
      }
      writes.append((target, bytes))
    }
    for write in writes { try MergeDriverCommand.replace(write.target, with: write.bytes, console: console) }
    let left = conflicts.files.reduce(0) { $0 + $1.shard.conflicts.count }
    var staged: [String] = []
    var problem: String?
    if left == 0, !finished.isEmpty {
      do {
        _ = try StoreAccess.openExisting(
          store.given, console: console, options: StoreOptions(validation: .strict, readOnly: true))
        _ = try store.git.output(["add", "--"] + finished.map(store.repositoryPath))
        staged = finished
      } catch {
        problem = "\(error)"
      }
    }
    if arguments.flag("json") {
      var object: JSONObject = [
        "resolved": .array(resolved.map { .string($0) }), "conflictsLeft": .int(Int64(left)),
        "staged": .array(staged.map { .string(store.label($0, on: .workingTree)) }),
      ]
      if let problem { object["problem"] = .string(problem) }
      console.out(JSONWriter.string(.object(object), style: .pretty))
    } else {
      var out = "Resolved \(resolved.count == 1 ? resolved[0] : "\(resolved.count) conflicts") with \(describe(choice)).\n"
      if left > 0 {
        out += "\(left) conflict\(left == 1 ? "" : "s") left; 'folio conflicts --store \(store.given)' lists them.\n"
      } else if !staged.isEmpty {
        out += "No conflicts left; staged \(staged.map { store.label($0, on: .workingTree) }.joined(separator: ", ")). Commit to finish the merge.\n"
      }
      console.out(out)
      if let problem {
        console.err("\(FolioCommand.label("error:", console)) no conflicts left, but the store does not validate, so nothing was staged: \(problem)\n")
      }
    }
    return problem == nil ? ExitStatus.success : ExitStatus.failure
  }

  /// The choice the flags make: exactly one of --ours, --theirs, --base and --value.
  static func choice(_ arguments: ParsedArguments) throws(CLIError) -> ConflictedShard.Choice {
    var choices: [ConflictedShard.Choice] = []
    if arguments.flag("ours") { choices.append(.ours) }
    if arguments.flag("theirs") { choices.append(.theirs) }
    if arguments.flag("base") { choices.append(.base) }
    if let text = arguments["value"] {
      do {
        choices.append(.value(try JSONParser.parse(Array(text.utf8))))
      } catch {
        throw CLIError(.invalidValue, "--value takes a JSON value (a string in double quotes: --value '\"Ada\"'); '\(text)' is not one: \(error.message)")
      }
    }
    guard choices.count == 1, let choice = choices.first else {
      throw CLIError(.invalidValue, "Give exactly one of --ours, --theirs, --base and --value.")
    }
    return choice
  }

  /// `ours`, `theirs`, `the base`, or the value.
  static func describe(_ choice: ConflictedShard.Choice) -> String {
    switch choice {
    case .ours: return "ours"
    case .theirs: return "theirs"
    case .base: return "the base"
    case .value(let value): return value.map { JSONWriter.string($0) } ?? "(none)"
    }
  }

  /// The entity, identifier and field `text` (`ENTITY:ID[.FIELD]`) names.
  static func target(_ text: String, in conflicts: StoreConflicts) throws -> (String, RecordID, String?) {
    guard let colon = text.firstIndex(of: ":") else {
      throw CLIError(.invalidValue, "A conflict is named ENTITY:ID or ENTITY:ID.FIELD (for example Employee:7.salary); '\(text)' has no colon.")
    }
    let entity = try StoreAccess.entity(String(text[..<colon]), in: conflicts.schema, named: conflicts.store.given)
    let rest = String(text[text.index(after: colon)...])
    let inConflict = { (id: RecordID) in
      conflicts.files.contains { $0.entity.name == entity && $0.shard.conflicts.contains { $0.id == id } }
    }
    // A JSON-written identifier: a quoted string or an array, then an optional `.FIELD`.
    if rest.hasPrefix("\"") || rest.hasPrefix("[") {
      let bytes = Array(rest.utf8)
      for end in stride(from: bytes.count, to: 0, by: -1) {
        guard end == bytes.count || bytes[end] == UInt8(ascii: "."),
          let value = try? JSONParser.parse(Array(bytes[..<end])), let id = RecordID(json: value)
        else { continue }
        let field = end == bytes.count ? nil : String(decoding: bytes[(end + 1)...], as: UTF8.self)
        return (entity, id, field)
      }
      throw CLIError(.invalidValue, "'\(rest)' is not a JSON identifier followed by an optional .FIELD.")
    }
    // The whole rest as the identifier when a conflict has it; else split at the last dot.
    if let id = try? StoreAccess.identifier(rest, of: entity, in: conflicts.schema), inConflict(id) {
      return (entity, id, nil)
    }
    if let dot = rest.lastIndex(of: ".") {
      let id = try StoreAccess.identifier(String(rest[..<dot]), of: entity, in: conflicts.schema)
      return (entity, id, String(rest[rest.index(after: dot)...]))
    }
    return (entity, try StoreAccess.identifier(rest, of: entity, in: conflicts.schema), nil)
  }
}

extension CLIError.Code {
  /// A resolution names a record or field that is not in conflict.
  static let noConflict = Self("noConflict")
}

extension ResolveCommand {
  /// Sets the dangling link `entity id.field` to `value` (`nil` removes it); `false` when
  /// there is no such dangling link.
  static func relink(
    _ entity: String, _ id: RecordID, _ field: String, to value: JSONValue?, _ conflicts: StoreConflicts,
    console: Console
  ) throws -> Bool {
    let dangling = try DanglingLinks(store: conflicts.store.given, console: console)
    guard let link = dangling.links.first(where: { $0.entity == entity && $0.id == id && $0.relationship.name == field }) else {
      return false
    }
    _ = try DanglingLinks.rewrite(
      store: conflicts.store, schema: conflicts.schema,
      [(entity, id, link.file, { record in record?[field] = value })], console: console)
    return true
  }

  /// `--dangling`: every dangling link settled by its rule, again until none is left that a
  /// rule settles (a cascade can leave links to the record it deleted).
  static func resolveDangling(_ arguments: ParsedArguments, _ conflicts: StoreConflicts, console: Console) throws -> Int32 {
    let left = conflicts.files.reduce(0) { $0 + $1.shard.conflicts.count }
    guard left == 0 else {
      throw CLIError(.unresolvable, "\(left) conflict\(left == 1 ? " is" : "s are") left; resolve the conflicts first ('folio conflicts --store \(conflicts.store.given)'), then the dangling links.")
    }
    var settled: [String] = []
    var denied: [DanglingLinks.Link] = []
    for _ in 0..<16 {
      let dangling = try DanglingLinks(store: conflicts.store.given, console: console)
      denied = dangling.links.filter { $0.rule == .deny }
      let settle = dangling.links.filter { $0.rule != .deny }
      guard !settle.isEmpty else { break }
      var changes: [(entity: String, id: RecordID, file: String, edit: (inout JSONObject?) -> Void)] = []
      for link in settle {
        let name = link.relationship.name
        let missing = Set(link.missing)
        let toMany = link.relationship.isToMany
        if link.rule == .cascade {
          changes.append((link.entity, link.id, link.file, { record in record = nil }))
          settled.append("deleted \(link.entity) \(link.id.canonicalText) (\(name) linked \(link.relationship.target) \(link.missing.map(\.canonicalText).joined(separator: ", ")), cascade)")
        } else {
          changes.append((link.entity, link.id, link.file, { record in
            let kept = DanglingLinks.targets(record?[name], toMany: toMany).filter { !missing.contains($0) }
            record?[name] = toMany && !kept.isEmpty ? .array(kept.map(\.jsonValue)) : nil
          }))
          settled.append("removed the link \(link.entity) \(link.id.canonicalText).\(name) → \(link.relationship.target) \(link.missing.map(\.canonicalText).joined(separator: ", ")) (nullify)")
        }
      }
      _ = try DanglingLinks.rewrite(store: conflicts.store, schema: conflicts.schema, changes, console: console)
    }
    var out = settled.map { "Settled: " + $0 + "\n" }.joined()
    for link in denied {
      out += "Left: \(link.entity) \(link.id.canonicalText).\(link.relationship.name) links \(link.relationship.target) \(link.missing.map(\.canonicalText).joined(separator: ", ")), whose delete is denied while linked; restore it, or relink with 'folio resolve --store \(conflicts.store.given) \(link.entity):\(link.id.canonicalText).\(link.relationship.name) --value ID'.\n"
    }
    if settled.isEmpty && denied.isEmpty { out += "No dangling links in \(conflicts.store.given).\n" }
    console.out(out)
    guard denied.isEmpty else { return ExitStatus.failure }
    return try stageIfSound(conflicts, console: console) ? ExitStatus.success : ExitStatus.failure
  }

  /// After relinking one link: the same validation and staging as a resolution.
  static func finish(
    _ conflicts: StoreConflicts, relinked: String, choice: ConflictedShard.Choice, console: Console
  ) throws -> Int32 {
    console.out("Relinked \(relinked) to \(describe(choice)).\n")
    return try stageIfSound(conflicts, console: console) ? ExitStatus.success : ExitStatus.failure
  }

  /// Stages the store's changed content files when the store opens strictly, else prints why
  /// not; whether it was sound.
  static func stageIfSound(_ conflicts: StoreConflicts, console: Console) throws -> Bool {
    let store = conflicts.store
    do {
      _ = try StoreAccess.openExisting(store.given, console: console, options: StoreOptions(validation: .strict, readOnly: true))
    } catch {
      console.err("\(FolioCommand.label("error:", console)) the store does not validate yet, so nothing was staged: \(error)\n")
      return false
    }
    _ = try store.git.output(["add", "-u", "--", store.prefix.isEmpty ? "." : store.prefix])
    console.out("The store validates; its changed files are staged.\n")
    return true
  }
}
