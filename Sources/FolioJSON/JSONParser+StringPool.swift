extension JSONParser {
  /// String values already built by earlier parses, found again by their bytes, so a value that
  /// repeats across a payload or a store (a name, a status, a tag) is one `String` shared by
  /// every record that holds it instead of one allocation each.
  ///
  /// Records repeat values: the 1M-item benchmark payload has 600 distinct names, and
  /// config-style data repeats its enumerations everywhere. A string of 16 to
  /// ``maxLength`` bytes is otherwise a heap object of its own (64–80 bytes with its header);
  /// shorter ones are built inside the `String` value and need no pool.
  ///
  /// The pool is a fixed table of ``slotCount`` slots, indexed by a hash of the bytes. A string
  /// enters on its second sighting (a first sighting only records its hash), so values seen once
  /// — identifiers, e-mail addresses, timestamps — never displace repeated ones. A hit is
  /// confirmed by comparing the bytes, so a collision only costs the sharing, never a wrong
  /// value. Strings with escapes are decoded as usual and never pooled.
  ///
  /// A pool belongs to one thread at a time: it is `@unchecked Sendable` only so that a caller
  /// can hand it from one task to the next through a lock (the store's loader keeps one per
  /// concurrent job); it has no synchronisation of its own and must not be used by two parses at
  /// once.
  package final class StringPool: @unchecked Sendable {
    /// The number of slots (a power of two).
    package static let slotCount = 4096
    /// The longest string (in UTF-8 bytes) the pool keeps.
    package static let maxLength = 64

    /// Per slot: the hash of the string held (0: none), the hash of a string seen once and not
    /// yet held, and the string. Constants, so reading them needs no exclusivity check
    /// (callgrind: `swift_beginAccess` on every lookup when they were variables).
    private let held: UnsafeMutablePointer<UInt64>
    private let seen: UnsafeMutablePointer<UInt64>
    private let strings: UnsafeMutablePointer<String>
    /// The bits of the hash the pool keeps and compares: all of them, except in tests that
    /// keep only the slot's bits, so that every string of a slot looks alike until its bytes
    /// are compared.
    private let hashMask: UInt64

    /// An empty pool (about 128 KB).
    package convenience init() { self.init(slotHashOnly: false) }

    /// An empty pool that, with `slotHashOnly`, tells strings apart only by the slot their hash
    /// picks and their bytes: for tests of the byte comparison, which real 64-bit hashes almost
    /// never reach.
    package init(slotHashOnly: Bool) {
      hashMask = slotHashOnly ? ~0 << 52 : ~0
      held = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.slotCount)
      held.initialize(repeating: 0, count: Self.slotCount)
      seen = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.slotCount)
      seen.initialize(repeating: 0, count: Self.slotCount)
      strings = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
      strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
      strings.deinitialize(count: Self.slotCount)
      strings.deallocate()
      held.deallocate()
      seen.deallocate()
    }

    /// The pooled string of the `length` validated UTF-8 bytes at `bytes` (`length` from 8 to
    /// ``maxLength``), or the one `make` builds, which the pool keeps when it has seen these
    /// bytes before.
    @inline(__always) func string(
      _ bytes: UnsafeRawPointer, _ length: Int, make: () -> String
    ) -> String {
      let hash = Self.hash(bytes, length) & hashMask
      let slot = Int(truncatingIfNeeded: hash >> 52)
      if held[slot] == hash, Self.holds(strings[slot], bytes, length) { return strings[slot] }
      let string = make()
      if seen[slot] == hash {
        held[slot] = hash
        strings[slot] = string
      } else {
        seen[slot] = hash
      }
      return string
    }

    /// Whether `string` is exactly the `length` bytes at `bytes`.
    @inline(__always) private static func holds(
      _ string: String, _ bytes: UnsafeRawPointer, _ length: Int
    ) -> Bool {
      guard string.utf8.count == length else { return false }
      let same = string.utf8.withContiguousStorageIfAvailable { stored -> Bool in
        guard let base = stored.baseAddress else { return length == 0 }
        return KeyCache.equal(UnsafeRawPointer(base), bytes, length)
      }
      return same ?? false
    }

    /// A 64-bit hash of `length` bytes (at least 8), never 0: eight bytes at a time, the last
    /// eight overlapping the ones before when the length is not a multiple of eight; multiplied
    /// and folded.
    @inline(__always) static func hash(_ bytes: UnsafeRawPointer, _ length: Int) -> UInt64 {
      let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
      var hash = UInt64(truncatingIfNeeded: length) &* multiplier
      var i = 0
      while i + 8 < length {
        hash = (hash ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
        hash ^= hash >> 29
        i += 8
      }
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)) &* multiplier
      hash = (hash ^ (hash >> 32)) &* multiplier
      return hash == 0 ? 1 : hash
    }
  }
}
