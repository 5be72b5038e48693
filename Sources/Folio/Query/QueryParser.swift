/// A recursive-descent parser for the predicate grammar in Documentation/Querying.md.
///
/// Nesting (parentheses, negations, lists) is limited to ``maximumDepth`` so hostile input gets
/// an error instead of exhausting the stack.
struct QueryParser {
  static let maximumDepth = 64

  private let lexer: QueryLexer
  private let tokens: [QueryLexer.Token]
  private var position = 0
  private var depth = 0

  init(_ source: String) throws(QueryError) {
    lexer = QueryLexer(source)
    tokens = try lexer.tokens()
  }

  private var current: QueryLexer.Token { tokens[position] }

  private func describe(_ token: QueryLexer.Token) -> String {
    token.kind == .end ? "end of input" : "'\(token.text)'"
  }

  private func error(_ code: QueryError.Code, _ message: String, at token: QueryLexer.Token)
    -> QueryError
  {
    lexer.error(code, message, at: token.offset)
  }

  /// Parses the whole text as one predicate.
  mutating func parsePredicate() throws(QueryError) -> Condition {
    let result = try parseOr()
    guard current.kind == .end else {
      throw error(
        .unexpectedToken,
        "unexpected \(describe(current)) after a complete condition; join conditions with && or ||",
        at: current)
    }
    return result
  }

  private mutating func parseOr() throws(QueryError) -> Condition {
    var result = try parseAnd()
    while current.kind == .or {
      position += 1
      result = result || (try parseAnd())
    }
    return result
  }

  private mutating func parseAnd() throws(QueryError) -> Condition {
    var result = try parseUnary()
    while current.kind == .and {
      position += 1
      result = result && (try parseUnary())
    }
    return result
  }

  private mutating func parseUnary() throws(QueryError) -> Condition {
    var negations = 0
    while current.kind == .not {
      negations += 1
      guard negations <= Self.maximumDepth else {
        throw error(.tooDeep, "more than \(Self.maximumDepth) negations in a row", at: current)
      }
      position += 1
    }
    var result = try parsePrimary()
    for _ in 0..<negations { result = !result }
    return result
  }

  private mutating func parsePrimary() throws(QueryError) -> Condition {
    let token = current
    if token.kind == .openParen {
      depth += 1
      guard depth <= Self.maximumDepth else {
        throw error(.tooDeep, "parentheses nest deeper than \(Self.maximumDepth) levels", at: token)
      }
      position += 1
      let inner = try parseOr()
      guard current.kind == .closeParen else {
        throw error(
          .expectedClosing,
          "expected ')' to close the '(' at offset \(token.offset), found \(describe(current))",
          at: current)
      }
      position += 1
      depth -= 1
      return inner
    }
    let field = try parseField()
    return try parseCondition(on: field)
  }

  private mutating func parseField() throws(QueryError) -> Field {
    guard case .identifier(let first) = current.kind else {
      throw error(.expectedField, "expected a field name, found \(describe(current))", at: current)
    }
    var components = [first]
    position += 1
    while current.kind == .dot {
      position += 1
      guard case .identifier(let next) = current.kind else {
        throw error(
          .expectedField, "expected a field name after '.', found \(describe(current))", at: current
        )
      }
      components.append(next)
      position += 1
    }
    return Field(components: components)
  }

