/// The records of one chunk of an entity as typed rows: what `IDTable<JSONObject>` holds
/// today, in a form that costs a few words per record instead of a boxed value per member
/// (Design/0005).
///
/// A chunk is a value and the unit of copy-on-write, through its arrays: a copy shares them
/// until one side changes.
///
/// Storage:
/// - ``rows`` maps an identifier to its row number. Row numbers are the table's entry
///   positions (the table stores each row's own number), so removal, which moves the table's
///   last entry into the hole, moves the last row into the removed one's place too.
/// - ``words`` holds ``RowLayout/wordsPerRow`` words per row: 2-bit tags, then a word per
///   column. Tag 0 is absent; 1 a typed value in the column's word; 2 boxed (the word indexes
///   ``boxes``); 3 a to-one's non-integer identifier (the word is an arena reference).
/// - ``arena`` holds text, lists and non-integer identifiers; it is compacted when more than
///   4,096 of its bytes, and more than half of them, are garbage.
/// - ``boxes`` holds whole any value without an exact typed encoding: a value is never lost
///   or reinterpreted (`.int(1)` stays distinct from `.double(1.0)`).
/// - ``extras`` holds a row's members that are not columns, which validated stored records do
///   not have; they decode after the columns.
///
/// ```swift
/// var chunk = RowChunk(layout: layout)
/// chunk.updateValue(["id": 7, "name": "Ada"], forKey: 7)  // nil
/// chunk[7]                                                // ["id": 7, "name": "Ada"]
/// chunk.removeValue(forKey: 7)                            // ["id": 7, "name": "Ada"]
/// ```
struct RowChunk: Sendable {
  /// The columns of every row.
  let layout: RowLayout
  /// The identifiers; a record's row number is its entry's position in the table.
  private(set) var rows = IDTable<Void>()
  /// ``RowLayout/wordsPerRow`` words per row: tag words, then one word per column.
  private(set) var words: ContiguousArray<UInt64> = []
  /// The bytes of text, lists and non-integer identifiers.
  private(set) var arena = RowArena()
  /// Values kept whole; a free slot holds `.null` and is listed in ``freeBoxes``.
  private(set) var boxes: ContiguousArray<JSONValue> = []
  /// Slots of ``boxes`` no row refers to, reused first.
  private var freeBoxes: ContiguousArray<Int> = []
  /// Per row number: the members of its record that are not columns.
  private(set) var extras: [Int32: JSONObject] = [:]

  /// Compaction runs when the arena's garbage passes this and half of the arena.
  static let compactionThreshold = 4096

  /// An empty chunk of `layout`'s rows.
  init(layout: RowLayout) {
    self.layout = layout
  }

  /// An empty chunk of `layout`'s rows with room for `capacity` records before it grows.
  init(layout: RowLayout, minimumCapacity capacity: Int) {
    self.layout = layout
    reserveCapacity(capacity)
  }

  /// The number of records.
  @inline(__always) var count: Int { rows.count }

  /// Whether the chunk has no records.
  @inline(__always) var isEmpty: Bool { rows.isEmpty }

  /// The identifiers, in row order.
  var ids: ContiguousArray<RecordID> { rows.ids }

  /// Every record decoded (``record(at:)``), in row order: `values[n]` belongs to `ids[n]`.
  ///
  /// - Complexity: O(*n*) in the size of the chunk; each call decodes every record.
  var values: [JSONObject] { (0..<count).map(record(at:)) }

  /// The number of arena bytes no row refers to.
  var garbage: Int { arena.garbage }

  /// Makes room for `capacity` records in all.
  mutating func reserveCapacity(_ capacity: Int) {
    rows.reserveCapacity(capacity)
    words.reserveCapacity(capacity * layout.wordsPerRow)
  }

  /// The row of `id`, or `nil`.
  @inline(__always) func row(of id: RecordID) -> Int? { rows.position(of: id) }

  /// Whether the chunk has a record for `id`.
  @inline(__always) func contains(_ id: RecordID) -> Bool { rows.contains(id) }

