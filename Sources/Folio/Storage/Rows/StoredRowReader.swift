import FolioJSON

/// Reads a shard file's bytes straight into a ``RowChunk``, with no `JSONValue` per record
/// (Design/0005, step 4): the keys are matched against the layout's columns as they are
/// scanned, and each value goes into its column's word or the arena.
///
/// It takes only what a canonical file holds: every member a column, every value in its
/// stored form (the checks ``RecordChecker`` makes, made on the bytes), required columns
/// present, to-many links sorted (unless ordered) and without duplicates, no `null`, no empty
/// to-many and no identifier twice. On anything else, and on any JSON error, it gives up and
/// returns `nil`; the loader then reads the file the general way, which reports every problem
/// with its place (``StoreLoader/loadFile(_:reader:file:pool:)``). A record it takes is
/// therefore exactly the record the general path would have kept, encoded the same way.
struct StoredRowReader: Sendable {
  /// How one column's value is read. A payload-free enum, so choosing a column's plan copies
  /// nothing (an enum with arrays in its cases was copied, with a retain and a release, for
  /// every value read: about 1,850 instructions a record, callgrind, 100k open).
  enum Plan: UInt8, Sendable {
    case int, double, bool, date, uuid, string
    /// Cases' bytes in ``StoredRowReader/cases``.
    case enumeration
    /// Validated by the attribute (``StoredRowReader/attributes``), then kept as its column
    /// encodes it (decimals, objects).
    case validated
    /// Elements of the kind in ``StoredRowReader/elements`` (and cases, for enumerations).
    case list
    case toOne
    case toMany
    case orderedToMany
  }

  let layout: RowLayout
  let plans: [Plan]
  /// Per column: an enumeration's (or a list of enumerations') cases as UTF-8 bytes.
  let cases: [[[UInt8]]]
  /// Per column: a list's element kind (`.string` for other columns).
  let elements: [RowColumn.Kind]
  /// Per column: the attribute a `.validated` plan validates with.
  let attributes: [Attribute?]
  /// Each column's name as UTF-8 bytes, for matching keys without making strings.
  let names: [[UInt8]]
  /// Each column's name between quotes, as a canonical file spells its key, in little-endian
  /// words of eight bytes (the last one padded with zeros), one column after another: the fast
  /// path matches it where the next column's key should be (``keyAt(_:_:_:)``).
  let keyWords: [UInt64]
  /// Per column: where its words start in ``keyWords``; after the last, their end.
  let keyWordStarts: [Int]
  /// Per column: the length of its quoted name in bytes.
  let keyLengths: [Int]
  /// The columns a record must have (non-optional attributes).
  let required: [Int]
  /// The first 64 of ``required`` as a mask (bit *n* for column *n*).
  let requiredMask: UInt64
  /// The columns of the entity's identifier attributes, in declared order.
  let identifiers: [Int]
  /// The number of identifier attributes the entity declares (a record of an entity whose
  /// identifier has no column is left to the general path).
  let identifierCount: Int

  /// A reader of `entity`'s files (its storage form) into rows of `layout`.
  init(_ entity: Entity, layout: RowLayout) {
    self.layout = layout
    var plans: [Plan] = []
    var required: [Int] = []
    var attributes: [Attribute?] = []
    for (n, column) in layout.columns.enumerated() {
      if let relationship = entity.relationship(named: column.name) {
        plans.append(!relationship.isToMany ? .toOne : relationship.isOrdered ? .orderedToMany : .toMany)
        attributes.append(nil)
        continue
      }
      let attribute = entity.attribute(named: column.name)
      attributes.append(attribute)
      guard let attribute else {
        plans.append(.toOne)  // not reached: every column is an attribute or a relationship
        continue
      }
      if !attribute.isOptional { required.append(n) }
      switch column.kind {
      case .int: plans.append(.int)
      case .double: plans.append(.double)
      case .bool: plans.append(.bool)
      case .date: plans.append(.date)
      case .uuid: plans.append(.uuid)
      case .string: plans.append(.string)
      case .enumeration: plans.append(.enumeration)
      case .list:
        switch column.element {
        case .int?, .double?, .bool?, .date?, .uuid?, .string?, .enumeration?: plans.append(.list)
        default: plans.append(.validated)
        }
      case .decimal, .object, .toOne, .toMany: plans.append(.validated)
      }
    }
    cases = layout.columns.map { $0.cases.map { Array($0.utf8) } }
    elements = layout.columns.map { $0.element ?? .string }
    self.attributes = attributes
    self.plans = plans
    names = layout.columns.map { Array($0.name.utf8) }
    var keyWords: [UInt64] = []
    var keyWordStarts: [Int] = []
    for name in names {
      keyWordStarts.append(keyWords.count)
      let quoted = [UInt8(ascii: "\"")] + name + [UInt8(ascii: "\"")]
      for start in stride(from: 0, to: quoted.count, by: 8) {
        var word: UInt64 = 0
        for (n, byte) in quoted[start..<min(start + 8, quoted.count)].enumerated() {
          word |= UInt64(byte) << UInt64(n * 8)
        }
        keyWords.append(word)
      }
    }
    keyWordStarts.append(keyWords.count)
    self.keyWords = keyWords
    self.keyWordStarts = keyWordStarts
    keyLengths = names.map { $0.count + 2 }
    self.required = required
    requiredMask = required.reduce(0) { $1 < 64 ? $0 | 1 << UInt64($1) : $0 }
    identifiers = entity.identifiers.compactMap { layout.column(named: $0) }
    identifierCount = entity.identifiers.count
  }

