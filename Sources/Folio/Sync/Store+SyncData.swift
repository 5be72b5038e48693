import Foundation

extension Store {
  /// Syncs the JSON text in `json` into `entity` in one atomic commit: the `Data` form of
  /// ``sync(json:into:options:parserOptions:)-([UInt8],_,_,_)``, for a payload read with Foundation (a file, a
  /// `URLSession` response body).
  ///
  /// The bytes are copied once into an array, then parsed item by item exactly as the `[UInt8]`
  /// form does: the same report, the same changes, the same `JSONError` with its line and
  /// column.
  ///
  /// ```swift
  /// let body = Data(#"[{"id": 1, "name": "A"}]"#.utf8)
  /// let report = try store.sync(json: body, into: "Item")
  /// report.summary   // "1 inserted"
  /// ```
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text: an array of items, a single item, or `null`.
  ///   - entity: The entity's name.
  ///   - options: How to reconcile; the defaults insert, update and delete missing.
  ///   - parserOptions: Limits, and the file name that errors name.
  /// - Returns: What happened to each record.
  /// - Throws: `JSONError` when `json` is not valid JSON, else ``SyncError`` as
  ///   ``sync(_:into:options:)``; the store is then exactly as it was.
  /// - Complexity: O(*b* + *n* + *m*) in bytes, items and stored records.
  @discardableResult
  public func sync(
    json: Data, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncReport {
    try sync(json: [UInt8](json), into: entity, options: options, parserOptions: parserOptions)
  }

  /// Plans syncing the JSON text in `json` into `entity` without writing anything (a dry run):
  /// the `Data` form of ``plan(json:into:options:parserOptions:)``.
  ///
  /// ```swift
  /// let plan = try store.plan(json: Data(#"[{"id": 1, "name": "A"}]"#.utf8), into: "Item")
  /// plan.summary   // "1 inserted"
  /// ```
  ///
  /// - Parameters:
  ///   - json: UTF-8 JSON text: an array of items, a single item, or `null`.
  ///   - entity: The entity's name.
  ///   - options: How to reconcile; the defaults insert, update and delete missing.
  ///   - parserOptions: Limits, and the file name that errors name.
  /// - Returns: The plan, against the store's current generation.
  /// - Throws: `JSONError` when `json` is not valid JSON, else ``SyncError`` as
  ///   ``plan(_:into:options:)``. Nothing is written either way.
  /// - Complexity: O(*b* + *n* + *m*).
  public func plan(
    json: Data, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncPlan {
    try plan(json: [UInt8](json), into: entity, options: options, parserOptions: parserOptions)
  }
}
