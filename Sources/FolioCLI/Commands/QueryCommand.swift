import Folio

/// `folio query`: filtered, sorted records, or an aggregate over them.
enum QueryCommand: Command {
  static let spec = CommandSpec(
    name: "query",
    abstract: "Find records by a predicate, sorted and limited, or count and aggregate them.",
    discussion: """
      Predicates compare fields with ==, !=, <, <=, >, >=, combine them with &&, || and !, and \
      accept strings in double quotes, numbers, true, false and null. Records print one per line \
      as canonical JSON; with --json they print as one JSON array.
      """,
    arguments: [
      .store, .entity,
      .option(
        "where", value: "EXPR", help: "A predicate such as \"active == true && salary > 60000\"."),
      .option("sort", value: "KEYS", help: "Sort keys separated by commas; -key sorts descending."),
      .option("limit", value: "N", help: "Print at most N records."),
      .flag("count", help: "Print the number of matching records."),
      .option("min", value: "FIELD", help: "Print the smallest value of FIELD."),
      .option("max", value: "FIELD", help: "Print the largest value of FIELD."),
      .option("sum", value: "FIELD", help: "Print the sum of FIELD."),
      .option("avg", value: "FIELD", help: "Print the average of FIELD."),
      .flag(
        "explain",
        help: "Print which index the query reads (or 'scan') instead of the records."),
      .lenient, StoreAtRevision.argument, .json,
    ],
    examples: [
      "folio query --store company.folio --entity Employee --where \"active == true\" --sort -salary --limit 3",
      "folio query --store company.folio --entity Employee --avg salary",
      "folio query --store company.folio --entity Employee --where \"salary > 60000\" --explain",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    try StoreAtRevision.run(arguments, console: console, runHere)
  }

  /// Runs the command on the store `--store` names (after `--at` has put it in place).
  static func runHere(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let aggregates = ["count", "min", "max", "sum", "avg"].filter {
      $0 == "count" ? arguments.flag("count") : arguments[$0] != nil
    }
    if aggregates.count > 1 {
      throw UsageError(
        command: spec.name,
        "Give one of --count, --min, --max, --sum, --avg (got --\(aggregates.joined(separator: ", --")))."
      )
    }
    var limit: Int?
    if let text = arguments["limit"] {
      guard let value = Int(text), value >= 0 else {
        throw UsageError(command: spec.name, "'--limit' needs a whole number ≥ 0, not '\(text)'.")
      }
      limit = value
    }
    let store = try StoreAccess.open(arguments, console: console, readOnly: true)
    let entity = try StoreAccess.entity(
      arguments["entity"], in: store.schema, named: arguments["store"] ?? "")
    let query = try QueryArguments.query(
      arguments, entity: entity, schema: store.schema, limit: limit)
    let json = arguments.flag("json")
    let state = store.state
    if arguments.flag("explain") {
      let plan = try QueryArguments.blaming("where") { try state.explain(query) }
      if json {
        var o = JSONObject()
        o["entity"] = .string(plan.entity)
        o["index"] = plan.index.map { .array($0.map(JSONValue.string)) } ?? .null
        o["access"] = plan.access.map(JSONValue.string) ?? .null
        o["ordered"] = .bool(plan.isOrdered)
        console.out(JSONWriter.string(.object(o), style: .pretty))
      } else {
        console.out(plan.description + "\n")
      }
      return ExitStatus.success
    }
    let result: JSONValue? = try QueryArguments.blaming(aggregates.first ?? "where") {
      switch aggregates.first {
      case "count": return .int(Int64(try state.count(query)))
      case "min": return try state.min(Field(arguments["min"] ?? ""), in: query) ?? .null
      case "max": return try state.max(Field(arguments["max"] ?? ""), in: query) ?? .null
      case "sum": return try state.sum(Field(arguments["sum"] ?? ""), in: query) ?? .null
      case "avg":
        return try state.average(Field(arguments["avg"] ?? ""), in: query).map(JSONValue.double)
          ?? .null
      default: return nil
      }
    }
    if let result {
      console.out(
        json ? JSONWriter.string(result, style: .pretty) : JSONWriter.string(result) + "\n")
      return ExitStatus.success
    }
    let records = try QueryArguments.blaming("where") { try state.fetch(query) }.map {
      JSONValue.object($0.values)
    }
    if json {
      console.out(JSONWriter.string(.array(records), style: .pretty))
    } else {
      for record in records { console.out(JSONWriter.string(record) + "\n") }
    }
    return ExitStatus.success
  }
}
