/// One sort key's values for every row being ordered, stored in the cheapest form that keeps
/// ``ValueOrder/sortCompare(_:_:)``'s order, so comparisons during a sort do not copy
/// `JSONValue`s (which costs reference counting on every string).
///
/// - Integers (and Booleans as 0/1) compare as `Int64`; ISO dates in canonical form as
///   milliseconds; doubles, and integers of a double attribute within ±2^53, as `Double`.
/// - Strings carry an 8-byte big-endian prefix of their UTF-8 (zero-padded), whose order is their
///   byte order where the prefixes differ; equal prefixes fall back to comparing every byte.
/// - `decimal` attributes keep their canonical texts and compare them numerically
///   (``DecimalText/compare(_:_:)``), not by the general rule's string order.
/// - Anything else (mixed kinds, non-canonical dates, arrays) keeps the values and compares them
///   with the general rule.
/// Missing values and nulls sort first in every form.
enum SortColumn {
  case integers([Int64], present: [Bool])
  case doubles([Double], present: [Bool])
  case strings(prefixes: [UInt64], values: [String?])
  case values([JSONValue?])
  /// Canonical `decimal` texts, compared numerically (``DecimalText/compare(_:_:)``).
  case decimals([String?])

  /// A match of a scan: its chunk's position in the entity's table and its row there.
  typealias Match = (chunk: Int, row: Int)

  /// Reads the key of every row; `type` is the attribute type the key ends at, if any.
  init(_ rows: [CompiledQuery.Row], read: CompiledQuery.Accessor, type: AttributeType?) {
    self.init(count: rows.count, type: type) { read(.object(rows[$0].record)) }
  }

  /// Reads the key of every match on its row, in `chunks` (the entity's table's): as the typed
  /// words of `column` where the key reads that column alone and every match holds a typed
  /// value or none (an int, Boolean, date or double key), else each match's value through
  /// `read`, which decodes that value alone.
  init(
    _ matches: [Match], chunks: UnsafePointer<RowChunk>, column: Int?, read: CompiledQuery.Accessor,
    type: AttributeType?
  ) {
    if let column, let typed = Self.typed(matches, chunks, column, type) {
      self = typed
      return
    }
    self.init(count: matches.count, type: type) { read(.row(chunks + matches[$0].chunk, matches[$0].row)) }
  }

  /// The key of every match from `column`'s typed words, or `nil` when the column's kind is not
  /// the one `type` is stored as, or a match holds a value that is not typed (boxed), which
  /// ``init(count:type:read:)`` then reads decoded, as it always has.
  private static func typed(
    _ matches: [Match], _ chunks: UnsafePointer<RowChunk>, _ column: Int, _ type: AttributeType?
  ) -> SortColumn? {
    guard let first = matches.first else { return nil }
    let kind = chunks[first.chunk].layout.columns[column].kind
    switch (type, kind) {
    case (.int?, .int), (.bool?, .bool), (.isoDate?, .date):
      let isBool = kind == .bool
      return words(matches, chunks, column, absent: Int64(0)) { word in
        isBool ? (word == 0 ? 0 : 1) : Int64(bitPattern: word)
      }.map { .integers($0.keys, present: $0.present) }
    case (.double?, .double):
      return words(matches, chunks, column, absent: Double(0)) { word in
        let number = Double(bitPattern: word)
        return number.isNaN ? nil : number
      }.map { .doubles($0.keys, present: $0.present) }
    default:
      return nil
    }
  }

  /// Every match's key made from `column`'s typed word by `key` (`absent` where the match has no
  /// value), and whether each has one; `nil` when a match's value is boxed or `key` refuses a
  /// word.
  private static func words<Key>(
    _ matches: [Match], _ chunks: UnsafePointer<RowChunk>, _ column: Int, absent: Key,
    _ key: (UInt64) -> Key?
  ) -> (keys: [Key], present: [Bool])? {
    var keys: [Key] = []
    var present: [Bool] = []
    keys.reserveCapacity(matches.count)
    present.reserveCapacity(matches.count)
    for match in matches {
      let chunk = chunks + match.chunk
      switch chunk.pointee.tag(match.row, column) {
      case 0:
        keys.append(absent)
        present.append(false)
      case 1:
        guard let value = key(chunk.pointee.word(match.row, column)) else { return nil }
        keys.append(value)
        present.append(true)
      default:
        return nil
      }
    }
    return (keys, present)
  }

