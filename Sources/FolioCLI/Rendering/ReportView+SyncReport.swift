import Folio

extension ReportView {
  /// The view of a library report (from a plan or an applied sync). `changes` (a plan's record
  /// changes) give inserted records their fields, shown as `(none) → value`.
  init(_ report: SyncReport, isDryRun: Bool, changes: [RecordChange] = []) {
    var inserted: [RecordKey: JSONObject] = [:]
    for change in changes where change.kind == .insert {
      inserted[change.key] = change.after
    }
    self.init(
      entity: report.entity, isDryRun: isDryRun,
      records: report.outcomes.map { outcome in
        Record(
          entity: outcome.entity, id: outcome.id?.jsonValue ?? .null,
          outcome: outcome.kind,
          reason: outcome.reason,
          changes: outcome.changes.map { fields in
            fields.map { Change(field: $0.field, before: $0.before, after: $0.after) }
          } ?? Self.fields(of: outcome, in: inserted), pointer: outcome.pointer)
      },
      diagnostics: report.diagnostics.map { diagnostic in
        Diagnostic(
          code: diagnostic.code.rawValue, message: diagnostic.message, entity: diagnostic.entity,
          id: diagnostic.id?.jsonValue,
          pointers: diagnostic.pointers)
      })
  }

  /// The fields of an inserted record, from `inserted`, in key order.
  private static func fields(of outcome: SyncOutcome, in inserted: [RecordKey: JSONObject])
    -> [Change]
  {
    guard !inserted.isEmpty, outcome.kind == .inserted, let id = outcome.id,
      let record = inserted[RecordKey(outcome.entity, id)]
    else { return [] }
    return record.sortedMembers.map { Change(field: $0.key, before: nil, after: $0.value) }
  }
}
