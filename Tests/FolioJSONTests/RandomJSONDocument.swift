import FolioTestSupport

/// Seeded random JSON texts for differential tests: valid documents with escapes, surrogate
/// pairs, raw non-ASCII, edge numbers, empty and large containers, nesting near the depth limit,
/// and now and then a duplicate key; and invalid ones made from them by flipping, inserting or
/// deleting bytes, or cutting them short.
struct RandomJSONDocument {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  static let keys = [
    "id", "name", "s", "sx", "tags", "user", "a_key_longer_than_15_bytes", "\u{E9}", "key", "",
    "salary", "departmentID", "k", "x/y", "emoji\u{1F600}",
  ]
  /// Spellings of keys with escapes; some decode to keys of ``keys``.
  static let escapedKeys = [
    #"k\u0065y"#, #"\u00e9"#, #"na\u006De"#, #"q\"k"#, #"tab\t"#, #"\ud83d\ude00"#,
  ]
  static let numbers = [
    "0", "-0", "7", "-42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "-9223372036854775809", "123456789012345678901234567890", "1.5", "-0.0", "0.1", "1e2", "1E+2",
    "1e-2", "-1.5E-3", "0e0", "1e400", "-1e400", "1e-400", "4.9e-324", "2.2250738585072014e-308",
    "1.7976931348623157e308", "0.30000000000000004", "9007199254740993", "1234567.0e-3",
    "100000000000000000000000", "1" + String(repeating: "0", count: 30) + ".5",
  ]
  static let stringPieces = [
    "a", "hello", " ", #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u00e9"#,
    #"\u0000"#, #"\u20AC"#, #"\uD83D\uDE00"#, #"\udbff\udfff"#, "\u{E9}", "\u{20AC}", "\u{1F600}",
    "0123456789abcdef0123", "e\u{301}",
  ]
  static let whitespace = [" ", "\n", "\t", "\r\n", "  "]

  mutating func below(_ n: Int) -> Int { random.below(n) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// A document: usually a tree of modest depth, sometimes a chain nested about as deep as
  /// `maxDepth` (on either side of it).
  mutating func document(maxDepth: Int = 512) -> [UInt8] {
    var text = ""
    if chance(4) {
      let depth = maxDepth - 3 + below(6)
      var closers: [String] = []
      for _ in 0..<depth {
        let isArray = chance(50)
        text += isArray ? "[" : #"{"k":"#
        closers.append(isArray ? "]" : "}")
      }
      value(into: &text, depth: 5)
      text += closers.reversed().joined()
      return Array(text.utf8)
    }
    space(&text)
    value(into: &text, depth: below(6))
    space(&text)
    return Array(text.utf8)
  }

  mutating func space(_ text: inout String) {
    if chance(15) { text += Self.whitespace[below(Self.whitespace.count)] }
  }

  mutating func value(into text: inout String, depth: Int) {
    let kind = depth == 0 ? 2 + below(5) : below(8)
    switch kind {
    case 0, 7: object(into: &text, depth: depth)
    case 1: array(into: &text, depth: depth)
    case 2: string(into: &text)
    case 3:
      text += chance(50) ? Self.numbers[below(Self.numbers.count)] : randomNumber()
    case 4: text += chance(50) ? "true" : "false"
    case 5: text += "null"
    default: text += chance(50) ? "\(below(1_000_000))" : randomNumber()
    }
  }

  mutating func randomNumber() -> String {
    var text = chance(30) ? "-" : ""
    text += chance(20) ? "0" : "\(1 + below(999_999))"
    if chance(50) { text += "." + String(below(10_000_000)) }
    if chance(30) { text += ["e", "E", "e+", "e-"][below(4)] + "\(below(330))" }
    return text
  }

  mutating func string(into text: inout String) {
    text += "\""
    for _ in 0..<below(chance(10) ? 40 : 6) {
      text += Self.stringPieces[below(Self.stringPieces.count)]
    }
    text += "\""
  }

  mutating func object(into text: inout String, depth: Int) {
    let count = chance(10) ? 16 + below(30) : below(6)
    var used: [String] = []
    text += "{"
    for i in 0..<count {
      if i > 0 { text += "," }
      space(&text)
      var key: String
      if chance(3), let earlier = used.randomElement(using: &random) {
        key = earlier  // a duplicate
      } else if chance(10) {
        key = Self.escapedKeys[below(Self.escapedKeys.count)]
      } else if count > 10 || chance(30) {
        key = "k\(i)_\(below(1000))"
      } else {
        key = Self.keys[below(Self.keys.count)]
        if used.contains(key), !chance(5) { key += "\(i)" }
      }
      used.append(key)
      text += "\"" + key + "\""
      space(&text)
      text += ":"
      space(&text)
      value(into: &text, depth: depth - 1)
      space(&text)
    }
    text += "}"
  }

  mutating func array(into text: inout String, depth: Int) {
    text += "["
    for i in 0..<below(6) {
      if i > 0 { text += "," }
      space(&text)
      value(into: &text, depth: depth - 1)
      space(&text)
    }
    text += "]"
  }

  static let interestingBytes: [UInt8] =
    Array(#"{}[],:"\0-e.+ tfnu/x"#.utf8) + [0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF, 0x0A, 0x01]

  /// `bytes` broken by one to three random edits, or cut short.
  mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    if chance(20) { return Array(bytes.prefix(below(bytes.count + 1))) }
    for _ in 0..<(1 + below(3)) {
      let at = below(bytes.count + 1)
      let byte =
        chance(70)
        ? Self.interestingBytes[below(Self.interestingBytes.count)]
        : UInt8(truncatingIfNeeded: random.next())
      switch below(3) {
      case 0 where at < bytes.count: bytes[at] = byte
      case 1 where at < bytes.count: bytes.remove(at: at)
      default: bytes.insert(byte, at: at)
      }
    }
    return bytes
  }
}
