/// A JSON object: members with unique keys, kept in insertion order.
///
/// Insertion order is kept so a parsed payload prints back the way it came; equality and hashing
/// ignore order, so `{"a":1,"b":2} == {"b":2,"a":1}`. Keys are compared by their UTF-8 bytes, as
/// JSON defines them (see ``sameKey(_:_:)``). The canonical writer sorts keys by their
/// UTF-8 bytes. Lookup is a linear scan, which is fastest for the small objects records are made
/// of (typically under 20 members).
///
/// Keys and values are stored apart. Objects with the same keys in the same order — the records
/// of one entity, the objects a parse reads at one depth — share one array of keys, so each
/// holds only its values (see ``sharesKeys(with:)``); changing one object's keys gives it its
/// own copy first, as for any array.
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
  ///
  /// Built from ``keys`` and ``values`` on each call; loops that only read should iterate the
  /// object itself, or use ``keys`` and ``values``.
  public var members: [Member] {
    var result: [Member] = []
    result.reserveCapacity(keyStorage.count)
    for n in keyStorage.indices { result.append(Member(key: keyStorage[n], value: valueStorage[n])) }
    return result
  }

  /// The keys, in insertion order. Objects of one shape (the records of an entity, the objects
  /// of one parse) share one buffer: a record holds its values, not its own copy of its keys.
  @usableFromInline var keyStorage: [String]
  /// The values, in the order of ``keyStorage``.
  @usableFromInline var valueStorage: [JSONValue]

  /// An empty object.
  @inlinable public init() {
    keyStorage = []
    valueStorage = []
  }

  /// An object with `capacity` members reserved.
  public init(minimumCapacity capacity: Int) {
    keyStorage = []
    keyStorage.reserveCapacity(capacity)
    valueStorage = []
    valueStorage.reserveCapacity(capacity)
  }

  /// Creates an object from members whose keys the caller guarantees are unique.
  public init(uniqueMembers: [Member]) {
    keyStorage = uniqueMembers.map(\.key)
    valueStorage = uniqueMembers.map(\.value)
  }

  /// Creates an object from keys the caller guarantees are unique and their values, in the same
  /// order.
  ///
  /// Objects made with the same `keys` array share its storage (see ``sharesKeys(with:)``).
  ///
  /// - Precondition: `keys.count == values.count`.
  public init(uniqueKeys keys: [String], values: [JSONValue]) {
    precondition(keys.count == values.count, "JSONObject: \(keys.count) keys for \(values.count) values")
    keyStorage = keys
    valueStorage = values
  }

  /// The number of members.
  @inlinable public var count: Int { keyStorage.count }

  /// Whether the object has no members.
  @inlinable public var isEmpty: Bool { keyStorage.isEmpty }

  /// The keys in insertion order.
  @inlinable public var keys: [String] { keyStorage }

  /// The values in the order of ``keys``.
  @inlinable public var values: [JSONValue] { valueStorage }

  /// The member at `position` (`0..<count`), in insertion order.
  @inlinable public func member(at position: Int) -> Member {
    Member(key: keyStorage[position], value: valueStorage[position])
  }

  /// The value at `position` (`0..<count`), in insertion order.
  @inlinable public func value(at position: Int) -> JSONValue { valueStorage[position] }

  /// The key at `position` (`0..<count`), in insertion order.
  @inlinable public func key(at position: Int) -> String { keyStorage[position] }

  /// The position of `key` in ``keys``, or `nil`.
  ///
  /// - Complexity: O(*n*) in the number of members.
  @inlinable public func index(forKey key: String) -> Int? {
    keyStorage.firstIndex { JSONObject.sameKey($0, key) }
  }

  /// Whether this object's keys are stored in the same buffer as `other`'s: then they are the
  /// same keys in the same order, without comparing them.
  @inlinable public func sharesKeys(with other: JSONObject) -> Bool {
    keyStorage.withUnsafeBufferPointer { mine in
      other.keyStorage.withUnsafeBufferPointer { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
  }

  /// Makes this object use `other`'s key buffer when both have the same keys in the same order,
  /// so that the two hold one copy of them; returns whether they now share it.
  ///
  /// For code that builds many objects of one shape a member at a time: sharing the first
  /// one's keys keeps a single copy of them.
  ///
  /// - Complexity: O(*n*) in the number of members.
  @discardableResult
  public mutating func shareKeys(of other: JSONObject) -> Bool {
    if sharesKeys(with: other) { return true }
    guard keyStorage.count == other.keyStorage.count else { return false }
    for n in keyStorage.indices where !JSONObject.sameKey(keyStorage[n], other.keyStorage[n]) {
      return false
    }
    keyStorage = other.keyStorage
    return true
  }

  /// The value for `key`; setting `nil` removes the member, setting a value replaces it in place
  /// or appends it.
  ///
  /// - Complexity: O(*n*) in the number of members.
  @inlinable public subscript(key: String) -> JSONValue? {
    get {
      guard let i = index(forKey: key) else { return nil }
      return valueStorage[i]
    }
    set {
      if let i = index(forKey: key) {
        if let newValue {
          valueStorage[i] = newValue
        } else {
          keyStorage.remove(at: i)
          valueStorage.remove(at: i)
        }
      } else if let newValue {
        keyStorage.append(key)
        valueStorage.append(newValue)
      }
    }
  }

  /// Appends a member without checking for an existing key. The caller guarantees uniqueness.
  @inlinable public mutating func appendUnchecked(key: String, value: JSONValue) {
    keyStorage.append(key)
    valueStorage.append(value)
  }

  /// Replaces the value at `position` (`0..<count`), keeping its key.
  @inlinable public mutating func setValue(_ value: JSONValue, at position: Int) {
    valueStorage[position] = value
  }

  /// The members sorted by the UTF-8 bytes of their keys: the canonical order.
  public var sortedMembers: [Member] {
    if isSortedByKey { return members }
    return members.sorted { JSONObject.keyPrecedes($0.key, $1.key) }
  }

  /// Whether ``members`` is already in canonical (UTF-8 byte) key order.
  public var isSortedByKey: Bool {
    var i = 1
    while i < keyStorage.count {
      if !JSONObject.keyPrecedes(keyStorage[i - 1], keyStorage[i]) { return false }
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
  /// Whether the optional objects at `a` and `b` are equal (both absent, or both present and
  /// ``==(_:_:)``), read where they are: from another module, comparing two stored objects
  /// through `==` copies both first (a retain and a release of each of their arrays).
  package static func same(at a: UnsafePointer<JSONObject?>, _ b: UnsafePointer<JSONObject?>) -> Bool {
    a.pointee == b.pointee
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Fast path: same order (the common case for records built by one schema; settled without
    // comparing keys when the two share their key buffer).
    var sameOrder = lhs.sharesKeys(with: rhs)
    if !sameOrder {
      sameOrder = true
      for i in lhs.keyStorage.indices where !sameKey(lhs.keyStorage[i], rhs.keyStorage[i]) {
        sameOrder = false
        break
      }
    }
    if sameOrder { return JSONValue.sameElements(lhs.valueStorage, rhs.valueStorage) }
    for i in lhs.keyStorage.indices {
      guard let other = rhs[lhs.keyStorage[i]], other == lhs.valueStorage[i] else { return false }
    }
    return true
  }
}

extension JSONObject: Hashable {
  /// Hashes members independently of their order.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for n in keyStorage.indices {
      var h = Hasher()
      JSONValue.hashUTF8(keyStorage[n], into: &h)
      h.combine(valueStorage[n])
      combined ^= h.finalize()
    }
    hasher.combine(count)
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
  /// Iterates an object's members in insertion order.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let object: JSONObject
    @usableFromInline var position = 0

    @inlinable init(_ object: JSONObject) { self.object = object }

    /// The next member, or `nil` after the last.
    @inlinable public mutating func next() -> Member? {
      guard position < object.keyStorage.count else { return nil }
      defer { position += 1 }
      return Member(key: object.keyStorage[position], value: object.valueStorage[position])
    }
  }

  /// Iterates members in insertion order.
  @inlinable public func makeIterator() -> Iterator { Iterator(self) }

  /// The number of members.
  @inlinable public var underestimatedCount: Int { count }
}
