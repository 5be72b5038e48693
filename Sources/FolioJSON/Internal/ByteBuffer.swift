/// A growable byte buffer in manually managed memory: appends without the uniqueness and
/// capacity checks of `[UInt8]` on every byte. The owner must call ``deallocate()``.
///
/// The buffer may also write into memory it does not own (see ``borrow(_:capacity:)``), such as
/// the storage of the `Array` being built, so the finished bytes need no final copy; if that
/// room runs out, it moves to memory of its own.
///
/// `package`, with its per-byte members `@inlinable`, for the shard writer on typed rows in
/// `Folio` (Design/0005), which writes into the same buffer as the value writer; the stored
/// properties are `@usableFromInline` (internal) only so those members can be inlined there.
package struct ByteBuffer {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline package internal(set) var count = 0
  @usableFromInline var capacity: Int
  /// Whether ``base`` is the buffer's own allocation, or memory lent by ``borrow(_:capacity:)``.
  @usableFromInline package internal(set) var ownsMemory = true

  package init(capacity: Int) {
    self.capacity = Swift.max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always) package mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  @usableFromInline @inline(never) mutating func grow(_ needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    if ownsMemory { base.deallocate() }
    base = newBase
    capacity = newCapacity
    ownsMemory = true
  }

  /// Continues writing in `memory`, which has room for `capacity` bytes and is not the buffer's
  /// to free: copies the bytes written so far there and frees the buffer's own memory. The
  /// memory must stay valid while the buffer writes; if its room runs out, the buffer moves to
  /// memory of its own (``ownsMemory`` becomes `true` again). Memory too small for the bytes
  /// already written is not used.
  package mutating func borrow(_ memory: UnsafeMutablePointer<UInt8>, capacity: Int) {
    guard capacity >= count else { return }
    memory.update(from: base, count: count)
    if ownsMemory { base.deallocate() }
    base = memory
    self.capacity = capacity
    ownsMemory = false
  }

  /// Appends one byte; the caller has reserved room.
  @inlinable @inline(__always) package mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inlinable @inline(__always) package mutating func append(_ byte: UInt8) {
    reserve(1)
    appendReserved(byte)
  }

  @inlinable @inline(__always) package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    if bytes.count <= 32 {
      // A call to memcpy costs more than copying a short run of bytes, a word at a time.
      let target = UnsafeMutableRawPointer(base + count)
      let from = UnsafeRawPointer(source)
      var i = 0
      while i + 8 <= bytes.count {
        target.storeBytes(
          of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i,
          as: UInt64.self)
        i += 8
      }
      while i < bytes.count {
        target.storeBytes(
          of: from.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
        i += 1
      }
    } else {
      (base + count).update(from: source, count: bytes.count)
    }
    count += bytes.count
  }

  /// Appends `count` bytes from `source`, which must be readable for `count` rounded up to a
  /// multiple of 8: whole words are copied, and the bytes past `count` are overwritten later.
  @inlinable @inline(__always) package mutating func appendPadded(_ source: UnsafePointer<UInt8>, count: Int) {
    guard count <= 64 else {
      append(UnsafeBufferPointer(start: source, count: count))
      return
    }
    reserve(count + 8)
    let target = UnsafeMutableRawPointer(base + self.count)
    let from = UnsafeRawPointer(source)
    var i = 0
    repeat {
      target.storeBytes(
        of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i,
        as: UInt64.self)
      i += 8
    } while i < count
    self.count += count
  }

  /// Appends a line break and the indentation of level `indent` (two spaces per level).
  @inlinable @inline(__always) package mutating func appendNewline(indent: Int) {
    let width = Swift.max(0, indent) &* 2
    reserve(width + 9)
    base[count] = 0x0A
    let target = UnsafeMutableRawPointer(base + count + 1)
    var i = 0
    while i < width {
      target.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: i, as: UInt64.self)
      i += 8
    }
    count += width + 1
  }

  @inlinable @inline(__always) package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of `value`, two at a time.
  @inlinable @inline(__always) package mutating func appendDecimal(_ value: UInt64) {
    if value < 10 {
      append(UInt8(truncatingIfNeeded: value) &+ 0x30)
      return
    }
    var digitCount = 2
    var bound: UInt64 = 100
    while value >= bound, digitCount < 20 {
      digitCount += 1
      if digitCount == 20 { break }
      bound &*= 10
    }
    reserve(digitCount)
    // "00" "01" … "99": the two digits of each number below 100.
    let pairs: StaticString =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    let table = pairs.utf8Start
    var v = value
    var i = count + digitCount
    while v >= 10 {
      let pair = Int(truncatingIfNeeded: v % 100) &* 2
      v /= 100
      i -= 2
      base[i] = table[pair]
      base[i + 1] = table[pair + 1]
    }
    if v > 0 {
      i -= 1
      base[i] = UInt8(truncatingIfNeeded: v) &+ 0x30
    }
    count += digitCount
  }

  /// The first byte after the bytes written so far: the caller may write into the room it
  /// reserved, then ``advance(by:)``.
  @inlinable @inline(__always) package var end: UnsafeMutablePointer<UInt8> { base + count }

  /// Counts `n` bytes the caller wrote at ``end`` into reserved room.
  @inlinable @inline(__always) package mutating func advance(by n: Int) { count += n }

  /// Forgets the bytes from offset `newCount` on.
  @inline(__always) mutating func truncate(to newCount: Int) { count = newCount }

  /// The bytes written so far.
  package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Frees the buffer's own memory (lent memory stays with its owner).
  package mutating func deallocate() {
    if ownsMemory { base.deallocate() }
    count = 0
  }
}
