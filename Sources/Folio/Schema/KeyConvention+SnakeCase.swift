extension KeyConvention {
  /// The snake_case form of a camelCase name, as ``KeyConvention/snakeCase`` matches it.
  ///
  /// Words start at an uppercase letter that follows a lowercase letter or digit, and at the last
  /// capital of an acronym that is followed by a lowercase letter. Everything is lowercased;
  /// names that are already snake_case come back unchanged.
  ///
  /// ```swift
  /// KeyConvention.snakeCased("firstName")       // "first_name"
  /// KeyConvention.snakeCased("userID")          // "user_id"
  /// KeyConvention.snakeCased("URLString")       // "url_string"
  /// KeyConvention.snakeCased("numberOfOrders")  // "number_of_orders"
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `name`.
  public static func snakeCased(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (i, scalar) in scalars.enumerated() {
      if isUpper(scalar), i > 0 {
        let previous = scalars[i - 1]
        let nextIsLower = i + 1 < scalars.count && isLower(scalars[i + 1])
        if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
          out.append("_")
        }
      }
      if isUpper(scalar), let lower = Unicode.Scalar(scalar.value + 0x20) {
        out.append(lower)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The PascalCase form of a name, as ``KeyConvention/snakeCase`` also matches it: each word
  /// (split at underscores) starts with a capital, the rest is kept.
  ///
  /// ```swift
  /// KeyConvention.pascalCased("mobilePhone")  // "MobilePhone"
  /// KeyConvention.pascalCased("id")           // "Id"
  /// KeyConvention.pascalCased("first_name")   // "FirstName"
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `name`.
  public static func pascalCased(_ name: String) -> String {
    var out = String.UnicodeScalarView()
    var startsWord = true
    for scalar in name.unicodeScalars {
      if scalar == "_", !out.isEmpty {
        startsWord = true
        continue
      }
      if startsWord, isLower(scalar), let upper = Unicode.Scalar(scalar.value - 0x20) {
        out.append(upper)
      } else {
        out.append(scalar)
      }
      startsWord = false
    }
    return String(out)
  }

  private static func isUpper(_ s: Unicode.Scalar) -> Bool { s.value >= 0x41 && s.value <= 0x5A }
  private static func isLower(_ s: Unicode.Scalar) -> Bool { s.value >= 0x61 && s.value <= 0x7A }
  private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

  /// The English singular of a snake_case plural, for `<singular>_ids` reference keys:
  /// `members` → `member`, `categories` → `category`, `boxes` → `box`, `addresses` → `address`;
  /// `nil` for a name that does not end in `s` (or ends in `ss`).
  static func singular(_ plural: String) -> String? {
    guard plural.count > 1, plural.hasSuffix("s"), !plural.hasSuffix("ss") else { return nil }
    if plural.hasSuffix("ies"), plural.count > 3 { return String(plural.dropLast(3)) + "y" }
    for ending in ["sses", "xes", "ches", "shes", "zes"] where plural.hasSuffix(ending) {
      return String(plural.dropLast(2))
    }
    return String(plural.dropLast())
  }
}
