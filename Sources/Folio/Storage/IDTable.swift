/// A hash table from record identifier to `Value`: open addressing over a dense array of
/// entries, with a hash that is fast for integers and byte strings.
///
/// It replaces `[RecordID: Value]` where records are looked up per payload item (an entity's
/// chunks, the change log, the sync planner's reached records). `Dictionary` hashes every key
/// through `Hasher` (SipHash-1-3 with its setup and finalisation, about 150 instructions for an
/// integer); here an integer costs a multiply-xorshift mix, and a string one multiply per
/// 8 bytes of its UTF-8 (Design/0002, Documentation/Performance.md).
///
/// Layout: entries live in two dense arrays (`ids`, `values`) in insertion order; `slots` is a
/// power-of-two array of linear-probing slots, each 0 (empty) or the entry's position + 1 in
/// the high 32 bits and the low 32 bits of its hash in the low ones, so a probe rejects most
/// mismatches without touching `ids`, and growing re-slots entries without hashing them again.
/// Removal moves the last entry into the hole and closes the probe run by backward shifting
/// (no tombstones). Copy-on-write comes from the arrays.
///
/// Iteration order is insertion order as changed by removals (the last entry fills a removed
/// one's place) — it does not depend on the hash, so it is the same in every process.
///
/// Hash flooding: the hash is keyed by a per-process random seed, so identifiers cannot be
/// chosen offline to collide; the mix is not a cryptographic PRF, which a store of local data
/// does not need (the peers' SQLite B-trees have no such defence either).
struct IDTable<Value> {
  /// The identifiers, in entry order.
  private(set) var ids: ContiguousArray<RecordID> = []
  /// The values, in entry order (`values[n]` belongs to `ids[n]`).
  private(set) var values: ContiguousArray<Value> = []
  /// Linear-probing slots: 0, or `(position + 1) << 32 | (hash & 0xFFFF_FFFF)`.
  private var slots: ContiguousArray<UInt64> = []

  /// An empty table.
  init() {}

  /// An empty table with room for `capacity` entries before it grows.
  init(minimumCapacity capacity: Int) {
    reserveCapacity(capacity)
  }

  /// The number of entries.
  @inline(__always) var count: Int { ids.count }

  /// The identifiers, in entry order (as a dictionary names them).
  var keys: ContiguousArray<RecordID> { ids }

  /// Whether the table has no entries.
  @inline(__always) var isEmpty: Bool { ids.isEmpty }

  /// Makes room for `capacity` entries in all.
  mutating func reserveCapacity(_ capacity: Int) {
    ids.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
    let needed = Self.slotCount(for: capacity)
    if needed > slots.count { resize(to: needed) }
  }

  // MARK: Lookup

  /// The value of `id`, or `nil`. Setting `nil` removes the entry.
  subscript(id: RecordID) -> Value? {
    get {
      guard let position = position(of: id) else { return nil }
      return values[position]
    }
    set {
      if let newValue { updateValue(newValue, forKey: id) } else { removeValue(forKey: id) }
    }
  }

  /// The position of `id` in ``ids`` and ``values``, or `nil`.
  @inline(__always) func position(of id: RecordID) -> Int? {
    guard !slots.isEmpty else { return nil }
    let hash = IDHash.hash(id)
    switch find(id, hash: hash) {
    case .found(_, let position): return position
    case .empty: return nil
    }
  }

  /// Whether the table has an entry for `id`.
  @inline(__always) func contains(_ id: RecordID) -> Bool { position(of: id) != nil }

  // MARK: Changes

  /// Stores `value` for `id` and returns the value it replaces, or `nil`.
  @discardableResult
  mutating func updateValue(_ value: Value, forKey id: RecordID) -> Value? {
    let hash = IDHash.hash(id)
    if !slots.isEmpty, case .found(_, let position) = find(id, hash: hash) {
      let old = values[position]
      values[position] = value
      return old
    }
    append(id, value, hash: hash)
    return nil
  }

