/// One key of a result order: a field, ascending or descending.
///
/// Written as text, a leading `-` means descending and an optional `+` ascending:
/// `"-hiredAt"`, `"name"`, `"department.name"`.
public struct SortKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The field to order by.
  public var field: Field
  /// Whether larger values come first.
  public var isDescending: Bool
  /// The collation strings are ordered by (``TextOptions``): with none, their UTF-8 bytes;
  /// `.caseInsensitive` puts `"ann"` and `"Ann"` together (ties then go by identifier).
  public var options: TextOptions

  /// A key on `field`, ascending unless `descending`, ordering strings under `options`.
  public init(_ field: Field, descending: Bool = false, options: TextOptions = []) {
    self.field = field
    self.isDescending = descending
    self.options = options
  }

  /// A key from its text form: `"-count"` is descending, `"name"` and `"+name"` ascending; text
  /// options follow the field: `"name[c]"`, `"-name[cd]"`.
  ///
  /// A malformed text (empty, or only a sign) is reported when the query runs, as
  /// ``QueryError/Code/invalidSortKey``.
  public init(_ text: String) {
    var body = Substring(text)
    var descending = false
    if body.hasPrefix("-") {
      descending = true
      body = body.dropFirst()
    } else if body.hasPrefix("+") {
      body = body.dropFirst()
    }
    var options: TextOptions = []
    if body.hasSuffix("]"), let open = body.lastIndex(of: "["),
      let parsed = TextOptions(letters: String(body[body.index(after: open)..<body.index(before: body.endIndex)]))
    {
      options = parsed
      body = body[..<open]
    }
    self.init(Field(String(body)), descending: descending, options: options)
  }

  /// A key from a string literal, as ``init(_:)-(String)``.
  public init(stringLiteral text: String) { self.init(text) }

  /// The key in its text form, `-field` when descending.
  public var description: String { (isDescending ? "-" : "") + field.path + options.description }

  /// The same field in the opposite direction.
  public var reversed: SortKey { SortKey(field, descending: !isDescending, options: options) }
}

/// The order of query results: sort keys applied in turn, ties broken by record identifier.
///
/// Written as one string (`"-hiredAt"`, or comma-separated `"-count,name"`) or as an array of
/// keys (`["-count", "name"]`). An empty ordering means the entity's default sort
/// (``Entity/defaultSort``), and identifier order when that is empty too.
public struct Ordering: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The keys, most significant first.
  public var keys: [SortKey]

  /// An ordering from its keys.
  public init(_ keys: [SortKey]) { self.keys = keys }

  /// An ordering from comma-separated key texts: `"-count,name"`. Blank text is no keys.
  public init(_ text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces() }
    keys = parts == [""] ? [] : parts.map { SortKey($0) }
  }

  /// An ordering from a string literal, as ``init(_:)-(String)``.
  public init(stringLiteral text: String) { self.init(text) }

  /// An ordering from an array literal of keys.
  public init(arrayLiteral keys: SortKey...) { self.init(keys) }

  /// Identifier order (or the entity's default sort).
  public static let unspecified = Ordering([SortKey]())

  /// The keys' text forms joined by commas.
  public var description: String { keys.map(\.description).joined(separator: ",") }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
