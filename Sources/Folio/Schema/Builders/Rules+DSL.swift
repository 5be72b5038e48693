extension Validator {
  /// Drops items whose value at the payload key path `field` equals `value`.
  ///
  /// ```swift
  /// .validate(.dropWhere("active", equals: false))
  /// ```
  public static func dropWhere(_ field: String, equals value: JSONValue) -> Validator {
    Validator(.dropWhere(field: field, equals: value))
  }

  /// Drops items whose value at `field` is missing, `null` or `""`.
  public static func dropIfEmpty(_ field: String) -> Validator {
    Validator(.dropIfEmpty(field: field))
  }

  /// Trims leading and trailing whitespace of the string at `field`.
  public static func trim(_ field: String) -> Validator { Validator(.trim(field: field)) }
}

extension ValidityRule {
  /// The attribute (or relationship) must be present, not null, and not `""` or `[]`.
  ///
  /// ```swift
  /// .validity(.nonEmpty("origin"), .distinct("origin", "destination"))
  /// ```
  public static func nonEmpty(_ field: String) -> ValidityRule {
    ValidityRule(.requiredNonEmpty(field: field))
  }

  /// The two attributes must differ when both are present.
  public static func distinct(_ first: String, _ second: String) -> ValidityRule {
    ValidityRule(.distinct(first, second))
  }

  /// The numeric attribute must be at least `minimum` when present.
  public static func atLeast(_ field: String, _ minimum: Double) -> ValidityRule {
    ValidityRule(.atLeast(field: field, minimum: minimum))
  }

  /// The numeric attribute must be greater than `bound` when present.
  public static func greaterThan(_ field: String, _ bound: Double) -> ValidityRule {
    ValidityRule(.greaterThan(field: field, bound: bound))
  }
}

extension UpdateRule {
  /// Update only when the incoming value of the attribute `field` is greater than the stored one.
  ///
  /// ```swift
  /// .shouldUpdate(.whenIncreases("version"))
  /// ```
  public static func whenIncreases(_ field: String) -> UpdateRule {
    UpdateRule(.whenIncreases(field: field))
  }
}
