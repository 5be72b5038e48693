import Foundation

/// How a type's coding keys name a record's fields, for ``RecordDecoder`` and ``RecordEncoder``.
///
/// Records are keyed by the schema's local names (`fullName`). A type whose `CodingKeys` are the
/// wire names of an API (`full_name`) can still go in and out of the store with
/// ``convertFromSnakeCase``:
///
/// ```swift
/// struct Person: Codable {
///   var fullName: String
///   enum CodingKeys: String, CodingKey { case fullName = "full_name" }
/// }
/// var decoder = RecordDecoder()
/// decoder.keyStrategy = .convertFromSnakeCase
/// let person = try decoder.decode(Person.self, from: ["fullName": "Ada"])
/// person.fullName   // "Ada"
/// ```
///
/// A strategy applies to every keyed container, nested ones included.
public struct RecordKeyStrategy: Sendable {
  enum Kind: Sendable {
    case useKeys
    case snakeCase
    case custom(@Sendable (String) -> String)
  }

  let kind: Kind

  /// Coding keys are the record's field names (the default).
  public static let useKeys = RecordKeyStrategy(kind: .useKeys)

  /// Coding keys are snake_case (`full_name`, `user_id`) and the record's fields are the
  /// camelCase names they stand for (`fullName`, `userID`).
  ///
  /// Decoding matches a coding key to the field whose name, or whose snake_case form
  /// (``KeyConvention/snakeCased(_:)``), equals it, so acronyms such as `userID` are found.
  /// Encoding writes the camelCase form (`user_id` → `userId`); the typed store operations
  /// (``Store/insert(_:)``, ``Store/update(_:)``) then match it to the schema's own spelling
  /// (`userID`) in the same way.
  public static let convertFromSnakeCase = RecordKeyStrategy(kind: .snakeCase)

  /// Coding keys name fields through `fieldName`: it receives a coding key's string and returns
  /// the record field's name, for decoding and encoding alike.
  ///
  /// - Parameter fieldName: The field name for a coding key.
  /// - Returns: The strategy.
  public static func custom(_ fieldName: @escaping @Sendable (String) -> String) -> RecordKeyStrategy {
    RecordKeyStrategy(kind: .custom(fieldName))
  }

  /// The field name an encoder writes for `key`.
  func fieldName(for key: String) -> String {
    switch kind {
    case .useKeys: return key
    case .snakeCase: return Self.camelCased(key)
    case .custom(let map): return map(key)
    }
  }

  /// `full_name` → `fullName`; a key without underscores comes back unchanged.
  static func camelCased(_ key: String) -> String {
    guard key.contains("_") else { return key }
    var result = ""
    var upperNext = false
    for character in key {
      if character == "_" {
        upperNext = !result.isEmpty
      } else if upperNext {
        result += character.uppercased()
        upperNext = false
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// How `Date` fields are stored in a record, for ``RecordDecoder`` and ``RecordEncoder``.
///
/// Folio stores `isoDate` attributes as canonical UTC ISO-8601 text, which ``iso8601`` (the
/// default) reads and writes. A `Date` field backed by an `int` or `double` attribute holding an
/// epoch time uses ``secondsSince1970`` or ``millisecondsSince1970``:
///
/// ```swift
/// struct Ping: Codable { var at: Date }
/// var decoder = RecordDecoder()
/// decoder.dateStrategy = .millisecondsSince1970
/// let ping = try decoder.decode(Ping.self, from: ["at": 1_404_633_540_000])
/// ping.at.timeIntervalSince1970   // 1404633540.0
/// ```
public struct RecordDateStrategy: Sendable {
  let expected: String
  let read: @Sendable (JSONValue) -> Date?
  let write: @Sendable (Date) -> JSONValue?

  /// ISO-8601 text: decoding accepts any form ``ISODate`` accepts, encoding writes the canonical
  /// UTC form with milliseconds (`"2014-07-06T07:59:00.000Z"`). The default.
  public static let iso8601 = RecordDateStrategy(
    expected: "an ISO-8601 date string",
    read: { value in
      guard case .string(let text) = value, let ms = ISODate.milliseconds(from: text) else {
        return nil
      }
      return Date(timeIntervalSince1970: Double(ms) / 1000)
    },
    write: { date in
      let ms = (date.timeIntervalSince1970 * 1000).rounded(.down)
      guard ms.magnitude < 9e18, let text = ISODate.string(fromMilliseconds: Int64(ms)) else {
        return nil
      }
      return .string(text)
    })

  /// A number of seconds since 1970-01-01T00:00:00Z; encoding writes a double.
  public static let secondsSince1970 = RecordDateStrategy(
    expected: "a number of seconds since 1970",
    read: { value in value.doubleValue.map { Date(timeIntervalSince1970: $0) } },
    write: { date in
      let seconds = date.timeIntervalSince1970
      return seconds.isFinite ? .double(seconds) : nil
    })

  /// A whole number of milliseconds since 1970-01-01T00:00:00Z; encoding writes an int
  /// (sub-millisecond digits truncated).
  public static let millisecondsSince1970 = RecordDateStrategy(
    expected: "a number of milliseconds since 1970",
    read: { value in value.doubleValue.map { Date(timeIntervalSince1970: $0 / 1000) } },
    write: { date in
      let ms = (date.timeIntervalSince1970 * 1000).rounded(.down)
      guard ms.magnitude < 9e18 else { return nil }
      return .int(Int64(ms))
    })

  /// Dates read and written by your own functions.
  ///
  /// - Parameters:
  ///   - expected: What a stored date looks like, for error messages (`"a day number"`).
  ///   - decode: The date a stored value stands for, or `nil` when it is not one (decoding then
  ///     throws ``RecordCodingError/Code/typeMismatch``).
  ///   - encode: The stored form of a date, or `nil` when it has none (encoding then throws
  ///     ``RecordCodingError/Code/outOfRange``).
  /// - Returns: The strategy.
  public static func custom(
    expected: String, decode: @escaping @Sendable (JSONValue) -> Date?,
    encode: @escaping @Sendable (Date) -> JSONValue?
  ) -> RecordDateStrategy {
    RecordDateStrategy(expected: expected, read: decode, write: encode)
  }
}

/// The strategies one decoding or encoding run uses, carried down to nested containers.
struct RecordCodingOptions: Sendable {
  var keys: RecordKeyStrategy = .useKeys
  var dates: RecordDateStrategy = .iso8601
  /// Encoding only: write `null` for `nil` optionals at the top level (typed updates clear them).
  var keepsTopLevelNulls = false
}
