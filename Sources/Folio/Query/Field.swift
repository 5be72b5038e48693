import Foundation

/// A field named in a query: an attribute or relationship of the queried entity, or a key path
/// through to-one relationships (`"department.name"`).
///
/// A string literal is a field wherever one is expected, so predicates read like the data:
///
/// ```swift
/// let young: Condition = "age" < 40 && "department.name" == "QA"
/// ```
///
/// Write `Field("age")` where Swift would otherwise pick `String`'s own operators (for example
/// `let same = Field("name") == "QA"` outside a predicate context).
public struct Field: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key path's components: `["department", "name"]` for `"department.name"`.
  public let components: [String]

  /// A field from its key path text; components are separated by dots.
  ///
  /// The path is checked against the schema when the query runs: every component but the last
  /// must be a to-one relationship, the last an attribute or relationship.
  public init(_ path: String) {
    components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// A field from a string literal, as ``init(_:)``.
  public init(stringLiteral path: String) { self.init(path) }

  init(components: [String]) { self.components = components }

  /// The key path text, components joined by dots.
  public var path: String { components.joined(separator: ".") }

  /// The key path text.
  public var description: String { path }
}

/// A Swift value that can appear on the right of a predicate operator: it has a JSON form in the
/// store's canonical representation.
///
/// Integers, doubles, strings, Booleans, `Date`s (as canonical UTC ISO strings), record
/// identifiers and `JSONValue` itself conform.
public protocol QueryValue: Sendable {
  /// The value in the store's canonical JSON form.
  var queryValue: JSONValue { get }
}

extension Int: QueryValue {
  /// The integer as a JSON integer.
  public var queryValue: JSONValue { .int(Int64(self)) }
}

extension Int64: QueryValue {
  /// The integer as a JSON integer.
  public var queryValue: JSONValue { .int(self) }
}

extension Int32: QueryValue {
  /// The integer as a JSON integer.
  public var queryValue: JSONValue { .int(Int64(self)) }
}

extension Double: QueryValue {
  /// The number as a JSON double.
  public var queryValue: JSONValue { .double(self) }
}

extension String: QueryValue {
  /// The text as a JSON string.
  public var queryValue: JSONValue { .string(self) }
}

extension Bool: QueryValue {
  /// The Boolean as a JSON Boolean.
  public var queryValue: JSONValue { .bool(self) }
}

extension Date: QueryValue {
  /// The instant as a canonical UTC ISO string with millisecond precision
  /// (`"2014-07-06T07:59:00.000Z"`), the form dates are stored in, so comparisons are by time.
  public var queryValue: JSONValue {
    let milliseconds = (timeIntervalSince1970 * 1000).rounded(.down)
    guard let ms = Int64(exactly: milliseconds), let text = ISODate.string(fromMilliseconds: ms)
    else { return .null }
    return .string(text)
  }
}

extension RecordID: QueryValue {
  /// The identifier's stored JSON form, so `"department" == someDepartmentID` compares links.
  public var queryValue: JSONValue { jsonValue }
}

extension JSONValue: QueryValue {
  /// The value itself.
  public var queryValue: JSONValue { self }
}
