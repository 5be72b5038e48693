/// Collects the members written in an `Entity("Name") { … }` body.
///
/// ```swift
/// let employee = Entity("Employee") {
///   Identifier("id")
///   Attribute("id", .int)
///   for field in ["nickname", "title"] {
///     Attribute(field, .string).optional()
///   }
///   ToOne("department", "Department")
/// }
/// employee.attributes.count   // 3
/// ```
@resultBuilder public enum EntityBuilder {
  /// An identifier declaration.
  public static func buildExpression(_ identifier: Identifier) -> [EntityMember] {
    [EntityMember(storage: .identifier(identifier.attributes))]
  }
  /// An attribute.
  public static func buildExpression(_ attribute: Attribute) -> [EntityMember] {
    [EntityMember(storage: .attribute(attribute))]
  }
  /// A relationship written as a value.
  public static func buildExpression(_ relationship: Relationship) -> [EntityMember] {
    [EntityMember(storage: .relationship(relationship))]
  }
  /// A to-one relationship.
  public static func buildExpression(_ relationship: ToOne) -> [EntityMember] {
    [EntityMember(storage: .relationship(relationship.relationship))]
  }
  /// A to-many relationship.
  public static func buildExpression(_ relationship: ToMany) -> [EntityMember] {
    [EntityMember(storage: .relationship(relationship.relationship))]
  }
  /// An index declaration (`Index("lastName", "firstName")`).
  public static func buildExpression(_ index: Index) -> [EntityMember] {
    [EntityMember(storage: .index(index))]
  }
  /// Attributes built elsewhere.
  public static func buildExpression(_ attributes: [Attribute]) -> [EntityMember] {
    attributes.map { EntityMember(storage: .attribute($0)) }
  }
  /// The statements of a body, in order.
  public static func buildBlock(_ parts: [EntityMember]...) -> [EntityMember] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [EntityMember]?) -> [EntityMember] { part ?? [] }
  /// The first branch of an `if`/`else`.
  public static func buildEither(first part: [EntityMember]) -> [EntityMember] { part }
  /// The second branch of an `if`/`else`.
  public static func buildEither(second part: [EntityMember]) -> [EntityMember] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[EntityMember]]) -> [EntityMember] {
    parts.flatMap { $0 }
  }
}
