/// Where the sync planner takes its payload's items from, one at a time and in order.
protocol SyncItemSource {
  /// Whether the payload is a list (delete-missing applies), not a single object or `null` (D8, D9).
  var isList: Bool { get }
  /// How many items to expect, for reserving room (an estimate is fine).
  var expectedCount: Int { get }
  /// The next item as a value or as a row read straight from the payload, or `nil` after the
  /// last.
  ///
  /// - Throws: ``SyncError`` when the payload cannot be read further.
  mutating func nextItem() throws(SyncError) -> SyncItem?
}

/// One payload item as the planner takes it.
enum SyncItem {
  /// Parsed into a value.
  case value(JSONValue)
  /// Read into row `row` of `batch` (``PayloadRowReader``).
  case row(RowBatch, Int)
}

/// The items of a payload already in memory.
struct PayloadItems: SyncItemSource {
  private let items: [JSONValue]
  private var position = 0
  let isList: Bool

  init(_ items: [JSONValue], isList: Bool) {
    self.items = items
    self.isList = isList
  }

  var expectedCount: Int { items.count }

  mutating func nextItem() throws(SyncError) -> SyncItem? {
    guard position < items.count else { return nil }
    defer { position += 1 }
    return .value(items[position])
  }
}
