extension JSONScanner {
  /// An object key read by ``JSONScanner/nextKey()``: its decoded bytes, without the quotes,
  /// and a hash of them.
  ///
  /// The bytes lie in the input when the key has no escapes, else in a buffer the scanner owns;
  /// either way they are valid only until the next call on the scanner. The hash is
  /// ``hash(of:)`` of the bytes, so a caller can look keys up in a table built with it.
  package struct Key {
    /// The key's UTF-8 bytes, escapes decoded.
    package let bytes: UnsafeRawBufferPointer
    /// ``hash(of:)`` of ``bytes``.
    package let hash: UInt64

    /// Whether the key is exactly `text`, byte for byte.
    ///
    /// ```swift
    /// key.equals("id")  // for the key "id" or "\u0069d": true
    /// ```
    @inline(__always)
    package func equals(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count
        && (bytes.isEmpty
          || KeyCache.equal(
            UnsafeRawPointer(text.utf8Start), bytes.baseAddress.unsafelyUnwrapped, bytes.count))
    }

    /// Whether the key is exactly `other`, byte for byte.
    @inline(__always)
    package func equals(_ other: UnsafeRawBufferPointer) -> Bool {
      other.count == bytes.count
        && (bytes.isEmpty
          || KeyCache.equal(
            other.baseAddress.unsafelyUnwrapped, bytes.baseAddress.unsafelyUnwrapped, bytes.count))
    }

    /// The key as a `String` (allocates when longer than 15 bytes).
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The hash ``JSONScanner`` gives a key of these bytes: never 0, the same for the same bytes.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    package static func hash(of bytes: UnsafeRawBufferPointer) -> UInt64 {
      guard let base = bytes.baseAddress else {
        return hash(UnsafeRawPointer(bitPattern: 8).unsafelyUnwrapped, 0, canLoadWord: false)
      }
      return hash(base, bytes.count, canLoadWord: false)
    }

    /// ``hash(of:)`` of the `length` bytes at `bytes`; `canLoadWord` when eight bytes from
    /// `bytes` may be read (those past `length` are ignored).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawPointer, _ length: Int, canLoadWord: Bool) -> UInt64 {
      guard length <= 8 else { return JSONParser.StringPool.hash(bytes, length) }
      var word: UInt64 = 0
      if canLoadWord {
        word = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
      } else {
        var i = 0
        while i < length {
          word |= UInt64(bytes.load(fromByteOffset: i, as: UInt8.self)) &<< UInt64(i &* 8)
          i += 1
        }
      }
      return hash(word: word, length)
    }

    /// The hash of a key of `length` (at most 8) bytes, the low bytes of `word` (little-endian);
    /// its other bytes are ignored.
    @inline(__always)
    static func hash(word: UInt64, _ length: Int) -> UInt64 {
      var word = word
      if length < 8 { word &= (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1 }
      let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
      var hash =
        (word ^ (UInt64(truncatingIfNeeded: length) &* 0xA24B_AED4_963E_E407)) &* multiplier
      hash ^= hash >> 32
      hash = hash &* multiplier
      return hash == 0 ? 1 : hash
    }
  }
}
