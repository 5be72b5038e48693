/// The in-memory form of one ``Index``: every record of the entity as a (key, identifier) entry,
/// in key order then identifier order, cut into sorted chunks.
///
/// Chunks are the unit of copy-on-write, as with ``EntityTable``: a state shares its chunks with
/// the states derived from it, and a commit that changes one record copies the chunk list (one
/// pointer per chunk) and the one chunk it touches, not the entries of the whole entity. With
/// chunks of up to ``maximumChunk`` entries, one change costs O(*n* / 512 + 512) moves, and a
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
  }

  /// The largest chunk before it is split in two.
  static let maximumChunk = 512

  /// The declaration.
  let declaration: Index
  /// The chunks, each sorted and non-empty (the list is empty when the index is).
  private(set) var chunks: [[Entry]] = []
  /// The number of entries.
  private(set) var count = 0

  /// An empty index for `declaration`.
  init(_ declaration: Index) {
    self.declaration = declaration
  }

  /// Whether the index has more than one field.
  var isComposite: Bool { declaration.fields.count > 1 }

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
  func compare(_ a: Entry, _ b: Entry) -> Int {
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
    table.forEach { id, record in entries.append(Entry(key: key(of: record), id: id)) }
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
    let oldKey = old.map(key(of:))
    let newKey = new.map(key(of:))
    if let oldKey, let newKey, compareKeys(oldKey, newKey) == 0 { return }
    if let oldKey { remove(Entry(key: oldKey, id: id)) }
    if let newKey { insert(Entry(key: newKey, id: id)) }
  }

  /// The chunk `entry` belongs in: the first whose last entry is not before it, else the last.
  private func chunkIndex(for entry: Entry) -> Int {
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high) / 2
      if let last = chunks[middle].last, compare(last, entry) < 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position of the first entry of `chunk` not before `entry`.
  private func position(of entry: Entry, in chunk: [Entry]) -> Int {
    var low = 0
    var high = chunk.count
    while low < high {
      let middle = (low + high) / 2
      if compare(chunk[middle], entry) < 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private mutating func insert(_ entry: Entry) {
    count += 1
    guard !chunks.isEmpty else {
      chunks = [[entry]]
      return
    }
    let c = chunkIndex(for: entry)
    let at = position(of: entry, in: chunks[c])
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
    let at = position(of: entry, in: chunks[c])
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
