import FolioJSON

/// Reads a payload's items straight into rows of the synced entity's layout (Design/0005): key
/// bytes are matched to columns, and each value is converted by its column's kind as it is
/// scanned, so no ``JSONValue`` or ``JSONObject`` is built for the item.
///
/// The reader takes only what it converts exactly as the planner's general path would: an
/// identifier and attribute values of their own JSON kind (an int for an int, a string for a
/// string, a date in a form its formats read, a list of strings or ints), under keys the mapping
/// names once. Anything else — `null`, a value needing conversion (`"12"` for an int), a key of a
/// relationship or of an attribute kind it does not read, a member given under two of its keys,
/// a missing identifier — gives the item up: it is parsed as a ``JSONValue`` instead, and the
/// planner's general path handles it with its messages and pointers. Only a plain mapping is
/// read at all (``init(state:entity:options:)``).
final class PayloadRowReader: Sendable {
  /// How a member's value is read.
  enum Read: Sendable, Equatable {
    case int, double, bool, string, date(DateFormats), stringList, intList
  }

  /// What a key of an item leads to.
  enum Action: Sendable, Equatable {
    /// The value of `column`, read as `read`.
    case column(Int, Read)
    /// A nested object whose keys are table `n` (a dotted key path's first key): see
    /// ``tableStarts``.
    case nested(Int)
    /// The general path: the key names what the reader does not read.
    case giveUp
  }

  /// A key (its bytes at ``keyBytes``[start..<start + length]) and what it leads to.
  struct Entry: Sendable {
    let start: Int
    let length: Int
    let action: Action
  }

  /// The entity's layout: the batches' rows.
  let layout: RowLayout
  /// The tables of keys, one after another: the item's first, then one per nested object.
  /// One flat array of plain values, so looking a key up retains nothing.
  let entries: [Entry]
  /// Where each table starts in ``entries``, and after the last, its end.
  let tableStarts: [Int]
  /// The keys' bytes.
  let keyBytes: [UInt8]
  /// The identifier's column, and whether it is a string (else an int).
  let identifierColumn: Int
  let identifierIsString: Bool
  /// The parser's options (limits) for items read the general way.
  let options: JSONParser.Options
  /// ``JSONParser/Options/maxStringBytes``, for the fast path's strings.
  let maxStringBytes: Int
  /// Whether the fast path (``readRowFast(_:at:_:into:)``) may read items: the nesting limit
  /// leaves room for an item's deepest member (a list in a nested object), so it cannot be
  /// what the parser refuses.
  let fastPath: Bool

