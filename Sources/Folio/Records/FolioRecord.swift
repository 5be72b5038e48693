/// A `Codable` type bound to one entity of the schema, so an app's own models go in and out of
/// the store without entity names or string keys.
///
/// Its coding keys are the entity's attribute and relationship names (or, with a
/// ``recordDecoder`` and ``recordEncoder`` using ``RecordKeyStrategy/convertFromSnakeCase``,
/// their snake_case forms). A to-one relationship is the target's identifier, a to-many an array
/// of them. Fields the type leaves out are kept as stored when it updates a record.
///
/// ```swift
/// struct Repo: FolioRecord, Equatable {
///   static let entityName = "Repo"
///   var number: Int
///   var fullName: String
///   var state: String
///   var closedAt: Date?
/// }
///
/// try store.insert(Repo(number: 1, fullName: "apple/swift", state: "open"))
/// let open = try store.fetch(Repo.self, where: "state" == "open", sortedBy: "-number")
/// let newest = try store.first(Repo.self, sortedBy: "-number")   // Repo(number: 1, …)
/// ```
public protocol FolioRecord: Codable {
  /// The name of the entity this type's records belong to.
  static var entityName: String { get }
  /// The decoder that reads this type from records; ``RecordDecoder/init(keyStrategy:dateStrategy:)``
  /// with its defaults unless the type says otherwise.
  static var recordDecoder: RecordDecoder { get }
  /// The encoder that writes this type as records; ``RecordEncoder/init(keyStrategy:dateStrategy:)``
  /// with its defaults unless the type says otherwise.
  static var recordEncoder: RecordEncoder { get }
}

extension FolioRecord {
  /// A decoder with the default strategies (coding keys are field names, dates ISO-8601).
  public static var recordDecoder: RecordDecoder { RecordDecoder() }
  /// An encoder with the default strategies (coding keys are field names, dates ISO-8601).
  public static var recordEncoder: RecordEncoder { RecordEncoder() }
}

extension Query {
  /// A query on the entity of `type`.
  ///
  /// ```swift
  /// let query = Query(Repo.self, where: "state" == "open", sortedBy: "-number")
  /// query.entity   // "Repo"
  /// ```
  ///
  /// - Parameters:
  ///   - type: The record type; its ``FolioRecord/entityName`` is the queried entity.
  ///   - predicate: The condition; every record by default.
  ///   - ordering: The order, e.g. `"-number"`.
  ///   - limit: The maximum number of results.
  ///   - offset: The number of leading results to skip.
  public init<T: FolioRecord>(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, offset: Int = 0
  ) {
    self.init(T.entityName, where: predicate, sortedBy: ordering, limit: limit, offset: offset)
  }
}

extension FetchedRecord {
  /// The record decoded into `type` with its ``FolioRecord/recordDecoder``.
  ///
  /// - Throws: ``RecordCodingError`` when the values do not fit `type`.
  public func decode<T: FolioRecord>(_ type: T.Type) throws -> T {
    try T.recordDecoder.decode(type, from: values)
  }
}

extension QueryUpdate {
  /// ``results`` decoded into `type`, in order.
  ///
  /// - Throws: ``RecordCodingError`` when a record does not fit `type`.
  /// - Complexity: O(*n*) in the size of the results.
  public func records<T: FolioRecord>(as type: T.Type) throws -> [T] {
    try results.map { try $0.decode(type) }
  }
}

extension LiveQuery {
  /// ``initial`` decoded into `type`, in order.
  ///
  /// - Throws: ``RecordCodingError`` when a record does not fit `type`.
  /// - Complexity: O(*n*) in the size of the results.
  public func initialRecords<T: FolioRecord>(as type: T.Type) throws -> [T] {
    try initial.map { try $0.decode(type) }
  }
}

extension SchemaIndex {
  /// `record` (encoded from `T`) as values of `T`'s entity: keys that name no field but match
  /// one by snake_case form (`userId` for `userID`) take the field's own name.
  ///
  /// - Throws: ``StoreError/Code/unknownEntity`` when the schema has no such entity.
  func values<T: FolioRecord>(of record: JSONObject, as type: T.Type) throws(StoreError) -> JSONObject {
    guard let info = entities[T.entityName] else {
      throw StoreError(
        code: .unknownEntity,
        message: "\(T.self).entityName is '\(T.entityName)', but the schema has no such entity; use one of: \(schema.entities.map(\.name).joined(separator: ", "))",
        entity: T.entityName)
    }
    let fields = info.entity.attributes.map(\.name) + info.entity.relationships.map(\.name)
    let known = Set(fields)
    guard record.keys.contains(where: { !known.contains($0) }) else { return record }
    var bySnakeCase: [String: String] = [:]
    for field in fields { bySnakeCase[KeyConvention.snakeCased(field)] = field }
    var values = JSONObject(minimumCapacity: record.count)
    for member in record {
      let name =
        known.contains(member.key)
        ? member.key : bySnakeCase[KeyConvention.snakeCased(member.key)] ?? member.key
      values[name] = member.value
    }
    return values
  }

  /// The identifier of `values` in `T`'s entity.
  ///
  /// - Throws: ``StoreError/Code/invalidRecord`` when the identifier attributes are missing.
  func recordID<T: FolioRecord>(of values: JSONObject, as type: T.Type) throws(StoreError) -> RecordID {
    let identifiers = entities[T.entityName]?.entity.identifiers ?? []
    guard let id = SchemaIndex.recordID(of: values, identifiers: identifiers) else {
      throw StoreError(
        code: .invalidRecord,
        message: "\(T.self) encodes no identifier for \(T.entityName) (\(identifiers.joined(separator: ", "))); give it those fields",
        entity: T.entityName)
    }
    return id
  }
}