  /// The position of `id`'s entry, adding one with `value` when there is none: one probe either
  /// way.
  ///
  /// - Returns: The entry's position, and whether it was added.
  @inline(__always)
  mutating func insertIfAbsent(_ value: Value, forKey id: RecordID) -> (position: Int, inserted: Bool) {
    let hash = IDHash.hash(id)
    if !slots.isEmpty, case .found(_, let position) = find(id, hash: hash) {
      return (position, false)
    }
    append(id, value, hash: hash)
    return (ids.count - 1, true)
  }

  /// Replaces the value at `position` (from ``position(of:)`` or ``insertIfAbsent(_:forKey:)``).
  @inline(__always) mutating func setValue(_ value: Value, at position: Int) {
    values[position] = value
  }

  /// Removes `id`'s entry and returns its value, or `nil` when there is none.
  @discardableResult
  mutating func removeValue(forKey id: RecordID) -> Value? {
    guard !slots.isEmpty else { return nil }
    guard case .found(let slot, let position) = find(id, hash: IDHash.hash(id)) else { return nil }
    let removed = values[position]
    vacate(slot)
    let last = ids.count - 1
    if position != last {
      // The last entry fills the hole: re-point its slot.
      let lastSlot = slotIndex(ofPosition: last)
      slots[lastSlot] = UInt64(truncatingIfNeeded: position + 1) << 32 | (slots[lastSlot] & 0xFFFF_FFFF)
      ids.swapAt(position, last)
      values.swapAt(position, last)
    }
    ids.removeLast()
    values.removeLast()
    return removed
  }

  /// Removes every entry, keeping the capacity.
  mutating func removeAll() {
    ids.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    for n in slots.indices { slots[n] = 0 }
  }

  /// Calls `body` for every entry, in entry order.
  @inline(__always) func forEach(_ body: (RecordID, Value) throws -> Void) rethrows {
    for n in ids.indices { try body(ids[n], values[n]) }
  }

  /// The entries for which `isIncluded` holds, as a new table.
  func filter(_ isIncluded: (RecordID, Value) throws -> Bool) rethrows -> IDTable {
    var result = IDTable()
    for n in ids.indices where try isIncluded(ids[n], values[n]) {
      result.updateValue(values[n], forKey: ids[n])
    }
    return result
  }

  /// The same identifiers with transformed values.
  func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> IDTable<T> {
    var result = IDTable<T>()
    result.ids = ids
    result.values = ContiguousArray(try values.map(transform))
    result.slots = slots
    return result
  }

  // MARK: Probing

  private enum Probe {
    case found(slot: Int, position: Int)
    case empty(slot: Int)
  }

