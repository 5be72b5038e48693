/// One change to an observed query's results.
///
/// Indexes follow the convention of table and collection view batch updates: `oldIndex` is a
/// position in the previous results, `newIndex` in the new ones.
public struct ResultChange: Sendable, Hashable, CustomStringConvertible {
  /// How a record's place in the results changed.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// The record entered the results (it was inserted, or now matches the predicate).
    case insert
    /// The record stayed in place relative to the others, and its values changed.
    case update
    /// The record changed its position relative to the others (its values may have changed).
    case move
    /// The record left the results (it was deleted, or no longer matches the predicate).
    case delete
  }

  /// How it changed.
  public let kind: Kind
  /// The record's identifier.
  public let id: RecordID
  /// Its position in the previous results (update, move, delete).
  public let oldIndex: Int?
  /// Its position in the new results (insert, update, move).
  public let newIndex: Int?

  /// Creates a change.
  public init(kind: Kind, id: RecordID, oldIndex: Int?, newIndex: Int?) {
    self.kind = kind
    self.id = id
    self.oldIndex = oldIndex
    self.newIndex = newIndex
  }

  /// `insert 3 at 1`, `delete 1 at 0`, `update 1 at 0`, `move 2 from 0 to 3`.
  public var description: String {
    switch kind {
    case .insert: return "insert \(id) at \(newIndex ?? -1)"
    case .delete: return "delete \(id) at \(oldIndex ?? -1)"
    case .update: return "update \(id) at \(oldIndex ?? -1)"
    case .move: return "move \(id) from \(oldIndex ?? -1) to \(newIndex ?? -1)"
    }
  }
}

/// What one commit did to an observed query's results: the full new results and the changes
/// that lead there.
///
/// Changes are listed deletes first (ascending old index), then inserts (ascending new index),
/// then moves and updates (ascending new index). Applying the deletes to the previous results,
/// then the inserts, gives the new order; moves say which survivors changed relative order.
public struct QueryUpdate: Sendable {
  /// The generation of the commit.
  public let generation: UInt64
  /// The results after the commit, in query order.
  public let results: [FetchedRecord]
  /// The changes, never empty.
  public let changes: [ResultChange]

  /// The identifiers of ``results``, in order.
  public var ids: [RecordID] { results.map(\.id) }
}
