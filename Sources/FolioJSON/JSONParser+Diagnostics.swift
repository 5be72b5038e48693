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
}
