/// Collects the entities written in a `Schema { … }` body.
///
/// Bodies may use `if`, `if`/`else` and `for`, and may include arrays of entities built
/// elsewhere:
///
/// ```swift
/// let schema = try Schema {
///   Entity("Tag") { Identifier("id"); Attribute("id", .int); Attribute("label", .string) }
///   if includeAudit {
///     Entity("AuditEntry") { Identifier("id"); Attribute("id", .int) }
///   }
/// }
/// ```
@resultBuilder public enum SchemaBuilder {
  /// One entity.
  public static func buildExpression(_ entity: Entity) -> [Entity] { [entity] }
  /// Entities built elsewhere.
  public static func buildExpression(_ entities: [Entity]) -> [Entity] { entities }
  /// The statements of a body, in order.
  public static func buildBlock(_ parts: [Entity]...) -> [Entity] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Entity]?) -> [Entity] { part ?? [] }
  /// The first branch of an `if`/`else`.
  public static func buildEither(first part: [Entity]) -> [Entity] { part }
  /// The second branch of an `if`/`else`.
  public static func buildEither(second part: [Entity]) -> [Entity] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[Entity]]) -> [Entity] { parts.flatMap { $0 } }
}

extension Schema {
  /// Builds and validates a schema from a DSL body.
  ///
  /// ```swift
  /// let shop = try Schema(keyConvention: .snakeCase) {
  ///   Entity("User") {
  ///     Identifier("uuid")
  ///     Attribute("uuid", .string)
  ///     Attribute("firstName", .string).optional()   // also read from "first_name"
  ///   }
  /// }
  /// shop.entities.count   // 1
  /// ```
  ///
  /// - Parameters:
  ///   - keyConvention: How keys are matched to names without an explicit key.
  ///   - dateFormats: Lenient date forms every `isoDate` attribute accepts.
  ///   - keyFallback: Whether a member with an explicit key also reads its own name's keys when
  ///     the explicit key is absent (``Schema/keyFallback``).
  ///   - entities: The entities, in declaration order.
  /// - Throws: ``SchemaError`` listing every problem (see ``validated()``).
  public init(
    keyConvention: KeyConvention = .exact, dateFormats: DateFormats = .strict,
    keyFallback: Bool = true, @SchemaBuilder _ entities: () -> [Entity]
  ) throws(SchemaError) {
    self = try Schema(
      entities: entities(), keyConvention: keyConvention, dateFormats: dateFormats,
      keyFallback: keyFallback
    ).validated()
  }
}
