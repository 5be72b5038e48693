extension JSONError {
  /// The widest excerpt of the offending line kept for the caret display, in bytes.
  static let excerptWidth = 160

  /// Builds an error at `offset`, computing line, column and the source line from the input.
  ///
  /// Long lines (such as a compact payload on one line) are cut to a window around the offset.
  ///
  /// - Complexity: O(*offset*).
  static func located(
    code: Code, message: String, offset: Int, in buffer: UnsafeBufferPointer<UInt8>, file: String?
  ) -> JSONError {
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset {
      if buffer[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    var excerptStart = Swift.max(lineStart, offset - excerptWidth / 2)
    // Do not start the excerpt inside a UTF-8 sequence.
    while excerptStart > lineStart, excerptStart < buffer.count, buffer[excerptStart] & 0xC0 == 0x80
    {
      excerptStart -= 1
    }
    var lineEnd = excerptStart
    while lineEnd < buffer.count, buffer[lineEnd] != 0x0A, buffer[lineEnd] != 0x0D,
      lineEnd - excerptStart < excerptWidth
    {
      lineEnd += 1
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: buffer[excerptStart..<lineEnd]), as: UTF8.self)
    var error = JSONError(
      code: code, message: message, offset: offset, line: line, column: offset - lineStart + 1,
      sourceLine: text, file: file)
    error.sourceLineColumn = excerptStart - lineStart + 1
    return error
  }
}

func hex2(_ byte: UInt8) -> String {
  let s = String(byte, radix: 16, uppercase: true)
  return s.count == 1 ? "0" + s : s
}

func hex4(_ value: UInt32) -> String {
  let s = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
