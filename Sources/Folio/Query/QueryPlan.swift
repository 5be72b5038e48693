/// How a query reads its records: through a secondary index (see ``Index``) or by scanning every
/// record of the entity. Returned by ``StoreState/explain(_:)`` and printed by
/// `folio query --explain`.
///
/// ```swift
/// let plan = try store.explain(Query("Person", where: "email" == "ada@example.com"))
/// plan.index          // ["email"]
/// plan.description    // "index Person(email): email == \"ada@example.com\""
/// ```
public struct QueryPlan: Sendable, Hashable, CustomStringConvertible {
  /// The queried entity.
  public var entity: String
  /// The fields of the index used, or `nil` for a scan.
  public var index: [String]?
  /// What the index reads (`email == "ada@example.com"`, `age >= 18 && age < 65`,
  /// `name beginsWith "Ad"`, `order by -age`), or `nil` for a scan.
  public var access: String?
  /// Whether the index delivers the results in the query's order, so they are not sorted.
  public var isOrdered: Bool

  /// Creates a plan description.
  public init(entity: String, index: [String]?, access: String?, isOrdered: Bool) {
    self.entity = entity
    self.index = index
    self.access = access
    self.isOrdered = isOrdered
  }

  /// `index Person(email): email == "ada@example.com"` (with `, in order` when no sort is
  /// needed), or `scan Person` when no index helps.
  public var description: String {
    guard let index, let access else { return "scan \(entity)" }
    return "index \(entity)(\(index.joined(separator: ", "))): \(access)" + (isOrdered ? ", in order" : "")
  }
}

extension StoreState {
  /// How `query` would read its records: which index narrows them, or a scan. The result of
  /// ``fetch(_:)`` is the same either way; only the work differs.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func explain(_ query: Query) throws(QueryError) -> QueryPlan {
    let compiled = try CompiledQuery(query, in: self)
    guard let access = compiled.access else {
      return QueryPlan(entity: query.entity, index: nil, access: nil, isOrdered: false)
    }
    return QueryPlan(
      entity: query.entity, index: access.declaration.fields, access: access.summary,
      isOrdered: access.isOrdered)
  }
}

extension Store {
  /// How `query` would read the latest committed state; see ``StoreState/explain(_:)``.
  ///
  /// - Throws: ``QueryError`` when the query does not fit the schema.
  public func explain(_ query: Query) throws(QueryError) -> QueryPlan { try state.explain(query) }
}
