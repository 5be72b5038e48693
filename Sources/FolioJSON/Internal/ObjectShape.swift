/// One object shape (key sequence) prepared for one layout: the canonical member order, and for
/// each member in that order the exact bytes that precede its value — the separator, the line
/// break and indentation, the quoted and escaped key, the colon — plus the closing text.
///
/// Writing a member of a cached shape is then one short copy and the value. The bytes live in
/// manually managed memory, read through pointers, so reading them neither retains nor checks
/// exclusivity; the class owns and frees them. Instances are immutable.
final class ObjectShape {
  /// The number of members.
  let count: Int
  /// The layout: ``compact`` for the compact style, otherwise the pretty indentation level of
  /// the line the object starts on.
  let indent: Int

  /// The ``indent`` that stands for the compact style.
  static let compact = Int.min
  /// The keys in member order, kept alive for ``keyBits`` and compared when the bits differ.
  let keys: [String]
  /// Where ``keys`` keeps its elements (a `let` array's buffer never moves), so that an object
  /// sharing the array is matched by one comparison. Taken once here: reading it in ``matches(_:)``
  /// through `withUnsafeBufferPointer(\.baseAddress)` applied the key path at run time, with a
  /// generic metadata lookup, for every object written (callgrind, 100k-record sync: about 690
  /// instructions a record, 3% of the whole process).
  private let keysAddress: UnsafePointer<String>?
  /// The bit patterns of ``keys``: keys of one origin share them, so most matches are settled
  /// by a 16-byte comparison.
  private let keyBits: UnsafeMutablePointer<(UInt64, UInt64)>
  /// Member indices in canonical order.
  let order: UnsafeMutablePointer<Int>
  /// The text before each member's value in canonical order, then the closing text, back to
  /// back, followed by 8 bytes of padding so whole words can be copied.
  private let text: UnsafeMutablePointer<UInt8>
  /// Where each piece of ``text`` starts: `count + 2` entries.
  private let offsets: UnsafeMutablePointer<Int>

  /// Prepares the shape of an object with `keys` for the compact style (`indent` ``compact``) or
  /// the pretty style at `indent`.
  ///
  /// - Complexity: O(*n* log *n*) in the number of members, plus their keys' length.
  init(keys: [String], indent: Int) {
    count = keys.count
    self.indent = indent
    self.keys = keys
    keysAddress = keys.withUnsafeBufferPointer { $0.baseAddress }
    keyBits = .allocate(capacity: Swift.max(count, 1))
    for i in 0..<count { keyBits[i] = Self.bits(of: keys[i]) }
    order = .allocate(capacity: Swift.max(count, 1))
    let sorted = keys.withUnsafeBufferPointer { Self.canonicalOrder($0) }
    for n in 0..<count { order[n] = sorted[n] }

    var bytes = ByteBuffer(capacity: 64)
    defer { bytes.deallocate() }
    offsets = .allocate(capacity: count + 2)
    let pretty = indent != Self.compact
    for n in 0..<count {
      offsets[n] = bytes.count
      bytes.append(n == 0 ? 0x7B : 0x2C)
      if pretty { bytes.appendNewline(indent: indent + 1) }
      JSONWriter.Encoder.writeString(keys[order[n]], into: &bytes)
      if pretty { bytes.append(": ") } else { bytes.append(0x3A) }
    }
    offsets[count] = bytes.count
    if pretty { bytes.appendNewline(indent: indent) }
    bytes.append(0x7D)
    offsets[count + 1] = bytes.count
    text = .allocate(capacity: bytes.count + 8)
    text.initialize(from: bytes.base, count: bytes.count)
    (text + bytes.count).initialize(repeating: 0, count: 8)
  }

  deinit {
    keyBits.deallocate()
    order.deallocate()
    text.deallocate()
    offsets.deallocate()
  }

  /// Whether `keys` are exactly this shape's keys, in the same order: at once when they are the
  /// array the shape was made from (objects of one shape share it, see ``JSONObject``).
  @inline(__always) func matches(_ keys: UnsafeBufferPointer<String>) -> Bool {
    guard keys.count == count else { return false }
    if keys.baseAddress == keysAddress { return true }
    for i in 0..<count where Self.bits(of: keys[i]) != keyBits[i] {
      guard JSONObject.sameKey(keys[i], self.keys[i]) else { return false }
    }
    return true
  }

  /// Appends the text before the value of the member at canonical position `n`.
  @inline(__always) func appendPrefix(_ n: Int, into buffer: inout ByteBuffer) {
    buffer.appendPadded(text + offsets[n], count: offsets[n + 1] - offsets[n])
  }

  /// Appends the closing text: the line break and indentation in the pretty style, and `}`.
  @inline(__always) func appendClosing(into buffer: inout ByteBuffer) {
    buffer.appendPadded(text + offsets[count], count: offsets[count + 1] - offsets[count])
  }

  @inline(__always) static func bits(of key: String) -> (UInt64, UInt64) {
    unsafeBitCast(key, to: (UInt64, UInt64).self)
  }

  /// Member indices sorted by the UTF-8 bytes of their keys.
  static func canonicalOrder(_ keys: UnsafeBufferPointer<String>) -> [Int] {
    var sorted = Array(keys.indices)
    var inOrder = true
    var i = 1
    while i < keys.count {
      if !JSONObject.keyPrecedes(keys[i - 1], keys[i]) {
        inOrder = false
        break
      }
      i += 1
    }
    if !inOrder {
      sorted.sort { JSONObject.keyPrecedes(keys[$0], keys[$1]) }
    }
    return sorted
  }
}
