/// Object keys already turned into `String`s during one parse, found again by their bytes.
///
/// Records repeat the same keys; returning the existing `String` skips validation and, for keys
/// longer than 15 bytes, an allocation. Each key has two candidate slots, from a hash of its first
/// eight bytes and its length; when both hold other keys, the second is replaced.
struct KeyCache {
  static let slotCount = 256
  static let maxKeyLength = 64
  /// Offsets of each slot's key bytes in the input; `lengths[slot] == -1` for an empty slot.
  /// Allocated on the first key, so that parsing a scalar costs nothing.
  var offsets: [Int] = []
  var lengths: [Int] = []
  var prefixes: [UInt64] = []
  var strings: [String] = []

  mutating func allocate() {
    offsets = [Int](repeating: 0, count: Self.slotCount)
    lengths = [Int](repeating: -1, count: Self.slotCount)
    prefixes = [UInt64](repeating: 0, count: Self.slotCount)
    strings = [String](repeating: "", count: Self.slotCount)
  }

  /// The string in `slot` if it holds the key at `raw`.
  @inline(__always) func string(
    at slot: Int, _ raw: UnsafeRawPointer, _ length: Int, _ prefix: UInt64,
    input: UnsafeBufferPointer<UInt8>
  ) -> String? {
    guard lengths[slot] == length, prefixes[slot] == prefix else { return nil }
    if length > 8 {
      let stored = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + offsets[slot])
      guard Self.equal(raw + 8, stored + 8, length - 8) else { return nil }
    }
    return strings[slot]
  }

  /// The first `min(length, 8)` bytes at `bytes` as a little-endian word, zero-padded.
  static func prefix(_ bytes: UnsafeRawPointer?, _ length: Int) -> UInt64 {
    guard let bytes else { return 0 }
    var word: UInt64 = 0
    var i = 0
    while i < min(length, 8) {
      word |= UInt64(bytes.load(fromByteOffset: i, as: UInt8.self)) << (8 * UInt64(i))
      i += 1
    }
    return word
  }

  /// ``prefix(_:_:)`` from an eight-byte load.
  @inline(__always) static func maskedPrefix(_ loaded: UInt64, _ length: Int) -> UInt64 {
    let word = UInt64(littleEndian: loaded)
    return length >= 8 ? word : word & ((1 << (UInt64(length) * 8)) &- 1)
  }

  @inline(__always) static func hash(_ prefix: UInt64, _ length: Int) -> UInt64 {
    (prefix ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
  }

  @inline(__always) static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int)
    -> Bool
  {
    var i = 0
    while i + 8 <= length {
      if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    while i < length {
      if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
        return false
      }
      i += 1
    }
    return true
  }
}
