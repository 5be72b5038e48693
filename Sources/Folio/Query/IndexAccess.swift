/// How a compiled query reads its candidate records through a secondary index (see ``Index``)
/// instead of reading every record of the entity.
///
/// An access only narrows the candidates: every candidate still passes the query's whole
/// compiled condition, so results are exactly those of a scan. The narrowing relies on the
/// index's order (``ValueOrder/sortCompare(_:_:)`` on the index's first field), which agrees
/// with the query comparisons: values equal under ``ValueOrder/equal(_:_:)`` compare as 0, and
/// values of one kind (Booleans, numbers, strings) sit together in it in the order
/// ``ValueOrder/compare(_:_:)`` gives them.
struct IndexAccess: Sendable {
  /// One end of a range.
  struct Bound: Sendable {
    var value: JSONValue
    var isInclusive: Bool
  }

  /// Which entries are read.
  enum Kind: Sendable {
    /// Entries whose first field equals one of the values (sorted, without repeats).
    case equal([JSONValue])
    /// Entries whose first field lies between the bounds (of one kind).
    case range(lower: Bound?, upper: Bound?)
    /// Entries whose first field is a string starting with the prefix (UTF-8 bytes).
    case prefix(String)
    /// Every entry, in index order (for sorting by the field).
    case all
  }

  /// The position of the index in the entity's indexes.
  let number: Int
  /// The index's declaration.
  let declaration: Index
  let kind: Kind
  /// Whether candidates come out in the query's order, so no sort is needed.
  let isOrdered: Bool
  /// For ``Kind/all``: whether to read the index backwards (a descending sort).
  let isDescending: Bool

  /// A description for ``QueryPlan``.
  var summary: String {
    let field = declaration.fields[0]
    switch kind {
    case .equal(let values) where values.count == 1: return "\(field) == \(JSONWriter.string(values[0]))"
    case .equal(let values): return "\(field) in \(JSONWriter.string(.array(values)))"
    case .range(let lower, let upper):
      var parts: [String] = []
      if let lower { parts.append("\(field) \(lower.isInclusive ? ">=" : ">") \(JSONWriter.string(lower.value))") }
      if let upper { parts.append("\(field) \(upper.isInclusive ? "<=" : "<") \(JSONWriter.string(upper.value))") }
      return parts.joined(separator: " && ")
    case .prefix(let prefix): return "\(field) beginsWith \(JSONWriter.string(.string(prefix)))"
    case .all: return "order by \(isDescending ? "-" : "")\(field)"
    }
  }

  // MARK: Planning

  /// The best access for a query on `entity` with condition `node` and sort keys `sort`, or
  /// `nil` when no index helps (the query then scans).
  ///
  /// Preference: equality to one value, `in`, a range bounded on both sides, a prefix, a range
  /// bounded on one side, then reading an index in order for a query sorted by its field.
  static func plan(
    entity: Entity, indexes: [SecondaryIndex], node: Condition.Node?, sort: [SortKey]
  ) -> IndexAccess? {
    guard !indexes.isEmpty else { return nil }
    // The single ascending sort field an access can deliver in order.
    var sortField: String?
    var sortDescending = false
    if sort.count == 1, sort[0].options.isEmpty, sort[0].field.components.count == 1,
      let attribute = entity.attribute(named: sort[0].field.path)
    {
      switch attribute.type {
      case .string, .int, .double, .bool:
        sortField = attribute.name
        sortDescending = sort[0].isDescending
      default: break
      }
    }
    let conditions: [Condition.Node]
    switch node {
    case .and(let children)?: conditions = children
    case let single?: conditions = [single]
    case nil: conditions = []
    }
    var best: (score: Int, access: IndexAccess)?
    for (number, index) in indexes.enumerated() {
      let field = index.declaration.fields[0]
      let ordered = !index.isComposite && sortField == field && !sortDescending
      let noSort = sort.isEmpty
      func consider(_ score: Int, _ kind: Kind) {
        let access = IndexAccess(
          number: number, declaration: index.declaration, kind: kind,
          isOrdered: ordered && !noSort, isDescending: false)
        let total = score * 2 + (ordered ? 1 : 0)
        if best == nil || total > best?.score ?? 0 { best = (total, access) }
      }
      var lower: Bound?
      var upper: Bound?
      for condition in conditions {
        switch condition {
        case .compare(let f, let comparison, let literal) where f.path == field:
          guard let value = Self.usable(literal, for: entity.attribute(named: field)) else { continue }
          switch comparison {
          case .equal: consider(10, .equal([value]))
          case .less, .lessOrEqual:
            let bound = Bound(value: value, isInclusive: comparison == .lessOrEqual)
            if let other = lower, ValueOrder.compare(other.value, value) == nil { continue }
            if upper.map({ ValueOrder.compare(value, $0.value) ?? 1 < 0 }) ?? true { upper = bound }
          case .greater, .greaterOrEqual:
            let bound = Bound(value: value, isInclusive: comparison == .greaterOrEqual)
            if let other = upper, ValueOrder.compare(other.value, value) == nil { continue }
            if lower.map({ ValueOrder.compare(value, $0.value) ?? -1 > 0 }) ?? true { lower = bound }
          case .notEqual: break
          }
        case .isIn(let f, let literals) where f.path == field && !literals.isEmpty:
          var values: [JSONValue] = []
          var usable = true
          for item in literals {
            guard let value = Self.usable(item, for: entity.attribute(named: field)) else {
              usable = false
              break
            }
            values.append(value)
          }
          guard usable else { continue }
          values.sort { ValueOrder.sortCompare($0, $1) < 0 }
          var distinct: [JSONValue] = []
          for value in values where distinct.last.map({ ValueOrder.sortCompare($0, value) != 0 }) ?? true {
            distinct.append(value)
          }
          consider(9, .equal(distinct))
        case .beginsWith(let f, let prefix) where f.path == field:
          consider(7, .prefix(prefix))
        default: continue
        }
      }
      if lower != nil || upper != nil {
        consider(lower != nil && upper != nil ? 8 : 6, .range(lower: lower, upper: upper))
      }
      if !index.isComposite, sortField == field, best == nil {
        best = (
          1,
          IndexAccess(
            number: number, declaration: index.declaration, kind: .all, isOrdered: true,
            isDescending: sortDescending)
        )
      }
    }
    return best?.access
  }

