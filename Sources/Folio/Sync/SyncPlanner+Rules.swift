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

  /// The first reason the rules give for `record` being invalid, or `nil` (D14).
  static func invalidReason(_ rules: [ValidityRule], _ record: JSONObject) -> String? {
    for rule in rules {
      if let reason = rule.reason(for: record) { return reason }
    }
    return nil
  }
}
