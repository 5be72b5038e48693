/// Why a `Codable` value could not be encoded to a record or decoded from one.
///
/// ```swift
/// struct Employee: Codable { var id: Int; var hiredAt: Date }
/// do { _ = try RecordDecoder().decode(Employee.self, from: ["id": 1, "hiredAt": 5]) }
/// catch { print(error) }
/// // field 'hiredAt': expected an ISO-8601 date string, found the number 5 [typeMismatch]
/// ```
public struct RecordCodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier, e.g. `"typeMismatch"`.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The stored value has another JSON type than the field's Swift type.
    public static let typeMismatch = Code("typeMismatch")
    /// A non-optional field's key is absent from the record.
    public static let missingKey = Code("missingKey")
    /// A non-optional field holds `null`.
    public static let missingValue = Code("missingValue")
    /// A number that does not fit the field's Swift type, or a non-finite double.
    public static let outOfRange = Code("outOfRange")
    /// A value the type rejected, or a top-level value that is not an object.
    public static let invalidValue = Code("invalidValue")
  }

  /// What went wrong.
  public var code: Code
  /// The field path, e.g. `address.city` or `tags[2]`; empty for the record itself.
  public var path: String
  /// What was expected and what was found.
  public var message: String

  /// Creates an error.
  public init(code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// `field 'path': message [code]`.
  public var description: String {
    let location = path.isEmpty ? "record" : "field '\(path)'"
    return "\(location): \(message) [\(code)]"
  }

  /// The dotted/indexed text of a coding path.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  static func mismatch(_ codingPath: [any CodingKey], _ expected: String, _ found: JSONValue)
    -> RecordCodingError
  {
    let code: Code = found.isNull ? .missingValue : .typeMismatch
    return RecordCodingError(
      code: code, path: path(codingPath),
      message: "expected \(expected), found \(CoercionError.describe(found))")
  }
}
