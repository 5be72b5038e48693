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
    var isChange: Bool { before != after }
  }

  private(set) var entries: [Entry] = []
  private var positions: [RecordKey: Int] = [:]

  /// Notes that `key` went from `old` to `new`; the first `old` seen is kept as `before`.
  mutating func note(_ key: RecordKey, old: JSONObject?, new: JSONObject?) {
    if let position = positions[key] {
      entries[position].after = new
    } else {
      positions[key] = entries.count
      entries.append(Entry(key: key, before: old, after: new))
    }
  }

  /// The entries whose record differs from its starting value, in order of first touch.
  var changes: [Entry] { entries.filter(\.isChange) }

  /// Whether nothing really changed.
  var isEmpty: Bool { !entries.contains(where: \.isChange) }
}
