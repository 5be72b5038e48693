extension JSONScanner {
  /// Validates the next value, including everything nested in it, and moves past it.
  ///
  /// Iterative: open containers go on the scanner's own stack, so any depth up to
  /// ``JSONParser/Options/maxDepth`` is skipped without recursion. Duplicate keys, numbers out
  /// of range and every other problem ``JSONParser`` reports are reported here too.
  ///
  /// - Throws: ``JSONError`` for the first problem in the value.
  /// - Complexity: O(*n*) in the value's length.
  package mutating func skipValue() throws(JSONError) {
    let base = depth
    scan: while true {
      switch try valueStart() {
      case UInt8(ascii: "{"):
        try reader.checkDepth(depth)
        open(isObject: true)
        if try nextKey() != nil { continue scan }
      case UInt8(ascii: "["):
        try reader.checkDepth(depth)
        open(isObject: false)
        if try nextElement() { continue scan }
      case UInt8(ascii: "\""): try skipString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try reader.parseNumber()
      case UInt8(ascii: "t"): try reader.expectLiteral("true", word: 0x6575_7274)
      case UInt8(ascii: "f"): try reader.expectLiteral("false", word: 0x736C_6166)
      case UInt8(ascii: "n"): try reader.expectLiteral("null", word: 0x6C6C_756E)
      default: throw reader.unexpectedValueStart()
      }
      // A value is complete: go on in the containers opened here, closing those that end.
      while depth > base {
        if top.isObject {
          if try nextKey() != nil { continue scan }
        } else if try nextElement() {
          continue scan
        }
      }
      return
    }
  }

  /// Reads the next value, including everything nested in it, as a ``JSONValue``: the general
  /// path for values a caller does not read piece by piece.
  ///
  /// The value is read by ``JSONParser``'s own code, counting the scanner's open containers
  /// towards the depth limit; errors carry offsets in the whole input.
  ///
  /// ```swift
  /// try scanner.readValue()  // for {"a": [1]}: .object(["a": [1]])
  /// ```
  ///
  /// - Returns: the value, which does not refer to the input.
  /// - Throws: ``JSONError`` for the first problem in the value.
  /// - Complexity: O(*n*) in the value's length.
  package mutating func readValue() throws(JSONError) -> JSONValue {
    _ = try valueStart()
    reader.maxDepth = maxDepth - depth
    defer { reader.maxDepth = maxDepth }
    return try reader.parseValues()
  }
}
