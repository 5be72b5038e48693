/// A record returned by a query: its identifier and its values (local attribute and relationship
/// names, canonical form: dates as UTC ISO strings, to-one links as the target's identifier,
/// to-many links as arrays of identifiers).
public struct FetchedRecord: Sendable, Hashable {
  /// The record's identifier.
  public let id: RecordID
  /// The record's values.
  public let values: JSONObject

  /// Creates a fetched record.
  public init(id: RecordID, values: JSONObject) {
    self.id = id
    self.values = values
  }

  /// The value of the attribute or relationship `name`, or `nil` when absent.
  public subscript(name: String) -> JSONValue? { values[name] }

  /// The record decoded into a `Decodable` type whose coding keys are the attribute and
  /// relationship names, with ``RecordDecoder``.
  ///
  /// Dates decode from the stored ISO text; a to-one link decodes as the target's identifier;
  /// a missing value decodes as `nil` for optionals.
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - decoder: the decoder to use (for its `userInfo`).
  /// - Throws: ``RecordCodingError`` when the values do not fit `type`.
  public func decode<T: Decodable>(_ type: T.Type, using decoder: RecordDecoder = RecordDecoder())
    throws -> T
  {
    try decoder.decode(type, from: values)
  }
}
