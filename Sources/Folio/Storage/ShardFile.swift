/// The canonical bytes and checksums of shard files (which file holds a record is
/// ``ShardLayout``'s).
///
/// A shard file is a JSON array of the shard's records in identifier order, written by the
/// canonical pretty writer: UTF-8, keys sorted by UTF-8 bytes, two-space indentation, one member
/// per line, shortest round-trip numbers, a trailing newline. Changing one field of one record
/// therefore changes one line of one file. Reading accepts any JSON whitespace (CRLF line
/// endings, a missing final newline, other indentation).
enum ShardFile {
  /// The checksum of a file's bytes: `fnv1a64w:` and 16 lowercase hex digits.
  ///
  /// The algorithm (FNV-1a over 64-bit words): start at 0xcbf29ce484222325; for each 8-byte
  /// little-endian word of the bytes (the last one zero-padded), xor it in and multiply by
  /// 0x100000001b3 (mod 2^64); finally xor in the byte count and multiply once more. Any change
  /// confined to one word always changes the checksum.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func checksum(_ bytes: [UInt8]) -> String {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBytes { raw in
      let words = raw.count / 8
      for i in 0..<words {
        hash ^= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        hash = hash &* prime
      }
      let rest = raw.count - words * 8
      if rest > 0 {
        var last: UInt64 = 0
        for j in 0..<rest { last |= UInt64(raw[words * 8 + j]) << (8 * UInt64(j)) }
        hash ^= last
        hash = hash &* prime
      }
    }
    hash ^= UInt64(bytes.count)
    hash = hash &* prime
    let hex = String(hash, radix: 16)
    return "fnv1a64w:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Parses a store file, turning syntax errors into ``StoreError``s with file, line and column,
  /// and recognising git merge-conflict markers. Repeated string values are shared through `pool`
  /// when there is one.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/mergeConflict``, ``StoreError/Code/invalidJSON``).
  static func parse(_ bytes: [UInt8], file: String, pool: JSONParser.StringPool? = nil)
    throws(StoreError) -> JSONValue
  {
    do {
      return try JSONParser.parse(bytes, options: .init(file: file), pool: pool)
    } catch {
      if let line = conflictMarkerLine(bytes) {
        throw StoreError(
          code: .mergeConflict,
          message: "the file holds git merge-conflict markers; resolve the conflict (keep one side of each record), then open the store again",
          file: file, line: line, column: 1)
      }
      throw StoreError(
        code: .invalidJSON,
        message: "the file is not valid JSON: \(error.message); fix the file by hand or restore it from version control",
        file: file, line: error.line, column: error.column)
    }
  }

  /// The 1-based line of the first `<<<<<<<`, `=======` or `>>>>>>>` marker line, if any.
  static func conflictMarkerLine(_ bytes: [UInt8]) -> Int? {
    conflictMarkerLines(bytes).first?.line
  }

  /// Every line that starts with a git merge-conflict marker (`<<<<<<<`, `|||||||`, `=======`
  /// or `>>>>>>>`), 1-based, with the marker's character.
  static func conflictMarkerLines(_ bytes: [UInt8]) -> [(line: Int, marker: Character)] {
    var found: [(Int, Character)] = []
    var line = 1
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      if end - start >= 7 {
        let first = bytes[start]
        if first == UInt8(ascii: "<") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">")
          || first == UInt8(ascii: "|"),
          bytes[start..<(start + 7)].allSatisfy({ $0 == first })
        {
          found.append((line, Character(Unicode.Scalar(first))))
        }
      }
      line += 1
      start = end + 1
    }
    return found
  }

  /// `name` escaped as one JSON pointer token (`~` → `~0`, `/` → `~1`).
  static func escapePointer(_ name: String) -> String {
    var escaped = ""
    for character in name {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