  /// The record of `id` decoded (``record(at:)``), or `nil`.
  subscript(id: RecordID) -> JSONObject? {
    guard let row = row(of: id) else { return nil }
    return record(at: row)
  }

  // MARK: Changes

  /// Stores `record` under `id` and returns the record it replaces, or `nil`.
  ///
  /// - Complexity: O(*m*) in the size of the record (plus a compaction, amortised, when a
  ///   replaced record's bytes make the arena's garbage pass half of it).
  ///
  /// - Parameter decodingOld: Whether to decode the replaced record to return it; a caller
  ///   that holds it already passes `false` and gets `nil`.
  @discardableResult
  mutating func updateValue(_ record: JSONObject, forKey id: RecordID, decodingOld: Bool = true) -> JSONObject? {
    precondition(rows.count < Int(Int32.max), "RowChunk: more rows than Int32 numbers")
    let (row, inserted) = rows.insertIfAbsent((), forKey: id)
    let wordsPerRow = layout.wordsPerRow
    var old: JSONObject?
    if inserted {
      words.append(contentsOf: layout.emptyRow)
    } else {
      if decodingOld { old = self.record(at: row) }
      release(row)
      let base = row * wordsPerRow
      for n in base..<base + wordsPerRow { words[n] = 0 }
    }
    encode(record, into: row)
    if !inserted { compactIfNeeded() }
    return old
  }

  /// Adds a row for `id`, every column absent, and has `fill` write its columns
  /// (``setValue(_:_:_:)``); `false`, adding nothing, when `id` already has a row.
  mutating func insertRow(_ id: RecordID, _ fill: (inout RowChunk, Int) -> Void) -> Bool {
    precondition(rows.count < Int(Int32.max), "RowChunk: more rows than Int32 numbers")
    let (row, inserted) = rows.insertIfAbsent((), forKey: id)
    guard inserted else { return false }
    words.append(contentsOf: layout.emptyRow)
    fill(&self, row)
    return true
  }

  /// Removes `id`'s record and returns it, or `nil` when there is none. The last row moves into
  /// its place.
  @discardableResult
  mutating func removeValue(forKey id: RecordID) -> JSONObject? {
    guard let row = row(of: id) else { return nil }
    let old = record(at: row)
    removeRow(row, id)
    return old
  }

  /// Removes `id`'s record without decoding it; `false` when there is none.
  @discardableResult
  mutating func removeRow(forKey id: RecordID) -> Bool {
    guard let row = row(of: id) else { return false }
    removeRow(row, id)
    return true
  }

  /// Removes row `row`, `id`'s; the last row moves into its place.
  private mutating func removeRow(_ row: Int, _ id: RecordID) {
    release(row)
    rows.removeValue(forKey: id)
    let last = rows.count
    let wordsPerRow = layout.wordsPerRow
    if row != last {
      // The table moved its last entry into `row`: move the last row with it.
      words.withUnsafeMutableBufferPointer { words in
        for n in 0..<wordsPerRow { words[row * wordsPerRow + n] = words[last * wordsPerRow + n] }
      }
      if let moved = extras.removeValue(forKey: Int32(truncatingIfNeeded: last)) {
        extras[Int32(truncatingIfNeeded: row)] = moved
      }
    }
    words.removeLast(wordsPerRow)
    compactIfNeeded()
  }

  /// Calls `body` with every record, decoded, in row order.
  func forEach(_ body: (RecordID, JSONObject) throws -> Void) rethrows {
    let ids = rows.ids
    for row in ids.indices { try body(ids[row], record(at: row)) }
  }

  /// An estimate of the chunk's bytes: its words, arena and boxes (not the identifier table,
  /// the boxes' own heap storage or spare capacity).
  var memoryBytes: Int {
    words.count * 8 + arena.count + boxes.count * MemoryLayout<JSONValue>.stride
  }

  // MARK: Encoding

