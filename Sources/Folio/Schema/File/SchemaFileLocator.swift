/// Finds where a JSON pointer's value starts in (already validated) JSON text, to give schema
/// file problems a line and column. Iterative: nesting depth cannot overflow the stack.
enum SchemaFileLocator {
  /// The 1-based line and column of the value at `pointer` (RFC 6901), or `nil` if not found.
  static func position(of pointer: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
    guard let offset = offset(of: pointer, in: bytes) else { return nil }
    var line = 1
    var lineStart = 0
    for i in 0..<offset where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return (line, offset - lineStart + 1)
  }

  static func offset(of pointer: String, in b: [UInt8]) -> Int? {
    let components = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map { unescape(String($0)) }
    var i = skipSpace(b, 0)
    for component in components {
      guard i < b.count else { return nil }
      if b[i] == 0x7B {  // {
        i = skipSpace(b, i + 1)
        var found = false
        while i < b.count, b[i] == 0x22 {
          let keyStart = i
          guard let keyEnd = skipString(b, i) else { return nil }
          let key = keyText(b, keyStart, keyEnd)
          i = skipSpace(b, keyEnd)
          guard i < b.count, b[i] == 0x3A else { return nil }
          i = skipSpace(b, i + 1)
          if key == component {
            found = true
            break
          }
          guard let next = skipValue(b, i) else { return nil }
          i = skipSpace(b, next)
          guard i < b.count, b[i] == 0x2C else { return nil }
          i = skipSpace(b, i + 1)
        }
        guard found else { return nil }
      } else if b[i] == 0x5B, let index = Int(component), index >= 0 {  // [
        i = skipSpace(b, i + 1)
        for _ in 0..<index {
          guard let next = skipValue(b, i) else { return nil }
          i = skipSpace(b, next)
          guard i < b.count, b[i] == 0x2C else { return nil }
          i = skipSpace(b, i + 1)
        }
        guard i < b.count, b[i] != 0x5D else { return nil }
      } else {
        return nil
      }
    }
    return i
  }

  private static func unescape(_ s: String) -> String {
    guard s.contains("~") else { return s }
    var out = ""
    var iterator = s.makeIterator()
    while let c = iterator.next() {
      if c == "~" {
        let next = iterator.next()
        out += next == "1" ? "/" : next == "0" ? "~" : "~" + (next.map(String.init) ?? "")
      } else {
        out.append(c)
      }
    }
    return out
  }

  private static func keyText(_ b: [UInt8], _ start: Int, _ end: Int) -> String {
    let raw = Array(b[start..<end])
    if !raw.contains(0x5C) { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
    return (try? JSONParser.parse(raw))?.stringValue ?? ""
  }

  private static func skipSpace(_ b: [UInt8], _ start: Int) -> Int {
    var i = start
    while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    return i
  }

  /// The offset just past the string starting at `start` (which holds `"`).
  private static func skipString(_ b: [UInt8], _ start: Int) -> Int? {
    var i = start + 1
    while i < b.count {
      if b[i] == 0x5C {
        i += 2
      } else if b[i] == 0x22 {
        return i + 1
      } else {
        i += 1
      }
    }
    return nil
  }

  /// The offset just past the value starting at `start`.
  private static func skipValue(_ b: [UInt8], _ start: Int) -> Int? {
    var i = start
    var depth = 0
    repeat {
      guard i < b.count else { return nil }
      switch b[i] {
      case 0x22:
        guard let end = skipString(b, i) else { return nil }
        i = end
      case 0x7B, 0x5B:
        depth += 1
        i += 1
      case 0x7D, 0x5D:
        depth -= 1
        i += 1
      default:
        if depth == 0 {
          while i < b.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09].contains(b[i]) { i += 1 }
        } else {
          i += 1
        }
      }
    } while depth > 0
    return i
  }
}
