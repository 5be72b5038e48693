/// The in-memory form of one ``Index``: every record of the entity as a (key, identifier) entry,
/// in key order then identifier order, cut into sorted chunks.
///
/// Chunks are the unit of copy-on-write, as with ``EntityTable``: a state shares its chunks with
/// the states derived from it, and a commit that changes one record copies the chunk list (one
/// pointer per chunk) and the one chunk it touches, not the entries of the whole entity. With
/// chunks of up to ``maximumChunk`` entries, one change costs O(*n* / 256 + 256) moves, and a
/// lookup O(log *n*) comparisons.
///
/// Keys compare with ``ValueOrder/sortCompare(_:_:)`` (composite keys field by field), so ties in
/// the key are in identifier order: the order query results take.
struct SecondaryIndex: Sendable {
  /// One record's place: its key (the field's value, `.null` when missing; an array of the fields'
  /// values for a composite index) and identifier.
  struct Entry: Sendable {
    var key: JSONValue
    var id: RecordID
    /// The kind of the key's (first) value in ``ValueOrder/sortCompare(_:_:)``'s order: missing
    /// or null, Booleans, numbers, strings, arrays, objects.
    var rank: UInt8
    /// An order-preserving summary of the key's (first) value within its kind (a number's
    /// position, a string's first 8 UTF-8 bytes): entries whose ranks and prefixes differ
    /// compare by them alone, without touching the values (no reference counting), and only
    /// ties compare the keys themselves.
    var prefix: UInt64

    init(key: JSONValue, id: RecordID, composite: Bool) {
      self.key = key
      self.id = id
      var lead = key
      if composite, case .array(let values) = key, let first = values.first { lead = first }
      (rank, prefix) = Entry.summary(of: lead)
    }

    /// The rank and prefix of `value` (see ``rank`` and ``prefix``): consistent with
    /// ``ValueOrder/sortCompare(_:_:)``, so a smaller (rank, prefix) means a smaller value and
    /// equal values have equal summaries.
    static func summary(of value: JSONValue) -> (UInt8, UInt64) {
      switch value {
      case .null: return (0, 0)
      case .bool(let b): return (1, b ? 1 : 0)
      case .int(let i): return (2, orderBits(Double(i)))
      case .double(let d): return (2, orderBits(d))
      case .string(let s):
        var bits: UInt64 = 0
        var n = 0
        for byte in s.utf8 {
          guard n < 8 else { break }
          bits |= UInt64(byte) << (56 - 8 * UInt64(n))
          n += 1
        }
        return (3, bits)
      case .array: return (4, 0)
      case .object: return (5, 0)
      }
    }

    /// A number's bits, ordered as the numbers are (`-0.0` as `0.0`; an integer beyond 2^53
    /// rounds to a neighbouring double, which keeps the order, not strictly).
    private static func orderBits(_ d: Double) -> UInt64 {
      let value = d == 0 ? 0.0 : d
      let bits = value.bitPattern
      return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
  }

  /// The largest chunk before it is split in two.
  static let maximumChunk = 256

  /// The declaration.
  let declaration: Index
  /// Whether the index has more than one field.
  let isComposite: Bool
  /// The chunks, each sorted and non-empty (the list is empty when the index is).
  private(set) var chunks: [[Entry]] = []
  /// The number of entries.
  private(set) var count = 0

  /// An empty index for `declaration`.
  init(_ declaration: Index) {
    self.declaration = declaration
    isComposite = declaration.fields.count > 1
  }

  /// The entry of record `id`.
  func entry(_ record: JSONObject, _ id: RecordID) -> Entry {
    Entry(key: key(of: record), id: id, composite: isComposite)
  }

  /// The key of `record` in this index.
  func key(of record: JSONObject) -> JSONValue {
    if !isComposite { return record[declaration.fields[0]] ?? .null }
    return .array(declaration.fields.map { record[$0] ?? .null })
  }

