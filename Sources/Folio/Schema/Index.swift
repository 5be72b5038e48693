/// A secondary index of an entity: its records kept in the order of one or more attributes, so
/// queries on those attributes find their records without reading every record.
///
/// Indexes live in memory only: they are built when a store opens and kept up to date by every
/// commit. They are not written to shard files, so adding or removing one needs no migration and
/// does not change the schema's ``Schema/fingerprint``. A unique index refuses a commit that
/// would leave two records with the same values in its fields (records where one of the fields
/// is missing or `null` are not compared).
///
/// ```swift
/// let person = Entity("Person") {
///   Identifier("id")
///   Attribute("id", .int)
///   Attribute("lastName", .string)
///   Attribute("firstName", .string)
///   Index("lastName", "firstName").unique()
/// }
/// person.allIndexes.count   // 1
/// ```
public struct Index: Sendable, Hashable {
  /// The indexed attributes, most significant first.
  public var fields: [String]
  /// Whether two records may not share the same values in ``fields``.
  public var isUnique: Bool

  /// Creates an index over `fields`, most significant first.
  ///
  /// - Parameters:
  ///   - fields: Attribute names of the entity.
  ///   - isUnique: Whether the index refuses duplicate values.
  public init(fields: [String], isUnique: Bool = false) {
    self.fields = fields
    self.isUnique = isUnique
  }

  /// Declares an index over `fields` in an entity body.
  ///
  /// - Parameter fields: Attribute names of the entity, most significant first.
  public init(_ fields: String...) {
    self.init(fields: fields)
  }

  /// Makes the index unique.
  ///
  /// - Parameter isUnique: Whether the index refuses duplicate values.
  /// - Returns: A copy with the flag set.
  public func unique(_ isUnique: Bool = true) -> Index {
    var copy = self
    copy.isUnique = isUnique
    return copy
  }

  /// `lastName, firstName` (with ` unique` for a unique index).
  var label: String { fields.joined(separator: ", ") + (isUnique ? " unique" : "") }
}

extension Entity {
  /// Every index of the entity: one per attribute marked ``Attribute/indexed(_:)`` (in
  /// declaration order), then ``indexes``, without repeats.
  public var allIndexes: [Index] {
    var result: [Index] = []
    for attribute in attributes where attribute.isIndexed {
      result.append(Index(fields: [attribute.name]))
    }
    for index in indexes where !result.contains(index) {
      if let same = result.firstIndex(where: { $0.fields == index.fields }) {
        result[same].isUnique = result[same].isUnique || index.isUnique
      } else {
        result.append(index)
      }
    }
    return result
  }
}
