/// The records a unit of work touched, each with its value before the work began and now.
///
/// Entries keep the order of first touch, so reports and notifications are deterministic.
struct ChangeLog: Sendable {
  /// One touched record.
  struct Entry: Sendable {
    let key: RecordKey
    /// The record when the work began (`nil`: it did not exist).
    let before: JSONObject?
    /// The record now (`nil`: it does not exist).
    var after: JSONObject?
    /// Whether the record really differs from its starting value.
    var isChange: Bool {
      // Compared in place: `before != after` copied both records (retains and releases of four
      // arrays) for every entry, each time a commit or a report asked.
      withUnsafePointer(to: before) { before in
        withUnsafePointer(to: after) { after in !JSONObject.same(at: before, after) }
      }
    }
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
      entries[earlier].after = new
      return earlier
    }
    entries.append(Entry(key: key, before: old, after: new))
    return next
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
