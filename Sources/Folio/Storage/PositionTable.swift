/// A map from record identifier to a position (a non-negative `Int`): the sync planner's
/// reached records and the change log's entries per identifier.
///
/// Identifiers are usually integers in a dense range (1…*n*, often arriving in order), and the
/// maps hold one entry per record of a sync: at a million records an ``IDTable`` of them is
/// roughly 50 MB (by its layout) whose slots are read in random order, so lookups miss the cache
/// (`perf`, 1M-record sync: the planner's `reach` and `ChangeLog.note` were 8% of the samples of
/// day 1). While the integer identifiers seen span at most four times their number or the
/// reserved capacity (``reserveCapacity(_:)``; at least 4,096), the map
/// is a plain array indexed by `id - base`, 4 bytes per identifier in the span, read in the
/// order identifiers arrive. The first string or composite identifier, or an integer that
/// would stretch the span past that bound, moves every entry into an ``IDTable`` for good.
///
/// Entry order is not kept (unlike ``IDTable``): callers look positions up and list the
/// identifiers as a set.
struct PositionTable: Sendable {
  /// For the integer `base + i`, its value + 1; 0: absent. Used while ``table`` is `nil`.
  private var dense = ContiguousArray<UInt32>()
  /// The identifier of `dense[0]`.
  private var base: Int64 = 0
  /// The entries, once they no longer fit the dense array.
  private var table: IDTable<Int>?
  /// The number of entries.
  private(set) var count = 0
  /// The capacity asked for (``reserveCapacity(_:)``), which also widens the dense bound.
  private var reserved = 0

  /// An empty map.
  init() {}

  /// Whether the map has no entries.
  var isEmpty: Bool { count == 0 }

  /// Whether the entries live in the dense array (for tests).
  var isDense: Bool { table == nil }

  /// Makes room for `capacity` entries in all.
  mutating func reserveCapacity(_ capacity: Int) {
    reserved = max(reserved, capacity)
    table?.reserveCapacity(capacity)
  }

  /// The value of `id`, or `nil`.
  subscript(id: RecordID) -> Int? {
    if let table { return table[id] }
    guard case .int(let value) = id, value >= base else { return nil }
    let (offset, overflow) = value.subtractingReportingOverflow(base)
    guard !overflow, offset < Int64(dense.count) else { return nil }
    let stored = dense[Int(offset)]
    return stored == 0 ? nil : Int(stored) - 1
  }

  /// The value of `id`, storing `value` first when `id` has none: one lookup either way.
  ///
  /// - Precondition: `value >= 0`.
  /// - Returns: The value `id` has afterwards, and whether it was added.
  @inline(__always)
  mutating func insertIfAbsent(_ value: Int, forKey id: RecordID) -> (value: Int, inserted: Bool) {
    if table == nil, case .int(let key) = id, value < Int(UInt32.max), let offset = slot(for: key) {
      let stored = dense[offset]
      if stored != 0 { return (Int(stored) - 1, false) }
      dense[offset] = UInt32(value + 1)
      count += 1
      return (value, true)
    }
    if table == nil { moveToTable() }
    let (position, inserted) = table!.insertIfAbsent(value, forKey: id)
    if inserted { count += 1 }
    return (table!.values[position], inserted)
  }

  /// Every identifier with an entry, in no particular order.
  var ids: [RecordID] {
    if let table { return Array(table.ids) }
    var result: [RecordID] = []
    result.reserveCapacity(count)
    for (offset, stored) in dense.enumerated() where stored != 0 {
      result.append(.int(base + Int64(offset)))
    }
    return result
  }

  // MARK: The dense array

  /// The largest span the dense array may cover for `entries` entries.
  private func bound(_ entries: Int) -> Int64 {
    Int64(max(4 * max(entries, reserved), 4_096))
  }

  /// The index of `key` in ``dense``, growing the array to cover it; `nil` when covering it
  /// would pass the bound (the caller then moves to the table).
  @inline(__always) private mutating func slot(for key: Int64) -> Int? {
    if !dense.isEmpty, key >= base {
      let (offset, overflow) = key.subtractingReportingOverflow(base)
      if !overflow, offset < Int64(dense.count) { return Int(offset) }
    }
    return grow(toCover: key)
  }

  /// Widens ``dense`` to cover `key` (with room to grow the same way), or returns `nil` when
  /// the span would pass the bound.
  private mutating func grow(toCover key: Int64) -> Int? {
    let limit = bound(count + 1)
    if dense.isEmpty {
      // The first identifier: leave room above it for the ones that usually follow.
      let span = Int(min(limit, Int64(max(reserved, 64))))
      base = key
      dense = ContiguousArray(repeating: 0, count: span)
      return 0
    }
    let top = base + Int64(dense.count - 1)
    let low = min(base, key)
    let high = max(top, key)
    let (width, overflow) = high.subtractingReportingOverflow(low)
    guard !overflow, width < limit else { return nil }
    // Double the span (within the bound), the new room on the side that grew.
    let span = min(limit, max(width + 1, Int64(dense.count) * 2))
    let newBase: Int64
    if key < base {
      let (start, under) = high.subtractingReportingOverflow(span - 1)
      newBase = under ? low : start
    } else {
      newBase = low
    }
    if newBase.addingReportingOverflow(span - 1).overflow { return nil }
    var grown = ContiguousArray<UInt32>(repeating: 0, count: Int(span))
    let shift = Int(base - newBase)
    grown.withUnsafeMutableBufferPointer { target in
      dense.withUnsafeBufferPointer { source in
        for i in source.indices { target[shift + i] = source[i] }
      }
    }
    dense = grown
    base = newBase
    return Int(key - newBase)
  }

  /// Moves every entry into ``table``; the map stays a table from then on.
  private mutating func moveToTable() {
    var moved = IDTable<Int>(minimumCapacity: max(count, reserved))
    for (offset, stored) in dense.enumerated() where stored != 0 {
      moved.updateValue(Int(stored) - 1, forKey: .int(base + Int64(offset)))
    }
    table = moved
    dense = []
  }
}
