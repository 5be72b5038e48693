// Validators, validity rules and should-update rules of the schema-file form.

extension SchemaFileDecoder {
  mutating func validator(_ value: JSONValue, at p: String) -> Validator? {
    let keys: Set<String> = ["dropWhere", "equals", "dropIfEmpty", "trim", "custom"]
    guard let o = object(value, at: p, keys: keys, what: "a validator object") else { return nil }
    switch ruleKind(o, ["dropWhere", "dropIfEmpty", "trim", "custom"], at: p) {
    case "dropWhere":
      guard let field = string(o, "dropWhere", at: p) else { return nil }
      guard let equals = o["equals"] else {
        problem(.invalidValue, "missing required member \"equals\" (the value that drops an item)", at: p)
        return nil
      }
      return Validator(.dropWhere(field: field, equals: equals))
    case "dropIfEmpty": return string(o, "dropIfEmpty", at: p).map { Validator(.dropIfEmpty(field: $0)) }
    case "trim": return string(o, "trim", at: p).map { Validator(.trim(field: $0)) }
    case "custom":
      guard let name = string(o, "custom", at: p) else { return nil }
      guard let rule = rules.validators[name] else {
        unknownCustom("validator", name, at: p)
        return nil
      }
      return rule
    default: return nil
    }
  }

  mutating func validityRule(_ value: JSONValue, at p: String) -> ValidityRule? {
    let keys: Set<String> = ["nonEmpty", "distinct", "atLeast", "minimum", "greaterThan", "bound", "custom"]
    guard let o = object(value, at: p, keys: keys, what: "a validity rule object") else { return nil }
    switch ruleKind(o, ["nonEmpty", "distinct", "atLeast", "greaterThan", "custom"], at: p) {
    case "nonEmpty": return string(o, "nonEmpty", at: p).map { ValidityRule(.requiredNonEmpty(field: $0)) }
    case "distinct":
      let names = strings(o, "distinct", at: p)
      guard names.count == 2 else {
        problem(.invalidValue, "\"distinct\" needs exactly two attribute names", at: "\(p)/distinct")
        return nil
      }
      return ValidityRule(.distinct(names[0], names[1]))
    case "atLeast":
      guard let field = string(o, "atLeast", at: p), let minimum = number(o, "minimum", at: p) else {
        return nil
      }
      return ValidityRule(.atLeast(field: field, minimum: minimum))
    case "greaterThan":
      guard let field = string(o, "greaterThan", at: p), let bound = number(o, "bound", at: p) else {
        return nil
      }
      return ValidityRule(.greaterThan(field: field, bound: bound))
    case "custom":
      guard let name = string(o, "custom", at: p) else { return nil }
      guard let rule = rules.validityRules[name] else {
        unknownCustom("validity rule", name, at: p)
        return nil
      }
      return rule
    default: return nil
    }
  }

  mutating func updateRule(_ value: JSONValue, at p: String) -> UpdateRule? {
    let keys: Set<String> = ["whenIncreases", "custom"]
    guard let o = object(value, at: p, keys: keys, what: "a should-update rule object") else { return nil }
    switch ruleKind(o, ["whenIncreases", "custom"], at: p) {
    case "whenIncreases": return string(o, "whenIncreases", at: p).map { UpdateRule(.whenIncreases(field: $0)) }
    case "custom":
      guard let name = string(o, "custom", at: p) else { return nil }
      guard let rule = rules.updateRules[name] else {
        unknownCustom("should-update rule", name, at: p)
        return nil
      }
      return rule
    default: return nil
    }
  }

  /// The one rule-kind member present in `o`, or `nil` (reported) when none or several are.
  private mutating func ruleKind(_ o: JSONObject, _ kinds: [String], at p: String) -> String? {
    let present = kinds.filter { o[$0] != nil }
    guard present.count == 1 else {
      let list = kinds.map { "\"\($0)\"" }.joined(separator: ", ")
      problem(.invalidValue, "a rule needs exactly one of \(list)", at: p)
      return nil
    }
    return present[0]
  }

  private mutating func unknownCustom(_ kind: String, _ name: String, at p: String) {
    problem(
      .unknownCustomRule,
      "custom \(kind) \"\(name)\" is not in the registry; pass CustomRules with a rule named \"\(name)\"",
      at: "\(p)/custom")
  }
}
