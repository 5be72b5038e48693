import Foundation

extension Store {
  /// Syncs the JSON file at `path` into `entity` in one atomic commit, reading it a block at a
  /// time: a top-level array is split, parsed and planned as it is read, so memory holds a
  /// window of the file (a 1 MiB block and the chunk being gathered), never the whole text nor its
  /// tree.
  ///
  /// The result is the same as ``sync(json:into:options:parserOptions:)-([UInt8],_,_,_)`` of
  /// the file's bytes: the same report, the same changes, and for text that is not valid JSON
  /// the same `JSONError` with its line and column (errors name `path` unless `parserOptions`
  /// names another file). A file that is not a top-level array, or that anything unexpected
  /// happens to while it is streamed (an item that does not parse, a read error), is read again
  /// whole and synced the ordinary way, which reports the problem. The file should not change
  /// while it is synced: the sync reads the bytes there are as it goes, and never more than
  /// `parserOptions.maxDocumentBytes`.
  ///
  /// ```swift
  /// let report = try store.sync(contentsOf: path, into: "Item")
  /// report.summary   // "2 inserted"
  /// ```
  ///
  /// - Parameters:
  ///   - path: The payload file: an array of items, a single item, or `null`.
  ///   - entity: The entity's name.
  ///   - options: How to reconcile; the defaults insert, update and delete missing.
  ///   - parserOptions: Limits, and the file name that errors name (default: `path`).
  /// - Returns: What happened to each record.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when the file cannot be read;
  ///   `JSONError` when it is not valid JSON or longer than `parserOptions.maxDocumentBytes`;
  ///   else ``SyncError`` as ``sync(_:into:options:)``. The store is then exactly as it was.
  /// - Complexity: O(*b* + *n* + *m*) in bytes, items and stored records.
  @discardableResult
  public func sync(
    contentsOf path: String, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncReport {
    try sync(
      contentsOf: path, into: entity, options: options, parserOptions: parserOptions,
      blockSize: PayloadChunks.blockSize)
  }

  /// ``sync(contentsOf:into:options:parserOptions:)``, reading `blockSize` bytes at a time.
  @discardableResult
  func sync(
    contentsOf path: String, into entity: String, options: SyncOptions,
    parserOptions: JSONParser.Options, blockSize: Int
  ) throws -> SyncReport {
    let parserOptions = Self.naming(path, parserOptions)
    let reader = PayloadRowReader(
      state: state, entity: entity, options: options, parserOptions: parserOptions)
    let streamed = try Store.streaming(
      StreamedItems(path: path, options: parserOptions, blockSize: blockSize, rowReader: reader),
      options: options, validate: { _ = try Self.parseFile(path, parserOptions) },
      syncing(entity, options))
    if let streamed { return SyncPlan.report(releasing: streamed) }
    return try sync(Self.parseFile(path, parserOptions), into: entity, options: options)
  }

  /// Plans syncing the JSON file at `path` into `entity` without writing anything (a dry run),
  /// reading it a block at a time; see
  /// ``sync(contentsOf:into:options:parserOptions:)``.
  ///
  /// - Returns: The plan, against the store's current generation.
  /// - Throws: As ``sync(contentsOf:into:options:parserOptions:)``. Nothing is written either
  ///   way.
  /// - Complexity: O(*b* + *n* + *m*).
  public func plan(
    contentsOf path: String, into entity: String, options: SyncOptions = SyncOptions(),
    parserOptions: JSONParser.Options = JSONParser.Options()
  ) throws -> SyncPlan {
    try plan(
      contentsOf: path, into: entity, options: options, parserOptions: parserOptions,
      blockSize: PayloadChunks.blockSize)
  }

  /// ``plan(contentsOf:into:options:parserOptions:)``, reading `blockSize` bytes at a time.
  func plan(
    contentsOf path: String, into entity: String, options: SyncOptions,
    parserOptions: JSONParser.Options, blockSize: Int
  ) throws -> SyncPlan {
    let parserOptions = Self.naming(path, parserOptions)
    let state = state
    let reader = PayloadRowReader(
      state: state, entity: entity, options: options, parserOptions: parserOptions)
    let streamed = try Store.streaming(
      StreamedItems(path: path, options: parserOptions, blockSize: blockSize, rowReader: reader),
      options: options, validate: { _ = try Self.parseFile(path, parserOptions) },
      planning(entity, state: state))
    if let streamed { return streamed }
    return try SyncPlanner.plan(
      state: state, revision: 0, entity: entity, payload: Self.parseFile(path, parserOptions),
      options: options)
  }

  /// `options`, naming `path` in errors unless they name a file already.
  private static func naming(_ path: String, _ options: JSONParser.Options) -> JSONParser.Options {
    var options = options
    if options.file == nil { options.file = path }
    return options
  }

  /// The file at `path` read whole and parsed: the ordinary way, for a payload that could not
  /// be streamed.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when it cannot be read;
  ///   `JSONError` when it is longer than the limit or not valid JSON.
  static func parseFile(_ path: String, _ options: JSONParser.Options) throws -> JSONValue {
    let bytes: [UInt8]
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      // One byte past the limit tells that the file is too long without reading the rest.
      let limit = options.maxDocumentBytes
      bytes = try [UInt8](handle.read(upToCount: limit == Int.max ? limit : limit + 1) ?? Data())
    } catch {
      throw StoreError(
        code: .ioFailure,
        message: "cannot read the payload file '\(path)': \(error.localizedDescription)",
        file: path)
    }
    return try JSONParser.parse(bytes, options: options)
  }
}
