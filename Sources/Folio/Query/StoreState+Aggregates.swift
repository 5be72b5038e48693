/// Aggregates over the results of a query. Missing and null values are skipped; an aggregate of
/// no values is `nil` (D23).
extension StoreState {
  /// Calls `body` with the value of `field` for each of `query`'s results (offset and limit
  /// applied), nulls skipped; `resolved` first receives the field's attribute type.
  private func forEachValue(
    of field: Field, in query: Query, numeric: Bool,
    resolved onResolve: (AttributeType?) -> Void = { _ in }, _ body: (JSONValue) -> Void
  ) throws(QueryError) {
    let compiled = try CompiledQuery(query, in: self)
    let resolved = try compiled.resolve(field)
    onResolve(resolved.attributeType)
    if numeric {
      let type = resolved.attributeType
      guard type == .int || type == .double else {
        let kind =
          resolved.relationship != nil
          ? "a relationship" : "not a number (\(type.map { "\($0)" } ?? "unknown"))"
        throw QueryError(
          code: .invalidOperand,
          message: "'\(field.path)' is \(kind); sum and average need an int or double attribute",
          entity: query.entity, field: field.path)
      }
    }
    let read = resolved.read
    if query.limit == nil && query.offset == 0 {
      // No window: no need to collect or order the rows. Each is tested on its row, and only
      // the field's value is decoded (Design/0005).
      let matcher = compiled.rowMatcher
      guard let table = tables[query.entity] else { return }
      QueryRecord.withRows(of: table) { chunk in
        for row in 0..<chunk.pointee.count {
          guard matcher?(chunk, row) ?? true, let value = read(.row(chunk, row)), value != .null else { continue }
          body(value)
        }
      }
    } else {
      for row in compiled.results(in: self) {
        if let value = read(.object(row.record)), value != .null { body(value) }
      }
    }
  }

  /// The least or greatest value of `field` in sort order.
  private func extreme(of field: Field, in query: Query, greatest: Bool) throws(QueryError)
    -> JSONValue?
  {
    var best: JSONValue?
    var isDecimal = false
    try forEachValue(of: field, in: query, numeric: false, resolved: { isDecimal = $0 == .decimal }) { value in
      guard let current = best else {
        best = value
        return
      }
      let c: Int
      if isDecimal, case .string(let a) = value, case .string(let b) = current {
        c = DecimalText.compare(a, b)  // Decimal text orders numerically, not by bytes.
      } else {
        c = ValueOrder.sortCompare(value, current)
      }
      if greatest ? c > 0 : c < 0 { best = value }
    }
    return best
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
    try extreme(of: field, in: query, greatest: false)
  }

  /// The largest value of `field` among `query`'s results, or `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the query or field does not fit the schema.
  /// - Complexity: O(*n*).
  public func max(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    try extreme(of: field, in: query, greatest: true)
  }

  /// The sum of the numeric attribute `field` over `query`'s results: an `.int` while every value
  /// is an integer and the sum fits 64 bits, else a `.double`; `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  /// - Complexity: O(*n*).
  public func sum(_ field: Field, in query: Query) throws(QueryError) -> JSONValue? {
    let total = try numericTotal(of: field, in: query)
    guard total.count > 0 else { return nil }
    return total.integer.map(JSONValue.int) ?? .double(total.real)
  }

  /// The count, exact integer sum (while it fits) and floating-point sum of the numeric values.
  private func numericTotal(of field: Field, in query: Query) throws(QueryError)
    -> (count: Int, integer: Int64?, real: Double)
  {
    var count = 0
    var integer: Int64? = 0
    var real = 0.0
    try forEachValue(of: field, in: query, numeric: true) { value in
      switch value {
      case .int(let i):
        count += 1
        real += Double(i)
        if let current = integer {
          let (sum, overflow) = current.addingReportingOverflow(i)
          integer = overflow ? nil : sum
        }
      case .double(let d):
        count += 1
        real += d
        integer = nil
      default:
        break
      }
    }
    return (count, integer, real)
  }

  /// The arithmetic mean of the numeric attribute `field` over `query`'s results, always a
  /// `Double` (the mean of 0 and 1 is 0.5); `nil` when no result has a value.
  ///
  /// - Throws: ``QueryError`` when the field is not an int or double attribute.
  /// - Complexity: O(*n*).
  public func average(_ field: Field, in query: Query) throws(QueryError) -> Double? {
    let total = try numericTotal(of: field, in: query)
    guard total.count > 0 else { return nil }
    return total.real / Double(total.count)
  }
}
