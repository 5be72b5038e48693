/// One statement of an `Entity { … }` body: an identifier, an attribute or a relationship.
///
/// You do not create these yourself; ``EntityBuilder`` turns `Identifier`, `Attribute`,
/// `ToOne`, `ToMany` and `Relationship` statements into members.
public struct EntityMember: Sendable, Hashable {
  enum Storage: Sendable, Hashable {
    case identifier([String])
    case attribute(Attribute)
    case relationship(Relationship)
    case index(Index)
  }

  let storage: Storage
}
