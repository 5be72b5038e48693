import Folio
import Foundation

extension FixtureFolder {
  /// A store of the folder's `schema.json`, with the records of a stored-form subfolder (one
  /// `<Entity>.json` per entity, see ``FixtureRecords/load(_:into:)``) and then the given
  /// payloads synced in order: the state a test starts from.
  ///
  /// ```swift
  /// let company = try FixtureFolder("company", in: FixtureRoot("Fixtures"))
  /// let test = try company.makeStore(.directory, syncing: [("Employee", "day-1.json")])
  /// defer { test.remove() }
  /// ```
  ///
  /// - Parameters:
  ///   - backing: In memory, or in a fresh temporary directory (``TestStore/remove()`` deletes it).
  ///   - records: A subfolder of stored-form records to load first, or `nil`.
  ///   - payloads: `(entity, file)` pairs synced in order with the default options.
  /// - Throws: the first error of loading, creating or syncing; the temporary directory is
  ///   removed again.
  public func makeStore(
    _ backing: TestStore.Backing = .memory, records: String? = nil,
    syncing payloads: [(entity: String, file: String)] = []
  ) throws -> TestStore {
    let test = try TestStore(backing, schema: schema())
    do {
      if let records { try FixtureRecords.load(url(records), into: test.store) }
      for (entity, file) in payloads {
        try test.store.sync(json(file), into: entity)
      }
    } catch {
      test.remove()
      throw error
    }
    return test
  }
}