  /// Compares two keys of this index.
  func compareKeys(_ a: JSONValue, _ b: JSONValue) -> Int {
    guard isComposite, case .array(let x) = a, case .array(let y) = b else {
      return ValueOrder.sortCompare(a, b)
    }
    for (l, r) in zip(x, y) {
      let c = ValueOrder.sortCompare(l, r)
      if c != 0 { return c }
    }
    return x.count < y.count ? -1 : x.count == y.count ? 0 : 1
  }

  /// Compares two entries: by key, then identifier.
  @inline(__always)
  func compare(_ a: Entry, _ b: Entry) -> Int {
    if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
    if a.prefix != b.prefix { return a.prefix < b.prefix ? -1 : 1 }
    if !isComposite, case .string(let x) = a.key, case .string(let y) = b.key {
      let c = JSONValue.compareUTF8(x, y)
      if c != 0 { return c }
      if case .int(let p) = a.id, case .int(let q) = b.id { return p < q ? -1 : p == q ? 0 : 1 }
    }
    return compareTied(a, b)
  }

  /// Compares the entry at `stored` with `entry`, reading only the stored entry's rank and
  /// prefix unless they tie (no reference counting in a binary search's usual step).
  @inline(__always)
  private func compare(at stored: UnsafePointer<Entry>, _ entry: Entry) -> Int {
    let rank = stored.pointee.rank
    if rank != entry.rank { return rank < entry.rank ? -1 : 1 }
    let prefix = stored.pointee.prefix
    if prefix != entry.prefix { return prefix < entry.prefix ? -1 : 1 }
    // The common tie: single-field string keys (repeated names) with integer identifiers.
    if !isComposite, case .string(let x) = stored.pointee.key, case .string(let y) = entry.key {
      let c = JSONValue.compareUTF8(x, y)
      if c != 0 { return c }
      if case .int(let a) = stored.pointee.id, case .int(let b) = entry.id { return a < b ? -1 : a == b ? 0 : 1 }
    }
    return compareTied(stored.pointee, entry)
  }

  /// Compares two entries whose ranks and prefixes are equal.
  private func compareTied(_ a: Entry, _ b: Entry) -> Int {
    let c = compareKeys(a.key, b.key)
    if c != 0 { return c }
    return a.id < b.id ? -1 : a.id == b.id ? 0 : 1
  }

  // MARK: Building and changing

  /// Replaces the entries with those of `table`'s records (sorting them once).
  ///
  /// - Complexity: O(*n* log *n*).
  mutating func build(from table: EntityTable) {
    var entries: [Entry] = []
    entries.reserveCapacity(table.count)
    let fields = declaration.fields
    for chunk in table.chunks {
      // Each key from its columns alone, as `key(of:)` reads it from the decoded record: the
      // rest of the record is not decoded (Design/0005).
      let columns = fields.compactMap { chunk.layout.column(named: $0) }
      let ids = chunk.ids
      guard columns.count == fields.count else {
        for row in ids.indices { entries.append(entry(chunk.record(at: row), ids[row])) }
        continue
      }
      for row in ids.indices {
        let key: JSONValue =
          isComposite
          ? .array(columns.map { chunk.value(row, $0) ?? .null })
          : chunk.value(row, columns[0]) ?? .null
        entries.append(Entry(key: key, id: ids[row], composite: isComposite))
      }
    }
    entries.sort { compare($0, $1) < 0 }
    count = entries.count
    chunks = []
    let size = Self.maximumChunk / 2
    var start = 0
    while start < entries.count {
      let end = Swift.min(start + size, entries.count)
      chunks.append(Array(entries[start..<end]))
      start = end
    }
  }

  /// Updates the index for record `id` changing from `old` to `new` (`nil`: absent).
  mutating func update(_ id: RecordID, from old: JSONObject?, to new: JSONObject?) {
    let before = old.map { entry($0, id) }
    let after = new.map { entry($0, id) }
    if let before, let after, compare(before, after) == 0 { return }
    if let before { remove(before) }
    if let after { insert(after) }
  }