  /// Writes `record`'s members into `row`, whose words are zero.
  private mutating func encode(_ record: JSONObject, into row: Int) {
    let base = row * layout.wordsPerRow
    let valueBase = base + layout.tagWords
    let columns = layout.columns
    var extra: JSONObject?
    var next = 0
    for n in 0..<record.count {
      let key = record.key(at: n)
      // Records usually come in column order: try the column after the last one first.
      let column: Int
      if next < columns.count, JSONValue.sameUTF8(columns[next].name, key) {
        column = next
      } else if let found = layout.column(named: key) {
        column = found
      } else {
        extra = extra ?? JSONObject()
        extra?.appendUnchecked(key: key, value: record.value(at: n))
        continue
      }
      next = column + 1
      let (tag, word) = encode(record.value(at: n), in: columns[column])
      words[base + column >> 5] |= tag << UInt64((column & 31) * 2)
      words[valueBase + column] = word
    }
    if let extra { extras[Int32(truncatingIfNeeded: row)] = extra }
  }

  /// The tag and word of `value` in `column`: typed when it has an exact encoding, else boxed.
  private mutating func encode(_ value: JSONValue, in column: RowColumn) -> (
    tag: UInt64, word: UInt64
  ) {
    switch column.kind {
    case .int, .double, .bool, .date, .enumeration:
      if let word = RowEncoding.word(value, kind: column.kind, cases: column.cases) {
        return (1, word)
      }
    case .string, .decimal:
      if case .string(let text) = value, let reference = arena.append(text) {
        return (1, reference)
      }
    case .uuid:
      if case .string(let text) = value, let uuid = RowEncoding.uuidBytes(text),
        let reference = arena.append({ bytes in
          bytes.append(contentsOf: uuid)
          return true
        })
      {
        return (1, reference)
      }
    case .list:
      if case .array(let elements) = value, let reference = arena.appendList(elements, of: column) {
        return (1, reference)
      }
    case .object:
      break
    case .toOne:
      if case .int(let i) = value { return (1, UInt64(bitPattern: i)) }
      if let reference = arena.appendIdentifier(value) { return (3, reference) }
    case .toMany:
      if case .array(let elements) = value, let reference = arena.appendIdentifiers(elements) {
        return (1, reference)
      }
    }
    return (2, UInt64(box(value)))
  }

  /// Keeps `value` whole and returns its slot.
  private mutating func box(_ value: JSONValue) -> Int {
    if let slot = freeBoxes.popLast() {
      boxes[slot] = value
      return slot
    }
    boxes.append(value)
    return boxes.count - 1
  }

  /// Releases `row`'s values: arena bytes become garbage, box slots and extras are freed.
  private mutating func release(_ row: Int) {
    let columns = layout.columns
    let valueBase = row * layout.wordsPerRow + layout.tagWords
    for column in columns.indices {
      switch tag(row, column) {
      case 1 where columns[column].usesArena, 3:
        arena.release(words[valueBase + column])
      case 2:
        let slot = Int(truncatingIfNeeded: words[valueBase + column])
        boxes[slot] = .null
        freeBoxes.append(slot)
      default:
        break
      }
    }
    extras[Int32(truncatingIfNeeded: row)] = nil
  }

  // MARK: Building rows in place

  /// Starts a new row with every column absent and returns its number; the caller fills it
  /// with ``setWord(_:_:tag:_:)``, ``appendArena(_:)`` and ``boxValue(_:)``, then names it with
  /// ``finishRow(_:id:)``. A reader that gives up half-way discards the whole chunk
  /// (``StoredRowReader``), so an unfinished row never outlives its reader.
  mutating func beginRow() -> Int {
    words.append(contentsOf: layout.emptyRow)
    return rows.count
  }

  /// Sets `column` of `row` to `word` with `tag` (1 typed, 2 boxed, 3 a to-one's encoded
  /// identifier); the column must be absent.
  @inline(__always) mutating func setWord(_ row: Int, _ column: Int, tag: UInt64, _ word: UInt64) {
    let base = row * layout.wordsPerRow
    words[base + column >> 5] |= tag << UInt64((column & 31) * 2)
    words[base + layout.tagWords + column] = word
  }

