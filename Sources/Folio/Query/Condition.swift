/// A condition on records, built with operators on fields or parsed from text; a plain value.
///
/// Conditions compare a field with a literal (`==`, `!=`, `<`, `<=`, `>`, `>=`), test membership
/// (``Field/isIn(_:)``), substrings, prefixes and suffixes (``Field/contains(_:)``,
/// ``Field/hasPrefix(_:)``, ``Field/hasSuffix(_:_:)``), text under a collation that ignores case
/// or diacritics (``TextOptions``), regular expressions (``Field/matches(_:)``) and absence
/// (``Field/isNull``), and combine with `&&`, `||` and prefix `!`. The same condition can be written as text for the `folio` tool; see
/// ``init(parsing:)`` and Documentation/Querying.md.
///
/// ```swift
/// let typed: Condition = "age" < 40 && "department.name" == "QA"
/// let parsed = try Condition(parsing: "age < 40 && department.name == 'QA'")
/// typed == parsed  // true
/// ```
///
/// Comparison semantics: integers and doubles compare numerically; strings compare by their
/// UTF-8 bytes, with no locale and no normalisation, as identifiers do (`"é"` and `"e\u{301}"`
/// are different strings; dates, stored as canonical UTC ISO strings, compare by time); a missing value equals only `null`; an ordering
/// comparison involving a missing value, or values of different kinds (a string and a number),
/// is false, never an error. `!=` is the negation of `==`.
///
/// The type is called `Condition` rather than `Predicate` so that it does not clash with
/// Foundation's `Predicate` in files importing both.
public struct Condition: Sendable, Hashable, CustomStringConvertible {
  /// The comparison operators.
  enum Comparison: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
  }

  /// The text tests that take ``TextOptions``.
  enum TextTest: String, Sendable, Hashable {
    case equal = "=="
    case contains
    case beginsWith
    case endsWith
  }

  /// The predicate's syntax tree. `and` / `or` are flattened, so chains do not nest.
  indirect enum Node: Sendable, Hashable {
    case constant(Bool)
    case compare(Field, Comparison, JSONValue)
    case isIn(Field, [JSONValue])
    case contains(Field, JSONValue)
    case beginsWith(Field, String)
    /// A text test under a collation: `name ==[c] 'ann'`, `name endsWith 'son'`.
    case text(Field, TextTest, String, TextOptions)
    /// The whole string matches a regular expression (Swift `Regex` syntax).
    case matches(Field, String)
    case isNull(Field)
    case and([Node])
    case or([Node])
    case not(Node)
  }

  let node: Node

  init(_ node: Node) { self.node = node }

  /// The predicate every record matches.
  public static let all = Condition(.constant(true))

  /// The predicate no record matches.
  public static let none = Condition(.constant(false))

  /// Both predicates hold. `and` chains are flattened, so long chains stay shallow.
  public static func && (lhs: Condition, rhs: Condition) -> Condition {
    switch (lhs.node, rhs.node) {
    case (.constant(true), _): return rhs
    case (_, .constant(true)): return lhs
    case (.and(let a), .and(let b)): return Condition(.and(a + b))
    case (.and(let a), let b): return Condition(.and(a + [b]))
    case (let a, .and(let b)): return Condition(.and([a] + b))
    case (let a, let b): return Condition(.and([a, b]))
    }
  }

  /// Either predicate holds. `or` chains are flattened, so long chains stay shallow.
  public static func || (lhs: Condition, rhs: Condition) -> Condition {
    switch (lhs.node, rhs.node) {
    case (.constant(false), _): return rhs
    case (_, .constant(false)): return lhs
    case (.or(let a), .or(let b)): return Condition(.or(a + b))
    case (.or(let a), let b): return Condition(.or(a + [b]))
    case (let a, .or(let b)): return Condition(.or([a] + b))
    case (let a, let b): return Condition(.or([a, b]))
    }
  }

  /// The predicate does not hold. Double negation cancels out.
  public static prefix func ! (predicate: Condition) -> Condition {
    switch predicate.node {
    case .not(let inner): return Condition(inner)
    case .constant(let value): return Condition(.constant(!value))
    default: return Condition(.not(predicate.node))
    }
  }

  /// The fields the predicate reads, in order of first appearance.
  public var fields: [Field] {
    var result: [Field] = []
    var seen = Set<Field>()
    var stack = [node]
    while let next = stack.popLast() {
      let field: Field?
      switch next {
      case .constant: field = nil
      case .compare(let f, _, _), .isIn(let f, _), .contains(let f, _), .beginsWith(let f, _),
        .text(let f, _, _, _), .matches(let f, _), .isNull(let f):
        field = f
      case .and(let children), .or(let children):
        stack.append(contentsOf: children.reversed())
        field = nil
      case .not(let inner):
        stack.append(inner)
        field = nil
      }
      if let field, seen.insert(field).inserted { result.append(field) }
    }
    return result
  }
}
