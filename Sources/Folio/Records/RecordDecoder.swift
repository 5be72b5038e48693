import Foundation

/// Decodes a user's `Decodable` types from records (typed access).
///
/// Records are `JSONObject`s keyed by attribute and relationship names. Numbers convert to any
/// Swift integer or floating-point type they fit exactly; `Date` fields read ISO-8601 strings
/// (any form ``ISODate`` accepts); `URL` fields read strings; `Decimal` fields read decimal text
/// (`"12.3"`, as `decimal` attributes store it) exactly. A missing key or `null` decodes as
/// `nil` for optional fields. ``keyStrategy`` and ``dateStrategy`` adapt types whose coding
/// keys or dates are spelled differently from the records.
///
/// ```swift
/// struct Tag: Codable, Equatable { var id: Int; var label: String; var seen: Date? }
/// let tag = try RecordDecoder().decode(Tag.self, from: ["id": 1, "label": "red"])
/// tag.label   // "red"
/// ```
public struct RecordDecoder: Sendable {
  /// Values handed to the types' `init(from:)` through `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// How coding keys name record fields; ``RecordKeyStrategy/useKeys`` by default.
  public var keyStrategy: RecordKeyStrategy = .useKeys
  /// How `Date` fields are stored; ``RecordDateStrategy/iso8601`` by default.
  public var dateStrategy: RecordDateStrategy = .iso8601

  /// Creates a decoder.
  ///
  /// - Parameters:
  ///   - keyStrategy: How coding keys name record fields.
  ///   - dateStrategy: How `Date` fields are stored.
  public init(keyStrategy: RecordKeyStrategy = .useKeys, dateStrategy: RecordDateStrategy = .iso8601) {
    self.keyStrategy = keyStrategy
    self.dateStrategy = dateStrategy
  }

  /// Decodes `type` from a record.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - record: The record.
  /// - Returns: The decoded value.
  /// - Throws: ``RecordCodingError`` naming the field and the type mismatch; errors thrown by
  ///   the type's own `init(from:)` pass through unchanged.
  /// - Complexity: O(*n*) in the size of the record.
  public func decode<T: Decodable>(_ type: T.Type, from record: JSONObject) throws -> T {
    try decode(type, fromValue: .object(record))
  }

  /// Decodes `type` from any JSON value (a record, an array of records, a scalar).
  ///
  /// ```swift
  /// let tags = try RecordDecoder().decode([String].self, fromValue: ["a", "b"])
  /// ```
  ///
  /// - Throws: ``RecordCodingError`` as ``decode(_:from:)`` does.
  /// - Complexity: O(*n*) in the size of the value.
  public func decode<T: Decodable>(_ type: T.Type, fromValue value: JSONValue) throws -> T {
    try ValueDecoder(
      value: value, codingPath: [], info: userInfo,
      options: RecordCodingOptions(keys: keyStrategy, dates: dateStrategy)
    ).unbox(type)
  }
}

/// A coding key for array indices and dynamic names.
struct RecordCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}

struct ValueDecoder: Decoder {
  let value: JSONValue
  var codingPath: [any CodingKey]
  let info: [CodingUserInfoKey: any Sendable]
  let options: RecordCodingOptions

  var userInfo: [CodingUserInfoKey: Any] { info }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw RecordCodingError.mismatch(codingPath, "an object", value)
    }
    return KeyedDecodingContainer(KeyedRecordDecoder<Key>(object: object, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else {
      throw RecordCodingError.mismatch(codingPath, "an array", value)
    }
    return UnkeyedRecordDecoder(items: items, decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func child(_ value: JSONValue, _ key: any CodingKey) -> ValueDecoder {
    ValueDecoder(value: value, codingPath: codingPath + [key], info: info, options: options)
  }

  func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    if type == Date.self {
      guard let date = options.dates.read(value) as? T else {
        throw RecordCodingError.mismatch(codingPath, options.dates.expected, value)
      }
      return date
    }
    if type == Decimal.self {
      // A decimal attribute stores canonical text; numbers are read through their shortest form.
      let text = value.stringValue ?? DecimalText.canonical(number: value) ?? ""
      guard DecimalText.canonical(text) != nil, let decimal = Decimal(string: text) as? T else {
        throw RecordCodingError.mismatch(codingPath, "a decimal (a numeric string such as \"12.3\")", value)
      }
      return decimal
    }
    if type == URL.self {
      guard case .string(let text) = value, let url = URL(string: text) as? T else {
        throw RecordCodingError.mismatch(codingPath, "a URL string", value)
      }
      return url
    }
    return try T(from: self)
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let whole: Int64?
    switch value {
    case .int(let i): whole = i
    case .double(let d) where d.isFinite && d >= -9.2e18 && d <= 9.2e18 && Double(Int64(d)) == d:
      whole = Int64(d)
    default: whole = nil
    }
    guard let whole else { throw RecordCodingError.mismatch(codingPath, "an integer (\(T.self))", value) }
    guard let result = T(exactly: whole) else {
      throw RecordCodingError(
        code: .outOfRange, path: RecordCodingError.path(codingPath),
        message: "the number \(whole) does not fit \(T.self)")
    }
    return result
  }
}

extension ValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let b) = value else { throw RecordCodingError.mismatch(codingPath, "a bool", value) }
    return b
  }
  func decode(_ type: String.Type) throws -> String {
    guard case .string(let s) = value else { throw RecordCodingError.mismatch(codingPath, "a string", value) }
    return s
  }
  func decode(_ type: Double.Type) throws -> Double {
    guard let d = value.doubleValue else { throw RecordCodingError.mismatch(codingPath, "a number", value) }
    return d
  }
  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }
}

