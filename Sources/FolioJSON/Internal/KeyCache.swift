/// Long object keys already turned into `String`s during one parse, found again by their bytes.
///
/// Records repeat the same keys; returning the existing `String` skips validation and an
/// allocation. Keys of up to 15 bytes do not need it (they are built in place as small strings,
/// see ``InlineString``). Each key has two candidate slots, from a hash of its first eight bytes
/// and its length; when both hold other keys, the second is replaced.
struct KeyCache {
  static let slotCount = 256
  static let maxKeyLength = 64
  /// Offsets of each slot's key bytes in the input; `lengths[slot] == -1` for an empty slot.
  /// Allocated on the first key, so that parsing a scalar costs nothing.
  var offsets: [Int] = []
  var lengths: [Int] = []
  var strings: [String] = []

  mutating func allocate() {
    offsets = [Int](repeating: 0, count: Self.slotCount)
    lengths = [Int](repeating: -1, count: Self.slotCount)
    strings = [String](repeating: "", count: Self.slotCount)
  }

  /// The cached string of the `length` key bytes at `raw` (inside `input`), if any.
  mutating func string(_ raw: UnsafeRawPointer, _ length: Int, input: UnsafeBufferPointer<UInt8>)
    -> String?
  {
    if lengths.isEmpty { allocate() }
    let (first, second) = Self.slots(raw, length)
    if let key = string(at: first, raw, length, input: input) { return key }
    return string(at: second, raw, length, input: input)
  }

  /// Remembers `key`, whose `length` bytes are at `raw` inside `input`.
  mutating func insert(
    _ key: String, _ raw: UnsafeRawPointer, _ length: Int, input: UnsafeBufferPointer<UInt8>
  ) {
    if lengths.isEmpty { allocate() }
    let (first, second) = Self.slots(raw, length)
    let slot = lengths[first] < 0 ? first : second
    lengths[slot] = length
    offsets[slot] = raw - UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped)
    strings[slot] = key
  }

  /// The two candidate slots of a key.
  static func slots(_ raw: UnsafeRawPointer, _ length: Int) -> (Int, Int) {
    var word: UInt64 = 0
    var i = 0
    while i < min(length, 8) {
      word |= UInt64(raw.load(fromByteOffset: i, as: UInt8.self)) << (8 * UInt64(i))
      i += 1
    }
    let hash = (word ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
    return (Int(truncatingIfNeeded: hash >> 56), Int(truncatingIfNeeded: (hash >> 48) & 0xFF))
  }

  /// The string in `slot` if it holds the key at `raw`.
  private func string(
    at slot: Int, _ raw: UnsafeRawPointer, _ length: Int, input: UnsafeBufferPointer<UInt8>
  ) -> String? {
    guard lengths[slot] == length else { return nil }
    let stored = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + offsets[slot])
    guard Self.equal(raw, stored, length) else { return nil }
    return strings[slot]
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
