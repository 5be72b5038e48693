extension SyncPlanner {
  /// Runs a validator on an item: the rewritten item, or `nil` when it drops it (D14).
  static func run(_ validator: Validator, on item: JSONObject) -> JSONObject? {
    validator.apply(to: item)
  }

  /// A validator as people read it in reports.
  static func describe(_ validator: Validator) -> String {
    switch validator.kind {
    case .dropWhere(let field, let value):
      return "dropWhere(\(field) == \(JSONWriter.string(value)))"
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
    rule.allows(stored: stored, incoming: incoming)
  }

  /// The first reason the rules give for `record` being invalid, with the attribute the rule
  /// checks when it checks one (for the pointer), or `nil` (D14).
  static func invalidRule(_ rules: [ValidityRule], _ record: JSONObject)
    -> (reason: String, field: String?)?
  {
    for rule in rules {
      guard let reason = rule.reason(for: record) else { continue }
      switch rule.kind {
      case .requiredNonEmpty(let field), .atLeast(let field, _), .greaterThan(let field, _):
        return (reason, field)
      case .distinct, .custom:
        return (reason, nil)
      }
    }
    return nil
  }
}