struct KeyedRecordDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  let decoder: ValueDecoder
  /// For ``RecordKeyStrategy/convertFromSnakeCase``: each field by its snake_case form.
  private let snakeCased: [String: String]

  init(object: JSONObject, decoder: ValueDecoder) {
    self.object = object
    self.decoder = decoder
    var snakeCased: [String: String] = [:]
    if case .snakeCase = decoder.options.keys.kind {
      for member in object { snakeCased[KeyConvention.snakeCased(member.key)] = member.key }
    }
    self.snakeCased = snakeCased
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] {
    switch decoder.options.keys.kind {
    case .useKeys: return object.keys.compactMap { Key(stringValue: $0) }
    case .snakeCase: return snakeCased.keys.compactMap { Key(stringValue: $0) }
    case .custom(let map):
      // The mapping runs one way; offer the keys whose field is present under their own name.
      return object.keys.compactMap { Key(stringValue: $0) }.filter { object[map($0.stringValue)] != nil }
    }
  }

  /// The stored value for `key` under the key strategy.
  func value(_ key: Key) -> JSONValue? {
    switch decoder.options.keys.kind {
    case .useKeys: return object[key.stringValue]
    case .snakeCase:
      return object[key.stringValue] ?? snakeCased[key.stringValue].flatMap { object[$0] }
    case .custom(let map): return object[map(key.stringValue)]
    }
  }

  func contains(_ key: Key) -> Bool { value(key) != nil }

  func child(_ key: Key) throws -> ValueDecoder {
    guard let value = value(key) else {
      throw RecordCodingError(
        code: .missingKey, path: RecordCodingError.path(codingPath + [key]),
        message: "the record has no value for this non-optional field" + hint(key))
    }
    return decoder.child(value, key)
  }

  /// A hint for a snake_case key that the record holds in camelCase.
  private func hint(_ key: Key) -> String {
    guard case .useKeys = decoder.options.keys.kind, key.stringValue.contains("_") else { return "" }
    guard let field = object.keys.first(where: { KeyConvention.snakeCased($0) == key.stringValue }) else {
      return ""
    }
    return "; the record has it as '\(field)': decode with keyStrategy .convertFromSnakeCase"
  }

  func decodeNil(forKey key: Key) throws -> Bool { value(key)?.isNull ?? true }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).unbox(type) }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = value(key), !value.isNull else { return nil }
    return try decoder.child(value, key).unbox(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }
  func superDecoder() throws -> any Decoder {
    decoder.child(object["super"] ?? .null, RecordCodingKey(stringValue: "super"))
  }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(value(key) ?? .null, key)
  }
}

struct UnkeyedRecordDecoder: UnkeyedDecodingContainer {
  let items: [JSONValue]
  let decoder: ValueDecoder
  var currentIndex = 0

  init(items: [JSONValue], decoder: ValueDecoder) {
    self.items = items
    self.decoder = decoder
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  mutating func next() throws -> ValueDecoder {
    let key = RecordCodingKey(intValue: currentIndex)
    guard !isAtEnd else {
      throw RecordCodingError(
        code: .missingValue, path: RecordCodingError.path(codingPath + [key]),
        message: "the array has only \(items.count) elements")
    }
    defer { currentIndex += 1 }
    return decoder.child(items[currentIndex], key)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().unbox(type) }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next().container(keyedBy: type)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }
  mutating func superDecoder() throws -> any Decoder { try next() }
}