  private mutating func parseCondition(on field: Field) throws(QueryError) -> Condition {
    let token = current
    if case .comparison(let comparison) = token.kind {
      position += 1
      if let options = parseTextOptions() {
        guard comparison == .equal || comparison == .notEqual else {
          throw error(
            .invalidOperand,
            "text options like [c] apply to ==, !=, contains, beginsWith and endsWith, not \(comparison.rawValue)",
            at: token)
        }
        let text = try parseText(after: token, operator: comparison.rawValue + "\(options)")
        let test = Condition(.text(field, .equal, text, options))
        return comparison == .equal ? test : !test
      }
      let value = try parseValue(after: token)
      if value == .null {
        switch comparison {
        case .equal: return field.isNull
        case .notEqual: return !field.isNull
        default: break
        }
      }
      return Condition(.compare(field, comparison, value))
    }
    if case .identifier(let word) = token.kind {
      switch word.lowercased() {
      case "in":
        position += 1
        guard current.kind == .openBracket else {
          throw error(
            .expectedValue, "expected a list like [1, 2] after 'in', found \(describe(current))",
            at: current)
        }
        guard case .array(let values) = try parseValue(after: token) else { return .none }
        return Condition(.isIn(field, values))
      case "contains":
        position += 1
        if let options = parseTextOptions() {
          let text = try parseText(after: token, operator: "contains\(options)")
          return Condition(.text(field, .contains, text, options))
        }
        return Condition(.contains(field, try parseValue(after: token)))
      case "beginswith":
        position += 1
        let options = parseTextOptions() ?? []
        let prefix = try parseText(after: token, operator: "beginsWith\(options)")
        return options.isEmpty
          ? Condition(.beginsWith(field, prefix)) : Condition(.text(field, .beginsWith, prefix, options))
      case "endswith":
        position += 1
        let options = parseTextOptions() ?? []
        let suffix = try parseText(after: token, operator: "endsWith\(options)")
        return Condition(.text(field, .endsWith, suffix, options))
      case "matches":
        position += 1
        return Condition(.matches(field, try parseText(after: token, operator: "matches")))
      case "is":
        position += 1
        var negated = false
        if current.kind == .not {
          negated = true
          position += 1
        }
        guard case .identifier(let null) = current.kind, null.lowercased() == "null" else {
          throw error(
            .expectedValue,
            "expected 'null' after '\(negated ? "is not" : "is")', found \(describe(current))",
            at: current)
        }
        position += 1
        return negated ? !field.isNull : field.isNull
      default: break
      }
    }
    throw error(
      .expectedOperator,
      "expected an operator (==, !=, <, <=, >, >=, in, contains, beginsWith, endsWith, matches, is null) after '\(field.path)', found \(describe(token))",
      at: token)
  }

  /// Text options written right after an operator, `[c]`, `[d]` or `[cd]`, consumed; `nil`
  /// (nothing consumed) when none follow.
  private mutating func parseTextOptions() -> TextOptions? {
    guard current.kind == .openBracket, position + 2 < tokens.count,
      case .identifier(let letters) = tokens[position + 1].kind,
      tokens[position + 2].kind == .closeBracket, let options = TextOptions(letters: letters)
    else { return nil }
    position += 3
    return options
  }

  /// A string operand of the text operator `name` (written at `operatorToken`).
  private mutating func parseText(after operatorToken: QueryLexer.Token, operator name: String)
    throws(QueryError) -> String
  {
    let operandToken = current
    guard case .string(let text) = try parseValue(after: operatorToken) else {
      throw error(.invalidOperand, "\(name) needs a string, like 'Ann'", at: operandToken)
    }
    return text
  }

  private mutating func parseValue(after operatorToken: QueryLexer.Token) throws(QueryError)
    -> JSONValue
  {
    let token = current
    switch token.kind {
    case .number(let value):
      position += 1
      return value
    case .string(let value):
      position += 1
      return .string(value)
    case .identifier(let word):
      switch word.lowercased() {
      case "true":
        position += 1
        return .bool(true)
      case "false":
        position += 1
        return .bool(false)
      case "null":
        position += 1
        return .null
      default:
        throw error(
          .expectedValue,
          "expected a value after '\(operatorToken.text)', found \(describe(token)); quote text as '\(word)'",
          at: token)
      }
    case .openBracket:
      position += 1
      var elements: [JSONValue] = []
      if current.kind == .closeBracket {
        position += 1
        return .array(elements)
      }
      while true {
        if current.kind == .openBracket {
          throw error(.expectedValue, "lists cannot be nested; expected a value", at: current)
        }
        elements.append(try parseValue(after: token))
        if current.kind == .comma {
          position += 1
          continue
        }
        guard current.kind == .closeBracket else {
          throw error(
            .expectedClosing,
            "expected ',' or ']' in the list at offset \(token.offset), found \(describe(current))",
            at: current)
        }
        position += 1
        return .array(elements)
      }
    default:
      throw error(
        .expectedValue,
        "expected a value (a number, 'text', true, false, null or a [list]) after '\(operatorToken.text)', found \(describe(token))",
        at: token)
    }
  }
}
