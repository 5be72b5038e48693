// The schema-file form of value transforms: `"transform": "cents"` or an object with parameters.

extension SchemaError.Code {
  /// A schema file names a value transform that is neither built in nor in the ``CustomRules``
  /// registry.
  public static let unknownTransform = SchemaError.Code("unknownTransform")
  /// A value transform that cannot be used: an invalid date pattern or time zone, empty words
  /// or separator, a transform on an identifier, or one that does not fit the attribute's type.
  public static let invalidTransform = SchemaError.Code("invalidTransform")
}

extension ValueTransform {
  /// The schema-file form: the name alone when the transform has no parameters (or default
  /// ones), else an object with `name` and the parameters.
  ///
  /// ```swift
  /// JSONWriter.string(ValueTransform.cents.fileValue)                    // "cents"
  /// JSONWriter.string(ValueTransform.list(separator: ";").fileValue)     // {"name":"list","separator":";"}
  /// ```
  public var fileValue: JSONValue {
    switch kind {
    case .cents, .custom: return .string(name)
    case .yesNo(let yes, let no):
      if yes == "yes" && no == "no" { return .string(name) }
      return ["name": .string(name), "yes": .string(yes), "no": .string(no)]
    case .list(let separator):
      if separator == "," { return .string(name) }
      return ["name": .string(name), "separator": .string(separator)]
    case .datePattern(let pattern):
      var o: JSONObject = ["name": .string(name), "pattern": .string(pattern.pattern)]
      if pattern.timeZone != "UTC" { o["timeZone"] = .string(pattern.timeZone) }
      return .object(o)
    }
  }
}

extension SchemaFileDecoder {
  /// The transform an attribute's `"transform"` member names, or `nil` after noting why not.
  mutating func transform(_ value: JSONValue, at p: String) -> ValueTransform? {
    if case .string(let name) = value {
      switch name {
      case "cents": return .cents
      case "yesNo": return .yesNo
      case "list": return .list()
      case "datePattern":
        problem(
          .invalidTransform,
          "transform \"datePattern\" needs a pattern; write {\"name\": \"datePattern\", \"pattern\": \"dd/MM/yyyy\"}",
          at: p)
        return nil
      default: return custom(name, at: p)
      }
    }
    // Members are checked against the named transform's parameters below.
    guard case .object(let o) = value else {
      problem(.invalidValue, "expected a transform name or object, found \(value.kindName)", at: p)
      return nil
    }
    guard let name = string(o, "name", at: p, required: true) else { return nil }
    let allowed: Set<String>
    var result: ValueTransform?
    switch name {
    case "cents":
      allowed = ["name"]
      result = .cents
    case "yesNo":
      allowed = ["name", "yes", "no"]
      result = .yesNo(yes: string(o, "yes", at: p) ?? "yes", no: string(o, "no", at: p) ?? "no")
    case "list":
      allowed = ["name", "separator"]
      result = .list(separator: string(o, "separator", at: p) ?? ",")
    case "datePattern":
      allowed = ["name", "pattern", "timeZone"]
      if let pattern = string(o, "pattern", at: p, required: true) {
        let timeZone = string(o, "timeZone", at: p) ?? "UTC"
        do {
          result = ValueTransform(.datePattern(try DatePattern(pattern, timeZone: timeZone)))
        } catch {
          let member = DatePattern.offset(timeZone) == nil ? "timeZone" : "pattern"
          problem(.invalidTransform, error.message, at: "\(p)/\(member)")
        }
      }
    default:
      allowed = ["name"]
      result = custom(name, at: "\(p)/name")
    }
    for key in o.keys where !allowed.contains(key) {
      problem(
        .invalidValue, "transform \"\(name)\" takes no member \"\(key)\"",
        at: Self.pointer(p, key))
    }
    return result
  }

  private mutating func custom(_ name: String, at p: String) -> ValueTransform? {
    if let transform = rules.transforms[name] { return transform }
    problem(
      .unknownTransform,
      "unknown transform \"\(name)\"; use cents, yesNo, datePattern or list, or register a custom transform named \"\(name)\" in CustomRules",
      at: p)
    return nil
  }
}
