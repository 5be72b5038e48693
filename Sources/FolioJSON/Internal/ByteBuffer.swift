/// A growable byte buffer in manually managed memory: appends without the uniqueness and
/// capacity checks of `[UInt8]` on every byte. The owner must call ``deallocate()``.
struct ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  /// Makes room for `extra` more bytes.
  @inline(__always) mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  @inline(never) private mutating func grow(_ needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends one byte; the caller has reserved room.
  @inline(__always) mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always) mutating func append(_ byte: UInt8) {
    reserve(1)
    appendReserved(byte)
  }

  @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
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
  @inline(__always) mutating func appendPadded(_ source: UnsafePointer<UInt8>, count: Int) {
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
  @inline(__always) mutating func appendNewline(indent: Int) {
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

  @inline(__always) mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of `value`.
  @inline(__always) mutating func appendDecimal(_ value: UInt64) {
    var digitCount = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      digitCount += 1
    }
    reserve(digitCount)
    var v = value
    var i = count + digitCount
    repeat {
      i -= 1
      base[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
      v /= 10
    } while v > 0
    count += digitCount
  }

  /// The bytes written so far.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  mutating func deallocate() {
    base.deallocate()
    count = 0
  }
}
