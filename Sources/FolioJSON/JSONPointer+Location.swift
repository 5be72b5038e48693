extension JSONPointer {
  /// Where a value sits in JSON text: a byte offset and its 1-based line and column.
  public struct TextLocation: Sendable, Hashable {
    /// Byte offset from the start of the text (0-based).
    public var offset: Int
    /// Line number (1-based).
    public var line: Int
    /// Column in bytes within the line (1-based).
    public var column: Int
  }

  /// Where this pointer's value starts in `bytes`, or where its deepest existing ancestor starts
  /// when the value itself is missing — so an error about a record in a hand-edited file can name
  /// the exact line and column.
  ///
  /// It scans the bytes without building values and without recursion. It expects text that the
  /// parser accepts; on anything unexpected it returns the deepest place it reached.
  ///
  /// ```swift
  /// let text = Array("[\n  {\"id\": 1}\n]".utf8)
  /// JSONPointer(tokens: ["0", "id"]).location(in: text)   // line 2, column 10
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the text before the value.
  public func location(in bytes: [UInt8]) -> TextLocation {
    let offset = Self.offset(of: tokens.map { Array($0.utf8) }, in: bytes)
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
    return TextLocation(offset: offset, line: line, column: offset - lineStart + 1)
  }

  /// Where this pointer's value starts in `bytes`, read as a pointer relative to the value that
  /// starts at byte `start` (from ``elementOffsets(in:)``): the offset only, for a caller that
  /// locates many values in one text and finds lines itself.
  ///
  /// - Complexity: O(*n*) in the length of the text between `start` and the value.
  package func offset(in bytes: [UInt8], from start: Int) -> Int {
    Self.offset(of: tokens.map { Array($0.utf8) }, in: bytes, from: start)
  }

  /// The byte offset of each element of the top-level array in `bytes`, in one scan; empty
  /// when the text is not an array.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package static func elementOffsets(in b: [UInt8]) -> [Int] {
    var pos = skipSpace(b, 0)
    guard pos < b.count, b[pos] == UInt8(ascii: "[") else { return [] }
    pos = skipSpace(b, pos + 1)
    var offsets: [Int] = []
    while pos < b.count, b[pos] != UInt8(ascii: "]") {
      offsets.append(pos)
      pos = skipSpace(b, skipValue(b, pos))
      guard pos < b.count, b[pos] == UInt8(ascii: ",") else { break }
      pos = skipSpace(b, pos + 1)
    }
    return offsets
  }

  private static func offset(of tokens: [[UInt8]], in b: [UInt8], from origin: Int = 0) -> Int {
    var pos = skipSpace(b, origin)
    for token in tokens {
      guard pos < b.count else { return pos }
      let start = pos
      if b[pos] == UInt8(ascii: "[") {
        guard let index = Int(String(decoding: token, as: UTF8.self)), index >= 0 else { return start }
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

  private static func skipSpace(_ b: [UInt8], _ start: Int) -> Int {
    var pos = start
    while pos < b.count, b[pos] == 0x20 || b[pos] == 0x0A || b[pos] == 0x0D || b[pos] == 0x09 {
      pos += 1
    }
    return pos
  }

  /// The offset just after the string starting at `start` (its opening quote).
  private static func skipString(_ b: [UInt8], _ start: Int) -> Int {
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

  /// The offset just after the value starting at `start`; iterative, any depth.
  private static func skipValue(_ b: [UInt8], _ start: Int) -> Int {
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
