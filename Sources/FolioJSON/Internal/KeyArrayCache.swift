/// The key sequences of the objects a parse has closed, so that objects with the same keys in
/// the same order share one array (``JSONObject`` keeps keys and values apart), and so that
/// their keys are recognised in the input without building a string for each.
///
/// A store's records, and a payload's items, repeat a handful of key sequences: sharing them
/// saves each object an array of its keys, and reading a key that is the next one of the
/// sequence is a comparison of its bytes. Objects at one nesting depth usually have one shape (a
/// payload's items at depth 1, each item's `user` object at depth 2), so the cache keeps the
/// last sequence closed at each depth below ``depths`` and compares an object only with that
/// one. When shapes rarely repeat (objects used as dictionaries), it stops keeping new ones.
struct KeyArrayCache {
  /// The last sequence kept for each depth below ``depths``.
  private var entries: [KeyShape?] = Array(repeating: nil, count: KeyArrayCache.depths)
  private(set) var hits = 0
  private(set) var misses = 0
  /// Objects nested this deep or deeper are not cached.
  static let depths = 8

  /// The sequence kept for objects at `depth`, if any.
  @inline(__always) func shape(at depth: Int) -> KeyShape? {
    depth < Self.depths ? entries[depth] : nil
  }

  /// The kept array for `depth` when it holds exactly the `count` keys at `keys`, else `nil`.
  ///
  /// - Complexity: O(*n*) in the number of keys.
  @inline(__always)
  mutating func match(_ keys: UnsafeMutablePointer<String>, count: Int, depth: Int) -> [String]? {
    guard let shape = shape(at: depth), shape.equals(keys, count) else {
      misses &+= 1
      return nil
    }
    hits &+= 1
    return shape.keys
  }

  /// Counts an object whose keys were all read as those of the shape at its depth.
  @inline(__always) mutating func noteHit() { hits &+= 1 }

  /// Counts an object whose keys were not those of the shape at its depth.
  @inline(__always) mutating func noteMiss() { misses &+= 1 }

  /// Whether a missed key array is worth keeping: not while misses far outnumber hits.
  var isCaching: Bool { misses < 64 || hits > misses }

  /// Keeps `keys` as the sequence objects at `depth` are compared with.
  mutating func insert(_ keys: [String], depth: Int) {
    guard depth < Self.depths, isCaching else { return }
    entries[depth] = KeyShape(keys)
  }
}

/// One key sequence of ``KeyArrayCache``: the keys, and the input bytes that spell each key
/// that needs no escape, so a key can be recognised by comparing bytes. Instances are
/// immutable; the class owns and frees the bytes.
final class KeyShape {
  /// The keys, in order.
  let keys: [String]
  /// Each key's UTF-8 followed by a closing quote, back to back.
  private let bytes: UnsafeMutablePointer<UInt8>
  /// Where each key's bytes start, then the end: `keys.count + 1` entries. A key that needs an
  /// escape in JSON (a quote, a backslash, a control character) has no bytes: the input's
  /// spelling of it is never compared.
  private let offsets: UnsafeMutablePointer<Int>

  init(_ keys: [String]) {
    self.keys = keys
    var spelled: [UInt8] = []
    var starts: [Int] = []
    for key in keys {
      starts.append(spelled.count)
      let utf8 = Array(key.utf8)
      if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
        spelled.append(contentsOf: utf8)
        spelled.append(UInt8(ascii: "\""))
      }
    }
    starts.append(spelled.count)
    bytes = .allocate(capacity: Swift.max(spelled.count, 1))
    bytes.initialize(from: spelled, count: spelled.count)
    offsets = .allocate(capacity: starts.count)
    offsets.initialize(from: starts, count: starts.count)
  }

  deinit {
    bytes.deallocate()
    offsets.deallocate()
  }

  /// The number of keys.
  @inline(__always) var count: Int { keys.count }

  /// The number of input bytes after the opening quote at `quote` that spell key `index` and
  /// its closing quote, or `nil` when the input spells something else there (or the key needs
  /// escapes). Equal bytes are the same key: the input then holds no escape in it.
  @inline(__always)
  func spelledLength(ofKey index: Int, in buffer: UnsafeBufferPointer<UInt8>, quote: Int) -> Int? {
    let start = offsets[index]
    let length = offsets[index + 1] - start
    guard length > 0, quote + 1 + length <= buffer.count else { return nil }
    let input = buffer.baseAddress.unsafelyUnwrapped + quote + 1
    let expected = bytes + start
    var i = 0
    while i < length {
      if input[i] != expected[i] { return nil }
      i += 1
    }
    return length
  }

  /// Whether the `count` keys at `keys` are these, in order (``JSONObject/sameKey(_:_:)``, which
  /// settles keys of one origin by their bit patterns). Out of line: only objects whose keys
  /// were not read by their bytes get here (the first of a shape, or keys spelt with escapes).
  @inline(never)
  func equals(_ other: UnsafeMutablePointer<String>, _ count: Int) -> Bool {
    guard keys.count == count, count > 0 else { return false }
    return keys.withUnsafeBufferPointer { keys in
      for i in 0..<count where !JSONObject.sameKey(keys[i], other[i]) { return false }
      return true
    }
  }
}
