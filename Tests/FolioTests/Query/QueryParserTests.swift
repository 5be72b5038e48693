import FolioTestSupport
import Testing

@testable import Folio

/// The text grammar: what parses to what, and the exact error for each kind of bad input.
@Suite struct QueryParserTests {
  @Test(arguments: [
    ("age < 40 && department.name == 'QA'", "age < 40 && department.name == 'QA'"),
    ("a == 1 || b == 2 && c == 3", "a == 1 || b == 2 && c == 3"),
    ("(a == 1 || b == 2) && c == 3", "(a == 1 || b == 2) && c == 3"),
    ("a == 1 AND b == 2 OR NOT c == 3", "a == 1 && b == 2 || !c == 3"),
    ("!!a == 1", "a == 1"),
    ("a == -7", "a == -7"),
    ("a == 2.50", "a == 2.5"),
    ("a > 1e3", "a > 1000.0"),
    ("a == \"double \\\"quoted\\\"\"", "a == 'double \"quoted\"'"),
    ("a == 'it\\'s\\n'", "a == 'it\\'s\\n'"),
    ("a == TRUE || b == False || c == NULL", "a == true || b == false || c == null"),
    ("a in [1, 'x', true, null, 2.5]", "a in [1, 'x', true, null, 2.5]"),
    ("a IN []", "a in []"),
    ("name CONTAINS 'x' && name beginswith 'y'", "name contains 'x' && name beginsWith 'y'"),
    ("a is null || b is not null", "a == null || b != null"),
    ("a != null", "a != null"),
    ("  a\t==\n1  ", "a == 1"),
    ("größe >= 3", "größe >= 3"),
    ("in == 1 && not_a == 2", "in == 1 && not_a == 2"),
  ])
  func parsesAndPrintsCanonically(text: String, printed: String) throws {
    let condition = try Condition(parsing: text)
    #expect(condition.description == printed)
    #expect(try Condition(parsing: printed) == condition)
  }

  @Test(arguments: [
    (
      "age < && active == true",
      "error: expected a value (a number, 'text', true, false, null or a [list]) after '<', found '&&' (offset 6) [expectedValue]\n  age < && active == true\n        ^"
    ),
    (
      "age = 3",
      "error: unexpected '='; compare with '==' (offset 4) [unexpectedCharacter]\n  age = 3\n      ^"
    ),
    (
      "age < 40 & x == 1",
      "error: unexpected '&'; join conditions with '&&' (offset 9) [unexpectedCharacter]\n  age < 40 & x == 1\n           ^"
    ),
    (
      "age < 40 | x == 1",
      "error: unexpected '|'; join alternatives with '||' (offset 9) [unexpectedCharacter]\n  age < 40 | x == 1\n           ^"
    ),
    (
      "name == 'Ann",
      "error: the string starting here has no closing ' (offset 8) [unterminatedString]\n  name == 'Ann\n          ^"
    ),
    (
      "name == 'a\\qb'",
      "error: unknown escape '\\q'; use \\\\, \\', \\\", \\n or \\t (offset 10) [invalidEscape]\n  name == 'a\\qb'\n            ^"
    ),
    (
      "age < 4x0",
      "error: '4x0' is not a number; write integers like 42 or -7 and decimals like 2.5 or 1e3 (offset 6) [invalidNumber]\n  age < 4x0\n        ^"
    ),
    (
      "age < 99999999999999999999",
      "error: '99999999999999999999' does not fit a 64-bit integer (offset 6) [invalidNumber]\n  age < 99999999999999999999\n        ^"
    ),
    (
      "age < 1.",
      "error: '1.' is not a number; write integers like 42 or -7 and decimals like 2.5 or 1e3 (offset 6) [invalidNumber]\n  age < 1.\n        ^"
    ),
    (
      "",
      "error: expected a field name, found end of input (offset 0) [expectedField]\n  \n  ^"
    ),
    (
      "== 3",
      "error: expected a field name, found '==' (offset 0) [expectedField]\n  == 3\n  ^"
    ),
    (
      "department. == 3",
      "error: expected a field name after '.', found '==' (offset 12) [expectedField]\n  department. == 3\n              ^"
    ),
    (
      "age 40",
      "error: expected an operator (==, !=, <, <=, >, >=, in, contains, beginsWith, endsWith, matches, is null) after 'age', found '40' (offset 4) [expectedOperator]\n  age 40\n      ^"
    ),
    (
      "active",
      "error: expected an operator (==, !=, <, <=, >, >=, in, contains, beginsWith, endsWith, matches, is null) after 'active', found end of input (offset 6) [expectedOperator]\n  active\n        ^"
    ),
    (
      "name == Ann",
      "error: expected a value after '==', found 'Ann'; quote text as 'Ann' (offset 8) [expectedValue]\n  name == Ann\n          ^"
    ),
    (
      "a in 3",
      "error: expected a list like [1, 2] after 'in', found '3' (offset 5) [expectedValue]\n  a in 3\n       ^"
    ),
    (
      "a in [1, 2",
      "error: expected ',' or ']' in the list at offset 5, found end of input (offset 10) [expectedClosing]\n  a in [1, 2\n            ^"
    ),
    (
      "a in [[1]]",
      "error: lists cannot be nested; expected a value (offset 6) [expectedValue]\n  a in [[1]]\n        ^"
    ),
    (
      "a beginsWith 3",
      "error: beginsWith needs a string, like 'Ann' (offset 13) [invalidOperand]\n  a beginsWith 3\n               ^"
    ),
    (
      "a is 3",
      "error: expected 'null' after 'is', found '3' (offset 5) [expectedValue]\n  a is 3\n       ^"
    ),
    (
      "(a == 1",
      "error: expected ')' to close the '(' at offset 0, found end of input (offset 7) [expectedClosing]\n  (a == 1\n         ^"
    ),
    (
      "a == 1 b == 2",
      "error: unexpected 'b' after a complete condition; join conditions with && or || (offset 7) [unexpectedToken]\n  a == 1 b == 2\n         ^"
    ),
    (
      "a == 1)",
      "error: unexpected ')' after a complete condition; join conditions with && or || (offset 6) [unexpectedToken]\n  a == 1)\n        ^"
    ),
    (
      "a == 1 # note",
      "error: unexpected character '#'; expected a field, a value, an operator or a parenthesis (offset 7) [unexpectedCharacter]\n  a == 1 # note\n         ^"
    ),
    (
      "a == - 1",
      "error: unexpected '-'; a negative number is written -7 (offset 5) [unexpectedCharacter]\n  a == - 1\n       ^"
    ),
  ])
  func reportsBadInputWithItsOffset(text: String, rendered: String) throws {
    let error = try #require(throws: QueryError.self) { try Condition(parsing: text) }
    #expect(error.description == rendered)
    #expect(error.source == text)
  }

