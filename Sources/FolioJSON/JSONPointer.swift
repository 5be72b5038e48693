/// A JSON Pointer (RFC 6901): the path to one value inside a document, such as `/3/user/name`.
///
/// Folio uses pointers to say where a problem is: "`/3/user/name`: expected a string". A pointer is
/// a list of reference tokens; in text form each token is preceded by `/`, with `~` written as
/// `~0` and `/` as `~1`. The empty pointer `""` refers to the whole document. A token names an
/// object member, or — when it is a decimal index without leading zeros — an array element.
///
/// ```swift
/// let pointer = JSONPointer.root.appending(index: 3).appending("user").appending("name")
/// pointer.description                      // "/3/user/name"
/// try JSONPointer(parsing: "/a~1b/m~0n")   // tokens ["a/b", "m~n"]
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens, outermost first.
  public var tokens: [String]

  /// The pointer to the whole document, `""`.
  public static let root = JSONPointer(tokens: [])

  /// A pointer made of unescaped tokens.
  public init(tokens: [String]) { self.tokens = tokens }

  /// A problem with the text of a pointer.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that could not be parsed.
    public var text: String
    /// What is wrong and how to fix it.
    public var message: String
    /// The rendering: `invalid JSON pointer "<text>": <message>`.
    public var description: String { "invalid JSON pointer \"\(text)\": \(message)" }
  }

  /// Parses the text form of a pointer.
  ///
  /// - Parameter text: `""` or a sequence of `/`-prefixed tokens with `~0`/`~1` escapes.
  /// - Throws: ``ParseError`` when the text is not empty and does not start with `/`, or holds a
  ///   `~` not followed by `0` or `1`.
  /// - Complexity: O(*n*) in the length of the text.
  public init(parsing text: String) throws(ParseError) {
    guard !text.isEmpty else {
      self.init(tokens: [])
      return
    }
    guard text.hasPrefix("/") else {
      throw ParseError(text: text, message: "a non-empty pointer must start with '/'")
    }
    var tokens: [String] = []
    for raw in text.utf8.dropFirst().split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    {
      var token: [UInt8] = []
      var iterator = raw.makeIterator()
      while let byte = iterator.next() {
        guard byte == UInt8(ascii: "~") else {
          token.append(byte)
          continue
        }
        switch iterator.next() {
        case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
        default:
          throw ParseError(
            text: text, message: "'~' must be followed by 0 (for '~') or 1 (for '/')")
        }
      }
      tokens.append(String(decoding: token, as: UTF8.self))
    }
    self.init(tokens: tokens)
  }

  /// The text form, e.g. `/3/user/name`; `""` for the root.
  ///
  /// - Complexity: O(*n*) in the total length of the tokens.
  public var description: String {
    var text = ""
    for token in tokens {
      text += "/"
      text += Self.escape(token)
    }
    return text
  }

  /// A token in text form: `~` as `~0`, `/` as `~1`.
  public static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return token
    }
    return token.replacing("~", with: "~0").replacing("/", with: "~1")
  }

  /// This pointer extended by an object member's key.
  public func appending(_ key: String) -> JSONPointer {
    var copy = self
    copy.tokens.append(key)
    return copy
  }

  /// This pointer extended by an array index.
  public func appending(index: Int) -> JSONPointer { appending(String(index)) }

  /// Extends this pointer by an object member's key.
  public mutating func append(_ key: String) { tokens.append(key) }

  /// Extends this pointer by an array index.
  public mutating func append(index: Int) { tokens.append(String(index)) }

  /// The pointer to the parent value, or `nil` for the root.
  public var parent: JSONPointer? {
    tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The array index a token denotes: decimal digits without a leading zero (except `0` itself).
  static func index(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      first != 0x30 || utf8.count == 1
    else { return nil }
    return Int(token)
  }
}

extension JSONValue {
  /// The value `pointer` refers to, or `nil` when a token names a missing member, an index out
  /// of range (including RFC 6901's `-`), or steps into a scalar.
  ///
  /// ```swift
  /// let doc: JSONValue = ["users": [["name": "Ada"]]]
  /// doc.value(at: try JSONPointer(parsing: "/users/0/name"))     // "Ada"
  /// ```
  ///
  /// - Complexity: O(*d* × *m*) for depth *d* and *m* members per object on the path.
  public func value(at pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let elements):
        guard let i = JSONPointer.index(token), i < elements.count else { return nil }
        current = elements[i]
      default:
        return nil
      }
    }
    return current
  }

  /// The value at a dotted key path such as `"user.name"`: each component is an object member's
  /// key. Returns `nil` when a member is missing or an intermediate value is not an object.
  ///
  /// Keys containing `.` cannot be reached this way; use ``value(at:)`` with a ``JSONPointer``.
  ///
  /// ```swift
  /// let record: JSONValue = ["user": ["name": "Ada"]]
  /// record.value(atKeyPath: "user.name")     // "Ada"
  /// record.value(atKeyPath: "user.age")      // nil
  /// ```
  ///
  /// - Complexity: O(*d* × *m*) for depth *d* and *m* members per object on the path.
  public func value(atKeyPath keyPath: String) -> JSONValue? {
    var current = self
    for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      guard case .object(let object) = current, let next = object[String(component)] else {
        return nil
      }
      current = next
    }
    return current
  }
}
