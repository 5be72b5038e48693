import Foundation

/// A minimal `Decoder` over a stored record, so query results can be read into users' `Codable`
/// types. Keys are the record's attribute and relationship names; dates decode from canonical
/// ISO text (or any ISO form ``CanonicalDate`` reads); numbers convert only losslessly.
struct QueryRecordDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else { throw mismatch("an object", codingPath) }
    return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch("an array", codingPath) }
    return Unkeyed(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

  fileprivate func mismatch(_ expected: String, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      Any.self, .init(codingPath: path, debugDescription: "expected \(expected), found \(value.kindName)"))
  }

  /// Decodes `type` from `value`, handling `Date` specially.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: [any CodingKey]) throws -> T {
    if type == Date.self {
      guard case .string(let text) = value, let ms = CanonicalDate.milliseconds(from: text) else {
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected an ISO date string"))
      }
      // The cast cannot fail: T is Date.
      if let date = Date(timeIntervalSince1970: Double(ms) / 1000) as? T { return date }
    }
    return try T(from: QueryRecordDecoder(value: value, codingPath: path))
  }

  private struct Index: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { (object[key.stringValue] ?? .null) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let value = object[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key, .init(codingPath: codingPath, debugDescription: "the record has no '\(key.stringValue)'"))
      }
      return try QueryRecordDecoder.decode(type, from: value, path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try QueryRecordDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
        .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try QueryRecordDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
        .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { QueryRecordDecoder(value: .object(object), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      QueryRecordDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
      self.elements = elements
      self.codingPath = codingPath
    }

    mutating func next() throws -> (JSONValue, [any CodingKey]) {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
      }
      defer { currentIndex += 1 }
      return (elements[currentIndex], codingPath + [Index(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let (value, path) = try next()
      return try QueryRecordDecoder.decode(type, from: value, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      let (value, path) = try next()
      return try QueryRecordDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let (value, path) = try next()
      return try QueryRecordDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
      let (value, path) = try next()
      return QueryRecordDecoder(value: value, codingPath: path)
    }
  }

  private struct Single: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    private func fail(_ expected: String) -> DecodingError {
      DecodingError.typeMismatch(
        Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindName)"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let b) = value else { throw fail("a Boolean") }
      return b
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let s) = value else { throw fail("a string") }
      return s
    }

    func decode(_ type: Double.Type) throws -> Double {
      guard let d = value.doubleValue else { throw fail("a number") }
      return d
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      switch value {
      case .int(let i):
        guard let result = I(exactly: i) else { throw fail("an integer that fits \(I.self)") }
        return result
      case .double(let d):
        guard let result = I(exactly: d) else { throw fail("an integer") }
        return result
      default:
        throw fail("an integer")
      }
    }

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

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try QueryRecordDecoder.decode(type, from: value, path: codingPath)
    }
  }
}
