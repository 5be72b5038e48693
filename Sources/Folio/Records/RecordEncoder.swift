import Foundation

/// Encodes a user's `Encodable` types as records (typed access).
///
/// The result is in canonical record form for the scalar types: integers as `.int`, floating
/// point as `.double`, `Date` as a canonical UTC ISO string with milliseconds
/// (`"2014-07-06T07:59:00.000Z"`, sub-millisecond digits truncated), `URL` as its string,
/// `Decimal` as canonical decimal text (`"12.3"`).
/// `nil` optionals are left out; a `null` written explicitly at the top level of the record is
/// left out too, because records omit null members. ``keyStrategy`` and ``dateStrategy`` adapt
/// types whose coding keys or dates are spelled differently from the records.
///
/// ```swift
/// struct Tag: Codable { var id: Int; var label: String; var note: String? }
/// let record = try RecordEncoder().encode(Tag(id: 1, label: "red", note: nil))
/// record   // ["id": 1, "label": "red"]
/// ```
public struct RecordEncoder: Sendable {
  /// Values handed to the types' `encode(to:)` through `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// How coding keys name record fields; ``RecordKeyStrategy/useKeys`` by default.
  public var keyStrategy: RecordKeyStrategy = .useKeys
  /// How `Date` fields are stored; ``RecordDateStrategy/iso8601`` by default.
  public var dateStrategy: RecordDateStrategy = .iso8601

  /// Creates an encoder.
  ///
  /// - Parameters:
  ///   - keyStrategy: How coding keys name record fields.
  ///   - dateStrategy: How `Date` fields are stored.
  public init(keyStrategy: RecordKeyStrategy = .useKeys, dateStrategy: RecordDateStrategy = .iso8601) {
    self.keyStrategy = keyStrategy
    self.dateStrategy = dateStrategy
  }

  /// Encodes `value` as a record.
  ///
  /// - Parameter value: A value that encodes as a keyed container (a struct or class).
  /// - Returns: The record.
  /// - Throws: ``RecordCodingError`` with code ``RecordCodingError/Code/invalidValue`` when the
  ///   value does not encode as an object, ``RecordCodingError/Code/outOfRange`` for
  ///   non-finite doubles or integers beyond `Int64`; errors thrown by the type's own
  ///   `encode(to:)` pass through.
  /// - Complexity: O(*n*) in the size of the value.
  public func encode<T: Encodable>(_ value: T) throws -> JSONObject {
    guard case .object(let object) = try encodeValue(value) else {
      throw RecordCodingError(
        code: .invalidValue, path: "",
        message: "expected a value that encodes as an object (a struct or class with fields)")
    }
    return JSONObject(uniqueMembers: object.filter { !$0.value.isNull })
  }

  /// Encodes `value` as any JSON value (an object, array or scalar).
  ///
  /// - Throws: ``RecordCodingError`` as ``encode(_:)`` does, except that non-objects are allowed.
  /// - Complexity: O(*n*) in the size of the value.
  public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try encodeValue(value, keepingTopLevelNulls: false)
  }

  /// `value` encoded; with `keepingTopLevelNulls`, a `nil` optional field is written as `null`
  /// (what a typed update needs to clear it) instead of being left out.
  func encodeValue<T: Encodable>(_ value: T, keepingTopLevelNulls: Bool) throws -> JSONValue {
    let node = EncodingNode()
    let options = RecordCodingOptions(
      keys: keyStrategy, dates: dateStrategy, keepsTopLevelNulls: keepingTopLevelNulls)
    try ValueEncoder(node: node, codingPath: [], info: userInfo, options: options).box(value)
    return node.value
  }
}

/// A mutable slot the encoding containers write into; nested slots are resolved at the end.
final class EncodingNode {
  enum Content {
    case value(JSONValue)
    case object([(String, EncodingNode)])
    case array([EncodingNode])
  }

  var content: Content = .value(.null)

  /// The finished value. Nesting depth follows the encoded type's own structure.
  var value: JSONValue {
    switch content {
    case .value(let v): return v
    case .object(let members):
      var object = JSONObject(minimumCapacity: members.count)
      for (key, node) in members { object[key] = node.value }
      return .object(object)
    case .array(let nodes): return .array(nodes.map(\.value))
    }
  }

  func member(_ key: String) -> EncodingNode {
    if case .object = content {} else { content = .object([]) }
    guard case .object(var members) = content else { return self }
    if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
    let node = EncodingNode()
    members.append((key, node))
    content = .object(members)
    return node
  }

  func appendElement() -> EncodingNode {
    if case .array = content {} else { content = .array([]) }
    guard case .array(var nodes) = content else { return self }
    let node = EncodingNode()
    nodes.append(node)
    content = .array(nodes)
    return node
  }
}

