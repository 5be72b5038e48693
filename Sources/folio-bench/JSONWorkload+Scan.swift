import Folio

extension JSONBenchmark {
  /// `--only scan`: one pass over the payload with ``JSONScanner``'s pull API, touching every
  /// value as a row reader would (each key and its hash, integers, doubles, booleans, the
  /// bytes of every string, the nested `user` object and the `tags` array) without building a
  /// `JSONValue`. Returns a checksum of what it read, so nothing is optimised away.
  static func scan(_ bytes: [UInt8]) throws -> Int {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> Int in
      var scanner = JSONScanner(buffer, options: JSONParser.Options())
      var checksum: UInt64 = 0
      try scanner.beginArray()
      while try scanner.nextElement() {
        try scanItem(&scanner, into: &checksum)
      }
      try scanner.end()
      return Int(truncatingIfNeeded: checksum)
    }
  }

  /// Reads one object, with objects and arrays nested in it, folding what it reads into
  /// `checksum`.
  static func scanItem(_ scanner: inout JSONScanner, into checksum: inout UInt64) throws(JSONError)
  {
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      checksum = checksum &* 31 &+ key.hash
      switch try scanner.peek() {
      case .number:
        if let int = try scanner.readInt64IfInteger() {
          checksum &+= UInt64(bitPattern: int)
        } else if case .double(let double) = try scanner.readNumber() {
          checksum &+= double.bitPattern
        }
      case .string:
        checksum &+= try scanner.readString(Self.touch)
      case .bool: checksum &+= try scanner.readBool() ? 1 : 2
      case .null: try scanner.readNull()
      case .object: try scanItem(&scanner, into: &checksum)
      case .array:
        try scanner.beginArray()
        while try scanner.nextElement() {
          if try scanner.peek() == .string {
            checksum &+= try scanner.readString(Self.touch)
          } else {
            try scanner.skipValue()
          }
        }
      }
    }
  }

  /// What a row reader does with a string's bytes at the least: looks at its length and ends.
  @inline(__always) static func touch(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    guard let last = bytes.last, let first = bytes.first else { return 0 }
    return UInt64(bytes.count) &+ UInt64(first) &* 7 &+ UInt64(last)
  }
}
