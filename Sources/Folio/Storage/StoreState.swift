/// The entity and identifier of one record.
public struct RecordKey: Sendable, Hashable, CustomStringConvertible {
  /// The entity's name.
  public var entity: String
  /// The record's identifier.
  public var id: RecordID

  /// Creates a key.
  public init(_ entity: String, _ id: RecordID) {
    self.entity = entity
    self.id = id
  }

  /// `Entity id`, e.g. `Employee 7`.
  public var description: String { "\(entity) \(id)" }
}

/// An immutable, consistent view of every record in a store at one generation.
///
/// A state is a value: copying it is cheap (copy-on-write per shard), and a copy never changes
/// when the store commits. Records use local attribute and relationship names in canonical form
/// (see Documentation/FileFormat.md).
public struct StoreState: Sendable {
  /// The schema the records follow.
  public var schema: Schema { index.schema }
  /// The commit counter: 0 for a new store, +1 per commit that changed something.
  public internal(set) var generation: UInt64
  let index: SchemaIndex
  var tables: EntityTables
  /// For relationships without an inverse: `"Source.rel"` → target id → source ids.
  var reverse: [String: [RecordID: Set<RecordID>]]
  /// The in-memory secondary indexes the schema declares (``Index``).
  var secondary: SecondaryIndexes

  /// An empty state for `schema`.
  init(schema: Schema, generation: UInt64 = 0) {
    index = SchemaIndex(schema)
    self.generation = generation
    tables = EntityTables()
    for entity in schema.entities { tables[entity.name] = EntityTable(layout: index.layout(entity.name)) }
    reverse = [:]
    secondary = SecondaryIndexes(schema: schema)
  }

  /// The record of `entity` with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public func record(_ entity: String, _ id: RecordID) -> JSONObject? {
    tables.record(entity, id)
  }

  /// The number of records of `entity` (0 for an unknown entity).
  public func count(_ entity: String) -> Int {
    tables[entity]?.count ?? 0
  }

  /// The identifiers of `entity`'s records, in identifier order.
  ///
  /// - Complexity: O(*n* log *n*).
  public func ids(_ entity: String) -> [RecordID] {
    (tables[entity]?.ids ?? []).sorted()
  }

  /// Calls `body` for every record of `entity`, in no particular order.
  ///
  /// - Complexity: O(*n*).
  public func forEachRecord(
    of entity: String, _ body: (RecordID, JSONObject) throws -> Void
  ) rethrows {
    try tables[entity]?.forEach(body)
  }

  /// The identifiers of records whose relationships point at `key`, with the relationship name.
  ///
  /// - Complexity: O(*k*) in the number of relationships targeting the entity and of referrers.
  func referrers(of key: RecordKey) -> [(source: RecordKey, relationship: String)] {
    guard let info = index.entities[key.entity] else { return [] }
    var result: [(RecordKey, String)] = []
    // Relationships declared with an inverse: read the inverse field of the record itself.
    if let record = record(key.entity, key.id) {
      for own in info.relationships {
        guard let inverse = own.inverse else { continue }
        for target in StoreState.targets(
          in: record[own.relationship.name], toMany: own.relationship.isToMany)
        {
          result.append((RecordKey(own.relationship.target, target), inverse.name))
        }
      }
    }
    for incoming in info.incomingWithoutInverse {
      for source in reverse[incoming.reverseKey]?[key.id] ?? [] {
        result.append((RecordKey(incoming.source, source), incoming.relationship.name))
      }
    }
    return result
  }

  /// The target identifiers held by a stored relationship value: for a to-one, the value is one
  /// identifier (an array for a composite one); for a to-many, an array of identifiers.
  static func targets(in value: JSONValue?, toMany: Bool) -> [RecordID] {
    guard let value else { return [] }
    if toMany {
      guard case .array(let elements) = value else { return [] }
      return elements.compactMap(RecordID.init(json:))
    }
    return RecordID(json: value).map { [$0] } ?? []
  }
}

