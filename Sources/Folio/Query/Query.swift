/// A question about one entity's records: which ones (a predicate), in which order, and which
/// slice (offset and limit). A plain, immutable value.
///
/// Modifiers return a new query and leave the original unchanged (D23), so queries can be shared
/// and refined freely:
///
/// ```swift
/// let early = Query("Click", where: "clickID" < 2)
/// let middle = early + ("clickID" > 0)  // early still matches clickID < 2 only
/// ```
///
/// Run a query with ``Store/fetch(_:)``, ``StoreState/fetch(_:)`` or the aggregate methods
/// (``StoreState/count(_:)-(Query)``, ``StoreState/min(_:in:)``, …). Names are checked against the
/// schema when the query runs.
public struct Query: Sendable, Hashable, CustomStringConvertible {
  /// The queried entity's name.
  public var entity: String
  /// The condition records must meet.
  public var predicate: Condition
  /// The order of results; empty means the entity's default sort, then identifier order.
  public var ordering: Ordering
  /// The maximum number of results, or `nil` for all.
  public var limit: Int?
  /// The number of leading results skipped.
  public var offset: Int

  /// A query on `entity`.
  ///
  /// - Parameters:
  ///   - entity: the entity's name.
  ///   - predicate: the condition; every record by default.
  ///   - ordering: the order, e.g. `"-hiredAt"` or `["-count", "name"]`.
  ///   - limit: the maximum number of results.
  ///   - offset: the number of leading results to skip.
  public init(
    _ entity: String, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) {
    self.entity = entity
    self.predicate = predicate
    self.ordering = ordering
    self.limit = limit
    self.offset = offset
  }

  /// A query on `entity` whose predicate is parsed from text (see ``Condition/init(parsing:)``).
  ///
  /// - Throws: ``QueryError`` for a malformed predicate text.
  public init(
    _ entity: String, parsing predicate: String, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) throws(QueryError) {
    self.init(
      entity, where: try Condition(parsing: predicate), sortedBy: ordering, limit: limit,
      offset: offset)
  }

  /// This query with `predicate` also required (the conditions are joined with `&&`).
  public func filter(_ predicate: Condition) -> Query {
    var copy = self
    copy.predicate = self.predicate && predicate
    return copy
  }

  /// `query.filter(predicate)`: the query with one more condition.
  public static func + (query: Query, predicate: Condition) -> Query { query.filter(predicate) }

  /// This query in another order (replacing the current one).
  public func sorted(by ordering: Ordering) -> Query {
    var copy = self
    copy.ordering = ordering
    return copy
  }

  /// This query returning at most `limit` results (`nil`: all).
  public func limited(to limit: Int?) -> Query {
    var copy = self
    copy.limit = limit
    return copy
  }

  /// This query skipping its first `offset` results.
  public func skipping(_ offset: Int) -> Query {
    var copy = self
    copy.offset = offset
    return copy
  }

  /// `Entity where predicate sortedBy keys limit n offset m`, leaving out defaults.
  public var description: String {
    var text = entity
    if predicate != .all { text += " where \(predicate)" }
    if !ordering.keys.isEmpty { text += " sortedBy \(ordering)" }
    if let limit { text += " limit \(limit)" }
    if offset != 0 { text += " offset \(offset)" }
    return text
  }
}
