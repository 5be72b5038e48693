/// The records a unit of work touched, each with its value before the work began and whether
/// it exists now and differs from that value.
///
/// The log holds keys, not records (Design/0005): a record's value now is read from the
/// working state the log belongs to (``WorkingState/after(_:)``), so an insert keeps no copy
/// of what it wrote. Entries keep the order of first touch, so reports and notifications are
/// deterministic.
struct ChangeLog: Sendable {
  /// One touched record.
  struct Entry: Sendable {
    let key: RecordKey
    /// The record when the work began (`nil`: it did not exist).
    let before: JSONObject?
    /// Whether the record exists now (its value is in the working state).
    var exists: Bool
    /// The record now, when the write that noted it had it as a `JSONObject` (an update or a
    /// delete made through ``WorkingState/put(_:_:_:)``); `nil` for a record written straight
    /// into a row, which ``WorkingState/after(_:)`` reads from the state.
    var written: JSONObject?
    /// Whether the record really differs from its starting value, settled when the entry was
    /// last noted.
    var isChange: Bool
  }

  private(set) var entries: [Entry] = []
  /// Per entity touched, in order of first touch: record id → position in ``entries``.
  ///
  /// Positions are kept per entity so that a note hashes only the identifier, not the entity's
  /// name as well (callgrind, 100k-record sync: `RecordKey` hashing and the growth of one
  /// combined table were 6% of the sync). Units of work touch few entities, so finding the
  /// entity's table is a short scan that the entity names' shared storage usually settles at once.
  private var positions: [PositionTable] = []
  /// The entity of each table in ``positions``, apart from it: the scan then reads names alone
  /// (a scan of (name, table) pairs copied each pair out and released it, 273 instructions a
  /// note in a 100k-record sync, callgrind).
  private var entities: [String] = []

  /// Notes that `key` went from `old` to `new`; the first `old` seen is kept as `before`.
  ///
  /// - Returns: the entry's position in ``entries``.
  @discardableResult
  mutating func note(_ key: RecordKey, old: JSONObject?, new: JSONObject?) -> Int {
    let table = table(for: key.entity)
    let next = entries.count
    let (earlier, inserted) = positions[table].insertIfAbsent(next, forKey: key.id)
    if !inserted {
      entries[earlier].exists = new != nil
      entries[earlier].written = new
      entries[earlier].isChange = Self.differs(entries[earlier].before, new)
      return earlier
    }
    entries.append(Entry(key: key, before: old, exists: new != nil, written: new, isChange: Self.differs(old, new)))
    return next
  }

  /// Notes that `key`, which did not exist, was inserted (``note(_:old:new:)`` without the
  /// record: an insert written straight into a row keeps no copy of it). `current` gives the
  /// record as written, which is read only when the unit deleted the same record earlier.
  ///
  /// - Returns: the entry's position in ``entries``.
  @discardableResult
  mutating func noteInsert(_ key: RecordKey, current: () -> JSONObject?) -> Int {
    let table = table(for: key.entity)
    let next = entries.count
    let (earlier, inserted) = positions[table].insertIfAbsent(next, forKey: key.id)
    if !inserted {
      entries[earlier].exists = true
      entries[earlier].written = nil
      if entries[earlier].before == nil {
        entries[earlier].isChange = true
      } else {
        // Deleted, then written again in the same unit: a change unless it is the record it was.
        entries[earlier].isChange = Self.differs(entries[earlier].before, current())
      }
      return earlier
    }
    entries.append(Entry(key: key, before: nil, exists: true, written: nil, isChange: true))
    return next
  }

  /// Whether two values of a record differ, compared in place: `before != now` copies both
  /// records (retains and releases of four arrays).
  private static func differs(_ before: JSONObject?, _ now: JSONObject?) -> Bool {
    withUnsafePointer(to: before) { before in
      withUnsafePointer(to: now) { now in !JSONObject.same(at: before, now) }
    }
  }

  /// Makes room for `count` more entries of `entity` (a sync knows its payload's size).
  mutating func reserve(_ count: Int, for entity: String) {
    let table = table(for: entity)
    positions[table].reserveCapacity(positions[table].count + count)
    entries.reserveCapacity(entries.count + count)
  }

  /// The position of `entity`'s table in ``positions``, added on first use.
  private mutating func table(for entity: String) -> Int {
    for i in entities.indices where JSONObject.sameKey(entities[i], entity) { return i }
    entities.append(entity)
    positions.append(PositionTable())
    return positions.count - 1
  }

  /// The entries whose record differs from its starting value, in order of first touch.
  var changes: [Entry] { entries.filter(\.isChange) }

  /// Whether nothing really changed.
  var isEmpty: Bool { !entries.contains(where: \.isChange) }
}
