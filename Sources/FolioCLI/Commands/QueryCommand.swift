/// `folio query`: filtered, sorted records, or an aggregate over them.
enum QueryCommand: Command {
  static let spec = CommandSpec(
    name: "query",
    abstract: "Find records by a predicate, sorted and limited, or count and aggregate them.",
    arguments: [
      .store, .entity,
      .option("where", value: "EXPR", help: "A predicate such as \"active == true && salary > 50000\"."),
      .option("sort", value: "KEYS", help: "Sort keys separated by commas; -key sorts descending."),
      .option("limit", value: "N", help: "Print at most N records."),
      .flag("count", help: "Print the number of matching records."),
      .option("min", value: "FIELD", help: "Print the smallest value of FIELD."),
      .option("max", value: "FIELD", help: "Print the largest value of FIELD."),
      .option("sum", value: "FIELD", help: "Print the sum of FIELD."),
      .option("avg", value: "FIELD", help: "Print the average of FIELD."),
      .json,
    ],
    examples: [
      "folio query --store company.folio --entity Employee --where \"active == true\" --sort -salary --limit 3",
      "folio query --store company.folio --entity Employee --avg salary",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) async throws -> Int32 {
    throw CLIError(.unknownEntity, "folio query is not wired to the store yet.")
  }
}