struct ValueEncoder: Encoder {
  let node: EncodingNode
  var codingPath: [any CodingKey]
  let info: [CodingUserInfoKey: any Sendable]
  let options: RecordCodingOptions
  var userInfo: [CodingUserInfoKey: Any] { info }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.content {} else { node.content = .object([]) }
    return KeyedEncodingContainer(KeyedRecordEncoder<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.content {} else { node.content = .array([]) }
    return UnkeyedRecordEncoder(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  func child(_ node: EncodingNode, _ key: any CodingKey) -> ValueEncoder {
    ValueEncoder(node: node, codingPath: codingPath + [key], info: info, options: options)
  }

  func box<T: Encodable>(_ value: T) throws {
    if let date = value as? Date {
      guard let stored = options.dates.write(date) else {
        throw RecordCodingError(
          code: .outOfRange, path: RecordCodingError.path(codingPath),
          message: "the date \(date) cannot be stored as \(options.dates.expected)")
      }
      node.content = .value(stored)
    } else if let decimal = value as? Decimal {
      // Canonical decimal text, exactly as a `decimal` attribute stores it.
      guard decimal.isFinite, let text = DecimalText.canonical(decimal.description) else {
        throw RecordCodingError(
          code: .outOfRange, path: RecordCodingError.path(codingPath),
          message: "the decimal \(decimal) cannot be stored as decimal text")
      }
      node.content = .value(.string(text))
    } else if let url = value as? URL {
      node.content = .value(.string(url.absoluteString))
    } else {
      try value.encode(to: self)
    }
  }

  func integer<T: BinaryInteger>(_ value: T) throws {
    guard let exact = Int64(exactly: value) else {
      throw RecordCodingError(
        code: .outOfRange, path: RecordCodingError.path(codingPath),
        message: "the number \(value) does not fit a 64-bit signed integer")
    }
    node.content = .value(.int(exact))
  }
}

extension ValueEncoder: SingleValueEncodingContainer {
  func encodeNil() { node.content = .value(.null) }
  func encode(_ value: Bool) { node.content = .value(.bool(value)) }
  func encode(_ value: String) { node.content = .value(.string(value)) }
  func encode(_ value: Double) throws {
    guard value.isFinite else {
      throw RecordCodingError(
        code: .outOfRange, path: RecordCodingError.path(codingPath),
        message: "the number \(value) is not finite; JSON cannot hold it")
    }
    node.content = .value(.double(value))
  }
  func encode(_ value: Float) throws { try encode(Double(value)) }
  func encode(_ value: Int) throws { try integer(value) }
  func encode(_ value: Int8) throws { try integer(value) }
  func encode(_ value: Int16) throws { try integer(value) }
  func encode(_ value: Int32) throws { try integer(value) }
  func encode(_ value: Int64) throws { try integer(value) }
  func encode(_ value: UInt) throws { try integer(value) }
  func encode(_ value: UInt8) throws { try integer(value) }
  func encode(_ value: UInt16) throws { try integer(value) }
  func encode(_ value: UInt32) throws { try integer(value) }
  func encode(_ value: UInt64) throws { try integer(value) }
  func encode<T: Encodable>(_ value: T) throws { try box(value) }
}

struct KeyedRecordEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  func child(_ key: any CodingKey) -> ValueEncoder {
    encoder.child(encoder.node.member(encoder.options.keys.fieldName(for: key.stringValue)), key)
  }

  /// Whether a `nil` optional is written as `null` here (the top level of a typed update).
  private var keepsNil: Bool { encoder.options.keepsTopLevelNulls && codingPath.isEmpty }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try child(key).box(value) } else if keepsNil { child(key).encodeNil() }
  }
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

  private func present<T: Encodable>(_ value: T?, _ key: Key) throws {
    if let value { try child(key).box(value) } else if keepsNil { child(key).encodeNil() }
  }

  mutating func encodeNil(forKey key: Key) { child(key).encodeNil() }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).box(value) }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    child(key).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    child(key).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { child(RecordCodingKey(stringValue: "super")) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

struct UnkeyedRecordEncoder: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  var count = 0
  var codingPath: [any CodingKey] { encoder.codingPath }

  init(encoder: ValueEncoder) { self.encoder = encoder }

  mutating func next() -> ValueEncoder {
    defer { count += 1 }
    return encoder.child(encoder.node.appendElement(), RecordCodingKey(intValue: count))
  }

  mutating func encodeNil() { next().encodeNil() }
  mutating func encode<T: Encodable>(_ value: T) throws { try next().box(value) }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    next().container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { next() }
}
