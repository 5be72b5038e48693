// Reading payload values through a transform (sync) and writing stored values back (export).

extension CoercionError.Code {
  /// A payload value that the attribute's ``ValueTransform`` cannot read (`"maybe"` for
  /// `yesNo`, `19.5` for `cents`).
  public static let transformFailed = CoercionError.Code("transformFailed")
}

extension ValueTransform {
  /// The largest number of cents read (2⁵¹): every amount up to it converts back to the same
  /// cents.
  static let maximumCents: Int64 = 1 << 51

  /// The stored-side value of a payload value, before it is converted to the attribute's type;
  /// `null` (and `""` for `datePattern`, which clears a date) passes through.
  ///
  /// ```swift
  /// ValueTransform.cents.read(1999, attribute: "total")      // .success(19.99)
  /// ValueTransform.yesNo.read("Yes", attribute: "paid")      // .success(true)
  /// ValueTransform.list().read("a, b", attribute: "tags")    // .success(["a", "b"])
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value the payload gives.
  ///   - attribute: The attribute's name, for the error.
  /// - Returns: The value to convert, or a ``CoercionError/Code/transformFailed`` error.
  /// - Complexity: O(*n*) in the size of `value`.
  public func read(_ value: JSONValue, attribute: String) -> Result<JSONValue, CoercionError> {
    if case .null = value { return .success(value) }
    func failure(_ expected: String) -> Result<JSONValue, CoercionError> {
      .failure(
        CoercionError(
          code: .transformFailed, attribute: attribute,
          expected: "\(expected) (transform \"\(name)\")", found: value))
    }
    switch kind {
    case .cents:
      let cents: Int64?
      switch value {
      case .int(let i): cents = i
      case .double(let d): cents = d == d.rounded() && abs(d) <= Double(Self.maximumCents) ? Int64(d) : nil
      case .string(let s): cents = Int64(s)
      default: cents = nil
      }
      guard let cents, cents.magnitude <= Self.maximumCents.magnitude else {
        return failure("integer cents such as 1999, at most 2^51")
      }
      return .success(.double(Double(cents) / 100))
    case .yesNo(let yes, let no):
      switch value {
      case .bool: return .success(value)
      case .string(let s) where Self.sameWord(s, yes): return .success(true)
      case .string(let s) where Self.sameWord(s, no): return .success(false)
      default: return failure("\"\(yes)\" or \"\(no)\"")
      }
    case .datePattern(let pattern):
      guard case .string(let text) = value else { return failure("a date like \"\(pattern.pattern)\"") }
      if text.isEmpty { return .success(value) }
      guard let milliseconds = pattern.milliseconds(from: text),
        let iso = ISODate.string(fromMilliseconds: milliseconds)
      else { return failure("a date like \"\(pattern.pattern)\"") }
      return .success(.string(iso))
    case .list(let separator):
      switch value {
      case .array: return .success(value)
      case .string(let s):
        if s.isEmpty { return .success(.array([])) }
        return .success(.array(Self.split(s, separator).map { .string($0) }))
      default: return failure("a list such as \"a\(separator)b\"")
      }
    case .custom:
      guard let read, let result = read(value) else {
        return failure("a value the custom transform can read")
      }
      return .success(result)
    }
  }

  /// The payload-side value of a stored value: what ``read(_:attribute:)`` reads back as the same
  /// stored value. `null`, and values the transform does not produce (a string where a bool is
  /// stored), are returned unchanged.
  ///
  /// ```swift
  /// ValueTransform.cents.write(19.99)                 // 1999
  /// ValueTransform.yesNo(yes: "Y", no: "N").write(true) // "Y"
  /// ```
  ///
  /// - Parameter value: A stored value.
  /// - Returns: The value to export.
  /// - Complexity: O(*n*) in the size of `value`.
  public func write(_ value: JSONValue) -> JSONValue {
    if case .null = value { return value }
    switch (kind, value) {
    case (.cents, .double(let amount)):
      let cents = (amount * 100).rounded()
      guard cents.magnitude <= Double(Self.maximumCents) else { return value }
      return .int(Int64(cents))
    case (.cents, .int(let amount)):
      let (cents, overflow) = amount.multipliedReportingOverflow(by: 100)
      return overflow ? value : .int(cents)
    case (.yesNo(let yes, let no), .bool(let b)):
      return .string(b ? yes : no)
    case (.datePattern(let pattern), .string(let iso)):
      guard let milliseconds = ISODate.milliseconds(from: iso),
        let text = pattern.string(fromMilliseconds: milliseconds)
      else { return value }
      return .string(text)
    case (.list(let separator), .array(let elements)):
      return .string(elements.map(Self.text).joined(separator: separator))
    case (.custom, _):
      return write?(value) ?? value
    default:
      return value
    }
  }

  /// Whether `text` is `word`, ignoring ASCII letter case.
  private static func sameWord(_ text: String, _ word: String) -> Bool {
    text.utf8.count == word.utf8.count
      && zip(text.utf8, word.utf8).allSatisfy { lowered($0) == lowered($1) }
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// `text` cut at every `separator`, each piece without the spaces around it.
  private static func split(_ text: String, _ separator: String) -> [String] {
    guard !separator.isEmpty else { return [trimmed(Substring(text))] }
    var pieces: [String] = []
    var rest = Substring(text)
    while let range = rest.firstRange(of: separator) {
      pieces.append(trimmed(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    pieces.append(trimmed(rest))
    return pieces
  }

  private static func trimmed(_ text: Substring) -> String {
    var text = text
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }

  /// An array element as list text: strings as they are, other scalars as their JSON text.
  private static func text(_ element: JSONValue) -> String {
    if case .string(let s) = element { return s }
    return JSONWriter.string(element)
  }
}
