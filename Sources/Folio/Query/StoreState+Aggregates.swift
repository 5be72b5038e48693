/// Aggregates over the results of a query. Missing and null values are skipped; an aggregate of
/// no values is `nil` (D23).
extension StoreState {
  /// The values of `field` over `query`'s results (offset and limit applied), nulls skipped.
  private func values(of field: Field, in query: Query, numeric: Bool) throws(QueryError) -> [JSONValue] {
    let compiled = try CompiledQuery(query, in: self)
    let resolved = try compiled.resolve(field)
    if numeric {
      let type = resolved.attributeType
      guard type == .int || type == .double else {
        let kind = resolved.relationship != nil ? "a relationship" : "not a number (\(type.map { "\($0)" } ?? "unknown"))"
        throw QueryError(
          code: .invalidOperand, message: "'\(field.path)' is \(kind); sum and average need an int or double attribute",
          entity: query.entity, field: field.path)
      }
    }
    let rows =
      query.limit == nil && query.offset == 0 ? compiled.matchingRows(in: self) : compiled.results(in: self)
    var result: [JSONValue] = []
    result.reserveCapacity(rows.count)
    for row in rows {
      if let value = resolved.read(row.record), value != .null { result.append(value) }
    }
    return result
  }

  /// The smallest value of `field` among `query`'s results, in sort order (numbers compare
  /// numerically, strings and ISO dates by text), or `nil` when no result has a value.
  ///
  /// ```swift
  /// try state.min("clickID", in: Query("Click"))  // 0
  /// ```
  ///
  /// - Throws: ``QueryError`` when the query or field does not fit the schema.
  /// - Complexity: O(*n*).
  public func min(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try values(of: field, in: query, numeric: false).min { ValueOrder.sortCompare($0, $1) < 0 }
  }

  /// The largest value of `field` among `query`'s results, or `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the query or field does not fit the schema.
  /// - Complexity: O(*n*).
  public func max(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try values(of: field, in: query, numeric: false).max { ValueOrder.sortCompare($0, $1) < 0 }
  }

  /// The sum of the numeric attribute `field` over `query`'s results: an `.int` while every value
  /// is an integer and the sum fits 64 bits, else a `.double`; `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  /// - Complexity: O(*n*).
  public func sum(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    let values = try values(of: field, in: query, numeric: true)
    guard !values.isEmpty else { return nil }
    var integer: Int64? = 0
    var real = 0.0
    for value in values {
      switch value {
      case .int(let i):
        real += Double(i)
        if let current = integer {
          let (sum, overflow) = current.addingReportingOverflow(i)
          integer = overflow ? nil : sum
        }
      case .double(let d):
        real += d
        integer = nil
      default:
        continue
      }
    }
    return integer.map(JSONValue.int) ?? .double(real)
  }

  /// The arithmetic mean of the numeric attribute `field` over `query`'s results, always a
  /// `Double` (the mean of 0 and 1 is 0.5); `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  /// - Complexity: O(*n*).
  public func average(_ field: Field, in query: Query) throws(QueryError) -> Double? {
    let numbers = try values(of: field, in: query, numeric: true).compactMap(\.doubleValue)
    guard !numbers.isEmpty else { return nil }
    return numbers.reduce(0, +) / Double(numbers.count)
  }
}
