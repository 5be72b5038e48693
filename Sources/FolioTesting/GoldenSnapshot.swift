import Folio

/// Stable text renderings of stores and sync results, for comparing with a ``GoldenFile``.
///
/// ```swift
/// try GoldenFile("company/expected/day-2-report.txt", in: fixtures).verify(GoldenSnapshot.report(report))
/// try GoldenFile("company/expected/day-2-store.txt", in: fixtures).verify(GoldenSnapshot.store(store.state))
/// ```
public enum GoldenSnapshot: Sendable {
  /// A store's whole content: one section per entity in schema order, records in identifier
  /// order, each as compact canonical JSON.
  ///
  /// - Complexity: O(*n* log *n*) in the number of records.
  public static func store(_ state: StoreState) -> String {
    var out = ""
    for entity in state.schema.entities {
      out += "# \(entity.name) (\(state.count(entity.name)))\n"
      for id in state.ids(entity.name).sorted() {
        guard let record = state.record(entity.name, id) else { continue }
        out += JSONWriter.string(.object(record)) + "\n"
      }
    }
    return out
  }

  /// A sync report: the summary, then one line per outcome in report order (payload order,
  /// then side effects, deletions last), then the diagnostics.
  ///
  /// - Complexity: O(*n*) in the number of outcomes.
  public static func report(_ report: SyncReport) -> String {
    var out = "\(report.entity): \(report.summary)\n"
    for outcome in report.outcomes { out += outcome.line + "\n" }
    for diagnostic in report.diagnostics { out += diagnostic.description + "\n" }
    return out
  }
}
