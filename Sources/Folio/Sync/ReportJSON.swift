/// A `Codable` wrapper for a ``JSONValue``, so reports encode identifiers and field values as
/// the JSON they are (FolioJSON itself does not depend on `Codable`).
struct ReportJSON: Codable, Sendable {
  let value: JSONValue

  init(_ value: JSONValue) { self.value = value }

  /// The value, or `nil` for JSON `null`.
  var nonNull: JSONValue? { value.isNull ? nil : value }

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var result = JSONObject()
      for key in object.allKeys {
        result[key.stringValue] = try object.decode(ReportJSON.self, forKey: key).value
      }
      value = .object(result)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var result: [JSONValue] = []
      while !array.isAtEnd { result.append(try array.decode(ReportJSON.self).value) }
      value = .array(result)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      value = .null
    } else if let b = try? single.decode(Bool.self) {
      value = .bool(b)
    } else if let i = try? single.decode(Int64.self) {
      value = .int(i)
    } else if let d = try? single.decode(Double.self) {
      value = .double(d)
    } else {
      value = .string(try single.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch value {
    case .null:
      var c = encoder.singleValueContainer()
      try c.encodeNil()
    case .bool(let b):
      var c = encoder.singleValueContainer()
      try c.encode(b)
    case .int(let i):
      var c = encoder.singleValueContainer()
      try c.encode(i)
    case .double(let d):
      var c = encoder.singleValueContainer()
      try c.encode(d)
    case .string(let s):
      var c = encoder.singleValueContainer()
      try c.encode(s)
    case .array(let elements):
      var c = encoder.unkeyedContainer()
      for element in elements { try c.encode(ReportJSON(element)) }
    case .object(let object):
      var c = encoder.container(keyedBy: Key.self)
      for member in object {
        try c.encode(ReportJSON(member.value), forKey: Key(stringValue: member.key))
      }
    }
  }
}
