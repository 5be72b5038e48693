/// The keyed checksum of a store file's bytes: SipHash-2-4 with a 128-bit output, under a
/// random 128-bit key that belongs to one working copy of the store and never leaves its local
/// folder (`.folio/state.json`, ignored by git).
///
/// The local state trusts a file whose bytes still have the checksum it recorded (it skips the
/// member checks of its records), and a commit journal applies only over files that still have
/// the checksum it recorded. Both are safe only if nobody can make other bytes with the same
/// checksum. SipHash is a pseudorandom function: without the key, a crafted file keeps a
/// recorded checksum with a chance of 2⁻¹²⁸ per try, and a branch, a pull request or a clone
/// never carries the key. It costs about 2 instructions a byte; SHA-256 written in Swift costs
/// about 40, more than reading and parsing the file (Design/0004, "Trust").
///
/// Format: `sip128:` and 32 lowercase hex digits (the two 64-bit halves, little-endian bytes).
struct FileDigest: Sendable, Hashable {
  /// The key's two halves.
  let k0: UInt64
  let k1: UInt64

  /// The prefix of every checksum this digest makes; a checksum without it (an older Folio's
  /// `fnv1a64w:`) never matches.
  static let prefix = "sip128:"

  init(k0: UInt64, k1: UInt64) {
    self.k0 = k0
    self.k1 = k1
  }

  /// A digest under a new random key (the system's random source).
  static func random() -> FileDigest {
    var generator = SystemRandomNumberGenerator()
    return FileDigest(k0: generator.next(), k1: generator.next())
  }

  /// The key as 32 lowercase hex digits, as `state.json` keeps it.
  var keyHex: String { Self.hex(k0) + Self.hex(k1) }

  /// The digest whose key ``keyHex`` spelled, or `nil` for anything else.
  init?(keyHex: String) {
    let utf8 = Array(keyHex.utf8)
    guard utf8.count == 32, let k0 = Self.parseHex(utf8[0..<16]), let k1 = Self.parseHex(utf8[16..<32]) else {
      return nil
    }
    self.init(k0: k0, k1: k1)
  }

  /// The checksum of `bytes`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  func checksum(_ bytes: [UInt8]) -> String {
    let (a, b) = bytes.withUnsafeBytes { hash($0) }
    return Self.prefix + Self.hex(a) + Self.hex(b)
  }

  /// The checksum of a string's UTF-8 bytes.
  func checksum(_ text: String) -> String { checksum(Array(text.utf8)) }

  /// SipHash-2-4-128 of `raw`: the two 64-bit output words.
  func hash(_ raw: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
    var v0: UInt64 = k0 ^ 0x736f_6d65_7073_6575
    var v1: UInt64 = k1 ^ 0x646f_7261_6e64_6f6d ^ 0xee
    var v2: UInt64 = k0 ^ 0x6c79_6765_6e65_7261
    var v3: UInt64 = k1 ^ 0x7465_6462_7974_6573
    @inline(__always) func round() {
      v0 = v0 &+ v1
      v1 = v1.rotatedLeft(13)
      v1 ^= v0
      v0 = v0.rotatedLeft(32)
      v2 = v2 &+ v3
      v3 = v3.rotatedLeft(16)
      v3 ^= v2
      v0 = v0 &+ v3
      v3 = v3.rotatedLeft(21)
      v3 ^= v0
      v2 = v2 &+ v1
      v1 = v1.rotatedLeft(17)
      v1 ^= v2
      v2 = v2.rotatedLeft(32)
    }
    let count = raw.count
    let words = count / 8
    for i in 0..<words {
      let m = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
      v3 ^= m
      round()
      round()
      v0 ^= m
    }
    var last = UInt64(truncatingIfNeeded: count) << 56
    for j in 0..<(count - words * 8) { last |= UInt64(raw[words * 8 + j]) << (8 * UInt64(j)) }
    v3 ^= last
    round()
    round()
    v0 ^= last
    v2 ^= 0xee
    for _ in 0..<4 { round() }
    let first = v0 ^ v1 ^ v2 ^ v3
    v1 ^= 0xdd
    for _ in 0..<4 { round() }
    return (first, v0 ^ v1 ^ v2 ^ v3)
  }

  /// 16 hex digits of `word`'s bytes, least significant byte first.
  private static func hex(_ word: UInt64) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(16)
    for shift in stride(from: 0, to: 64, by: 8) {
      let byte = Int((word >> UInt64(shift)) & 0xff)
      out.append(digits[byte >> 4])
      out.append(digits[byte & 0x0f])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The word ``hex(_:)`` spelled, or `nil`.
  private static func parseHex(_ digits: ArraySlice<UInt8>) -> UInt64? {
    var word: UInt64 = 0
    for (n, pair) in stride(from: digits.startIndex, to: digits.endIndex, by: 2).enumerated() {
      guard let high = nibble(digits[pair]), let low = nibble(digits[pair + 1]) else { return nil }
      word |= UInt64(high << 4 | low) << UInt64(8 * n)
    }
    return word
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}

extension UInt64 {
  /// The bits rotated left by `n` (0 < `n` < 64).
  @inline(__always) fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
