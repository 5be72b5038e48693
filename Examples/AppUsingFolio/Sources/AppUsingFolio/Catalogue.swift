import Folio

/// The app's book catalogue: a Folio store of books, kept in step with a publisher's feed.
public struct Catalogue: Sendable {
  /// The store the catalogue lives in.
  public let store: Store

  /// A catalogue kept in `store`, which follows ``schema()``.
  public init(store: Store) { self.store = store }

  /// Books, keyed by ISBN; the feed spells the author `author_name`.
  ///
  /// - Throws: `SchemaError` (it does not: the schema is valid, and a test says so).
  public static func schema() throws -> Schema {
    try Schema {
      Entity("Book") {
        Identifier("isbn")
        Attribute("isbn", .string)
        Attribute("title", .string)
        Attribute("author", .string, from: "author_name")
        Attribute("inPrint", .bool, default: true)
      }
    }
  }

  /// Brings the catalogue in line with `feed`, the publisher's whole list: new books are added,
  /// changed ones updated, books the feed no longer lists removed.
  ///
  /// - Returns: What changed.
  /// - Throws: `SyncError` or `StoreError`; the catalogue is left as it was.
  @discardableResult
  public func importFeed(_ feed: JSONValue) throws -> SyncReport {
    try store.sync(feed, into: "Book")
  }

  /// The titles of the books by `author` still in print, sorted.
  ///
  /// - Throws: `QueryError` (it does not: the query fits the schema).
  public func titlesInPrint(by author: String) throws -> [String] {
    try store.fetch("Book", where: "author" == author && "inPrint" == true, sortedBy: "title")
      .compactMap { $0["title"]?.stringValue }
  }
}
