/// The bytes of a chunk's text, lists and non-integer identifiers, referred to from row words
/// (Design/0005).
///
/// A reference is one word, `offset << 24 | length`: offsets below 2⁴⁰, lengths below 2²⁴ (a
/// longer value is boxed by the chunk). The arena only grows; a released value's bytes are
/// counted in ``garbage`` until the chunk compacts (``RowChunk``).
///
/// Encodings, all little-endian and unaligned:
/// - a string, a decimal: its UTF-8 bytes; a UUID: its 16 bytes;
/// - a list: its elements one after another — a word for int, double, bool, date and
///   enumeration elements (as ``RowEncoding/word(_:kind:cases:)``), 16 bytes for a UUID, and a
///   4-byte length then the UTF-8 bytes for a string or a decimal;
/// - an identifier: a kind byte, then for 0 (int) 8 bytes, for 1 (string) a 4-byte length and
///   the UTF-8 bytes, for 2 (composite) a part count byte and the parts (ints or strings)
///   encoded the same way; to-many identifiers one after another.
///
/// ```swift
/// var arena = RowArena()
/// let reference = arena.append("Ada")
/// arena.string(reference)  // "Ada"
/// ```
struct RowArena: Sendable {
  /// The bytes.
  private(set) var bytes: ContiguousArray<UInt8> = []
  /// The number of bytes no row refers to any more.
  private(set) var garbage = 0

  /// The longest value a reference can name: 2²⁴ − 1 bytes.
  static let maximumLength = 1 << 24 - 1
  /// The end of the largest arena references can name: 2⁴⁰ bytes.
  static let maximumOffset = 1 << 40

  /// An empty arena.
  init() {}

  /// An arena of `bytes`, written by a reader that makes its references itself
  /// (``reference(offset:length:)``), with no garbage.
  init(bytes: ContiguousArray<UInt8>) { self.bytes = bytes }

  /// The byte count.
  var count: Int { bytes.count }

  /// Makes room for `capacity` bytes in all.
  mutating func reserveCapacity(_ capacity: Int) { bytes.reserveCapacity(capacity) }

  // MARK: References

  /// The reference to `length` bytes at `offset`.
  @inline(__always) static func reference(offset: Int, length: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: offset) << 24 | UInt64(truncatingIfNeeded: length)
  }

  /// The offset `reference` names.
  @inline(__always) static func offset(_ reference: UInt64) -> Int {
    Int(truncatingIfNeeded: reference >> 24)
  }

  /// The length `reference` names.
  @inline(__always) static func length(_ reference: UInt64) -> Int {
    Int(truncatingIfNeeded: reference & 0xFF_FFFF)
  }

  /// Counts the bytes of `reference` as garbage.
  mutating func release(_ reference: UInt64) { garbage += Self.length(reference) }

  /// Calls `body` with the bytes `reference` names.
  @inline(__always)
  func withBytes<R>(_ reference: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
  {
    let offset = Self.offset(reference)
    let length = Self.length(reference)
    return try bytes.withUnsafeBytes { all in
      try body(UnsafeRawBufferPointer(rebasing: all[offset..<offset + length]))
    }
  }

  /// The text `reference` names.
  func string(_ reference: UInt64) -> String {
    withBytes(reference) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether the bytes `a` names here are the bytes `b` names in `other`.
  func sameBytes(_ a: UInt64, as other: RowArena, _ b: UInt64) -> Bool {
    guard Self.length(a) == Self.length(b) else { return false }
    return withBytes(a) { x in other.withBytes(b) { y in Self.sameBytes(x, y) } }
  }

  /// Whether two buffers of equal length hold the same bytes, compared 8 at a time.
  static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    while i + 8 <= x.count {
      if x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    while i < x.count {
      if x[i] != y[i] { return false }
      i += 1
    }
    return true
  }

  // MARK: Writing

  /// Appends a value written by `write` and returns its reference, or `nil` (appending nothing)
  /// when `write` refuses (returns `false`) or the value is too long for a reference.
  mutating func append(_ write: (inout ContiguousArray<UInt8>) -> Bool) -> UInt64? {
    let start = bytes.count
    guard write(&bytes), bytes.count - start <= Self.maximumLength,
      bytes.count <= Self.maximumOffset
    else {
      bytes.removeSubrange(start...)
      return nil
    }
    return Self.reference(offset: start, length: bytes.count - start)
  }

  /// Appends the UTF-8 bytes of `text`; `nil` when it is too long for a reference.
  mutating func append(_ text: String) -> UInt64? {
    append { bytes in
      Self.appendUTF8(text, to: &bytes)
      return true
    }
  }

  /// Appends `raw`'s bytes as one buffer of `UInt8`s (not the generic append of a raw buffer).
  @inline(__always) static func appendBytes(_ raw: UnsafeRawBufferPointer, to bytes: inout ContiguousArray<UInt8>) {
    bytes.append(contentsOf: raw.assumingMemoryBound(to: UInt8.self))
  }

  /// Appends the UTF-8 bytes of `text`, copied from its storage in one go where it has
  /// contiguous storage, else through its UTF-8 view.
  @inline(__always) static func appendUTF8(_ text: String, to bytes: inout ContiguousArray<UInt8>) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends a copy of the bytes `reference` names in `source` and returns the copy's reference
  /// (compaction copies live values into a new arena).
  mutating func appendCopy(of reference: UInt64, from source: RowArena) -> UInt64 {
    let start = bytes.count
    source.withBytes(reference) { bytes.append(contentsOf: $0) }
    return Self.reference(offset: start, length: bytes.count - start)
  }

  /// Appends `word` as 8 little-endian bytes.
  @inline(__always) static func appendWord(_ word: UInt64, to bytes: inout ContiguousArray<UInt8>) {
    withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends a 4-byte little-endian length and the UTF-8 bytes of `text`.
  @inline(__always) static func appendCounted(
    _ text: String, to bytes: inout ContiguousArray<UInt8>
  ) -> Bool {
    let length = text.utf8.count
    guard length <= maximumLength else { return false }
    // Byte by byte, not through a raw buffer of the count (the generic append).
    let count = UInt32(truncatingIfNeeded: length)
    bytes.append(UInt8(truncatingIfNeeded: count))
    bytes.append(UInt8(truncatingIfNeeded: count >> 8))
    bytes.append(UInt8(truncatingIfNeeded: count >> 16))
    bytes.append(UInt8(truncatingIfNeeded: count >> 24))
    appendUTF8(text, to: &bytes)
    return true
  }

  // MARK: Reading

  /// The little-endian word at `offset` of `bytes`.
  @inline(__always) static func word(at offset: Int, in bytes: UnsafeRawBufferPointer) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The little-endian 4-byte length at `offset` of `bytes`.
  @inline(__always) static func length(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// The text of `length` bytes at `offset` of `bytes`.
  @inline(__always) static func string(
    at offset: Int, length: Int, in bytes: UnsafeRawBufferPointer
  ) -> String {
    String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
  }
}
