/// A JSON object: members with unique keys, kept in insertion order.
///
/// Insertion order is kept so a parsed payload prints back the way it came; equality and hashing
/// ignore order, so `{"a":1,"b":2} == {"b":2,"a":1}`. Keys are compared by their UTF-8 bytes, as
/// JSON defines them (see ``sameKey(_:_:)``). The canonical writer sorts keys by their
/// UTF-8 bytes. Lookup is a linear scan, which is fastest for the small objects records are made
/// of (typically under 20 members).
///
/// ```swift
/// var user = JSONObject()
/// user["name"] = "Ada"
/// user["name"]           // "Ada"
/// user["age"] = nil      // removes nothing: "age" was absent
/// ```
public struct JSONObject: Sendable {
  /// One member of an object.
  public struct Member: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    @inlinable public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }

    /// Two members are equal when their keys have the same UTF-8 bytes and their values are
    /// equal.
    public static func == (lhs: Member, rhs: Member) -> Bool {
      JSONObject.sameKey(lhs.key, rhs.key) && lhs.value == rhs.value
    }

    /// Hashes the key's UTF-8 bytes and the value, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
      JSONValue.hashUTF8(key, into: &hasher)
      hasher.combine(value)
    }
  }

  /// The members in insertion order. Keys are unique.
  @inlinable public var members: [Member] { storage }

  @usableFromInline var storage: [Member]

  /// An empty object.
  @inlinable public init() { storage = [] }

  /// An object with `capacity` members reserved.
  public init(minimumCapacity capacity: Int) {
    storage = []
    storage.reserveCapacity(capacity)
  }

  /// Creates an object from members whose keys the caller guarantees are unique.
  ///
  /// Used by the parser, which checks uniqueness itself.
  public init(uniqueMembers: [Member]) { storage = uniqueMembers }

  /// The number of members.
  @inlinable public var count: Int { members.count }

  /// Whether the object has no members.
  @inlinable public var isEmpty: Bool { members.isEmpty }

  /// The keys in insertion order.
  public var keys: [String] { members.map(\.key) }

  /// The position of `key` in ``members``, or `nil`.
  ///
  /// - Complexity: O(*n*) in the number of members.
  @inlinable public func index(forKey key: String) -> Int? {
    members.firstIndex { JSONObject.sameKey($0.key, key) }
  }

  /// The value for `key`; setting `nil` removes the member, setting a value replaces it in place
  /// or appends it.
  ///
  /// - Complexity: O(*n*) in the number of members.
  @inlinable public subscript(key: String) -> JSONValue? {
    get {
      for member in members where JSONObject.sameKey(member.key, key) { return member.value }
      return nil
    }
    set {
      if let i = index(forKey: key) {
        if let newValue { storage[i].value = newValue } else { storage.remove(at: i) }
      } else if let newValue {
        storage.append(Member(key: key, value: newValue))
      }
    }
  }

  /// Appends a member without checking for an existing key. The caller guarantees uniqueness.
  @inlinable public mutating func appendUnchecked(key: String, value: JSONValue) {
    storage.append(Member(key: key, value: value))
  }

  /// The members sorted by the UTF-8 bytes of their keys: the canonical order.
  public var sortedMembers: [Member] {
    if isSortedByKey { return members }
    return members.sorted { JSONObject.keyPrecedes($0.key, $1.key) }
  }

  /// Whether ``members`` is already in canonical (UTF-8 byte) key order.
  public var isSortedByKey: Bool {
    var i = 1
    while i < members.count {
      if !JSONObject.keyPrecedes(members[i - 1].key, members[i].key) { return false }
      i += 1
    }
    return true
  }

  /// Whether two keys are the same JSON key: the same UTF-8 bytes.
  ///
  /// Swift's `==` on `String` also equates canonically equivalent spellings (`"é"` and
  /// `"e\u{301}"`), which JSON treats as different keys.
  @inlinable public static func sameKey(_ a: String, _ b: String) -> Bool {
    // Keys of one origin usually share their representation (the parser reuses key strings),
    // which `sameUTF8` settles at once; it compares counts before bytes (callgrind: `String ==`
    // on differing keys went through the slow comparison path, 55 calls per item of a sync).
    JSONValue.sameUTF8(a, b)
  }

  /// The canonical key order: lexicographic by UTF-8 bytes (the same as by Unicode scalar value),
  /// independent of locale and platform.
  public static func keyPrecedes(_ a: String, _ b: String) -> Bool {
    JSONValue.compareUTF8(a, b) < 0
  }
}

extension JSONObject: Equatable {
  /// Two objects are equal when they have the same keys with equal values, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    // Fast path: same order (the common case for records built by one schema).
    var sameOrder = true
    for i in lhs.members.indices where !sameKey(lhs.members[i].key, rhs.members[i].key) {
      sameOrder = false
      break
    }
    if sameOrder {
      for i in lhs.members.indices where lhs.members[i].value != rhs.members[i].value {
        return false
      }
      return true
    }
    for member in lhs.members {
      guard let other = rhs[member.key], other == member.value else { return false }
    }
    return true
  }
}

extension JSONObject: Hashable {
  /// Hashes members independently of their order.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for member in members {
      var h = Hasher()
      JSONValue.hashUTF8(member.key, into: &h)
      h.combine(member.value)
      combined ^= h.finalize()
    }
    hasher.combine(members.count)
    hasher.combine(combined)
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// A dictionary literal; later duplicates of a key replace earlier ones.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(minimumCapacity: elements.count)
    for (key, value) in elements { self[key] = value }
  }
}

extension JSONObject: Sequence {
  /// Iterates members in insertion order.
  public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}
