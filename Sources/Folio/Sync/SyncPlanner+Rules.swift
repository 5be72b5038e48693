extension SyncPlanner {
  /// Runs a validator on an item: the rewritten item, or `nil` when it drops it (D14).
  static func run(_ validator: Validator, on item: JSONObject) -> JSONObject? {
    if let transform = validator.transform { return transform(item) }
    switch validator.kind {
    case .dropWhere(let field, let value):
      return JSONKeyPath(field).value(in: item) == value ? nil : item
    case .dropIfEmpty(let field):
      switch JSONKeyPath(field).value(in: item) {
      case nil, .null?, .string("")?: return nil
      default: return item
      }
    case .trim(let field):
      let path = JSONKeyPath(field)
      guard case .string(let text)? = path.value(in: item) else { return item }
      var copy = item
      path.set(.string(trimmed(text)), in: &copy)
      return copy
    case .custom:
      return item
    }
  }

  /// `text` without leading and trailing white space.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    return String(scalars[first...last])
  }

  /// A validator as people read it in reports.
  static func describe(_ validator: Validator) -> String {
    switch validator.kind {
    case .dropWhere(let field, let value): return "dropWhere(\(field) == \(JSONWriter.string(value)))"
    case .dropIfEmpty(let field): return "dropIfEmpty(\(field))"
    case .trim(let field): return "trim(\(field))"
    case .custom(let name): return "'\(name)'"
    }
  }

  /// An update rule as people read it in reports.
  static func describe(_ rule: UpdateRule) -> String {
    switch rule.kind {
    case .whenIncreases(let field): return "whenIncreases(\(field))"
    case .custom(let name): return "'\(name)'"
    }
  }

  /// Whether `rule` lets `stored` become `incoming` (both keyed by attribute names).
  static func allows(_ rule: UpdateRule, stored: JSONObject, incoming: JSONObject) -> Bool {
    if let decide = rule.decide { return decide(stored, incoming) }
    switch rule.kind {
    case .whenIncreases(let field):
      guard let new = incoming[field], !new.isNull else { return false }
      guard let old = stored[field], !old.isNull else { return true }
      switch (old, new) {
      case (.string(let a), .string(let b)): return JSONObject.keyPrecedes(a, b)
      default:
        guard let a = old.doubleValue, let b = new.doubleValue else { return false }
        return b > a
      }
    case .custom:
      return true
    }
  }

  /// The first reason the rules give for `record` being invalid, or `nil` (D14).
  static func invalidReason(_ rules: [ValidityRule], _ record: JSONObject) -> String? {
    for rule in rules {
      if let reason = reason(rule, record) { return reason }
    }
    return nil
  }

  private static func reason(_ rule: ValidityRule, _ record: JSONObject) -> String? {
    if let check = rule.check { return check(record) }
    switch rule.kind {
    case .requiredNonEmpty(let field):
      switch record[field] {
      case nil, .null?, .string("")?: return "'\(field)' must not be empty"
      case .array(let elements)? where elements.isEmpty: return "'\(field)' must not be empty"
      default: return nil
      }
    case .distinct(let a, let b):
      return record[a] == record[b] ? "'\(a)' and '\(b)' must differ" : nil
    case .atLeast(let field, let minimum):
      guard let value = record[field]?.doubleValue else { return nil }
      return value >= minimum ? nil : "'\(field)' must be at least \(format(minimum)), found \(format(value))"
    case .greaterThan(let field, let bound):
      guard let value = record[field]?.doubleValue else { return nil }
      return value > bound ? nil : "'\(field)' must be greater than \(format(bound)), found \(format(value))"
    case .custom:
      return nil
    }
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
