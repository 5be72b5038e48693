extension Store {
  /// Opens the directory store at `directory`, creating it when the directory is missing or
  /// empty.
  ///
  /// Opening takes the writer lock (unless `options.readOnly`), completes or discards a save
  /// interrupted by a crash, checks the format version (upgrading a format-1 store) and the
  /// schema (applying a compatible change, running pending ``Migration``s), then reads every
  /// file in parallel and validates every record: files edited outside Folio are accepted when
  /// valid. Files unchanged since this working copy's Folio wrote them or found them clean skip
  /// the member-by-member checks (``StoreOptions/trustsUnchangedFiles``). After that the store behaves exactly like ``inMemory(schema:)``, and every
  /// transaction is saved before it returns (autosave on commit): only files whose bytes changed
  /// are rewritten, atomically as a whole.
  ///
  /// ```swift
  /// let store = try Store(directory: "company.folio", schema: company)
  /// try store.insert("Department", ["id": 1, "name": "R&D"])   // saved when it returns
  /// ```
  ///
  /// - Parameters:
  ///   - directory: The store directory's path.
  ///   - schema: The schema the records follow.
  ///   - options: Validation mode, read-only, migrations.
  /// - Throws: ``SchemaError`` when the schema is not valid; ``StoreError`` (``StoreError/Code/locked`` naming the holder,
  ///   ``StoreError/Code/notAStore``, ``StoreError/Code/schemaMismatch``, ``StoreError/Code/unsupportedFormatVersion``,
  ///   ``StoreError/Code/invalidManifest``, ``StoreError/Code/ioFailure``,
  ///   ``StoreError/Code/specialFile`` for a symbolic link, FIFO, socket or device inside the
  ///   store, which a writer (and any open, when it is in `.folio`) refuses before touching
  ///   anything…), or ``StoreValidationError`` listing every bad record (or every such entry)
  ///   in strict mode. Nothing is written on
  ///   failure, except that a crashed save found on disk is completed or discarded. A directory
  ///   that holds files but no `schema.json` is never turned into a new store.
  public convenience init(directory: String, schema: Schema, options: StoreOptions = StoreOptions()) throws {
    let opened: StoreOpener.Opened
    do {
      opened = try StoreOpener(path: directory, schema: schema, options: options).open()
    } catch {
      options.logHandler?.openFailed(directory, error)
      throw error
    }
    self.init(
      state: opened.state, disk: opened.disk, loadProblems: opened.notes + opened.problems, logHandler: options.logHandler)
    options.logHandler?.opened(directory, opened.state, problems: opened.problems, files: opened.files)
  }

  /// Opens an existing directory store with the schema copy stored inside it (for tools such as
  /// the `folio` command, which have no Swift schema). Custom rules are stored by name; pass
  /// their closures in ``StoreOptions/customRules``.
  ///
  /// - Throws: As ``init(directory:schema:options:)``; ``StoreError/Code/notAStore`` when the
  ///   directory holds no store. Nothing is written on failure.
  public static func open(directory: String, options: StoreOptions = StoreOptions()) throws -> Store {
    if let kind = StoreTree.kind(at: directory + "/schema.json"), kind != .file {
      throw StoreTree.problem(kind, at: "schema.json", path: directory + "/schema.json")
    }
    guard let bytes = try StoreFiles.readFile(directory + "/schema.json") else {
      throw StoreOpener.notAStore(directory)
    }
    let (schema, _) = try SchemaCopy.decode(bytes, customRules: options.customRules)
    return try Store(directory: directory, schema: schema, options: options)
  }
}

