import Observation

/// The records of a ``FolioRecord`` type matching a query, as an `@Observable` model on the main
/// actor: the typed form of ``ObservedQuery``.
///
/// ```swift
/// let open = try ObservedRecords(Repo.self, where: "state" == "open", sortedBy: "-number", in: store)
/// open.records.map(\.fullName)   // redraws a SwiftUI view that reads it on every change
/// ```
///
/// Updates arrive on the main actor after each commit that changes the results, as for
/// ``ObservedQuery``. A record that no longer decodes as `T` leaves ``records`` as they were and
/// sets ``decodingError``; the next update that decodes clears it.
@MainActor @Observable
public final class ObservedRecords<T: FolioRecord> {
  /// The observed query.
  public let query: Query
  /// The current records, decoded, in query order.
  public private(set) var records: [T]
  /// Why the latest results could not be decoded, or `nil`.
  public private(set) var decodingError: RecordCodingError?
  /// The generation ``records`` reflect.
  public private(set) var generation: UInt64

  /// Cancels the task reading the updates when this object goes away.
  @ObservationIgnored private let reader = UpdateReader()

  /// Starts observing the records of `type`'s entity matching a predicate.
  ///
  /// - Parameters:
  ///   - type: The record type.
  ///   - predicate: The condition; every record by default.
  ///   - ordering: The order; the entity's default sort, then identifier order, when empty.
  ///   - limit: The maximum number of records.
  ///   - store: The store whose commits update it.
  /// - Throws: ``QueryError`` when the query does not fit the schema, ``RecordCodingError`` when
  ///   a current record does not decode as `T`.
  public init(
    _ type: T.Type, where predicate: Condition = .all, sortedBy ordering: Ordering = .unspecified,
    limit: Int? = nil, in store: Store
  ) throws {
    let query = Query(type, where: predicate, sortedBy: ordering, limit: limit)
    let live = try store.observe(query)
    self.query = query
    records = try live.initialRecords(as: type)
    generation = live.generation
    reader.start { [weak self] in
      for await update in live {
        guard let self else { return }
        self.apply(update)
      }
    }
  }

  /// Replaces the records with an update's, or records why they do not decode.
  func apply(_ update: QueryUpdate) {
    generation = update.generation
    do {
      records = try update.records(as: T.self)
      if decodingError != nil { decodingError = nil }
    } catch let error as RecordCodingError {
      decodingError = error
    } catch {
      decodingError = RecordCodingError(code: .invalidValue, path: "", message: "\(error)")
    }
  }
}
