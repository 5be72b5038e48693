/// The object shapes (key sequences) met while writing, each prepared for the layout it was met
/// in (see ``ObjectShape``).
///
/// Records of one kind share their key sequence, so their order is computed and their keys
/// encoded once, and reused after comparing the keys — for keys of one origin a 16-byte
/// comparison each. The shape that matched last is tried first: consecutive records usually
/// share it. When shapes rarely repeat (objects used as dictionaries), caching stops and each
/// object is sorted on its own.
struct ObjectShapeCache {
  private var entries: [ObjectShape] = []
  private var next = 0
  private var last = 0
  private(set) var hits = 0
  private(set) var misses = 0
  static let capacity = 8

  /// The prepared shape of an object with `keys` (whose elements `buffer` points at, so a shape
  /// made from the same array matches at once) for the compact style (`indent`
  /// ``ObjectShape/compact``) or the pretty style at `indent`, from the cache when it was met
  /// before; `nil` when caching has stopped because shapes rarely repeat.
  ///
  /// - Complexity: O(*n*) in the number of members on a hit; O(*n* log *n*) plus the keys'
  ///   length on a miss.
  @inline(__always)
  mutating func shape(
    of keys: [String], buffer: UnsafeBufferPointer<String>, indent: Int
  ) -> ObjectShape? {
    if last < entries.count {
      let entry = entries[last]
      if entry.indent == indent, entry.matches(buffer) {
        hits &+= 1
        return entry
      }
    }
    return search(keys, buffer: buffer, indent: indent)
  }

  @inline(never)
  private mutating func search(
    _ keys: [String], buffer: UnsafeBufferPointer<String>, indent: Int
  ) -> ObjectShape? {
    for k in entries.indices where k != last {
      let entry = entries[k]
      if entry.indent == indent, entry.matches(buffer) {
        hits &+= 1
        last = k
        return entry
      }
    }
    misses &+= 1
    guard misses < 64 || hits > misses else { return nil }
    let shape = ObjectShape(keys: keys, indent: indent)
    if entries.count < Self.capacity {
      last = entries.count
      entries.append(shape)
    } else {
      last = next
      entries[next] = shape
      next = (next + 1) % Self.capacity
    }
    return shape
  }
}
