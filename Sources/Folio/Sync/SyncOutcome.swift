/// What a sync did (or, in a plan, will do) to one record or one payload item.
///
/// Records reached by the payload each get exactly one outcome, in payload order; records
/// changed as a side effect (cascaded deletions, unlinked children, inverse links) follow, and
/// deletions come last (D17).
public struct SyncOutcome: Sendable, Hashable, Codable {
  /// The kinds of outcome.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A new record was stored.
    case inserted
    /// A stored value changed.
    case updated
    /// The record was reached and nothing changed.
    case unchanged
    /// The record was removed.
    case deleted
    /// The item was not applied: no identifier, or inserting was off.
    case skipped
    /// The item was refused (an invalid value, a required attribute missing, an invalid record);
    /// its stored record, if any, is kept unchanged and counts as present (D26).
    case rejected
    /// A validator dropped the item; it counts as absent (D14).
    case filtered

    /// The kind's position in ``allCases``.
    @usableFromInline var position: Int {
      switch self {
      case .inserted: 0
      case .updated: 1
      case .unchanged: 2
      case .deleted: 3
      case .skipped: 4
      case .rejected: 5
      case .filtered: 6
      }
    }

    /// How many of `kinds` are of each kind, every kind present (`0` when none): tallied by
    /// position in one pass, then put in the dictionary once per kind. Hashing each kind took
    /// 50 ms of a million-record sync's summary (perf); ``SyncReport/counts`` and the command
    /// line's report both count this way.
    @inlinable package static func counts(of kinds: some Sequence<SyncOutcome.Kind>)
      -> [SyncOutcome.Kind: Int]
    {
      var tally = [Int](repeating: 0, count: allCases.count)
      for kind in kinds { tally[kind.position] += 1 }
      return Dictionary(uniqueKeysWithValues: zip(allCases, tally))
    }
  }

  /// The record's entity.
  public var entity: String
  /// The record's identifier; `nil` for an item without a usable identifier.
  public var id: RecordID?
  /// What happened.
  public var kind: Kind
  /// The reason, pointer and changes, which most outcomes lack (`nil` then). Kept out of line so
  /// an outcome takes 48 bytes, not 80: a sync holds one per record reached, and a million-record
  /// sync's report was 80 MB of its peak memory.
  private var details: Details?

  /// An outcome's rare fields. Immutable: a change replaces the box.
  private final class Details: Sendable {
    let reason: String?
    let pointer: String?
    let changes: [FieldChange]?

    init(reason: String?, pointer: String?, changes: [FieldChange]?) {
      self.reason = reason
      self.pointer = pointer
      self.changes = changes
    }

    /// A box of the fields, or `nil` when all three are `nil`.
    static func make(_ reason: String?, _ pointer: String?, _ changes: [FieldChange]?) -> Details? {
      reason == nil && pointer == nil && changes == nil
        ? nil : Details(reason: reason, pointer: pointer, changes: changes)
    }
  }

  /// Why the item was rejected, skipped or filtered (or why an update was declined).
  public var reason: String? {
    get { details?.reason }
    set { details = Details.make(newValue, pointer, changes) }
  }
  /// The JSON pointer of the item in the payload, when the record was reached from it.
  public var pointer: String? {
    get { details?.pointer }
    set { details = Details.make(reason, newValue, changes) }
  }
  /// For `updated`: each changed attribute or relationship, in key order.
  public var changes: [FieldChange]? {
    get { details?.changes }
    set { details = Details.make(reason, pointer, newValue) }
  }

  /// Creates an outcome.
  public init(
    entity: String, id: RecordID?, kind: Kind, reason: String? = nil, pointer: String? = nil,
    changes: [FieldChange]? = nil
  ) {
    self.entity = entity
    self.id = id
    self.kind = kind
    details = Details.make(reason, pointer, changes)
  }

  /// Whether two outcomes say the same: every field equal.
  public static func == (lhs: SyncOutcome, rhs: SyncOutcome) -> Bool {
    lhs.entity == rhs.entity && lhs.id == rhs.id && lhs.kind == rhs.kind
      && lhs.reason == rhs.reason && lhs.pointer == rhs.pointer && lhs.changes == rhs.changes
  }

  /// Hashes every field, as ``==(_:_:)`` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entity)
    hasher.combine(id)
    hasher.combine(kind)
    hasher.combine(reason)
    hasher.combine(pointer)
    hasher.combine(changes)
  }

  /// `Employee 7 updated: name "A" → "B"`, `Item <at /0> skipped: …`.
  public var line: String {
    var text = "\(entity) \(id.map { "\($0)" } ?? "<at \(pointer ?? "?")>") \(kind.rawValue)"
    if let changes, !changes.isEmpty {
      text += ": " + changes.map(\.description).joined(separator: ", ")
    } else if let reason {
      text += ": " + reason
    }
    return text
  }

  enum CodingKeys: String, CodingKey { case entity, id, outcome, reason, pointer, changes }

  /// Decodes `{entity, id, outcome, reason?, pointer?, changes?}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    entity = try c.decode(String.self, forKey: .entity)
    id = try c.decodeIfPresent(JSONValue.self, forKey: .id).flatMap { RecordID(json: $0) }
    kind = try c.decode(Kind.self, forKey: .outcome)
    details = Details.make(
      try c.decodeIfPresent(String.self, forKey: .reason),
      try c.decodeIfPresent(String.self, forKey: .pointer),
      try c.decodeIfPresent([FieldChange].self, forKey: .changes))
  }

  /// Encodes `{entity, id, outcome, reason?, pointer?, changes?}`; the id in its JSON form.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(entity, forKey: .entity)
    try c.encodeIfPresent(id?.jsonValue, forKey: .id)
    try c.encode(kind, forKey: .outcome)
    try c.encodeIfPresent(reason, forKey: .reason)
    try c.encodeIfPresent(pointer, forKey: .pointer)
    try c.encodeIfPresent(changes, forKey: .changes)
  }
}

