import Folio
import Testing

@Suite struct QueryCommandTests {
  static func company() throws -> CompanyDirectory {
    let company = try CompanyDirectory()
    company.sync("Employee", "day-1.json")
    return company
  }

  @Test func printsMatchingRecordsSortedAndLimitedOnePerLine() throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      [
        "query", "--store", "company.folio", "--entity", "Employee", "--where",
        "department == 3", "--sort", "-salary", "--limit", "2",
      ])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""fullName":"John Backus""#) == true)
    #expect(lines.last?.contains(#""fullName":"Shafi Goldwasser""#) == true)
  }

  @Test func jsonPrintsOneArray() throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      [
        "query", "--store", "company.folio", "--entity", "Employee", "--where", "active == false",
        "--json",
      ])
    let records = try #require(try JSONParser.parse(run.output).arrayValue)
    #expect(records.count == 2)
    #expect(records.allSatisfy { $0["active"] == false })
  }

  @Test(arguments: [
    (["--count"], "20"), (["--min", "salary"], "52000.5"), (["--max", "salary"], "92700.0"),
    (["--where", "department == 2", "--count"], "5"), (["--sum", "id"], "210"),
    (["--where", "id > 100", "--max", "salary"], "null"),
  ])
  func printsOneAggregate(flags: [String], result: String) throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee"] + flags)
    #expect(run.status == 0)
    #expect(run.output == result + "\n")
  }

  @Test(arguments: [
    (
      ["--count", "--avg", "salary"],
      "error: Give one of --count, --min, --max, --sum, --avg (got --count, --avg)."
    ),
    (["--limit", "many"], "error: '--limit' needs a whole number ≥ 0, not 'many'."),
  ])
  func conflictingOrMalformedOptionsAreUsageErrors(flags: [String], message: String) throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee"] + flags)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix(message))
  }

  @Test func aMalformedPredicateShowsWhereWithACaret() throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee", "--where", "salary >"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "--where:1:9: error: expected a value (a number, 'text', true, false, null or a [list]) after '>', found end of input [expectedValue]\n"
      ))
    #expect(run.errors.hasSuffix("  salary >\n          ^\n"))
  }

  @Test func anUnknownSortKeyListsTheFields() throws {
    let company = try Self.company()
    defer { company.remove() }
    let run = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee", "--sort", "-pay"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "--sort: error: Employee has no attribute or relationship 'pay' to sort by; it has: id, fullName, email, active, salary, hiredAt, department. [invalidQuery]\n"
    )
  }
}

/// Text search from the command line (issue 17): the options after an operator and after a sort
/// key, as Querying.md's grammar gives them.
@Suite struct QueryTextSearchCommandTests {
  @Test func caseInsensitiveConditionsAndSortKeysWorkFromTheCommandLine() throws {
    let company = try QueryCommandTests.company()
    defer { company.remove() }
    let run = company.run(
      [
        "query", "--store", "company.folio", "--entity", "Employee", "--where",
        "fullName contains[c] 'HOPPER' || fullName endsWith 'Lamport' || fullName matches '(?i)ada .*'",
        "--sort", "-fullName[c]", "--json",
      ])
    #expect(run.status == 0, "\(run.errors)")
    let names = try #require(try JSONParser.parse(run.output).arrayValue).compactMap {
      $0["fullName"]?.stringValue
    }
    #expect(names == ["Leslie Lamport", "Grace Hopper", "Ada Lovelace"])
  }

  @Test func aPatternThatDoesNotCompileIsNamedAsTheOperand() throws {
    let company = try QueryCommandTests.company()
    defer { company.remove() }
    let run = company.run(
      ["query", "--store", "company.folio", "--entity", "Employee", "--where", "fullName matches '(x'"])
    #expect(run.status == 1)
    #expect(run.errors.contains("'(x' is not a valid regular expression"))
    #expect(run.errors.contains("[invalidOperand]"))
  }
}