  /// The slot holding `id`, or the empty slot ending its probe run. `slots` must not be empty.
  @inline(__always) private func find(_ id: RecordID, hash: UInt64) -> Probe {
    let mask = slots.count - 1
    let tag = hash & 0xFFFF_FFFF
    var slot = Int(truncatingIfNeeded: hash) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let entry = slots[slot]
        if entry == 0 { return .empty(slot: slot) }
        if entry & 0xFFFF_FFFF == tag {
          let position = Int(truncatingIfNeeded: entry >> 32) - 1
          if ids[position] == id { return .found(slot: slot, position: position) }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The slot whose entry is at `position`.
  private func slotIndex(ofPosition position: Int) -> Int {
    let mask = slots.count - 1
    let wanted = UInt64(truncatingIfNeeded: position + 1)
    var slot = Int(truncatingIfNeeded: IDHash.hash(ids[position])) & mask
    while slots[slot] >> 32 != wanted { slot = (slot + 1) & mask }
    return slot
  }

  /// Adds an entry known to be absent.
  @inline(__always) private mutating func append(_ id: RecordID, _ value: Value, hash: UInt64) {
    if ids.count + 1 > slots.count / 4 * 3 {
      resize(to: Self.slotCount(for: ids.count + 1))
    }
    ids.append(id)
    values.append(value)
    let entry = UInt64(truncatingIfNeeded: ids.count) << 32 | (hash & 0xFFFF_FFFF)
    place(entry)
  }

  /// Puts `entry` in the first empty slot of its probe run.
  @inline(__always) private mutating func place(_ entry: UInt64) {
    let mask = slots.count - 1
    slots.withUnsafeMutableBufferPointer { slots in
      var slot = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  /// Empties `slot` and shifts later entries of its probe run back, so no run has a gap.
  private mutating func vacate(_ slot: Int) {
    let mask = slots.count - 1
    slots.withUnsafeMutableBufferPointer { slots in
      var hole = slot
      var next = (slot + 1) & mask
      while slots[next] != 0 {
        let home = Int(truncatingIfNeeded: slots[next] & 0xFFFF_FFFF) & mask
        // The entry may move back to the hole unless its home lies after the hole (cyclically).
        if (next &- home) & mask >= (next &- hole) & mask {
          slots[hole] = slots[next]
          hole = next
        }
        next = (next + 1) & mask
      }
      slots[hole] = 0
    }
  }

  /// Re-slots every entry into `count` slots (the low hash bits are in the slots already).
  private mutating func resize(to count: Int) {
    let old = slots
    slots = ContiguousArray(repeating: 0, count: count)
    for entry in old where entry != 0 { place(entry) }
  }

  /// The power-of-two slot count that holds `capacity` entries at most three-quarters full.
  private static func slotCount(for capacity: Int) -> Int {
    var count = 8
    while count / 4 * 3 < capacity { count *= 2 }
    return count
  }
}

extension IDTable: Sendable where Value: Sendable {}

extension IDTable: Equatable where Value: Equatable {
  /// Whether both tables hold the same identifiers with equal values, in whatever order (as
  /// dictionaries compare).
  static func == (lhs: IDTable, rhs: IDTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for n in lhs.ids.indices where rhs[lhs.ids[n]] != lhs.values[n] { return false }
    return true
  }
}

extension IDTable: Sequence {
  /// An entry, labelled as a dictionary's are.
  typealias Element = (key: RecordID, value: Value)

  /// Iterates the entries in entry order.
  struct Iterator: IteratorProtocol {
    let table: IDTable
    var position = 0

    mutating func next() -> Element? {
      guard position < table.ids.count else { return nil }
      defer { position += 1 }
      return (table.ids[position], table.values[position])
    }
  }

  func makeIterator() -> Iterator { Iterator(table: self) }

  var underestimatedCount: Int { count }
}

extension IDTable {
  /// A table of `entries`; a later entry for the same identifier replaces an earlier one.
  init<S: Sequence>(_ entries: S) where S.Element == (key: RecordID, value: Value) {
    self.init()
    for (id, value) in entries { updateValue(value, forKey: id) }
  }
}

/// The hash of ``IDTable``: a per-process seed, a multiply-xorshift mix for integers and one
/// multiply per 8 bytes of a string's UTF-8.
enum IDHash {
  /// The per-process seed (see ``IDTable`` on hash flooding).
  static let seed: UInt64 = UInt64.random(in: 1...UInt64.max)

  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The hash of `id`, consistent with `RecordID.==` (strings by their UTF-8 bytes).
  @inline(__always) static func hash(_ id: RecordID) -> UInt64 {
    switch id {
    case .int(let i): return mix(UInt64(bitPattern: i) ^ seed)
    case .string(let s): return string(s, seed: seed ^ 0x5555_5555_5555_5555)
    case .composite(let parts):
      var h = seed ^ UInt64(truncatingIfNeeded: parts.count) &* multiplier
      for part in parts { h = mix(h ^ hash(part)) }
      return h
    }
  }

  /// The murmur3 64-bit finaliser: every input bit affects every output bit.
  @inline(__always) static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z ^= z >> 33
    z = z &* 0xFF51_AFD7_ED55_8CCD
    z ^= z >> 33
    z = z &* 0xC4CE_B9FE_1A85_EC53
    z ^= z >> 33
    return z
  }

  /// The hash of a string's UTF-8 bytes.
  static func string(_ s: String, seed: UInt64) -> UInt64 {
    var s = s
    return s.withUTF8 { bytes in
      var h = seed ^ UInt64(truncatingIfNeeded: bytes.count) &* multiplier
      guard let base = bytes.baseAddress else { return mix(h) }
      let raw = UnsafeRawPointer(base)
      var offset = 0
      while offset + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        h = (h ^ word) &* multiplier
        h ^= h >> 29
        offset += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        tail |= UInt64(bytes[offset]) << shift
        shift += 8
        offset += 1
      }
      return mix(h ^ tail)
    }
  }
}
