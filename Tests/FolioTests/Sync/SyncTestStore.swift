import FolioTestSupport
import Testing

@testable import Folio

/// Builds stores holding given records for sync tests, and compares stores with expectations.
enum SyncTestStore {
  /// An in-memory store of `schema` holding `records` (stored form, both sides of every link).
  static func make(_ schema: Schema, _ records: [String: [JSONObject]] = [:]) throws -> Store {
    try make(.memory, schema, records).store
  }

  /// A store of `schema` with the given backing, holding `records` (stored form, both sides of
  /// every link) committed in one transaction. Call `remove()` on the result when done.
  static func make(_ backing: Backing, _ schema: Schema, _ records: [String: [JSONObject]])
    throws -> TestStore
  {
    let test = try TestStore(backing, schema: schema)
    // The store's schema is in storage form: owned entities read their synthesized identifier.
    let stored = test.store.schema
    try test.store.transaction { tx in
      for entity in stored.entities {
        for record in records[entity.name] ?? [] {
          let id = try #require(SchemaIndex.recordID(of: record, identifiers: entity.identifiers))
          tx.work.put(entity.name, id, record)
        }
      }
    }
    #expect(test.store.state.invariantViolations() == [])
    return test
  }

  /// An `Item` store with the given backing holding `records`.
  static func items(_ records: [JSONObject], backing: Backing) throws -> TestStore {
    try make(backing, Schema(entities: [SyncSchemas.item()]), ["Item": records])
  }

  /// An in-memory `Item` store holding `records`.
  static func items(
    _ records: [JSONObject], schema: Schema = Schema(entities: [SyncSchemas.item()])
  )
    throws -> Store
  {
    try make(schema, ["Item": records])
  }

  /// Every record of every entity, in identifier order.
  static func records(_ state: StoreState) -> [String: [JSONObject]] {
    var result: [String: [JSONObject]] = [:]
    for entity in state.schema.entities {
      result[entity.name] = state.ids(entity.name).compactMap { state.record(entity.name, $0) }
    }
    return result
  }

  /// Expects `state` to hold exactly `expected` (entities not listed must be empty) and to be
  /// consistent.
  static func expect(
    _ state: StoreState, equals expected: [String: [JSONObject]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for entity in state.schema.entities {
      let actual = state.ids(entity.name).compactMap { state.record(entity.name, $0) }
      let wanted = expected[entity.name] ?? []
      #expect(
        actual.map { JSONWriter.string(.object($0)) }.sorted()
          == wanted.map { JSONWriter.string(.object($0)) }.sorted(),
        "\(entity.name) records", sourceLocation: sourceLocation)
    }
    #expect(state.invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// The report's outcomes as fixture lines.
  static func lines(_ report: SyncReport) -> [String] { report.outcomes.map(SyncFixture.line) }
}
