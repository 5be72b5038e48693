// Checks of attributes' value transforms.

extension SchemaChecker {
  /// Reports a transform on an identifier, one that does not fit its attribute's type, an
  /// invalid date pattern, empty words or separator, and a custom transform without closures.
  mutating func checkTransform(_ attribute: Attribute, in entity: Entity) {
    guard let transform = attribute.transform else { return }
    let (e, m) = (entity.name, attribute.name)
    if entity.identifiers.contains(m) {
      add(
        .invalidTransform,
        "identifier attribute '\(m)' cannot have a transform: identifiers are matched as given; transform the payload with a validator instead",
        entity: e, member: m)
    }
    if let fits = SchemaChecker.fittingTypes(transform), !fits.contains(attribute.type) {
      let names = fits.map(Attribute.typeName)
      let list =
        names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
      add(
        .invalidTransform,
        "transform \"\(transform.name)\" needs an attribute of type \(list), but '\(m)' is \(Attribute.typeName(attribute.type)); change the type or the transform",
        entity: e, member: m)
    }
    switch transform.kind {
    case .datePattern(let pattern):
      do {
        _ = try DatePattern(pattern.pattern, timeZone: pattern.timeZone)
      } catch {
        add(.invalidTransform, error.message, entity: e, member: m)
      }
    case .yesNo(let yes, let no):
      if yes.isEmpty || no.isEmpty || yes.lowercased() == no.lowercased() {
        add(
          .invalidTransform,
          "transform \"yesNo\" needs two different non-empty words, found \"\(yes)\" and \"\(no)\"",
          entity: e, member: m)
      }
    case .list(let separator):
      if separator.isEmpty {
        add(.invalidTransform, "transform \"list\" needs a non-empty separator", entity: e, member: m)
      }
    case .custom(let name):
      if ValueTransform.builtInNames.contains(name) {
        add(
          .invalidTransform,
          "custom transform '\(name)' has a built-in transform's name; rename it", entity: e, member: m)
      }
      if transform.read == nil || transform.write == nil {
        add(
          .missingClosure,
          "custom transform '\(name)' has no closures; create it with ValueTransform.custom(\"\(name)\", read:write:) or register it in CustomRules",
          entity: e, member: m)
      }
    case .cents:
      break
    }
  }

  /// The attribute types a built-in transform stores; `nil` for custom transforms (any type).
  static func fittingTypes(_ transform: ValueTransform) -> [AttributeType]? {
    switch transform.kind {
    case .cents: return [.double]
    case .yesNo: return [.bool]
    case .datePattern: return [.isoDate]
    case .list: return [.array(.string), .array(.int), .array(.double), .array(.bool)]
    case .custom: return nil
    }
  }
}
