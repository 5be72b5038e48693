extension JSONScanner {
  /// Reads `"key" :` at the cursor, rejecting a key the innermost object already has.
  @inline(__always)
  mutating func readKey() throws(JSONError) -> Key {
    let count = reader.count
    guard reader.position < count else {
      throw reader.error(.unexpectedEnd, "the input ended inside an object; expected a key")
    }
    let base = reader.buffer.baseAddress.unsafelyUnwrapped
    let keyPosition = reader.position
    guard base[keyPosition] == UInt8(ascii: "\"") else {
      throw reader.error(
        .expectedKey,
        "expected a string key in double quotes" + reader.commentHint(at: reader.position))
    }
    let start = keyPosition + 1
    let entry: KeyEntry
    if start + 8 <= count,
      case let word = UInt64(
        littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self)),
      case let special = Self.specialBytes(word), special != 0,
      case let length = special.trailingZeroBitCount >> 3,
      base[start + length] == UInt8(ascii: "\""),
      length <= reader.maxStringBytes
    {
      // A key of up to 7 bytes of ASCII without escapes: its length and hash from one word.
      reader.position = start + length + 1
      entry = KeyEntry(
        hash: Key.hash(word: word, length), start: start, length: length, decoded: false)
    } else {
      reader.position = start
      var isASCII = true
      if try reader.scanUnescaped(&isASCII) {
        let length = reader.position - start
        try reader.checkLength(length, start: start)
        reader.position += 1
        entry = KeyEntry(
          hash: Key.hash(base + start, length, canLoadWord: start + 8 <= count), start: start,
          length: length, decoded: false)
      } else {
        entry = try readEscapedKey(from: start)
      }
    }
    let bytes = self.bytes(of: entry)
    try checkUnique(entry, bytes, at: keyPosition)
    keys.push(entry)
    if reader.position < count, base[reader.position] == UInt8(ascii: ":") {
      reader.position += 1
    } else {
      try readColon(bytes)
    }
    return Key(bytes: UnsafeRawBufferPointer(start: bytes, count: entry.length), hash: entry.hash)
  }

  /// The high bit of each byte of `word` that is a quote, a backslash, a control character or
  /// not ASCII (exact for the lowest such byte, as in ``JSONParser/Reader/scanUnescaped(_:)``).
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let special =
      ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
      | ((word &- ones &* 0x20) & ~word)
      | word
    return special & (ones &* 0x80)
  }

  /// Reads the `:` after a key when whitespace comes first (or something else).
  @inline(never)
  mutating func readColon(_ bytes: UnsafeRawPointer) throws(JSONError) {
    reader.skipWhitespace()
    guard reader.position < reader.count else {
      throw reader.error(.unexpectedEnd, "the input ended after a key; expected ':'")
    }
    guard reader.buffer[reader.position] == UInt8(ascii: ":") else { throw expectedColon(bytes) }
    reader.position += 1
  }

  /// Decodes a key with escapes (the cursor at its first backslash) into ``keyBytes``.
  @inline(never)
  mutating func readEscapedKey(from start: Int) throws(JSONError) -> KeyEntry {
    try reader.decodeEscapedString(from: start)
    let length = reader.scratch.count
    keyBytes.reserve(length + 8)
    let keyStart = keyBytes.count
    reader.scratch.withUnsafeBufferPointer { keyBytes.append($0) }
    let bytes = UnsafeRawPointer(keyBytes.base + keyStart)
    return KeyEntry(
      hash: Key.hash(bytes, length, canLoadWord: true), start: keyStart, length: length,
      decoded: true)
  }

  /// Where the bytes of `entry` are.
  @inline(__always)
  func bytes(of entry: KeyEntry) -> UnsafeRawPointer {
    entry.decoded
      ? UnsafeRawPointer(keyBytes.base + entry.start)
      : UnsafeRawPointer(reader.buffer.baseAddress.unsafelyUnwrapped + entry.start)
  }

  /// Rejects `entry` (at `bytes`) if the innermost object already has its key.
  ///
  /// An object of up to 16 keys keeps one bit per key, picked by its hash: only a key whose bit
  /// is set is compared with the keys before it. A larger object keeps the set of its keys'
  /// hashes; only a hash already there is compared by bytes.
  @inline(__always)
  mutating func checkUnique(_ entry: KeyEntry, _ bytes: UnsafeRawPointer, at keyPosition: Int)
    throws(JSONError)
  {
    let n = keys.count - top.keyStart
    if n < 16 {
      let bit: UInt64 = 1 << (entry.hash >> 58)
      if top.keyBits & bit != 0, hasKey(entry, bytes) {
        throw duplicateKey(bytes, entry, at: keyPosition)
      }
      top.keyBits |= bit
    } else if !insertLarge(entry, bytes) {
      throw duplicateKey(bytes, entry, at: keyPosition)
    }
  }

  /// Whether the innermost object has a key with the hash and bytes of `entry`.
  func hasKey(_ entry: KeyEntry, _ bytes: UnsafeRawPointer) -> Bool {
    var i = top.keyStart
    while i < keys.count {
      let other = keys.base[i]
      if other.hash == entry.hash, other.length == entry.length,
        KeyCache.equal(self.bytes(of: other), bytes, entry.length)
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// Adds the hash of `entry` to the innermost large object's set; `false` if the object
  /// already has the key.
  @inline(never)
  mutating func insertLarge(_ entry: KeyEntry, _ bytes: UnsafeRawPointer) -> Bool {
    var hashes =
      largeObjectHashes.removeValue(forKey: depth)
      ?? Set((top.keyStart..<keys.count).map { keys.base[$0].hash })
    defer { largeObjectHashes[depth] = hashes }
    if hashes.insert(entry.hash).inserted { return true }
    return !hasKey(entry, bytes)
  }

  @inline(never)
  func duplicateKey(_ bytes: UnsafeRawPointer, _ entry: KeyEntry, at keyPosition: Int) -> JSONError
  {
    let key = String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: entry.length), as: UTF8.self)
    return reader.error(
      .duplicateKey, "the key \"\(key)\" appears twice in one object; keep only one of them",
      at: keyPosition)
  }

  @inline(never)
  func expectedColon(_ bytes: UnsafeRawPointer) -> JSONError {
    let entry = keys.base[keys.count - 1]
    let key = String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: entry.length), as: UTF8.self)
    return reader.error(.expectedColon, "expected ':' after the key \"\(key)\"")
  }
}