  /// A reader of `entity`'s items for a sync with `options`, or `nil` when its mapping has what
  /// only the general path implements: no single identifier of type int or string, a
  /// relationship, a value transform, validators, should-update or validity rules, a parent, or
  /// more than 64 columns.
  init?(state: StoreState, entity: String, options: SyncOptions, parserOptions: JSONParser.Options) {
    guard options.readsRows, options.parent == nil, options.validators.isEmpty,
      let info = state.index.entities[entity]
    else { return nil }
    let schemaEntity = info.entity
    guard schemaEntity.relationships.isEmpty, schemaEntity.validators.isEmpty,
      schemaEntity.validityRules.isEmpty, schemaEntity.shouldUpdate == nil,
      !schemaEntity.isOwned, schemaEntity.identifiers.count == 1,
      !schemaEntity.attributes.contains(where: { $0.transform != nil })
    else { return nil }
    let layout = state.index.layout(entity)
    guard layout.columns.count <= 64 else { return nil }
    let context = EntityContext(info: info, schema: state.schema)
    guard context.identifiers.count == 1, let identifierColumn = layout.column(named: context.identifiers[0].name)
    else { return nil }
    switch context.identifiers[0].attribute.type {
    case .int: identifierIsString = false
    case .string: identifierIsString = true
    default: return nil
    }
    self.identifierColumn = identifierColumn
    self.layout = layout
    self.options = parserOptions
    maxStringBytes = parserOptions.maxStringBytes
    fastPath = parserOptions.maxDepth >= 4
    // Key paths of every identifier and attribute, by first key.
    var top: [(key: [UInt8], action: Action)] = []
    var nested: [[(key: [UInt8], action: Action)]] = []
    func add(_ key: [UInt8], _ action: Action, to table: inout [(key: [UInt8], action: Action)]) {
      if let n = table.firstIndex(where: { $0.key == key }) {
        // A key two members read, or read both whole and as a path: the general path decides.
        if table[n].action != action { table[n].action = .giveUp }
      } else {
        table.append((key, action))
      }
    }
    for slot in context.identifiers + context.attributes {
      guard let column = layout.column(named: slot.name) else { return nil }
      let action: Action = Self.read(slot, column: layout.columns[column]).map { .column(column, $0) } ?? .giveUp
      for path in slot.member.allKeyPaths {
        let first = Array(path.components[0].utf8)
        switch path.components.count {
        case 1: add(first, action, to: &top)
        case 2:
          let second = Array(path.components[1].utf8)
          if !top.contains(where: { $0.key == first }) {
            nested.append([])
            top.append((first, .nested(nested.count)))
          }
          // `.nested(n)` is table n: the item's own table is 0.
          if case .nested(let table)? = top.first(where: { $0.key == first })?.action {
            add(second, action, to: &nested[table - 1])
          } else {
            add(first, .giveUp, to: &top)
          }
        default: add(first, .giveUp, to: &top)
        }
      }
    }
    var entries: [Entry] = []
    var tableStarts: [Int] = []
    var keyBytes: [UInt8] = []
    for table in [top] + nested {
      tableStarts.append(entries.count)
      for entry in table {
        entries.append(
          Entry(start: keyBytes.count, length: entry.key.count, action: entry.action))
        keyBytes += entry.key
      }
    }
    tableStarts.append(entries.count)
    self.entries = entries
    self.tableStarts = tableStarts
    self.keyBytes = keyBytes
  }

  /// How `slot`'s values are read into `column`, or `nil` when the reader leaves them to the
  /// general path.
  private static func read(_ slot: EntityContext.AttributeSlot, column: RowColumn) -> Read? {
    switch (slot.attribute.type, column.kind) {
    case (.int, .int): return .int
    case (.double, .double): return .double
    case (.bool, .bool): return .bool
    case (.string, .string): return .string
    case (.isoDate, .date): return slot.dateFormats.map(Read.date)
    case (.array(.string), .list) where column.element == .string: return .stringList
    case (.array(.int), .list) where column.element == .int: return .intList
    default: return nil
    }
  }

  /// Whether the batches this reader makes fit `state`'s entity: its layout is the one read
  /// into (the schema did not change since).
  func fits(_ state: StoreState, entity: String) -> Bool {
    state.index.layout(entity) === layout
  }

  // MARK: Reading

