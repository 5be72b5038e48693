/// A record-level three-way merge of one shard file: what a git merge driver for Folio stores
/// computes.
///
/// The three inputs are the bytes of one shard file in the common ancestor (`base`), the current
/// branch (`ours`) and the branch being merged (`theirs`). Empty input (or only whitespace)
/// means no records, as for a file added on both branches. Inputs are read leniently: any JSON
/// layout is accepted, so CRLF line ends, trailing whitespace or a leading byte-order mark make
/// no difference; only the records count.
///
/// Records are matched by identifier, then merged field by field (top-level members; nested
/// values are compared whole):
///
/// - a record changed, inserted or deleted on one side only takes that side; the same change on
///   both sides is taken once;
/// - when both sides changed a record, each member added, removed or changed on one side only
///   takes that side;
/// - a member changed two different ways (including removed on one side and changed on the
///   other, or inserted on both sides with different values) is a conflict of that record;
/// - a record deleted on one side and changed on the other is a conflict of that record.
///
/// The result is the merged records in identifier order. Without conflicts its bytes are the
/// canonical shard bytes (the pretty canonical JSON of the array of records). A conflict is
/// written with git-style markers around only the conflicting lines; see
/// ``ShardMerge/Conflict`` for the layout, which stays valid JSON when the markers and one side
/// of each conflict are deleted.
///
/// ```swift
/// let base = Array(#"[{"id": 1, "name": "a", "size": 1}]"#.utf8)
/// let ours = Array(#"[{"id": 1, "name": "b", "size": 1}]"#.utf8)
/// let theirs = Array(#"[{"id": 1, "name": "a", "size": 2}]"#.utf8)
/// let merge = try ShardMerge(base: base, ours: ours, theirs: theirs, identifiers: ["id"])
/// merge.isClean      // true
/// merge.records      // [["id": 1, "name": "b", "size": 2]]
/// ```
public struct ShardMerge: Sendable, Hashable {
  /// One of the three inputs of a merge.
  public enum Side: String, Sendable, Hashable, CustomStringConvertible {
    /// The common ancestor.
    case base
    /// The current branch's version, which a merge driver overwrites with the result.
    case ours
    /// The other branch's version.
    case theirs

    /// `base`, `ours` or `theirs`.
    public var description: String { rawValue }
  }

  /// A record the two sides changed in ways that cannot both be kept.
  ///
  /// The conflict is written in the output between a `<<<<<<< ours` line, a `=======` line and a
  /// `>>>>>>> theirs` line, each at the start of a line:
  ///
  /// - For conflicting members, only those member lines are between the markers: the record's
  ///   other members (and records) are written once, merged. Members that conflict and sort next
  ///   to each other share one pair of markers. A member removed on one side has no line on that
  ///   side.
  /// - A record deleted on one side and changed on the other is written whole on the side that
  ///   kept it; the deleting side is empty.
  /// - Commas: every element between the markers is followed by a comma when an element follows
  ///   it on its side or after the markers, so keeping one side gives valid JSON. When the
  ///   conflict is the last element of its object or array and one side is empty, the line that
  ///   ends the preceding element is written on both sides, with a comma only where an element
  ///   follows it.
  public struct Conflict: Sendable, Hashable {
    /// The identifier of the record, within its entity.
    public var id: RecordID
    /// The conflicting members, in canonical key order. For a record deleted on one side, the
    /// members the other side changed.
    public var members: [String]
    /// The side that deleted the record, when the conflict is a deletion against a change.
    public var deletedIn: Side?
    /// The 1-based line of the conflict's first `<<<<<<<` marker in ``ShardMerge/bytes``.
    public var line: Int
    /// What a whole-entity merge (``ShardMerge/init(file:of:identifiers:)``) found beyond the
    /// members: that the record moved to another file (`moved to FILE`) or was renamed
    /// (`renamed to ID in ours`); `nil` otherwise. A conflict with a note and no members is
    /// written as markers around two empty sides.
    public var note: String?

    /// Creates a conflict.
    public init(
      id: RecordID, members: [String], deletedIn: Side? = nil, line: Int, note: String? = nil
    ) {
      self.id = id
      self.members = members
      self.deletedIn = deletedIn
      self.line = line
      self.note = note
    }
  }

  /// The merged file: canonical shard bytes, with conflict markers when ``conflicts`` is not
  /// empty.
  public var bytes: [UInt8]
  /// The records merged without conflict, in identifier order (conflicting records are left
  /// out).
  public var records: [JSONObject]
  /// The conflicts, in identifier order.
  public var conflicts: [Conflict]

  /// Whether the merge has no conflicts, so ``bytes`` is a valid shard file.
  public var isClean: Bool { conflicts.isEmpty }

  /// Merges three versions of one shard file.
  ///
  /// - Parameters:
  ///   - base: the common ancestor's bytes; empty for none.
  ///   - ours: the current branch's bytes; empty for none.
  ///   - theirs: the other branch's bytes; empty for none.
  ///   - identifiers: the entity's identifier attribute names (``Entity/identifiers``), in
  ///     declared order.
  /// - Throws: ``ShardMergeError`` when an input is not valid JSON (code
  ///   ``ShardMergeError/Code/conflictMarkers`` when it holds conflict markers), not an array of
  ///   objects, or holds a record without a valid identifier or with a duplicate one. Nothing is
  ///   written anywhere: this is a pure function of its inputs.
  /// - Complexity: O(*n* log *n*) in the number of records, plus the size of the inputs.
  public init(base: [UInt8], ours: [UInt8], theirs: [UInt8], identifiers: [String])
    throws(ShardMergeError)
  {
    guard !identifiers.isEmpty else {
      throw ShardMergeError(
        code: .noIdentifiers,
        message: "no identifier attributes were given; pass the entity's identifiers")
    }
    let baseRecords = try Self.records(base, side: .base, identifiers: identifiers)
    let ourRecords = try Self.records(ours, side: .ours, identifiers: identifiers)
    let theirRecords = try Self.records(theirs, side: .theirs, identifiers: identifiers)
    var ids = Set(baseRecords.keys)
    ids.formUnion(ourRecords.keys)
    ids.formUnion(theirRecords.keys)
    var outcomes: [(RecordID, Outcome)] = []
    outcomes.reserveCapacity(ids.count)
    for id in ids.sorted() {
      let outcome = Self.outcome(
        base: baseRecords[id], ours: ourRecords[id], theirs: theirRecords[id])
      outcomes.append((id, outcome))
    }
    records = outcomes.compactMap { _, outcome in
      if case .kept(let record) = outcome { return record }
      return nil
    }
    if outcomes.allSatisfy({ !$0.1.isConflict }) {
      bytes = JSONWriter.prettyBytes(ofObjects: records)
      conflicts = []
    } else {
      (bytes, conflicts) = Self.render(outcomes)
    }
  }
}
