import Folio

/// `folio check`: validate every file of a store.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check a store's files and invariants, and print every problem with its location.",
    discussion: """
      Opens the store without taking the writer lock and without stopping at bad records, then \
      checks the manifest, every shard file (checksum, record count, canonical bytes) and the \
      relationships between records. Every problem is printed with its file, line and JSON \
      pointer. Exits with 0 when the store is sound and 1 otherwise.
      """,
    arguments: [.store, .json],
    examples: ["folio check --store company.folio", "folio check --store company.folio --json"])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    let path = arguments["store"] ?? ""
    guard StoreAccess.exists(path, console: console) else {
      throw CLIError(.missingStore, "There is no store at '\(path)'; check the path.", file: path)
    }
    let store = try StoreAccess.openExisting(
      path, console: console, options: StoreOptions(validation: .lenient, readOnly: true))
    let problems = try store.check().map { located($0, in: path) }
    let records = store.schema.entities.reduce(0) { $0 + store.state.count($1.name) }
    if arguments.flag("json") {
      let result: JSONValue = [
        "store": .string(path), "ok": .bool(problems.isEmpty),
        "generation": .int(Int64(store.generation)), "records": .int(Int64(records)),
        "problems": .array(problems.map { .string($0) }),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
    } else if problems.isEmpty {
      console.out(
        "\(path): no problems (\(store.schema.entities.count) entities, \(records) records, "
          + "generation \(store.generation)).\n")
    } else {
      for problem in problems { console.out(problem + "\n") }
      let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
      console.out("\(path): \(count).\n")
    }
    return problems.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// `problem` with the store's path in front of the file it names (`company.folio/Employee/…`),
  /// or in front of the sentence when it names no file.
  static func located(_ problem: String, in path: String) -> String {
    let head = problem.prefix { $0 != ":" && $0 != " " }
    let directory = path.hasSuffix("/") ? path : path + "/"
    return head.hasSuffix(".json") || head.contains(".json")
      ? directory + problem : "\(path): \(problem)"
  }
}