  /// The records of a file, read into rows.
  struct Output {
    var chunk: RowChunk
    /// The smallest and largest identifier read, and the boundary identifiers.
    var first: RecordID?
    var last: RecordID?
    var boundaries: [RecordID] = []
  }

  /// The records `bytes` hold, or `nil` when the file is not canonical and valid throughout
  /// (the general path then reads it and says why).
  ///
  /// A file is read from its bytes first (``readFast(_:_:)``); one that path does not finish is
  /// read again with the scanner, which decides.
  func read(_ bytes: [UInt8]) -> Output? {
    readFast(bytes) ?? readScanning(bytes)
  }

  /// The records `bytes` hold, read by the fast path alone: `nil` when it does not finish the
  /// file.
  func readFast(_ bytes: [UInt8]) -> Output? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer, options: JSONParser.Options())
      // The scanner's checks of a document's start (a byte-order mark, UTF-16, the size limit).
      guard case .array? = try? scanner.peek() else { return nil }
      return readFast(buffer, &scanner)
    }
  }

  /// The records `bytes` hold, read with the scanner alone (``read(_:)`` without its fast path),
  /// or `nil`.
  func readScanning(_ bytes: [UInt8]) -> Output? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer, options: JSONParser.Options())
      var output = Output(chunk: RowChunk(layout: layout))
      // One buffer for every list's elements, reused from list to list.
      var scratch = ContiguousArray<UInt8>()
      do throws(JSONError) {
        guard case .array = try scanner.peek() else { return nil }
        try scanner.beginArray()
        while try scanner.nextElement() {
          guard try readRecord(&scanner, into: &output, scratch: &scratch) else { return nil }
        }
        try scanner.end()
      } catch {
        return nil
      }
      return output
    }
  }

  /// Reads one record into a new row of `output.chunk`; `false` when the general path must
  /// read the file.
  private func readRecord(
    _ scanner: inout JSONScanner, into output: inout Output, scratch: inout ContiguousArray<UInt8>
  ) throws(JSONError) -> Bool {
    guard case .object = try scanner.peek() else { return false }
    try scanner.beginObject()
    let row = output.chunk.beginRow()
    var seen = ColumnSet(count: names.count)
    var next = 0
    while let key = try scanner.nextKey() {
      // Canonical files list members in column order: look from the next column on, then
      // (a hand-edited file) from the first.
      var column = -1
      for probe in next..<names.count where names[probe].withUnsafeBytes({ key.equals($0) }) {
        column = probe
        break
      }
      if column < 0 {
        for probe in 0..<next where names[probe].withUnsafeBytes({ key.equals($0) }) {
          column = probe
          break
        }
      }
      guard column >= 0, !seen.contains(column) else { return false }
      seen.insert(column)
      next = column + 1
      guard try readValue(&scanner, plans[column], row: row, column: column, into: &output.chunk, scratch: &scratch)
      else { return false }
    }
    return finishRecord(row, seen: seen, into: &output)
  }

  /// Names `row`, whose members `seen` were read, by its identifier and notes the identifier
  /// in `output`; `false` when a required column is missing or the identifier is missing or
  /// already read.
  func finishRecord(_ row: Int, seen: ColumnSet, into output: inout Output) -> Bool {
    guard seen.containsAll(requiredMask) else { return false }
    for column in required where column >= 64 && !seen.contains(column) { return false }
    guard let id = identifier(of: row, in: output.chunk), output.chunk.finishRow(row, id: id) else { return false }
    if output.first.map({ id < $0 }) ?? true { output.first = id }
    if output.last.map({ $0 < id }) ?? true { output.last = id }
    if ShardLayout.isBoundary(id) { output.boundaries.append(id) }
    return true
  }

  /// Reads the value at the scanner into `column` of `row`; `false` when it is not in the
  /// column's stored form.
  func readValue(
    _ scanner: inout JSONScanner, _ plan: Plan, row: Int, column: Int, into chunk: inout RowChunk,
    scratch: inout ContiguousArray<UInt8>
  ) throws(JSONError) -> Bool {
    let kind = try scanner.peek()
    let word: UInt64?
    switch plan {
    case .int: word = try Self.readWord(&scanner, kind, .int, [])
    case .double: word = try Self.readWord(&scanner, kind, .double, [])
    case .bool: word = try Self.readWord(&scanner, kind, .bool, [])
    case .date: word = try Self.readWord(&scanner, kind, .date, [])
    case .enumeration: word = try Self.readWord(&scanner, kind, .enumeration, cases[column])
    case .uuid:
      guard case .string = kind else { return false }
      word = try scanner.readString { bytes in
        Self.isCanonicalUUID(bytes) ? chunk.appendArena { Self.appendUUID(bytes, to: &$0) } : nil
      }
    case .string:
      guard case .string = kind else { return false }
      word = try scanner.readString { chunk.appendArena($0) }
    case .list:
      guard case .array = kind else { return false }
      scratch.removeAll(keepingCapacity: true)
      try scanner.beginArray()
      while try scanner.nextElement() {
        guard try Self.readElement(&scanner, elements[column], cases[column], into: &scratch) else { return false }
      }
      word = scratch.withUnsafeBytes { chunk.appendArena($0) }
    case .validated:
      if case .null = kind { return false }
      guard let attribute = attributes[column] else { return false }
      let value = try scanner.readValue()
      do throws(CoercionError) {
        try attribute.validateStored(value)
      } catch {
        return false
      }
      // Encoded as the chunk encodes any record's value, so equal values get equal tags.
      chunk.setValue(value, row, column)
      return true
    case .toOne:
      switch kind {
      case .number:
        guard let value = try scanner.readInt64IfInteger() else { return false }
        word = UInt64(bitPattern: value)
      case .string, .array:
        let value = try scanner.readValue()
        guard RecordID(json: value) != nil else { return false }
        chunk.setValue(value, row, column)
        return true
      default: return false
      }
    case .toMany, .orderedToMany:
      let ordered = plan == .orderedToMany
      guard case .array = kind else { return false }
      var values: [JSONValue] = []
      var previous: RecordID?
      var seen = Set<RecordID>()
      try scanner.beginArray()
      while try scanner.nextElement() {
        let value: JSONValue
        if case .number = try scanner.peek(), let int = try scanner.readInt64IfInteger() {
          value = .int(int)
        } else {
          value = try scanner.readValue()
        }
        guard let id = RecordID(json: value) else { return false }
        if ordered {
          guard seen.insert(id).inserted else { return false }
        } else {
          // Sorted and without duplicates: each identifier above the one before.
          if let previous, !(previous < id) { return false }
          previous = id
        }
        values.append(value)
      }
      // An empty to-many is dropped from the record (not canonical): the general path does it.
      guard !values.isEmpty else { return false }
      chunk.setValue(.array(values), row, column)
      return true
    }
    guard let word else { return false }
    chunk.setWord(row, column, tag: 1, word)
    return true
  }

  /// Reads one element of a list of `element`s into `elements`, in ``RowArena``'s list
  /// encoding; `false` when it is not in its stored form.
  private static func readElement(
    _ scanner: inout JSONScanner, _ element: RowColumn.Kind, _ cases: [[UInt8]],
    into elements: inout ContiguousArray<UInt8>
  ) throws(JSONError) -> Bool {
    let kind = try scanner.peek()
    let word: UInt64?
    switch element {
    case .int, .double, .bool, .date, .enumeration:
      word = try readWord(&scanner, kind, element, cases)
    case .uuid:
      guard case .string = kind else { return false }
      return try scanner.readString { bytes in
        guard isCanonicalUUID(bytes) else { return false }
        return appendUUID(bytes, to: &elements)
      }
    case .string:
      guard case .string = kind else { return false }
      return try scanner.readString { bytes in
        guard bytes.count <= RowArena.maximumLength else { return false }
        let count = UInt32(truncatingIfNeeded: bytes.count)
        elements.append(UInt8(truncatingIfNeeded: count))
        elements.append(UInt8(truncatingIfNeeded: count >> 8))
        elements.append(UInt8(truncatingIfNeeded: count >> 16))
        elements.append(UInt8(truncatingIfNeeded: count >> 24))
        RowArena.appendBytes(bytes, to: &elements)
        return true
      }
    default:
      return false
    }
    guard let word else { return false }
    RowArena.appendWord(word, to: &elements)
    return true
  }

  /// Reads a one-word value of `element`'s kind (int, double, bool, date, enumeration) at the
  /// scanner, whose next value is of `kind`: its word, or `nil` when it is not in its stored
  /// form. A column and a list element are read alike.
  private static func readWord(
    _ scanner: inout JSONScanner, _ kind: JSONScanner.Kind, _ element: RowColumn.Kind, _ cases: [[UInt8]]
  ) throws(JSONError) -> UInt64? {
    switch element {
    case .int:
      guard case .number = kind, let value = try scanner.readInt64IfInteger() else { return nil }
      return UInt64(bitPattern: value)
    case .double:
      guard case .number = kind, case .double(let value) = try scanner.readNumber() else { return nil }
      return value.bitPattern
    case .bool:
      guard case .bool = kind else { return nil }
      return try scanner.readBool() ? 1 : 0
    case .date:
      guard case .string = kind else { return nil }
      return try scanner.readString { dateWord($0) }
    case .enumeration:
      guard case .string = kind else { return nil }
      return try scanner.readString { caseIndex($0, cases) }
    default:
      return nil
    }
  }

  /// The identifier of `row` from its identifier columns, or `nil` when one is missing or not
  /// an int or a string.
  private func identifier(of row: Int, in chunk: RowChunk) -> RecordID? {
    func part(_ column: Int) -> RecordID? {
      guard chunk.tag(row, column) == 1 else { return nil }
      switch chunk.layout.columns[column].kind {
      case .int: return .int(Int64(bitPattern: chunk.word(row, column)))
      case .string: return chunk.stringBytes(row, column) { .string(String(decoding: $0, as: UTF8.self)) }
      default:
        // Other kinds (a UUID, an enumeration) as their stored text.
        if case .string(let text)? = chunk.value(row, column) { return .string(text) }
        return nil
      }
    }
    guard identifiers.count == identifierCount, identifierCount > 0 else { return nil }
    if identifiers.count == 1 { return part(identifiers[0]) }
    var parts: [RecordID] = []
    for column in identifiers {
      guard let value = part(column) else { return nil }
      parts.append(value)
    }
    return parts.isEmpty ? nil : .composite(parts)
  }

  // MARK: Stored forms, on bytes

  /// The word of a canonical date (`yyyy-MM-ddTHH:mm:ss.SSSZ`), or `nil`.
  static func dateWord(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
    ISODate.milliseconds(canonical: bytes.assumingMemoryBound(to: UInt8.self)).map { UInt64(bitPattern: $0) }
  }

  /// Whether `bytes` are a canonical lowercase hyphenated UUID.
  static func isCanonicalUUID(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == 36 else { return false }
    for (n, byte) in bytes.enumerated() {
      if n == 8 || n == 13 || n == 18 || n == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard byte &- UInt8(ascii: "0") < 10 || byte &- UInt8(ascii: "a") < 6 else { return false }
      }
    }
    return true
  }

  /// Appends the 16 bytes a canonical UUID's text spells.
  static func appendUUID(_ text: UnsafeRawBufferPointer, to bytes: inout ContiguousArray<UInt8>) -> Bool {
    RowEncoding.appendUUIDBytes(text) { bytes.append($0) }
    return true
  }

  /// The index of the case whose bytes are `bytes`, as a word, or `nil`.
  static func caseIndex(_ bytes: UnsafeRawBufferPointer, _ cases: [[UInt8]]) -> UInt64? {
    for (n, name) in cases.enumerated() where name.elementsEqual(bytes) { return UInt64(n) }
    return nil
  }
}

/// A set of column positions, without allocating for up to 64 columns.
struct ColumnSet {
  private var low: UInt64 = 0
  private var more: [Bool]

  init(count: Int) { more = count > 64 ? [Bool](repeating: false, count: count) : [] }

  func contains(_ column: Int) -> Bool {
    column < 64 ? low & (1 << UInt64(column)) != 0 : more[column]
  }

  /// Whether every column of `mask` (columns 0 to 63, bit *n* for column *n*) is in the set.
  func containsAll(_ mask: UInt64) -> Bool { low & mask == mask }

  mutating func insert(_ column: Int) {
    if column < 64 { low |= 1 << UInt64(column) } else { more[column] = true }
  }
}