  @Test func reportsTheCodeAndOffsetOfABadToken() throws {
    let error = try #require(throws: QueryError.self) { try Condition(parsing: "age < && x == 1") }
    #expect(error.code == .expectedValue)
    #expect(error.offset == 6)
    #expect(error.caretRendering == "  age < && x == 1\n        ^")
  }

  @Test func limitsNesting() throws {
    let deep = String(repeating: "(", count: 65) + "a == 1" + String(repeating: ")", count: 65)
    let error = try #require(throws: QueryError.self) { try Condition(parsing: deep) }
    #expect(error.code == .tooDeep)
    #expect(error.offset == 64)
    let fine = String(repeating: "(", count: 64) + "a == 1" + String(repeating: ")", count: 64)
    #expect(try Condition(parsing: fine) == ("a" == 1))
    let negations = try #require(throws: QueryError.self) {
      try Condition(parsing: String(repeating: "!", count: 65) + "a == 1")
    }
    #expect(negations.code == .tooDeep)
  }

  @Test func hostileInputGetsErrorsNotCrashes() {
    let inputs = [
      "'", "\"", "\\", "a == '\\", "[", "]", "a in [", "a in [,]", "a in [1,]", ".", "a..b == 1",
      "-", "1e",
      "a == 1e999", "a == --1", "((((", "))))", "a == 1 &&", "a == 1 ||", "!", "a is", "a is not",
      "a is not 3",
      "\u{0}", "a == '\u{1F600}' && 😀 == 1",
    ]
    for input in inputs {
      #expect(throws: QueryError.self) { try Condition(parsing: input) }
    }
  }

  @Test func queriesCanBeBuiltFromText() throws {
    let store = try QueryFixtures.clicks()
    let query = try Query("Click", parsing: "clickID > 0 && clickID < 4", sortedBy: "-clickID")
    #expect(try store.fetch(query).ids == [3, 2, 1])
  }

  /// A random condition text from the grammar, `depth` levels deep.
  static func randomCondition(_ depth: Int, _ random: inout SeededGenerator) -> String {
    let fields = ["a", "b.c", "count", "é_1"]
    let values = [
      "1", "-2", "2.5", "1e3", "'x'", "\"y z\"", "'it\\'s'", "true", "false", "null", "[]",
      "[1, 'a']",
    ]
    let field = fields[Int.random(in: 0..<fields.count, using: &random)]
    let value = values[Int.random(in: 0..<values.count, using: &random)]
    let choice =
      depth == 0 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<9, using: &random)
    switch choice {
    case 0:
      return
        "\(field) \(["==", "!=", "<", "<=", ">", ">="][Int.random(in: 0..<6, using: &random)]) \(value)"
    case 1: return "\(field) in [\(value == "[]" ? "1" : value), 2]"
    case 2: return "\(field) contains \(value)"
    case 3: return "\(field) beginsWith 'p'"
    case 4: return "\(field) is \(Bool.random(using: &random) ? "not " : "")null"
    case 5: return "!" + randomCondition(depth - 1, &random)
    case 6: return "(" + randomCondition(depth - 1, &random) + ")"
    case 7:
      return randomCondition(depth - 1, &random) + " && " + randomCondition(depth - 1, &random)
    default:
      return randomCondition(depth - 1, &random) + " || " + randomCondition(depth - 1, &random)
    }
  }

  @Test func randomConditionsRoundTripAndMutationsNeverCrash() {
    var random = SeededGenerator(seed: 42)
    var parsed = 0
    var rejected = 0
    for _ in 0..<2000 {
      var text = Self.randomCondition(Int.random(in: 0...4, using: &random), &random)
      if Bool.random(using: &random), !text.isEmpty {
        // Mutate one character: delete it or replace it with a grammar character.
        var characters = Array(text)
        let position = Int.random(in: 0..<characters.count, using: &random)
        let replacements: [Character] = [
          "(", ")", "'", "\"", "=", "!", "&", "|", "[", "]", ",", ".", "-", "\\", "x", " ",
        ]
        if Bool.random(using: &random) {
          characters.remove(at: position)
        } else {
          characters[position] =
            replacements[Int.random(in: 0..<replacements.count, using: &random)]
        }
        text = String(characters)
      }
      do {
        let condition = try Condition(parsing: text)
        parsed += 1
        #expect((try? Condition(parsing: condition.description)) == condition, "\(text)")
      } catch {
        rejected += 1
        #expect(error.offset.map { $0 >= 0 && $0 <= text.count } == true, "\(text)")
      }
    }
    #expect(parsed > 1000)
    #expect(rejected > 100)
  }
}
