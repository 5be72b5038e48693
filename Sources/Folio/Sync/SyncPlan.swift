import Dispatch

/// A dry run of one sync: every outcome, every diagnostic and the resulting changes, computed
/// against one state and not yet written (F15).
///
/// Apply it with ``Store/apply(_:)`` or ``Transaction/apply(_:)``: exactly these changes are made,
/// atomically, or, when the store has changed since the plan was made, nothing is and a
/// ``SyncError/Code/stalePlan`` error is thrown.
///
/// ```swift
/// let plan = try store.plan(payload, into: "Item")
/// print(plan.summary)            // 1 inserted · 1 updated · 1 deleted · 2 unchanged
/// let report = try store.apply(plan)
/// ```
public struct SyncPlan: Sendable {
  /// What the sync will do, record by record.
  public let report: SyncReport
  /// The store generation the plan was made against.
  public let baseGeneration: UInt64
  /// The write counter of the transaction the plan was made in (0 outside a transaction).
  public let baseRevision: Int
  /// Whether the mass-delete guard refused the deletions; applying then fails.
  public let isRefusedByGuard: Bool
  /// The working state after the plan's changes, with a change log starting at the base.
  let result: WorkingState
  /// Records reached by the payload, per entity (collected for sync sessions only).
  let marks: [String: Set<RecordID>]
  /// Where log messages go when the plan is applied.
  let logHandler: SyncLogHandler?
  /// Where progress goes while the plan is applied.
  var progress: SyncProgress.Handler? = nil

  /// The entity synced into.
  public var entity: String { report.entity }
  /// Per-record outcomes: payload order, then side effects, deletions last.
  public var outcomes: [SyncOutcome] { report.outcomes }
  /// Findings about the payload.
  public var diagnostics: [SyncDiagnostic] { report.diagnostics }
  /// One line such as `3 inserted · 1 updated · 2 deleted · 94 unchanged · 1 rejected`.
  public var summary: String { report.summary }
  /// Whether applying the plan would change nothing.
  public var isEmpty: Bool { result.log.isEmpty }

  /// Every record that will differ, with its value before and after, in order of first touch.
  ///
  /// - Complexity: O(*c*) in the number of records touched.
  public var changes: [RecordChange] {
    result.log.entries.compactMap { entry in
      guard entry.isChange else { return nil }
      return RecordChange(
        key: entry.key,
        kind: entry.before == nil ? .insert : !entry.exists ? .delete : .update,
        before: entry.before, after: result.after(entry))
    }
  }

  /// The records as they will be once the plan is applied.
  public var resultingState: StoreState { result.state }
}

extension SyncPlan {
  /// Where committed plans are let go (``report(releasing:)``).
  private static let releases = DispatchQueue(label: "Folio.SyncPlan.releases", qos: .utility)

  /// The report of `plan`, which has been committed, with the rest of the plan let go on a
  /// background queue.
  ///
  /// Once committed, a plan's working state and change log are garbage, and freeing them is
  /// work the caller need not wait for: the log holds every record the sync replaced or removed
  /// (perf, a 1M-record day-2 sync: 0.1–0.25 s of the calling thread after the commit). The
  /// queue only drops references; storage the store still shares is not written.
  static func report(releasing plan: consuming SyncPlan) -> SyncReport {
    let report = plan.report
    let rest = plan
    releases.async { withExtendedLifetime(rest) {} }
    return report
  }
}
