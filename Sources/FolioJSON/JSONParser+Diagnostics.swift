extension JSONParser.Reader {
  /// The error for a byte that cannot start a value.
  @inline(never)
  func unexpectedValueStart() -> JSONError {
    let byte = buffer[position]
    func followedBy(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      return position + bytes.count <= count
        && buffer[position..<(position + bytes.count)].elementsEqual(bytes)
    }
    switch byte {
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      return error(
        .unexpectedCharacter, "expected a value before '\(Character(UnicodeScalar(byte)))'")
    case UInt8(ascii: "+"), UInt8(ascii: "."):
      return error(
        .invalidNumber,
        "a number must start with a digit or '-' (write 1 and 0.5, not +1 and .5)")
    case UInt8(ascii: "N") where followedBy("NaN"),
      UInt8(ascii: "I") where followedBy("Infinity"):
      return error(
        .invalidNumber, "NaN and Infinity are not JSON numbers; use null or a string instead")
    case UInt8(ascii: "'"):
      return error(.unexpectedCharacter, "strings must be in double quotes, not single quotes")
    case UInt8(ascii: "/"):
      return error(.unexpectedCharacter, "expected a value; comments are not allowed in JSON")
    default:
      return error(
        .unexpectedCharacter,
        "expected a value (object, array, string, number, true, false or null)")
    }
  }

  /// A hint appended to an error found at a `/`, which usually starts a comment.
  func commentHint(at offset: Int) -> String {
    offset < count && buffer[offset] == UInt8(ascii: "/")
      ? "; comments are not allowed in JSON" : ""
  }

  /// The name of the encoding the input is evidently in when it is UTF-16 or UTF-32 instead of
  /// UTF-8: a byte-order mark (FF FE, FE FF, FF FE 00 00, 00 00 FE FF), or the NUL pattern of
  /// its first four bytes (a JSON text starts with two ASCII characters, which UTF-16 and UTF-32
  /// pad with NULs: `X 0 Y 0`, `0 X 0 Y`, `X 0 0 0`, `0 0 0 X`; RFC 4627 §3). `nil` for
  /// anything else.
  func otherEncoding() -> String? {
    guard count >= 2 else { return nil }
    let (b0, b1) = (buffer[0], buffer[1])
    if b0 == 0xFE, b1 == 0xFF { return "UTF-16BE (with a byte-order mark)" }
    if b0 == 0xFF, b1 == 0xFE {
      let utf32 = count >= 4 && buffer[2] == 0 && buffer[3] == 0
      return utf32 ? "UTF-32LE (with a byte-order mark)" : "UTF-16LE (with a byte-order mark)"
    }
    guard count >= 4 else { return nil }
    let (b2, b3) = (buffer[2], buffer[3])
    switch (b0 == 0, b1 == 0, b2 == 0, b3 == 0) {
    case (true, true, false, false) where b2 == 0xFE && b3 == 0xFF:
      return "UTF-32BE (with a byte-order mark)"
    case (false, true, true, true): return "UTF-32LE"
    case (true, true, true, false): return "UTF-32BE"
    case (false, true, false, true): return "UTF-16LE"
    case (true, false, true, false): return "UTF-16BE"
    default: return nil
    }
  }
}