  /// Reads elements of the payload's top-level array from `buffer` at `position`, as
  /// ``JSONParser/parseElements(_:from:afterElement:limit:isComplete:options:pool:)`` parses
  /// them, into `batch`: each item into a row, or parsed when the reader gives it up.
  func readElements(
    _ buffer: UnsafeBufferPointer<UInt8>, from position: Int, afterElement: Bool, limit: Int,
    isComplete: Bool, into batch: inout RowBatchBuilder
  ) -> (end: Int, stop: JSONParser.ElementStop) {
    var scanner = JSONScanner(buffer, options: options)
    // An error here only ends the window or sends the payload the ordinary way, which locates
    // it: finding its line reads the window from its start (callgrind, 100k day 1: 1,800
    // instructions an item, at each item cut by a block's end).
    scanner.locatesErrors = false
    // Inside the payload's array: the fast path reads doubles with the scanner from here on,
    // and the scanner's way resumes at each item it reads.
    scanner.resume(atElement: position)
    var position = position
    var afterAnElement = afterElement
    var read = 0
    let count = buffer.count
    while read < limit {
      position = Self.skipWhitespace(buffer, from: position)
      guard position < count else { return (position, isComplete ? .malformed : .needsMore) }
      let byte = buffer[position]
      if byte == UInt8(ascii: "]") { return (position + 1, .closed) }
      var start = position
      if afterAnElement {
        guard byte == UInt8(ascii: ",") else { return (position, .malformed) }
        start += 1
      }
      let arenaMark = batch.arena.count
      do {
        batch.beginRow()
        let end: Int
        if let fast = readRowFast(buffer, at: start, &scanner, into: &batch) {
          batch.finishRow()
          end = fast
        } else {
          batch.discardRow(arenaMark: arenaMark)
          batch.beginRow()
          scanner.resume(atElement: start)
          if try readRow(&scanner, into: &batch) {
            batch.finishRow()
          } else {
            batch.discardRow(arenaMark: arenaMark)
            scanner.resume(atElement: start)
            batch.append(try scanner.readValue())
          }
          end = scanner.offset
        }
        // A number here may go on in the bytes that follow.
        if end == count, !isComplete {
          batch.dropLastItem(arenaMark: arenaMark)
          return (position, .needsMore)
        }
        position = end
      } catch {
        if batch.words.count > batch.rows * layout.wordsPerRow { batch.discardRow(arenaMark: arenaMark) }
        let cut = !isComplete && error.offset + JSONParser.cutMargin >= count
        return (position, cut ? .needsMore : .malformed)
      }
      afterAnElement = true
      read += 1
    }
    return (position, .full)
  }

  /// Reads the item at the cursor into the row `batch` began: `true` when every member is
  /// read; `false` to give the item up (some of the row may be written: the caller discards it).
  private func readRow(_ scanner: inout JSONScanner, into batch: inout RowBatchBuilder)
    throws(JSONError) -> Bool
  {
    guard case .object = try scanner.peek() else { return false }
    try scanner.beginObject()
    var table = 0
    var hint = 0
    var outerHint = 0
    while true {
      guard let key = try scanner.nextKey() else {
        guard table != 0 else { break }
        // A nested object closed: back to the item's keys.
        table = 0
        hint = outerHint
        continue
      }
      switch lookUp(key.bytes, in: table, hint: &hint) {
      case nil: try scanner.skipValue()
      case .giveUp?: return false
      case .nested(let nested)?:
        guard table == 0 else { return false }
        guard case .object = try scanner.peek() else {
          // Not an object: the path leads nowhere, as `JSONKeyPath.value(in:)` finds.
          try scanner.skipValue()
          continue
        }
        try scanner.beginObject()
        table = nested
        outerHint = hint
        hint = 0
      case .column(let column, let kind)?:
        guard !batch.isSet(column), try readValue(kind, column, &scanner, &batch) else {
          return false
        }
      }
    }
    guard batch.isSet(identifierColumn) else { return false }
    return true
  }

