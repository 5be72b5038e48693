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
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  @inline(__always) mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The bytes written so far.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  mutating func deallocate() {
    base.deallocate()
    count = 0
  }
}
