extension Store {
  /// Syncs the JSON text `json` into `entity` in one atomic commit, parsing a top-level array
  /// item by item as the sync goes, so the whole payload is never held as one parsed tree.
  ///
  /// The result is the same as parsing `json` with `JSONParser` and calling
  /// ``sync(_:into:options:)``: the same report, the same changes, and for text that is not
  /// valid JSON the same `JSONError` with its line and column. Use it when the payload arrives
  /// as bytes (a file, a response body): it needs far less memory for large payloads.
  ///
  /// ```swift
  /// let report = try store.sync(json: Array(#"[{"id": 1, "name": "A"}]"#.utf8), into: "Item")
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
    json: [UInt8], into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncReport {
    let reader = PayloadRowReader(
      state: state, entity: entity, options: options, parserOptions: parserOptions)
    let streamed = try Store.streaming(
      StreamedItems(json: json, options: parserOptions, rowReader: reader), options: options,
      validate: { _ = try JSONParser.parse(json, options: parserOptions) },
      syncing(entity, options))
    if let streamed { return SyncPlan.report(releasing: streamed) }
    let payload = try JSONParser.parse(json, options: parserOptions)
    return try sync(payload, into: entity, options: options)
  }

  /// Plans syncing the JSON text `json` into `entity` without writing anything (a dry run),
  /// parsing a top-level array item by item; see
  /// ``sync(json:into:options:parserOptions:)-([UInt8],_,_,_)``.
  ///
  /// - Returns: The plan, against the store's current generation.
  /// - Throws: `JSONError` when `json` is not valid JSON, else ``SyncError`` as
  ///   ``plan(_:into:options:)``. Nothing is written either way.
  /// - Complexity: O(*b* + *n* + *m*).
  public func plan(
    json: [UInt8], into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncPlan {
    let state = state
    let reader = PayloadRowReader(
      state: state, entity: entity, options: options, parserOptions: parserOptions)
    let streamed = try Store.streaming(
      StreamedItems(json: json, options: parserOptions, rowReader: reader), options: options,
      validate: { _ = try JSONParser.parse(json, options: parserOptions) },
      planning(entity, state: state))
    if let streamed { return streamed }
    let payload = try JSONParser.parse(json, options: parserOptions)
    return try SyncPlanner.plan(
      state: state, revision: 0, entity: entity, payload: payload, options: options)
  }

  /// The body of a streamed sync into `entity`: plans and commits, or commits nothing and
  /// returns `nil` when an item did not parse (the caller then reads the payload as a whole).
  func syncing(_ entity: String, _ original: SyncOptions)
    -> (inout StreamedItems, SyncOptions) throws(SyncError) -> SyncPlan?
  {
    { items, options throws(SyncError) in
      try self.sync(entity: entity, options: original) { state throws(SyncError) -> SyncPlan? in
        // Rows read for a layout the store no longer has (its schema changed since): read the
        // payload the ordinary way.
        if let reader = items.rowReader, !reader.fits(state, entity: entity) { return nil }
        let plan = try SyncPlanner.plan(
          state: state, revision: 0, entity: entity, items: &items, options: options)
        return items.failed ? nil : plan
      }
    }
  }

  /// The body of a streamed plan into `entity` against `state`, as ``syncing(_:_:)``.
  func planning(_ entity: String, state: StoreState)
    -> (inout StreamedItems, SyncOptions) throws(SyncError) -> SyncPlan?
  {
    { items, options throws(SyncError) in
      if let reader = items.rowReader, !reader.fits(state, entity: entity) { return nil }
      let plan = try SyncPlanner.plan(
        state: state, revision: 0, entity: entity, items: &items, options: options)
      return items.failed ? nil : plan
    }
  }

  /// Runs `body` over `items` streamed one by one (with `options`, its progress counting the
  /// streamed items), or returns `nil` when there are none to stream (the payload is not a
  /// well-formed top-level array) or `body` declines: the caller then parses the payload whole.
  ///
  /// A ``SyncError`` from `body` is rethrown only once `validate` (a whole parse of the
  /// payload) has passed: otherwise its JSON error comes first, as it does when the payload is
  /// parsed before the sync.
  static func streaming(
    _ items: @autoclosure () -> StreamedItems?, options: SyncOptions,
    validate: () throws -> Void,
    _ body: (inout StreamedItems, SyncOptions) throws(SyncError) -> SyncPlan?
  ) throws -> SyncPlan? {
    do {
      guard var items = items() else { return nil }
      defer { items.finish() }
      return try body(&items, items.counting(options))
    } catch {
      try validate()
      throw error
    }
  }
}