  /// Appends `bytes` to the arena and returns their reference, or `nil` when they are too long
  /// for one.
  @inline(__always) mutating func appendArena(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
    arena.append { arena in
      RowArena.appendBytes(bytes, to: &arena)
      return true
    }
  }

  /// Appends what `write` writes to the arena (``RowArena/append(_:)``).
  @inline(__always) mutating func appendArena(_ write: (inout ContiguousArray<UInt8>) -> Bool) -> UInt64? {
    arena.append(write)
  }

  /// Sets `column` of `row` (absent) to `value`, encoded as ``updateValue(_:forKey:)``
  /// encodes it: typed when it has an exact encoding, else boxed.
  mutating func setValue(_ value: JSONValue, _ row: Int, _ column: Int) {
    let (tag, word) = encode(value, in: layout.columns[column])
    setWord(row, column, tag: tag, word)
  }

  /// Names the row ``beginRow()`` started; `false` when `id` already has a row (nothing is
  /// named then, and the caller discards the chunk).
  mutating func finishRow(_ row: Int, id: RecordID) -> Bool {
    rows.insertIfAbsent((), forKey: id).inserted
  }

  /// Appends a copy of `other`'s `row` (a chunk of the same layout) under `id`, its words as
  /// they are, its arena bytes and boxed values copied over: moving a record between chunks
  /// (a split or a merge) decodes and encodes nothing. `false`, copying nothing, when `id`
  /// already has a row.
  @discardableResult
  mutating func appendRow(_ row: Int, of other: RowChunk, id: RecordID) -> Bool {
    precondition(rows.count < Int(Int32.max), "RowChunk: more rows than Int32 numbers")
    guard rows.insertIfAbsent((), forKey: id).inserted else { return false }
    let wordsPerRow = layout.wordsPerRow
    let base = words.count
    let source = row * wordsPerRow
    words.append(contentsOf: other.words[source..<source + wordsPerRow])
    let columns = layout.columns
    for column in columns.indices {
      let word = words[base + layout.tagWords + column]
      switch other.tag(row, column) {
      case 1 where columns[column].usesArena, 3:
        words[base + layout.tagWords + column] = arena.appendCopy(of: word, from: other.arena)
      case 2:
        words[base + layout.tagWords + column] = UInt64(box(other.boxes[Int(truncatingIfNeeded: word)]))
      default:
        break
      }
    }
    if !other.extras.isEmpty, let extra = other.extras[Int32(truncatingIfNeeded: row)] {
      extras[Int32(truncatingIfNeeded: rows.count - 1)] = extra
    }
    return true
  }

  // MARK: Compaction

  /// Compacts when the arena's garbage passes ``compactionThreshold`` and half the arena.
  private mutating func compactIfNeeded() {
    if arena.garbage > Self.compactionThreshold, arena.garbage > arena.count / 2 { compact() }
  }

  /// Rewrites the arena and the boxes with only the values rows refer to, in row order, and
  /// fixes the rows' references.
  ///
  /// - Complexity: O(*n*) in the size of the chunk.
  mutating func compact() {
    var live = RowArena()
    live.reserveCapacity(arena.count - arena.garbage)
    var kept: ContiguousArray<JSONValue> = []
    kept.reserveCapacity(boxes.count - freeBoxes.count)
    let columns = layout.columns
    for row in 0..<count {
      let valueBase = row * layout.wordsPerRow + layout.tagWords
      for column in columns.indices {
        switch tag(row, column) {
        case 1 where columns[column].usesArena, 3:
          words[valueBase + column] = live.appendCopy(of: words[valueBase + column], from: arena)
        case 2:
          kept.append(boxes[Int(truncatingIfNeeded: words[valueBase + column])])
          words[valueBase + column] = UInt64(kept.count - 1)
        default:
          break
        }
      }
    }
    arena = live
    boxes = kept
    freeBoxes = []
  }
}
