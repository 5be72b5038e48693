/// A chunk of a payload's items read straight into rows of their entity's layout by a
/// ``PayloadRowReader`` (Design/0005): each item is a row, or — when the reader gave it up — the
/// item parsed as a ``JSONValue``, for the planner's general path.
///
/// Rows here are the layout's words and an arena of their own, the form a ``RowChunk`` stores,
/// so a new record's row is copied into its chunk as it is, and an item is compared with its
/// stored row word by word.
final class RowBatch: Sendable {
  /// The layout of every row.
  let layout: RowLayout
  /// The rows, ``RowLayout/wordsPerRow`` words each.
  let words: ContiguousArray<UInt64>
  /// The rows' text and lists.
  let arena: RowArena
  /// Per item, in payload order: its row (0 or more), or `~n` for ``values``[n].
  let items: ContiguousArray<Int32>
  /// The items read the general way.
  let values: [JSONValue]

  init(
    layout: RowLayout, words: ContiguousArray<UInt64>, arena: RowArena,
    items: ContiguousArray<Int32>, values: [JSONValue]
  ) {
    self.layout = layout
    self.words = words
    self.arena = arena
    self.items = items
    self.values = values
  }

  /// The number of items.
  var count: Int { items.count }

  /// The tag of `column` in `row`: 0 when the item did not give it, else 1 (every value a
  /// reader writes is typed).
  @inline(__always) func tag(_ row: Int, _ column: Int) -> UInt64 {
    words[row * layout.wordsPerRow + column >> 5] >> UInt64((column & 31) * 2) & 3
  }

  /// The word of `column` in `row`.
  @inline(__always) func word(_ row: Int, _ column: Int) -> UInt64 {
    words[row * layout.wordsPerRow + layout.tagWords + column]
  }

  /// The value the item of `row` gives for `column`, decoded as its stored form decodes
  /// (canonical), or `nil` when it gives none.
  func value(_ row: Int, _ column: Int) -> JSONValue? {
    guard tag(row, column) != 0 else { return nil }
    let kind = layout.columns[column]
    let word = word(row, column)
    switch kind.kind {
    case .int, .double, .bool, .date, .enumeration:
      return RowEncoding.value(word: word, kind: kind.kind, cases: kind.cases)
    case .string, .decimal: return .string(arena.string(word))
    case .list: return .array(arena.list(word, of: kind))
    case .uuid, .object, .toOne, .toMany: return nil
    }
  }

  /// Whether every value the item of `row` gives is the one `chunk` holds in `storedRow`: its
  /// stored record would not change. Compares words and arena bytes; `false` also for a stored
  /// value that is not typed (boxed), which only decoding settles.
  func givesStoredValues(_ row: Int, _ chunk: RowChunk, _ storedRow: Int) -> Bool {
    let columns = layout.columns
    for column in columns.indices where tag(row, column) != 0 {
      guard chunk.tag(storedRow, column) == 1 else { return false }
      let mine = word(row, column)
      let stored = chunk.word(storedRow, column)
      switch columns[column].kind {
      case .double:
        if Double(bitPattern: mine) != Double(bitPattern: stored) { return false }
      case .string, .decimal, .uuid:
        if !arena.sameBytes(mine, as: chunk.arena, stored) { return false }
      case .list:
        if !arena.sameList(mine, as: chunk.arena, stored, element: columns[column].element) {
          return false
        }
      default:
        if mine != stored { return false }
      }
    }
    return true
  }

  /// Writes the values the item of `row` gives into `target`'s row `targetRow` (of the same
  /// layout, its columns absent): words as they are, arena bytes copied.
  func copy(_ row: Int, into target: inout RowChunk, _ targetRow: Int) {
    let columns = layout.columns
    for column in columns.indices where tag(row, column) != 0 {
      var word = word(row, column)
      if columns[column].usesArena {
        guard let reference = arena.withBytes(word, { target.appendArena($0) }) else {
          // Shorter than the reference limit here, so never refused there; set as a value if so.
          if let value = value(row, column) { target.setValue(value, targetRow, column) }
          continue
        }
        word = reference
      }
      target.setWord(targetRow, column, tag: 1, word)
    }
  }
}

/// A ``RowBatch`` being read: rows appended one by one, and given up on when an item needs
/// the general path.
struct RowBatchBuilder {
  let layout: RowLayout
  var words: ContiguousArray<UInt64> = []
  var arena = ArenaBytes()
  var items: ContiguousArray<Int32> = []
  var values: [JSONValue] = []
  /// The rows begun so far.
  private(set) var rows = 0

  init(layout: RowLayout) {
    self.layout = layout
  }

  /// The items so far.
  var count: Int { items.count }

  /// Starts a row with every column absent; the caller fills it, then ``finishRow()`` or
  /// ``discardRow(arenaMark:)``.
  mutating func beginRow() {
    words.append(contentsOf: layout.emptyRow)
  }

