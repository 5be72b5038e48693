/// The key arrays of the objects a parse has closed, so that objects with the same keys in the
/// same order share one array (``JSONObject`` keeps keys and values apart).
///
/// A store's records, and a payload's items, repeat a handful of key sequences: sharing them
/// saves each object an array of its keys (a quarter to a half of a small record's memory).
/// Objects at one nesting depth usually have one shape (a payload's items at depth 1, each
/// item's `user` object at depth 2), so the cache keeps the last key array closed at each depth
/// and compares an object only with that one. When shapes rarely repeat (objects used as
/// dictionaries), it stops keeping new arrays, and each object keeps its own keys.
struct KeyArrayCache {
  /// The last key array kept for each depth below ``depths``; deeper objects share the last.
  private var entries: [[String]] = Array(repeating: [], count: KeyArrayCache.depths)
  private(set) var hits = 0
  private(set) var misses = 0
  static let depths = 8

  /// The array kept for `depth` when it holds exactly the `count` keys at `keys`, else `nil`.
  ///
  /// - Complexity: O(*n*) in the number of keys.
  @inline(__always)
  mutating func match(_ keys: UnsafeMutablePointer<String>, count: Int, depth: Int) -> [String]? {
    let slot = Swift.min(depth, Self.depths - 1)
    let found = entries.withUnsafeBufferPointer { entries -> [String]? in
      Self.equal(entries[slot], keys, count) ? entries[slot] : nil
    }
    if found == nil { misses &+= 1 } else { hits &+= 1 }
    return found
  }

  /// Whether a missed key array is worth keeping: not while misses far outnumber hits.
  var isCaching: Bool { misses < 64 || hits > misses }

  /// Keeps `keys` as the array objects at `depth` are compared with.
  mutating func insert(_ keys: [String], depth: Int) {
    entries[Swift.min(depth, Self.depths - 1)] = keys
  }

  /// Whether `entry` holds the `count` keys at `keys`, in order: by their bit patterns (keys of
  /// one origin share them) or else by their UTF-8 bytes.
  @inline(__always)
  private static func equal(_ entry: [String], _ keys: UnsafeMutablePointer<String>, _ count: Int) -> Bool {
    guard entry.count == count, count > 0 else { return false }
    return entry.withUnsafeBufferPointer { entry in
      for i in 0..<count {
        if unsafeBitCast(entry[i], to: (UInt64, UInt64).self) == unsafeBitCast(keys[i], to: (UInt64, UInt64).self) {
          continue
        }
        guard JSONObject.sameKey(entry[i], keys[i]) else { return false }
      }
      return true
    }
  }
}