  /// Reads the key of each of `count` rows through `read`; `type` is the attribute type the key
  /// ends at, if any.
  private init(count: Int, type: AttributeType?, read: (Int) -> JSONValue?) {
    let rows = 0..<count
    switch type {
    case .int?, .bool?, .isoDate?:
      var numbers: [Int64] = []
      var present: [Bool] = []
      numbers.reserveCapacity(rows.count)
      present.reserveCapacity(rows.count)
      for row in rows {
        switch read(row) {
        case nil, .null?:
          numbers.append(0)
          present.append(false)
        case .int(let i)? where type == .int:
          numbers.append(i)
          present.append(true)
        case .bool(let b)? where type == .bool:
          numbers.append(b ? 1 : 0)
          present.append(true)
        case .string(let s)? where type == .isoDate:
          guard let ms = ISODate.millisecondsIfCanonical(s) else {
            self = .values(rows.map(read))
            return
          }
          numbers.append(ms)
          present.append(true)
        default:
          self = .values(rows.map(read))
          return
        }
      }
      self = .integers(numbers, present: present)
    case .double?:
      var numbers: [Double] = []
      var present: [Bool] = []
      numbers.reserveCapacity(rows.count)
      present.reserveCapacity(rows.count)
      for row in rows {
        switch read(row) {
        case nil, .null?:
          numbers.append(0)
          present.append(false)
        case .double(let d)? where !d.isNaN:
          numbers.append(d)
          present.append(true)
        case .int(let i)? where i.magnitude <= 1 << 53:
          numbers.append(Double(i))
          present.append(true)
        default:
          self = .values(rows.map(read))
          return
        }
      }
      self = .doubles(numbers, present: present)
    case .string?, .uuid?, .enumeration?:
      var prefixes: [UInt64] = []
      var values: [String?] = []
      prefixes.reserveCapacity(rows.count)
      values.reserveCapacity(rows.count)
      for row in rows {
        switch read(row) {
        case nil, .null?:
          prefixes.append(0)
          values.append(nil)
        case .string(var s)?:
          let prefix = s.withUTF8 { bytes -> UInt64 in
            var prefix: UInt64 = 0
            for (index, byte) in bytes.prefix(8).enumerated() {
              prefix |= UInt64(byte) << (56 - 8 * UInt64(index))
            }
            return prefix
          }
          prefixes.append(prefix)
          values.append(s)
        default:
          self = .values(rows.map(read))
          return
        }
      }
      self = .strings(prefixes: prefixes, values: values)
    case .decimal?:
      var texts: [String?] = []
      texts.reserveCapacity(rows.count)
      for row in rows {
        switch read(row) {
        case nil, .null?: texts.append(nil)
        case .string(let s)? where DecimalText.isCanonical(s): texts.append(s)
        default:
          self = .values(rows.map(read))
          return
        }
      }
      self = .decimals(texts)
    default:
      self = .values(rows.map(read))
    }
  }

  /// A row's key as words whose unsigned order is ``compare(_:_:)``'s: whether it is present
  /// (a missing key sorts first), then its value's bits.
  struct Rank {
    /// 0 for a missing key, 1 for a present one (the other way round when descending).
    var present: UInt8
    /// The value's bits, ordered as the values (flipped when descending); 0 when missing.
    var bits: UInt64
  }

  /// Every row's ``Rank`` for a column of numbers (integers, dates, Booleans, doubles), in
  /// reverse order when `descending`; `nil` for other columns.
  ///
  /// ```swift
  /// SortColumn.integers([-1, 0], present: [true, false]).ranks(descending: false)
  /// // [(1, 0x7FFF_FFFF_FFFF_FFFF), (0, 0)]: the missing key first
  /// ```
  func ranks(descending: Bool) -> [Rank]? {
    let signBit: UInt64 = 1 << 63
    var ranks: [Rank] = []
    switch self {
    case .integers(let numbers, let present):
      ranks.reserveCapacity(numbers.count)
      for (number, isPresent) in zip(numbers, present) {
        ranks.append(isPresent ? Rank(present: 1, bits: UInt64(bitPattern: number) ^ signBit) : Rank(present: 0, bits: 0))
      }
    case .doubles(let numbers, let present):
      ranks.reserveCapacity(numbers.count)
      for (number, isPresent) in zip(numbers, present) {
        guard isPresent else {
          ranks.append(Rank(present: 0, bits: 0))
          continue
        }
        // -0.0 and 0.0 are equal keys; a negative number's bits order in reverse.
        let bits = (number == 0 ? 0.0 : number).bitPattern
        ranks.append(Rank(present: 1, bits: bits & signBit != 0 ? ~bits : bits | signBit))
      }
    case .strings, .values, .decimals:
      return nil
    }
    if descending {
      for n in ranks.indices {
        ranks[n].present = 1 - ranks[n].present
        ranks[n].bits = ~ranks[n].bits
      }
    }
    return ranks
  }

  /// The order of rows `i` and `j`: -1, 0 or 1.
  @inline(__always)
  func compare(_ i: Int, _ j: Int) -> Int {
    switch self {
    case .integers(let numbers, let present):
      if present[i] != present[j] { return present[i] ? 1 : -1 }
      let (a, b) = (numbers[i], numbers[j])
      return a < b ? -1 : a == b ? 0 : 1
    case .doubles(let numbers, let present):
      if present[i] != present[j] { return present[i] ? 1 : -1 }
      let (a, b) = (numbers[i], numbers[j])
      return a < b ? -1 : a == b ? 0 : 1
    case .strings(let prefixes, let values):
      // A missing value's prefix is 0, the smallest, and missing values sort first: differing
      // prefixes order rows correctly with or without one.
      if prefixes[i] != prefixes[j] { return prefixes[i] < prefixes[j] ? -1 : 1 }
      switch (values[i], values[j]) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?): return JSONValue.compareUTF8(a, b)
      }
    case .values(let values):
      return ValueOrder.sortCompare(values[i], values[j])
    case .decimals(let texts):
      switch (texts[i], texts[j]) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?): return DecimalText.compare(a, b)
      }
    }
  }
}
