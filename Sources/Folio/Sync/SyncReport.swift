/// What a sync did, record by record, with counts and diagnostics. `Codable`, so the CLI can
/// print it with `--json` and tests can snapshot it.
///
/// ```swift
/// let report = try store.sync(payload, into: "Item")
/// report.summary          // "1 inserted · 1 updated · 1 deleted · 2 unchanged"
/// report.count(.inserted) // 1
/// ```
public struct SyncReport: Sendable, Hashable, Codable {
  /// The entity the payload was synced into.
  public var entity: String
  /// One outcome per record reached or changed, payload order first, deletions last (D17).
  public var outcomes: [SyncOutcome]
  /// Findings about the payload (duplicates, dangling references, the mass-delete guard).
  public var diagnostics: [SyncDiagnostic]

  /// Creates a report.
  public init(entity: String, outcomes: [SyncOutcome], diagnostics: [SyncDiagnostic]) {
    self.entity = entity
    self.outcomes = outcomes
    self.diagnostics = diagnostics
  }

  /// The number of outcomes of `kind`.
  ///
  /// - Complexity: O(*n*) in the number of outcomes.
  public func count(_ kind: SyncOutcome.Kind) -> Int {
    outcomes.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// The counts of every kind, in ``SyncOutcome/Kind`` order.
  public var counts: [SyncOutcome.Kind: Int] {
    SyncOutcome.Kind.counts(of: outcomes.lazy.map { $0.kind })
  }

  /// Whether the sync changed nothing.
  public var isEmpty: Bool {
    !outcomes.contains { $0.kind == .inserted || $0.kind == .updated || $0.kind == .deleted }
  }

  /// The outcome of the record `id` of `entity` (the report's entity when `nil`), if any.
  ///
  /// - Complexity: O(*n*).
  public func outcome(of id: RecordID, in entity: String? = nil) -> SyncOutcome? {
    let name = entity ?? self.entity
    return outcomes.first { $0.entity == name && $0.id == id }
  }

  /// One line: `3 inserted · 1 updated · 2 deleted · 94 unchanged · 1 rejected`; kinds with a
  /// zero count are left out; `no changes` when nothing was reached.
  public var summary: String {
    let counts = self.counts
    var parts: [String] = []
    for kind in [
      SyncOutcome.Kind.inserted, .updated, .deleted, .unchanged, .skipped, .rejected, .filtered,
    ] {
      let n = counts[kind] ?? 0
      if n > 0 { parts.append("\(n) \(kind.rawValue)") }
    }
    return parts.isEmpty ? "no changes" : parts.joined(separator: " · ")
  }

  enum CodingKeys: String, CodingKey { case entity, summary, counts, outcomes, diagnostics }

  /// Decodes a report written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    entity = try c.decode(String.self, forKey: .entity)
    outcomes = try c.decode([SyncOutcome].self, forKey: .outcomes)
    diagnostics = try c.decode([SyncDiagnostic].self, forKey: .diagnostics)
  }

  /// Encodes `{entity, summary, counts, outcomes, diagnostics}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(entity, forKey: .entity)
    try c.encode(summary, forKey: .summary)
    var counts: [String: Int] = [:]
    for (kind, n) in self.counts { counts[kind.rawValue] = n }
    try c.encode(counts, forKey: .counts)
    try c.encode(outcomes, forKey: .outcomes)
    try c.encode(diagnostics, forKey: .diagnostics)
  }
}