  /// What the key of bytes `key` leads to in table `table`, or `nil` for a key the mapping
  /// does not name; compared by bytes, trying the entry after the last one found first (items
  /// usually give their keys in the same order). `hint` counts from the table's start.
  @inline(__always) func lookUp(_ key: UnsafeRawBufferPointer, in table: Int, hint: inout Int)
    -> Action?
  {
    let start = tableStarts[table]
    let count = tableStarts[table + 1] - start
    return keyBytes.withUnsafeBytes { bytes -> Action? in
      entries.withUnsafeBufferPointer { entries -> Action? in
        func matches(_ n: Int) -> Bool {
          let entry = entries[start + n]
          return entry.length == key.count
            && RowArena.sameBytes(
              UnsafeRawBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length]), key)
        }
        if hint < count, matches(hint) {
          hint += 1
          return entries[start + hint - 1].action
        }
        for n in 0..<count where matches(n) {
          hint = n + 1
          return entries[start + n].action
        }
        return nil
      }
    }
  }

  /// Reads the value at the cursor into `column` of the row begun last, as `kind` reads it:
  /// `false` (the cursor anywhere) when it needs the general path.
  @inline(__always) private func readValue(
    _ kind: Read, _ column: Int, _ scanner: inout JSONScanner, _ batch: inout RowBatchBuilder
  ) throws(JSONError) -> Bool {
    switch kind {
    case .int:
      guard case .number = try scanner.peek(), let value = try scanner.readInt64IfInteger() else {
        return false
      }
      batch.setWord(column, UInt64(bitPattern: value))
    case .double:
      guard case .number = try scanner.peek() else { return false }
      switch try scanner.readNumber() {
      case .double(let value): batch.setWord(column, value.bitPattern)
      case .int(let value):
        guard let exact = Double(exactly: value) else { return false }
        batch.setWord(column, exact.bitPattern)
      }
    case .bool:
      guard case .bool = try scanner.peek() else { return false }
      batch.setWord(column, try scanner.readBool() ? 1 : 0)
    case .string:
      guard case .string = try scanner.peek() else { return false }
      let start = batch.arena.count
      let fits = try scanner.readString { bytes in
        guard bytes.count <= RowArena.maximumLength else { return false }
        batch.arena.append(bytes)
        return true
      }
      guard fits else { return false }
      batch.setWord(column, RowArena.reference(offset: start, length: batch.arena.count - start))
    case .date(let formats):
      guard case .string = try scanner.peek() else { return false }
      let milliseconds = try scanner.readString { bytes in
        Self.milliseconds(bytes.assumingMemoryBound(to: UInt8.self), formats: formats)
      }
      guard let milliseconds else { return false }
      batch.setWord(column, UInt64(bitPattern: milliseconds))
    case .stringList, .intList:
      guard case .array = try scanner.peek() else { return false }
      try scanner.beginArray()
      let start = batch.arena.count
      while try scanner.nextElement() {
        if kind == .intList {
          guard case .number = try scanner.peek(), let value = try scanner.readInt64IfInteger() else {
            return false
          }
          batch.arena.append(word: UInt64(bitPattern: value))
          continue
        }
        guard case .string = try scanner.peek() else { return false }
        let fits = try scanner.readString { bytes in
          guard bytes.count <= RowArena.maximumLength else { return false }
          batch.arena.append(bytes, counted: true)
          return true
        }
        guard fits else { return false }
      }
      guard batch.arena.count - start <= RowArena.maximumLength else { return false }
      batch.setWord(column, RowArena.reference(offset: start, length: batch.arena.count - start))
    }
    return true
  }

  /// The instant date text names, as the general path converts it (`Attribute.coerceDate`):
  /// canonical text, the canonical whole second without `.000`, or a form `formats` reads,
  /// within the years 0000–9999; `nil` for anything else (empty text clears, a timestamp in
  /// text, an error: the general path's).
  static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>, formats: DateFormats) -> Int64? {
    if let milliseconds = ISODate.milliseconds(canonical: bytes) { return milliseconds }
    if ISODate.isWholeSecondUTC(bytes) {
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text -> Int64? in
        for i in 0..<19 { text[i] = bytes[i] }
        text[19] = 0x2E
        text[20] = 0x30
        text[21] = 0x30
        text[22] = 0x30
        text[23] = 0x5A
        return ISODate.milliseconds(canonical: UnsafeBufferPointer(text))
      }
    }
    guard !bytes.isEmpty, let milliseconds = ISODate.parse(bytes, formats: formats),
      ISODate.string(fromMilliseconds: milliseconds) != nil
    else { return nil }
    return milliseconds
  }

  /// The first offset from `start` that is not JSON whitespace, or the end.
  @inline(__always)
  private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return i
      }
    }
    return i
  }
}
