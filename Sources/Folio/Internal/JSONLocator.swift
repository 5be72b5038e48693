/// Finds where a JSON pointer's value starts in valid JSON text, as a 1-based line and column,
/// so errors about stored records can name the exact place in a hand-edited file.
///
/// It scans bytes without building values and without recursion. It expects text that the
/// parser has already accepted; on anything unexpected it returns the deepest place it reached.
enum JSONLocator {
  /// The line and column (1-based, column in bytes) of the value at `pointer` (`/3/name`), or
  /// of its deepest existing ancestor.
  static func locate(_ pointer: String, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let offset = self.offset(of: tokens(pointer), in: bytes)
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset, i < bytes.count {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    return (line, offset - lineStart + 1)
  }

  /// The unescaped tokens of a JSON pointer.
  static func tokens(_ pointer: String) -> [[UInt8]] {
    guard pointer.hasPrefix("/") else { return [] }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
      var text = String(token)
      text = text.replacing("~1", with: "/").replacing("~0", with: "~")
      return Array(text.utf8)
    }
  }

  static func offset(of tokens: [[UInt8]], in b: [UInt8]) -> Int {
    var pos = skipSpace(b, 0)
    for token in tokens {
      guard pos < b.count else { return pos }
      let start = pos
      if b[pos] == UInt8(ascii: "[") {
        guard let index = Int(String(decoding: token, as: UTF8.self)) else { return start }
        pos = skipSpace(b, pos + 1)
        for _ in 0..<index {
          pos = skipSpace(b, skipValue(b, pos))
          guard pos < b.count, b[pos] == UInt8(ascii: ",") else { return start }
          pos = skipSpace(b, pos + 1)
        }
      } else if b[pos] == UInt8(ascii: "{") {
        pos = skipSpace(b, pos + 1)
        var found = false
        while pos < b.count, b[pos] == UInt8(ascii: "\"") {
          let keyEnd = skipString(b, pos)
          let key = Array(b[(pos + 1)..<max(pos + 1, keyEnd - 1)])
          pos = skipSpace(b, keyEnd)
          guard pos < b.count, b[pos] == UInt8(ascii: ":") else { return start }
          pos = skipSpace(b, pos + 1)
          if key == token {
            found = true
            break
          }
          pos = skipSpace(b, skipValue(b, pos))
          guard pos < b.count, b[pos] == UInt8(ascii: ",") else { break }
          pos = skipSpace(b, pos + 1)
        }
        if !found { return start }
      } else {
        return start
      }
    }
    return pos
  }

  static func skipSpace(_ b: [UInt8], _ start: Int) -> Int {
    var pos = start
    while pos < b.count, b[pos] == 0x20 || b[pos] == 0x0A || b[pos] == 0x0D || b[pos] == 0x09 { pos += 1 }
    return pos
  }

  /// The offset just after the string starting at `start` (its opening quote).
  static func skipString(_ b: [UInt8], _ start: Int) -> Int {
    var pos = start + 1
    while pos < b.count {
      if b[pos] == UInt8(ascii: "\\") {
        pos += 2
        continue
      }
      if b[pos] == UInt8(ascii: "\"") { return pos + 1 }
      pos += 1
    }
    return pos
  }

  /// The offset just after the value starting at `start`.
  static func skipValue(_ b: [UInt8], _ start: Int) -> Int {
    var pos = start
    var depth = 0
    while pos < b.count {
      let c = b[pos]
      if c == UInt8(ascii: "\"") {
        pos = skipString(b, pos)
        if depth == 0 { return pos }
        continue
      }
      if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
        depth += 1
      } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
        if depth == 0 { return pos }
        depth -= 1
        if depth == 0 { return pos + 1 }
      } else if depth == 0, c == UInt8(ascii: ",") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
        return pos
      }
      pos += 1
    }
    return pos
  }
}
