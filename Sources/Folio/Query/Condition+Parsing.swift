extension Condition {
  /// Parses a predicate from the text form the `folio` tool accepts.
  ///
  /// ```swift
  /// let predicate = try Condition(parsing: "age < 40 && department.name == 'QA'")
  /// predicate.description  // "age < 40 && department.name == 'QA'"
  /// ```
  ///
  /// The grammar (precedence `!` over `&&` over `||`; literals; operators) is in
  /// Documentation/Querying.md. Field names are checked against the schema when the query runs,
  /// not here.
  ///
  /// - Parameter text: the predicate text; an empty or blank text is an error.
  /// - Throws: ``QueryError`` naming the offset of the first bad token, with a caret rendering.
  /// - Complexity: O(*n*) in the length of the text.
  public init(parsing text: String) throws(QueryError) {
    var parser = try QueryParser(text)
    self = try parser.parsePredicate()
  }

  /// The predicate in the text form ``init(parsing:)`` reads back to an equal predicate.
  public var description: String { Self.render(node, parentPrecedence: 0) }

  private static func render(_ node: Node, parentPrecedence: Int) -> String {
    // Precedence: || = 1, && = 2, unary and atoms = 3. Nesting is bounded by construction depth.
    switch node {
    case .constant(let value):
      return value ? "true" : "false"
    case .compare(let field, let comparison, let value):
      return "\(field.path) \(comparison.rawValue) \(literal(value))"
    case .isIn(let field, let values):
      return "\(field.path) in \(literal(.array(values)))"
    case .contains(let field, let value):
      return "\(field.path) contains \(literal(value))"
    case .beginsWith(let field, let prefix):
      return "\(field.path) beginsWith \(literal(.string(prefix)))"
    case .text(let field, let test, let text, let options):
      return "\(field.path) \(test.rawValue)\(options) \(literal(.string(text)))"
    case .not(.text(let field, .equal, let text, let options)):
      return "\(field.path) !=\(options) \(literal(.string(text)))"
    case .matches(let field, let pattern):
      return "\(field.path) matches \(literal(.string(pattern)))"
    case .isNull(let field):
      return "\(field.path) == null"
    case .not(.isNull(let field)):
      return "\(field.path) != null"
    case .not(let inner):
      return "!" + render(inner, parentPrecedence: 3)
    case .and(let children):
      let text = children.map { render($0, parentPrecedence: 2) }.joined(separator: " && ")
      return parentPrecedence > 2 ? "(" + text + ")" : text
    case .or(let children):
      let text = children.map { render($0, parentPrecedence: 1) }.joined(separator: " || ")
      return parentPrecedence > 1 ? "(" + text + ")" : text
    }
  }

  private static func literal(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .double(let d):
      return d.isFinite ? "\(d)" : "null"
    case .string(let s):
      var out = "'"
      for c in s {
        switch c {
        case "\\": out += "\\\\"
        case "'": out += "\\'"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.append(c)
        }
      }
      return out + "'"
    case .array(let elements): return "[" + elements.map(literal).joined(separator: ", ") + "]"
    case .object: return JSONWriter.string(value)
    }
  }
}
