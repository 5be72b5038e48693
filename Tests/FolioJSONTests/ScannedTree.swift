import FolioJSON

/// Builds a ``JSONValue`` with ``JSONScanner``'s pull API alone, to compare with
/// ``JSONParser/parse(_:options:)``: every value is read piece by piece (or, in the modes that
/// say so, skipped or read whole), and containers are kept on an explicit stack, so a document
/// nested as deep as the limit allows builds without recursion.
enum ScannedTree {
  /// How the scanner reads the document.
  enum Mode: CaseIterable, CustomStringConvertible {
    /// Piece by piece: keys, strings' bytes, `readInt64IfInteger` then `readNumber`, literals.
    case pull
    /// Piece by piece down to depth 2; values below it through `readValue()`.
    case readValueBelowDepth2
    /// The whole document through `readValue()`.
    case readValue
    /// The whole document through `skipValue()`; the result is `.null`.
    case skip
    /// Piece by piece, skipping every member whose key starts with "s" with `skipValue()`
    /// (their value is `.null` in the result).
    case skipSomeMembers

    var description: String {
      switch self {
      case .pull: "pull"
      case .readValueBelowDepth2: "readValueBelowDepth2"
      case .readValue: "readValue"
      case .skip: "skip"
      case .skipSomeMembers: "skipSomeMembers"
      }
    }
  }

  /// One open container of the tree being built.
  struct Open {
    var isObject: Bool
    var keys: [String] = []
    var values: [JSONValue] = []
  }

  /// The document's value as the scanner reads it in `mode`, after ``JSONScanner/end()``.
  static func scan(_ bytes: [UInt8], options: JSONParser.Options = .init(), mode: Mode = .pull)
    throws(JSONError) -> JSONValue
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
      var scanner = JSONScanner(buffer, options: options)
      let value = try scan(&scanner, mode: mode)
      try scanner.end()
      return value
    }
  }

  /// Reads one value from `scanner` in `mode`.
  static func scan(_ scanner: inout JSONScanner, mode: Mode) throws(JSONError) -> JSONValue {
    switch mode {
    case .readValue: return try scanner.readValue()
    case .skip:
      try scanner.skipValue()
      return .null
    default: break
    }
    var stack: [Open] = []
    var skipsNext = false
    readValue: while true {
      var value: JSONValue
      if skipsNext {
        try scanner.skipValue()
        value = .null
      } else if mode == .readValueBelowDepth2, scanner.depth >= 2 {
        value = try scanner.readValue()
      } else {
        switch try scanner.peek() {
        case .object:
          try scanner.beginObject()
          if let key = try scanner.nextKey() {
            stack.append(Open(isObject: true, keys: [key.string]))
            skipsNext = skips(key, mode)
            continue readValue
          }
          value = .object(JSONObject())
        case .array:
          try scanner.beginArray()
          if try scanner.nextElement() {
            stack.append(Open(isObject: false))
            skipsNext = false
            continue readValue
          }
          value = .array([])
        case .string:
          value = .string(try scanner.readString { String(decoding: $0, as: UTF8.self) })
        case .number:
          if let int = try scanner.readInt64IfInteger() {
            value = .int(int)
          } else {
            switch try scanner.readNumber() {
            case .int(let int): value = .string("readInt64IfInteger missed the integer \(int)")
            case .double(let double): value = .double(double)
            }
          }
        case .bool: value = .bool(try scanner.readBool())
        case .null:
          try scanner.readNull()
          value = .null
        }
      }
      skipsNext = false
      // A value is complete: add it to its container, closing those that end here.
      while !stack.isEmpty {
        stack[stack.count - 1].values.append(value)
        if stack[stack.count - 1].isObject {
          if let key = try scanner.nextKey() {
            stack[stack.count - 1].keys.append(key.string)
            skipsNext = skips(key, mode)
            continue readValue
          }
          let closed = stack.removeLast()
          value = .object(JSONObject(uniqueKeys: closed.keys, values: closed.values))
        } else {
          if try scanner.nextElement() { continue readValue }
          value = .array(stack.removeLast().values)
        }
      }
      return value
    }
  }

  static func skips(_ key: JSONScanner.Key, _ mode: Mode) -> Bool {
    mode == .skipSomeMembers && key.bytes.first == UInt8(ascii: "s")
  }

  /// `value` with every member whose key starts with "s" set to `.null`, as
  /// ``Mode/skipSomeMembers`` reads it.
  static func nullingSkippedMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(nullingSkippedMembers))
    case .object(let object):
      return .object(
        JSONObject(
          uniqueKeys: object.keys,
          values: zip(object.keys, object.values).map { key, value in
            key.utf8.first == UInt8(ascii: "s") ? .null : nullingSkippedMembers(value)
          }))
    default: return value
    }
  }

  /// Whether `a` and `b` are the same value down to the bits: same kinds, integers and doubles
  /// (by bit pattern, so `-0.0` differs from `0.0`), strings by bytes, members in the same order.
  static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
    case (.object(let x), .object(let y)):
      return x.keys.map { Array($0.utf8) } == y.keys.map { Array($0.utf8) }
        && zip(x.values, y.values).allSatisfy { identical($0, $1) }
    default: return false
    }
  }
}
