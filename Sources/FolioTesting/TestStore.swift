import Folio
import Foundation

/// A store made for one test, with the temporary directory that holds it (if any).
///
/// ```swift
/// let test = try TestStore(.directory, schema: schema)
/// defer { test.remove() }
/// try test.store.sync(payload, into: "Employee")
/// ```
public struct TestStore: Sendable {
  /// Where a test store keeps its records; tests that should hold on both take
  /// `@Test(arguments: TestStore.Backing.allCases)`.
  public enum Backing: String, Sendable, CaseIterable, CustomStringConvertible {
    /// In memory (`Store.inMemory(schema:)`): nothing is written.
    case memory
    /// A directory store, `store.folio` in a fresh temporary directory.
    case directory

    /// The backing's name, shown in test names.
    public var description: String { rawValue }
  }

  /// The store.
  public let store: Store
  /// The temporary directory holding the store (`nil` for an in-memory store).
  public let directory: TemporaryDirectory?

  /// The store directory's path (`nil` for an in-memory store).
  public var path: String? { directory.map { $0.url.appendingPathComponent("store.folio").path } }

  /// An empty store of `schema` with the given backing.
  ///
  /// - Throws: `StoreError` from creating the store; a temporary directory made for it is
  ///   removed again.
  public init(_ backing: Backing, schema: Schema) throws {
    switch backing {
    case .memory:
      store = try Store.inMemory(schema: schema)
      directory = nil
    case .directory:
      let directory = try TemporaryDirectory(prefix: "folio-store")
      do {
        store = try Store(
          directory: directory.url.appendingPathComponent("store.folio").path, schema: schema)
      } catch {
        directory.remove()
        throw error
      }
      self.directory = directory
    }
  }

  /// A store of `schema` holding the records of a stored-form folder (see
  /// ``FixtureRecords/load(_:into:)``).
  ///
  /// - Throws: `StoreError`, or `JSONError` naming the fixture file; nothing is left on disk.
  public init(_ backing: Backing, schema: Schema, records folder: URL) throws {
    try self.init(backing, schema: schema)
    do {
      try FixtureRecords.load(folder, into: store)
    } catch {
      remove()
      throw error
    }
  }

  /// Removes the temporary directory (nothing for an in-memory store).
  public func remove() { directory?.remove() }
}
