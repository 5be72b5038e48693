/// Builds Swift's small-string form (up to 15 UTF-8 bytes stored inside the `String` value
/// itself) directly from already validated bytes.
///
/// `String(decoding:as:)` validates its input again and goes through several non-inlined runtime
/// calls, about 150 instructions for a short string; the parser has already validated every byte
/// and knows whether the string is ASCII, so it can write the two words itself (callgrind: most
/// keys and many values of a record are this short).
///
/// The layout (64-bit, little-endian, stable since Swift 5): the UTF-8 bytes in order from the
/// first word's lowest byte, the count in the low nibble of the last byte, and `0xE0` (ASCII) or
/// `0xA0` (other) in its high nibble. ``isAvailable`` checks it against the standard library's own
/// result once per process; where it does not hold, callers use `String(decoding:as:)`.
enum InlineString {
  /// The most bytes a small string holds.
  static let capacity = 15

  /// Whether this platform's strings have the expected small-string layout.
  static let isAvailable: Bool = {
    #if _pointerBitWidth(_64) && _endian(little)
      guard MemoryLayout<String>.size == 16 else { return false }
      let samples = ["", "a", "id", "abcdefgh", "abcdefghi", "abcdefghijklmno", "é", "aé€𝄞"]
      for sample in samples {
        let bytes = Array(sample.utf8)
        let built = bytes.withUnsafeBytes { raw in
          make(bytes: raw.baseAddress, count: raw.count, isASCII: sample.utf8.allSatisfy { $0 < 0x80 })
        }
        let expected = String(decoding: bytes, as: UTF8.self)
        guard bits(built) == bits(expected), built == expected else { return false }
      }
      return true
    #else
      return false
    #endif
  }()

  /// The two words of a string's representation (for comparing small strings by value).
  @inline(__always) static func bits(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
  }

  /// The small string of the `count` (at most 15) bytes at `bytes`, which the caller has
  /// validated as UTF-8. Reads only those bytes.
  @inline(__always) static func make(bytes: UnsafeRawPointer?, count: Int, isASCII: Bool)
    -> String
  {
    var low: UInt64 = 0
    var high: UInt64 = 0
    if let bytes {
      var i = 0
      while i < min(count, 8) {
        low |= UInt64(bytes.load(fromByteOffset: i, as: UInt8.self)) &<< UInt64(i &* 8)
        i += 1
      }
      while i < count {
        high |= UInt64(bytes.load(fromByteOffset: i, as: UInt8.self)) &<< UInt64((i &- 8) &* 8)
        i += 1
      }
    }
    return string(low, high, count: count, isASCII: isASCII)
  }

  /// The small string of the `count` (at most 15) bytes at `bytes`, read as two 8-byte words:
  /// the caller guarantees that 16 bytes from `bytes` are readable.
  @inline(__always) static func make(
    loading bytes: UnsafeRawPointer, count: Int, isASCII: Bool
  ) -> String {
    let first = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    let low = count >= 8 ? first : first & ((1 &<< UInt64(count &* 8)) &- 1)
    let high = count > 8 ? second & ((1 &<< UInt64((count &- 8) &* 8)) &- 1) : 0
    return string(low, high, count: count, isASCII: isASCII)
  }

  @inline(__always) private static func string(
    _ low: UInt64, _ high: UInt64, count: Int, isASCII: Bool
  ) -> String {
    let discriminator: UInt64 = isASCII ? 0xE0 : 0xA0
    let last = high | ((discriminator | UInt64(truncatingIfNeeded: count)) &<< 56)
    return unsafeBitCast((low, last), to: String.self)
  }
}