  /// Sets `column` of the row begun last (absent until now) to the typed `word`.
  @inline(__always) mutating func setWord(_ column: Int, _ word: UInt64) {
    let base = rows * layout.wordsPerRow
    words[base + column >> 5] |= 1 << UInt64((column & 31) * 2)
    words[base + layout.tagWords + column] = word
  }

  /// Whether `column` of the row begun last is set.
  @inline(__always) func isSet(_ column: Int) -> Bool {
    words[rows * layout.wordsPerRow + column >> 5] >> UInt64((column & 31) * 2) & 3 != 0
  }

  /// The word of `column` of the row begun last.
  @inline(__always) func word(_ column: Int) -> UInt64 {
    words[rows * layout.wordsPerRow + layout.tagWords + column]
  }

  /// Keeps the row begun last as the next item.
  mutating func finishRow() {
    items.append(Int32(truncatingIfNeeded: rows))
    rows += 1
  }

  /// Drops the row begun last and the arena bytes written since `arenaMark`.
  mutating func discardRow(arenaMark: Int) {
    words.removeLast(layout.wordsPerRow)
    arena.truncate(to: arenaMark)
  }

  /// Takes back the item added last, a row or a value; `arenaMark` is the arena's size before
  /// it.
  mutating func dropLastItem(arenaMark: Int) {
    guard let last = items.popLast() else { return }
    if last >= 0 {
      rows -= 1
      discardRow(arenaMark: arenaMark)
    } else {
      values.removeLast()
    }
  }

  /// Adds an item read the general way.
  mutating func append(_ value: JSONValue) {
    items.append(~Int32(truncatingIfNeeded: values.count))
    values.append(value)
  }

  /// The batch; the builder is empty again.
  mutating func build() -> RowBatch {
    defer {
      words = []
      items = []
      values = []
      rows = 0
    }
    return RowBatch(
      layout: layout, words: words, arena: RowArena(bytes: arena.take()), items: items,
      values: values)
  }
}

/// The bytes of a ``RowBatchBuilder``'s arena: a buffer kept as long as it has been, with the
/// bytes written counted apart, so appending a string is one copy (an array's generic
/// `append(contentsOf:)` cost about 130 instructions a call, callgrind, 100k day 1).
struct ArenaBytes {
  private var storage = ContiguousArray<UInt8>()
  /// The bytes written.
  private(set) var count = 0

  /// Makes room for `extra` more bytes.
  @inline(__always) mutating func reserve(_ extra: Int) {
    if count + extra > storage.count { grow(to: count + extra) }
  }

  /// Replaces the buffer with one of at least `needed` bytes holding the bytes written. The new
  /// buffer is made zeroed in one call and the written bytes copied in one: appending a
  /// repeated zero went element by element through the generic path in debug builds, which
  /// under ThreadSanitizer took minutes a test.
  @inline(never) private mutating func grow(to needed: Int) {
    let size = Swift.max(needed, storage.count * 2, 1 << 14)
    var grown = ContiguousArray<UInt8>(repeating: 0, count: size)
    let written = count
    grown.withUnsafeMutableBytes { target in
      storage.withUnsafeBytes { source in
        if written > 0, let to = target.baseAddress, let from = source.baseAddress {
          to.copyMemory(from: from, byteCount: written)
        }
      }
    }
    storage = grown
  }

  /// Appends `bytes`, with their count first as 4 little-endian bytes when `counted`.
  @inline(__always) mutating func append(_ bytes: UnsafeRawBufferPointer, counted: Bool = false) {
    let prefix = counted ? 4 : 0
    reserve(prefix + bytes.count)
    let at = count
    storage.withUnsafeMutableBytes { storage in
      guard let base = storage.baseAddress else { return }
      if counted {
        (base + at).storeBytes(
          of: UInt32(truncatingIfNeeded: bytes.count).littleEndian, as: UInt32.self)
      }
      if let source = bytes.baseAddress, bytes.count > 0 {
        (base + at + prefix).copyMemory(from: source, byteCount: bytes.count)
      }
    }
    count += prefix + bytes.count
  }

  /// Appends `word` as 8 little-endian bytes.
  @inline(__always) mutating func append(word: UInt64) {
    reserve(8)
    let at = count
    storage.withUnsafeMutableBytes { storage in
      storage.baseAddress.map { ($0 + at).storeBytes(of: word.littleEndian, as: UInt64.self) }
    }
    count += 8
  }

  /// Forgets the bytes from `count` on.
  mutating func truncate(to count: Int) { self.count = Swift.min(count, self.count) }

  /// The bytes written, as an array of exactly that size; the buffer is empty again.
  mutating func take() -> ContiguousArray<UInt8> {
    defer {
      storage = []
      count = 0
    }
    return ContiguousArray(storage[0..<count])
  }
}

/// A chunk of parsed payload items: values, or rows of the synced entity.
enum ParsedItems: Sendable {
  case values([JSONValue])
  case rows(RowBatch)

  /// The number of items.
  var count: Int {
    switch self {
    case .values(let values): return values.count
    case .rows(let batch): return batch.count
    }
  }

  var isEmpty: Bool { count == 0 }
}
