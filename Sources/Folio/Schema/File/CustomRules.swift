/// The Swift closures of custom rules and custom value transforms, by name, for decoding schema
/// files.
///
/// A schema file records a custom rule only by name (`{"custom": "uppercase"}`); decoding it
/// needs the closure, which comes from this registry. Build one from the rules themselves, or
/// collect every custom rule of a DSL schema.
///
/// ```swift
/// let rules = CustomRules(validators: [
///   .custom("uppercase") { item in item }
/// ])
/// let schema = try Schema(fileBytes: bytes, customRules: rules)
/// // or: CustomRules(collectingFrom: dslSchema)
/// ```
public struct CustomRules: Sendable {
  var validators: [String: Validator] = [:]
  var validityRules: [String: ValidityRule] = [:]
  var updateRules: [String: UpdateRule] = [:]
  var transforms: [String: ValueTransform] = [:]

  /// No custom rules: decoding a file that names one fails with
  /// ``SchemaError/Code/unknownCustomRule``.
  public static let none = CustomRules()

  /// A registry of custom rules; declarative rules passed in are ignored. A later rule with
  /// the same name replaces an earlier one.
  ///
  /// - Parameters:
  ///   - validators: Validators made with ``Validator/custom(_:_:)``.
  ///   - validityRules: Rules made with ``ValidityRule/custom(_:_:)``.
  ///   - updateRules: Rules made with ``UpdateRule/custom(_:_:)``.
  ///   - transforms: Value transforms made with ``ValueTransform/custom(_:read:write:)``,
  ///     named by attributes' `"transform"` in schema files.
  public init(
    validators: [Validator] = [], validityRules: [ValidityRule] = [],
    updateRules: [UpdateRule] = [], transforms: [ValueTransform] = []
  ) {
    for rule in validators {
      if case .custom(let name) = rule.kind, rule.transform != nil { self.validators[name] = rule }
    }
    for rule in validityRules {
      if case .custom(let name) = rule.kind, rule.check != nil { self.validityRules[name] = rule }
    }
    for rule in updateRules {
      if case .custom(let name) = rule.kind, rule.decide != nil { self.updateRules[name] = rule }
    }
    for transform in transforms {
      if case .custom(let name) = transform.kind, transform.read != nil {
        self.transforms[name] = transform
      }
    }
  }

  /// Every custom rule and custom value transform (with its closures) used anywhere in `schema`.
  ///
  /// - Complexity: O(*n*) in the number of rules.
  public init(collectingFrom schema: Schema) {
    self.init(
      validators: schema.entities.flatMap(\.validators),
      validityRules: schema.entities.flatMap(\.validityRules),
      updateRules: schema.entities.compactMap(\.shouldUpdate),
      transforms: schema.entities.flatMap { $0.attributes.compactMap(\.transform) })
  }
}
