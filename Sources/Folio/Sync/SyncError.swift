/// An error that stops a whole sync: nothing of it is applied (D16).
///
/// Problems with single items do not throw: they become `rejected` or `skipped` outcomes in the
/// report. These errors concern the call itself.
///
/// ```text
/// error: Item 1 already exists; forceInsert skips the lookup, so every identifier must be new (at /1) [duplicateIdentifier]
/// ```
public struct SyncError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The schema has no entity of that name.
    public static let unknownEntity = Code("unknownEntity")
    /// The entity cannot be synced as declared (for example it has no identifier, D28).
    public static let invalidSchema = Code("invalidSchema")
    /// The payload is neither an array, an object nor `null`.
    public static let invalidPayload = Code("invalidPayload")
    /// The payload targets an owned entity (one without an identifier), whose records are only
    /// synced nested under their parent.
    public static let ownedEntity = Code("ownedEntity")
    /// `forceInsert` met an identifier that is already stored (D25).
    public static let duplicateIdentifier = Code("duplicateIdentifier")
    /// The plan was made against a state that has changed since.
    public static let stalePlan = Code("stalePlan")
    /// The mass-delete guard refused the deletions.
    public static let massDeleteRefused = Code("massDeleteRefused")
    /// The store refused a write (for example a `deny` delete rule).
    public static let storeRefused = Code("storeRefused")
    /// A file the sync would rewrite changed outside Folio while it ran (an editor, a pull, a
    /// checkout): nothing was written, and the store reads the files again before the next
    /// sync. Sync again to apply the payload on top of what the files now hold.
    public static let changedOutside = Code("changedOutside")
    /// ``SyncOptions/parent`` names an entity or a record that does not exist.
    public static let unknownParent = Code("unknownParent")
    /// ``SyncOptions/parent`` names a relationship the parent entity lacks, a to-one one, or
    /// one whose destination is not the synced entity.
    public static let invalidParent = Code("invalidParent")
    /// Items were rejected under ``SyncOptions/allOrNothing``; ``SyncError/problems`` lists them.
    public static let itemsRejected = Code("itemsRejected")
    /// The sync was committed (readers see it), but finishing the save failed; the next open of
    /// the store for writing finishes it. Carried over from
    /// ``StoreError/Code/committedNotFinished`` so that callers (and `folio`'s exit status 3)
    /// can tell a committed sync from a refused one.
    public static let committedNotFinished = Code("committedNotFinished")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// The entity concerned, if any.
  public var entity: String?
  /// The record concerned, if any.
  public var id: RecordID?
  /// The JSON pointer into the payload, if any.
  public var pointer: String?
  /// For ``Code/itemsRejected``: every rejected outcome, in report order, each with its reason
  /// and JSON pointer; empty for other codes.
  public var problems: [SyncOutcome] = []

  /// Creates an error.
  public init(
    code: Code, message: String, entity: String? = nil, id: RecordID? = nil, pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.entity = entity
    self.id = id
    self.pointer = pointer
  }

  /// `error: message (at pointer) [code]`, then for ``Code/itemsRejected`` one line per
  /// problem: `  /1/count: Item 2 rejected: attribute 'count': …`.
  public var description: String {
    var text = "error: \(message)"
    if let pointer { text += " (at \(pointer))" }
    text += " [\(code)]"
    for problem in problems {
      text += "\n  \(problem.pointer ?? "/"): \(problem.line)"
    }
    return text
  }

  /// The error for a sync under ``SyncOptions/allOrNothing`` whose report holds rejections, or
  /// `nil` when it holds none.
  static func rejections(in report: SyncReport) -> SyncError? {
    let rejected = report.outcomes.filter { $0.kind == .rejected }
    guard !rejected.isEmpty else { return nil }
    let items = rejected.count == 1 ? "1 item was" : "\(rejected.count) items were"
    var error = SyncError(
      code: .itemsRejected,
      message:
        "\(items) rejected and allOrNothing is on, so nothing was written; fix the payload, or turn allOrNothing off to apply the other items and report these",
      entity: report.entity)
    error.problems = rejected
    return error
  }

  init(_ error: StoreError, pointer: String? = nil) {
    let code: Code =
      error.code == .changedOutside
      ? .changedOutside : error.code == .committedNotFinished ? .committedNotFinished : .storeRefused
    // The store's code is kept in the message when the sync's own code does not already say
    // it (`[ioFailure] [storeRefused]`, not `[changedOutside] [changedOutside]`).
    self.init(
      code: code,
      message: code.rawValue == error.code.rawValue ? error.message : "\(error.message) [\(error.code)]",
      entity: error.entity, id: error.id, pointer: pointer)
  }
}
