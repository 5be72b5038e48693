import Folio

/// `folio check`: validate every file of a store, and with `--fix` rewrite valid files
/// canonically.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check a store's files and invariants, and print every problem with its location.",
    discussion: """
      Opens the store without taking the writer lock and without stopping at bad records, then \
      validates every record of every file (files edited by hand included), the links between \
      records and the store's invariants. Every problem is printed with its file, line, column \
      and JSON pointer; git merge-conflict markers are reported line by line. Files that are \
      valid but not written as Folio writes them (CRLF line endings, other spacing or order, a \
      record in another file than the layout's) are listed as notes: they are not problems, \
      and Folio rewrites each when it next writes it. With --fix, a sound store's notes are \
      resolved at once: those files are rewritten canonically in one atomic commit (this takes \
      the writer lock). Exits with 0 when the store is sound and 1 otherwise.
      """,
    arguments: [
      .store, .flag("fix", help: "Rewrite valid files that are not in canonical form (takes the writer lock)."),
      StoreAtRevision.argument, .json,
    ],
    examples: [
      "folio check --store company.folio", "folio check --store company.folio --fix",
      "folio check --store company.folio --json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    try StoreAtRevision.run(arguments, console: console, runHere)
  }

  /// Runs the command on the store `--store` names (after `--at` has put it in place).
  static func runHere(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    guard StoreAccess.exists(path, console: console) else {
      throw CLIError(.missingStore, "There is no store at '\(path)'; check the path.", file: path)
    }
    let fix = arguments.flag("fix")
    var options = StoreOptions(validation: .lenient, readOnly: !fix)
    // The audit validates every record, whatever `.folio/state.json` calls clean.
    options.trustsUnchangedFiles = false
    let store = try StoreAccess.openExisting(path, console: console, options: options)
    var problems = try store.check().map { located($0, in: path) }
    // An unfinished git merge of store files: what git left may be one side only (issue 31).
    problems += (UnfinishedMerge.find(store: console.resolve(path))?.problems ?? []).map { located($0, in: path) }
    var notes = store.nonCanonicalFiles().map { located($0, in: path) }
    var fixed = 0
    if fix, problems.isEmpty, !notes.isEmpty {
      fixed = try StoreAccess.relocatingErrors(to: path) { try store.canonicalizeFiles() }
      notes = store.nonCanonicalFiles().map { located($0, in: path) }
    }
    let records = store.schema.entities.reduce(0) { $0 + store.state.count($1.name) }
    if arguments.flag("json") {
      var result: JSONObject = [
        "store": .string(path), "ok": .bool(problems.isEmpty),
        "generation": .int(Int64(store.generation)), "records": .int(Int64(records)),
        "problems": .array(problems.map { .string($0) }), "notes": .array(notes.map { .string($0) }),
      ]
      if fix { result["filesRewritten"] = .int(Int64(fixed)) }
      console.out(JSONWriter.string(.object(result), style: .pretty))
    } else {
      for problem in problems { console.out(problem + "\n") }
      for note in notes { console.out("note: " + note + "\n") }
      if fix, fixed > 0 {
        console.out("Rewrote \(fixed == 1 ? "1 file" : "\(fixed) files") in canonical form.\n")
      } else if fix, !problems.isEmpty {
        console.out("Nothing rewritten: fix the problems first.\n")
      }
      if problems.isEmpty {
        console.out(
          "\(path): no problems (\(store.schema.entities.count) entities, \(records) records, "
            + "generation \(store.generation)).\n")
      } else {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        console.out("\(path): \(count).\n")
      }
    }
    return problems.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// `problem` with the store's path in front of the file it names (`company.folio/Employee/…`),
  /// or in front of the sentence when it names no file or an absolute path (which needs no
  /// prefix). Control characters (from crafted file names) are escaped, so a problem can never
  /// rewrite the terminal.
  static func located(_ problem: String, in path: String) -> String {
    let problem = printable(problem)
    let head = problem.prefix { $0 != ":" && $0 != " " }
    let directory = path.hasSuffix("/") ? path : path + "/"
    if head.hasPrefix("/") { return problem }
    let namesFile = head.contains(".json") || head.hasPrefix(".folio") || head.hasSuffix("/") || problem.hasPrefix(head + ": error:")
    return namesFile ? directory + problem : "\(path): \(problem)"
  }

  /// `text` with control characters escaped as `\u{1B}`.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return text.unicodeScalars.map { scalar in
      isControl(scalar) ? "\\u{" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
    }.joined()
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
