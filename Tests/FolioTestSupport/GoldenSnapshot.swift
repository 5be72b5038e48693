import Folio

/// Stable text renderings of stores and sync results, for comparing with a ``GoldenFile``.
///
/// ```swift
/// try GoldenFile("sync/day-2/store.txt").verify(GoldenSnapshot.store(store.state))
/// ```
public enum GoldenSnapshot {
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
}
