/// Computes the changes between two ordered result lists: deletes, inserts, moves (the fewest
/// survivors that must move, found with a longest increasing subsequence) and updates.
enum ResultsDiff {
  /// The changes from `old` to `new`; a survivor in place whose values differ is an update.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *n* rows and *k* survivors.
  static func changes(
    from old: [FetchedRecord], to new: [FetchedRecord]
  ) -> [ResultChange] {
    var oldIndex: [RecordID: Int] = [:]
    oldIndex.reserveCapacity(old.count)
    for (index, row) in old.enumerated() { oldIndex[row.id] = index }
    var newIDs = Set<RecordID>()
    newIDs.reserveCapacity(new.count)
    for row in new { newIDs.insert(row.id) }

    var deletes: [ResultChange] = []
    for (index, row) in old.enumerated() where !newIDs.contains(row.id) {
      deletes.append(ResultChange(kind: .delete, id: row.id, oldIndex: index, newIndex: nil))
    }
    var inserts: [ResultChange] = []
    // Survivors in new order: (old index, new index).
    var survivors: [(old: Int, new: Int)] = []
    for (index, row) in new.enumerated() {
      if let previous = oldIndex[row.id] {
        survivors.append((previous, index))
      } else {
        inserts.append(ResultChange(kind: .insert, id: row.id, oldIndex: nil, newIndex: index))
      }
    }
    let stable = longestIncreasingSubsequence(survivors.map(\.old))
    var others: [ResultChange] = []
    for (position, survivor) in survivors.enumerated() {
      let row = new[survivor.new]
      if !stable.contains(position) {
        others.append(
          ResultChange(kind: .move, id: row.id, oldIndex: survivor.old, newIndex: survivor.new))
      } else if old[survivor.old].values != row.values {
        others.append(
          ResultChange(kind: .update, id: row.id, oldIndex: survivor.old, newIndex: survivor.new))
      }
    }
    return deletes + inserts + others
  }

  /// The positions in `values` of one longest strictly increasing subsequence.
  static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
    // tails[k]: position of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = Array(repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = Set<Int>()
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      result.insert(cursor)
      cursor = previous[cursor]
    }
    return result
  }
}