  /// A literal usable to narrow by: a Boolean, a number or a string (date text in canonical
  /// form for a date attribute, as the condition compares it). Other literals (null, arrays,
  /// objects) are left to a scan.
  private static func usable(_ value: JSONValue, for attribute: Attribute?) -> JSONValue? {
    switch value {
    case .bool, .int, .double: return value
    case .string(let text):
      if attribute?.type == .isoDate, let canonical = ISODate.canonicalLiteral(text) {
        return .string(canonical)
      }
      return value
    default: return nil
    }
  }

  // MARK: Reading

  /// The smallest value of `value`'s kind in the index order.
  private static func smallest(like value: JSONValue) -> JSONValue {
    switch value {
    case .bool: return .bool(false)
    case .int, .double: return .double(-.infinity)
    default: return .string("")
    }
  }

  /// Calls `body` with every candidate of `index`, in index order (reversed for a descending
  /// ``Kind/all``, with ties kept in identifier order), until it returns `false`.
  func forEachCandidate(
    _ index: SecondaryIndex, _ body: (SecondaryIndex.Entry) -> Bool
  ) {
    let composite = index.isComposite
    let lead: (JSONValue) -> JSONValue = { key in
      guard composite, case .array(let values) = key, let first = values.first else { return key }
      return first
    }
    switch kind {
    case .equal(let values):
      for value in values {
        let start = index.firstPosition { ValueOrder.sortCompare(lead($0), value) }
        var goOn = true
        index.forEach(from: start, to: index.end) { entry in
          guard ValueOrder.sortCompare(lead(entry.key), value) == 0 else { return false }
          goOn = body(entry)
          return goOn
        }
        if !goOn { return }
      }
    case .range(let lower, let upper):
      guard let kindValue = lower?.value ?? upper?.value else { return }
      let start: SecondaryIndex.Position
      if let lower {
        start = index.firstPosition { key in
          let c = ValueOrder.sortCompare(lead(key), lower.value)
          return lower.isInclusive ? c : (c <= 0 ? -1 : 1)
        }
      } else {
        let floor = Self.smallest(like: kindValue)
        start = index.firstPosition { ValueOrder.sortCompare(lead($0), floor) }
      }
      index.forEach(from: start, to: index.end) { entry in
        let key = lead(entry.key)
        if let upper {
          guard let c = ValueOrder.compare(key, upper.value), c < 0 || (upper.isInclusive && c == 0) else {
            return false
          }
        } else if ValueOrder.compare(key, kindValue) == nil {
          return false
        }
        return body(entry)
      }
    case .prefix(let prefix):
      let start = index.firstPosition { ValueOrder.sortCompare(lead($0), .string(prefix)) }
      index.forEach(from: start, to: index.end) { entry in
        guard case .string(let text) = lead(entry.key), text.utf8.starts(with: prefix.utf8) else { return false }
        return body(entry)
      }
    case .all where !isDescending:
      index.forEach(from: index.start, to: index.end, body)
    case .all:
      // Backwards, one run of equal keys at a time, each run in identifier order.
      var position = index.end
      var run: [SecondaryIndex.Entry] = []
      while position > index.start {
        position = index.before(position)
        let entry = index.entry(at: position)
        if let last = run.last, index.compareKeys(last.key, entry.key) != 0 {
          for item in run.reversed() where !body(item) { return }
          run.removeAll(keepingCapacity: true)
        }
        run.append(entry)
      }
      for item in run.reversed() where !body(item) { return }
    }
  }
}
