/// Identifiers in the arena: a to-one's string or composite identifier, a to-many's
/// identifiers one after another (``RowArena``).
///
/// Each is a kind byte, then for 0 (int) 8 little-endian bytes, for 1 (string) a 4-byte length
/// and the UTF-8 bytes, for 2 (composite) a part count byte (1–255) and the parts, ints or
/// strings encoded the same way. Composites are one level deep, so nothing here recurses.
extension RowArena {
  /// The kind byte of an integer identifier.
  private static let intKind: UInt8 = 0
  /// The kind byte of a string identifier.
  private static let stringKind: UInt8 = 1
  /// The kind byte of a composite identifier.
  private static let compositeKind: UInt8 = 2

  /// Appends identifier `value` (its stored JSON form) and returns its reference, or `nil`
  /// (appending nothing) when `value` is not an int, a string or a composite of 1–255 ints and
  /// strings.
  mutating func appendIdentifier(_ value: JSONValue) -> UInt64? {
    append { RowArena.appendIdentifier(value, to: &$0) }
  }

  /// Appends identifiers `values` one after another and returns their reference, or `nil`
  /// (appending nothing) when one is not an identifier.
  ///
  /// - Complexity: O(*n*) in the size of the identifiers.
  mutating func appendIdentifiers(_ values: [JSONValue]) -> UInt64? {
    append { bytes in
      for value in values where !RowArena.appendIdentifier(value, to: &bytes) { return false }
      return true
    }
  }

  /// The identifier `reference` names (the inverse of ``appendIdentifier(_:)``).
  func identifier(_ reference: UInt64) -> JSONValue {
    withBytes(reference) { b in
      var offset = 0
      return RowArena.identifier(at: &offset, in: b)
    }
  }

  /// The identifiers `reference` names (the inverse of ``appendIdentifiers(_:)``).
  ///
  /// - Complexity: O(*n*) in the size of the identifiers.
  func identifiers(_ reference: UInt64) -> [JSONValue] {
    withBytes(reference) { b in
      var values: [JSONValue] = []
      var offset = 0
      while offset < b.count { values.append(RowArena.identifier(at: &offset, in: b)) }
      return values
    }
  }

  /// Appends the encoding of identifier `value`; `false` when it is not one (the caller rolls
  /// back what was appended).
  private static func appendIdentifier(_ value: JSONValue, to bytes: inout ContiguousArray<UInt8>)
    -> Bool
  {
    if case .array(let parts) = value {
      guard !parts.isEmpty, parts.count <= 255 else { return false }
      bytes.append(compositeKind)
      bytes.append(UInt8(truncatingIfNeeded: parts.count))
      for part in parts where !appendPart(part, to: &bytes) { return false }
      return true
    }
    return appendPart(value, to: &bytes)
  }

  /// Appends an int or string identifier (or composite part); `false` for any other value.
  private static func appendPart(_ value: JSONValue, to bytes: inout ContiguousArray<UInt8>) -> Bool
  {
    switch value {
    case .int(let i):
      bytes.append(intKind)
      appendWord(UInt64(bitPattern: i), to: &bytes)
      return true
    case .string(let text):
      bytes.append(stringKind)
      return appendCounted(text, to: &bytes)
    default:
      return false
    }
  }

  /// The identifier encoded at `offset` of `b`; moves `offset` past it.
  private static func identifier(at offset: inout Int, in b: UnsafeRawBufferPointer) -> JSONValue {
    guard b[offset] == compositeKind else { return part(at: &offset, in: b) }
    let count = Int(b[offset + 1])
    offset += 2
    var parts: [JSONValue] = []
    parts.reserveCapacity(count)
    for _ in 0..<count { parts.append(part(at: &offset, in: b)) }
    return .array(parts)
  }

  /// The int or string identifier (or composite part) at `offset` of `b`; moves `offset` past
  /// it.
  private static func part(at offset: inout Int, in b: UnsafeRawBufferPointer) -> JSONValue {
    if b[offset] == intKind {
      defer { offset += 9 }
      return .int(Int64(bitPattern: word(at: offset + 1, in: b)))
    }
    let length = length(at: offset + 1, in: b)
    defer { offset += 5 + length }
    return .string(string(at: offset + 5, length: length, in: b))
  }
}
