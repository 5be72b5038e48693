/// Reading rows: one column's tag, word or value, and a whole record decoded as the
/// `JSONObject` the public API shows (``RowChunk``).
///
/// Rows are numbered `0..<count` (``RowChunk/row(of:)``); columns are positions in
/// ``RowLayout/columns``. The typed accessors answer only for a typed value of their kind and
/// `nil` for an absent or boxed one, which ``value(_:_:)`` decodes.
///
/// ```swift
/// let row = chunk.row(of: 7)!            // 0
/// chunk.int(row, layout.column(named: "id")!)  // 7
/// chunk.value(row, 1)                    // .string("Ada")
/// ```
extension RowChunk {
  /// The 2-bit tag of `column` in `row`: 0 absent, 1 typed, 2 boxed, 3 alternate typed.
  @inline(__always) func tag(_ row: Int, _ column: Int) -> UInt64 {
    words[row * layout.wordsPerRow + column >> 5] >> UInt64((column & 31) * 2) & 3
  }

  /// The word of `column` in `row`.
  @inline(__always) func word(_ row: Int, _ column: Int) -> UInt64 {
    words[row * layout.wordsPerRow + layout.tagWords + column]
  }

  /// Whether `row` has a value for `column`.
  @inline(__always) func isPresent(_ row: Int, _ column: Int) -> Bool { tag(row, column) != 0 }

  /// The integer of `column` in `row`: an int column's typed value or a to-one's integer
  /// identifier; otherwise `nil`.
  func int(_ row: Int, _ column: Int) -> Int64? {
    let kind = layout.columns[column].kind
    guard kind == .int || kind == .toOne, tag(row, column) == 1 else { return nil }
    return Int64(bitPattern: word(row, column))
  }

  /// The typed value of a double column in `row`, or `nil`.
  func double(_ row: Int, _ column: Int) -> Double? {
    guard layout.columns[column].kind == .double, tag(row, column) == 1 else { return nil }
    return Double(bitPattern: word(row, column))
  }

  /// The typed value of a bool column in `row`, or `nil`.
  func bool(_ row: Int, _ column: Int) -> Bool? {
    guard layout.columns[column].kind == .bool, tag(row, column) == 1 else { return nil }
    return word(row, column) != 0
  }

  /// The milliseconds since 1970 UTC of a date column's typed value in `row`, or `nil`.
  func dateMilliseconds(_ row: Int, _ column: Int) -> Int64? {
    guard layout.columns[column].kind == .date, tag(row, column) == 1 else { return nil }
    return Int64(bitPattern: word(row, column))
  }

  /// Calls `body` with the UTF-8 bytes of a string or decimal column's typed value in `row`
  /// and returns its result, or returns `nil` when the value is absent or boxed.
  func stringBytes<R>(_ row: Int, _ column: Int, _ body: (UnsafeRawBufferPointer) throws -> R)
    rethrows -> R?
  {
    let kind = layout.columns[column].kind
    guard kind == .string || kind == .decimal, tag(row, column) == 1 else { return nil }
    return try arena.withBytes(word(row, column), body)
  }

  /// The value of `column` in `row`, decoded exactly as it was stored, or `nil` when absent.
  func value(_ row: Int, _ column: Int) -> JSONValue? {
    let tag = tag(row, column)
    if tag == 0 { return nil }
    let word = word(row, column)
    if tag == 2 { return boxes[Int(truncatingIfNeeded: word)] }
    if tag == 3 { return arena.identifier(word) }
    let description = layout.columns[column]
    switch description.kind {
    case .int, .double, .bool, .date, .enumeration:
      return RowEncoding.value(word: word, kind: description.kind, cases: description.cases)
    case .string, .decimal: return .string(arena.string(word))
    case .uuid: return .string(arena.withBytes(word, RowEncoding.uuidText))
    case .list: return .array(arena.list(word, of: description))
    case .toOne: return .int(Int64(bitPattern: word))
    case .toMany: return .array(arena.identifiers(word))
    case .object: preconditionFailure("RowChunk: an object column holds a typed word")
    }
  }

  /// The record of `row`: its present columns in column (canonical key) order, then its
  /// extras. Records of the chunk with the same columns present share one keys array (for
  /// layouts of up to 64 columns).
  ///
  /// - Complexity: O(*m*) in the size of the record.
  func record(at row: Int) -> JSONObject {
    let columns = layout.columns
    var values: [JSONValue] = []
    values.reserveCapacity(columns.count)
    var object: JSONObject
    if columns.count <= 64 {
      var present: UInt64 = 0
      for column in columns.indices {
        guard let value = value(row, column) else { continue }
        values.append(value)
        present |= 1 << UInt64(column)
      }
      object = JSONObject(uniqueKeys: layout.keys(present: present), values: values)
    } else {
      var keys: [String] = []
      keys.reserveCapacity(columns.count)
      for column in columns.indices {
        guard let value = value(row, column) else { continue }
        keys.append(columns[column].name)
        values.append(value)
      }
      object = JSONObject(uniqueKeys: keys, values: values)
    }
    if !extras.isEmpty, let extra = extras[Int32(truncatingIfNeeded: row)] {
      for member in extra { object.appendUnchecked(key: member.key, value: member.value) }
    }
    return object
  }
}
