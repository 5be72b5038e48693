extension JSONValue: Codable {
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes whatever JSON the decoder holds: objects, arrays, `null`, Booleans, numbers (an
  /// integer that fits `Int64` stays `.int`) and strings. Object members are kept in canonical
  /// key order, since a keyed container does not report the source order.
  ///
  /// ```swift
  /// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":[1,2.5]}"#.utf8))
  /// value["a"]?[1]   // .double(2.5)
  /// ```
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: Key.self) {
      var object = JSONObject()
      for key in container.allKeys.sorted(by: { JSONObject.keyPrecedes($0.stringValue, $1.stringValue) }) {
        object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
      }
      self = .object(object)
    } else if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let int = try? container.decode(Int64.self) {
        self = .int(int)
      } else if let double = try? container.decode(Double.self) {
        self = .double(double)
      } else {
        self = .string(try container.decode(String.self))
      }
    }
  }

  /// Encodes the value as the same JSON through any `Encoder`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case .int(let int):
      var container = encoder.singleValueContainer()
      try container.encode(int)
    case .double(let double):
      var container = encoder.singleValueContainer()
      try container.encode(double)
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: Key.self)
      for member in object { try container.encode(member.value, forKey: Key(stringValue: member.key)) }
    }
  }
}