/// One changed attribute or relationship of an updated record: its stored value before and
/// after (`nil` = absent or null).
public struct FieldChange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The attribute or relationship name.
  public var field: String
  /// The value before.
  public var before: JSONValue?
  /// The value after.
  public var after: JSONValue?

  /// Creates a field change.
  public init(field: String, before: JSONValue?, after: JSONValue?) {
    self.field = field
    self.before = before
    self.after = after
  }

  /// `name "A" → "B"` (compact JSON, `null` for absent).
  public var description: String {
    "\(field) \(JSONWriter.string(before ?? .null)) → \(JSONWriter.string(after ?? .null))"
  }

  enum CodingKeys: String, CodingKey { case field, before, after }

  /// Decodes `{field, before, after}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    field = try c.decode(String.self, forKey: .field)
    before = try c.decodeIfPresent(JSONValue.self, forKey: .before).flatMap { $0.isNull ? nil : $0 }
    after = try c.decodeIfPresent(JSONValue.self, forKey: .after).flatMap { $0.isNull ? nil : $0 }
  }

  /// Encodes `{field, before, after}` with JSON values; absent values as `null`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(field, forKey: .field)
    try c.encode(before ?? .null, forKey: .before)
    try c.encode(after ?? .null, forKey: .after)
  }
}

/// A finding about the payload as a whole, reported alongside the outcomes (F16).
public struct SyncDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The kind of finding. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable identifier of the code.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }
    /// Decodes the identifier.
    public init(from decoder: any Decoder) throws {
      rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    /// Encodes the identifier.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      try c.encode(rawValue)
    }

    /// One identifier appears in several items; they were applied in order into one record (D3).
    public static let duplicateIdentifier = Code("duplicateIdentifier")
    /// A bare identifier names no stored record (stubbed or ignored, by policy).
    public static let danglingReference = Code("danglingReference")
    /// Delete-missing would delete more than the allowed share of the scope.
    public static let massDelete = Code("massDelete")
    /// A to-many array held `null`; the element was skipped and the rest of the array applied.
    public static let nullElement = Code("nullElement")
    /// An item gave one attribute or relationship under two of its keys (`job_title` and
    /// `title`) with different values; the first key of the mapping was used.
    public static let conflictingKeys = Code("conflictingKeys")
  }

  /// What was found.
  public var code: Code
  /// The finding in words.
  public var message: String
  /// The entity concerned.
  public var entity: String
  /// The record concerned, if any.
  public var id: RecordID?
  /// The JSON pointers concerned (for duplicates: every occurrence, in payload order).
  public var pointers: [String]

  /// Creates a diagnostic.
  public init(
    code: Code, message: String, entity: String, id: RecordID? = nil, pointers: [String] = []
  ) {
    self.code = code
    self.message = message
    self.entity = entity
    self.id = id
    self.pointers = pointers
  }

  /// `warning: message [code]`.
  public var description: String { "warning: \(message) [\(code)]" }

  enum CodingKeys: String, CodingKey { case code, message, entity, id, pointers }

  /// Decodes `{code, message, entity, id?, pointers}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    code = try c.decode(Code.self, forKey: .code)
    message = try c.decode(String.self, forKey: .message)
    entity = try c.decode(String.self, forKey: .entity)
    id = try c.decodeIfPresent(JSONValue.self, forKey: .id).flatMap { RecordID(json: $0) }
    pointers = try c.decodeIfPresent([String].self, forKey: .pointers) ?? []
  }

  /// Encodes `{code, message, entity, id?, pointers}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(code, forKey: .code)
    try c.encode(message, forKey: .message)
    try c.encode(entity, forKey: .entity)
    try c.encodeIfPresent(id?.jsonValue, forKey: .id)
    try c.encode(pointers, forKey: .pointers)
  }
}