  /// The chunk `entry` belongs in: the first whose last entry is not before it, else the last.
  private func chunkIndex(for entry: Entry) -> Int {
    chunks.withUnsafeBufferPointer { chunks in
      var low = 0
      var high = chunks.count - 1
      while low < high {
        let middle = (low + high) / 2
        let below = chunks[middle].withUnsafeBufferPointer { chunk in
          guard let base = chunk.baseAddress else { return true }
          return compare(at: base + (chunk.count - 1), entry) < 0
        }
        if below { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The position of the first entry of `chunk` not before `entry`.
  private func position(of entry: Entry, inChunk c: Int) -> Int {
    chunks[c].withUnsafeBufferPointer { chunk in
      guard let base = chunk.baseAddress else { return 0 }
      var low = 0
      var high = chunk.count
      while low < high {
        let middle = (low + high) / 2
        if compare(at: base + middle, entry) < 0 { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  private mutating func insert(_ entry: Entry) {
    count += 1
    guard !chunks.isEmpty else {
      chunks = [[entry]]
      return
    }
    let c = chunkIndex(for: entry)
    let at = position(of: entry, inChunk: c)
    chunks[c].insert(entry, at: at)
    if chunks[c].count > Self.maximumChunk {
      let half = chunks[c].count / 2
      let tail = Array(chunks[c][half...])
      chunks[c].removeSubrange(half...)
      chunks.insert(tail, at: c + 1)
    }
  }

  private mutating func remove(_ entry: Entry) {
    guard !chunks.isEmpty else { return }
    let c = chunkIndex(for: entry)
    let at = position(of: entry, inChunk: c)
    guard at < chunks[c].count, chunks[c][at].id == entry.id else { return }
    count -= 1
    chunks[c].remove(at: at)
    if chunks[c].isEmpty { chunks.remove(at: c) }
  }

  // MARK: Reading

  /// A place in the index: a chunk and a position in it.
  struct Position: Comparable {
    var chunk: Int
    var offset: Int

    static func < (a: Position, b: Position) -> Bool {
      (a.chunk, a.offset) < (b.chunk, b.offset)
    }
  }

  /// The first position.
  var start: Position { Position(chunk: 0, offset: 0) }
  /// The position past the last entry.
  var end: Position { Position(chunk: chunks.count, offset: 0) }

  /// The entry at `position` (which must be before ``end``).
  func entry(at position: Position) -> Entry { chunks[position.chunk][position.offset] }

  /// The position after `position`.
  func after(_ position: Position) -> Position {
    position.offset + 1 < chunks[position.chunk].count
      ? Position(chunk: position.chunk, offset: position.offset + 1)
      : Position(chunk: position.chunk + 1, offset: 0)
  }

  /// The position before `position` (which must be after ``start``).
  func before(_ position: Position) -> Position {
    position.offset > 0
      ? Position(chunk: position.chunk, offset: position.offset - 1)
      : Position(chunk: position.chunk - 1, offset: chunks[position.chunk - 1].count - 1)
  }

  /// The first position whose entry's key is not below the target, as told by `order`
  /// (negative: the key is below the target). `order` must be monotone over the index order.
  ///
  /// - Complexity: O(log *n*) calls of `order`.
  func firstPosition(where order: (JSONValue) -> Int) -> Position {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) / 2
      if let last = chunks[middle].last, order(last.key) < 0 { low = middle + 1 } else { high = middle }
    }
    guard low < chunks.count else { return end }
    let chunk = chunks[low]
    var a = 0
    var b = chunk.count
    while a < b {
      let middle = (a + b) / 2
      if order(chunk[middle].key) < 0 { a = middle + 1 } else { b = middle }
    }
    return a < chunk.count ? Position(chunk: low, offset: a) : Position(chunk: low + 1, offset: 0)
  }

  /// The entries from `from` up to (not including) `to`, in order.
  func forEach(from: Position, to: Position, _ body: (Entry) throws -> Bool) rethrows {
    var position = from
    while position < to, position.chunk < chunks.count {
      guard try body(entry(at: position)) else { return }
      position = after(position)
    }
  }

  /// An estimate of the memory the index holds beyond the records (whose values it shares):
  /// the entries and the chunk list.
  var memoryBytes: Int {
    count * MemoryLayout<Entry>.stride + chunks.count * (MemoryLayout<[Entry]>.stride + 32)
  }
}
