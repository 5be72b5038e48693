extension Store {
  /// Opens the directory store at `directory`, creating it when the directory is missing or
  /// empty.
  ///
  /// Opening takes the writer lock (unless `options.readOnly`), completes or discards a save
  /// interrupted by a crash, checks the format version and the schema fingerprint (running
  /// pending ``Migration``s), then loads every shard in parallel and validates every record.
  /// After that the store behaves exactly like ``inMemory(schema:)``, and every transaction is
  /// saved before it returns (autosave on commit): only shards whose bytes changed are
  /// rewritten, atomically as a whole.
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
  ///   ``StoreError/Code/invalidManifest``, ``StoreError/Code/ioFailure``…), or
  ///   ``StoreValidationError`` listing every bad record in strict mode. Nothing is written on
  ///   failure, except that a crashed save found on disk is completed or discarded.
  public convenience init(directory: String, schema: Schema, options: StoreOptions = StoreOptions()) throws {
    let opened = try StoreOpener(path: directory, schema: schema, options: options).open()
    self.init(state: opened.state, disk: opened.disk, loadProblems: opened.problems)
  }

  /// Opens an existing directory store with the schema copy stored inside it (for tools such as
  /// the `folio` command, which have no Swift schema). Custom rules are stored by name; pass
  /// their closures in ``StoreOptions/customRules``.
  ///
  /// - Throws: As ``init(directory:schema:options:)``; ``StoreError/Code/notAStore`` when the
  ///   directory holds no store. Nothing is written on failure.
  public static func open(directory: String, options: StoreOptions = StoreOptions()) throws -> Store {
    guard let bytes = try StoreFiles.readFile(directory + "/schema.json") else {
      throw StoreError(
        code: .notAStore,
        message: "\(directory) is not a Folio store (no schema.json); check the path, or create the store with a schema",
        file: "schema.json")
    }
    let schema = try SchemaCopy.decode(bytes, customRules: options.customRules)
    return try Store(directory: directory, schema: schema, options: options)
  }
}

/// The steps of opening a directory store.
struct StoreOpener {
  let path: String
  let schema: Schema
  let options: StoreOptions

  struct Opened {
    var state: StoreState
    var disk: DirectoryBacking
    var problems: [StoreError]
  }

  /// The names Folio itself creates at the top of a store directory.
  func isFolioName(_ name: String) -> Bool {
    ["lock", "commit.lock", ".journal", ".gitignore", "schema.json", "manifest.json"].contains(name)
      || schema.entities.contains { $0.name == name }
  }

  func open() throws -> Opened {
    _ = try schema.validated()
    // Entity names become folder names: refuse anything that could leave the store directory.
    for entity in schema.entities {
      let safe = !entity.name.isEmpty && !entity.name.hasPrefix(".")
        && entity.name.utf8.allSatisfy { byte in
          (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
      guard safe else {
        throw StoreError(
          code: .invalidRecord,
          message: "the entity name '\(entity.name)' cannot be a folder name; use letters, digits, '_', '-' and '.' (not first)",
          entity: entity.name)
      }
    }
    var lock: StoreLock?
    if !options.readOnly {
      try StoreFiles.makeDirectory(path)
      lock = try StoreLock.acquire(directory: path)
    }
    do {
      return try openLocked(lock)
    } catch {
      lock?.release()
      throw error
    }
  }

  private func openLocked(_ lock: StoreLock?) throws -> Opened {
    var overlay: [String: String] = [:]
    var readLock: CommitLock?
    if lock != nil {
      try CommitJournal.recover(directory: path)
    } else {
      readLock = try? CommitLock.acquire(directory: path, shared: true)
      if let (entries, _) = try CommitJournal.committedRecord(directory: path) {
        for (n, entry) in entries.enumerated() {
          let copy = path + "/" + CommitJournal.folder + "/\(n)"
          if StoreFiles.exists(copy) { overlay[entry.file] = copy }
        }
      }
    }
    defer { readLock?.release() }
    func read(_ file: String) throws(StoreError) -> [UInt8]? { try StoreFiles.readFile(overlay[file] ?? path + "/" + file) }
    guard let manifestBytes = try read("manifest.json") else {
      guard let lock else {
        throw StoreError(code: .notAStore, message: "\(path) is not a Folio store (no manifest.json); check the path", file: "manifest.json")
      }
      return try create(lock)
    }
    let manifest = try Manifest(bytes: manifestBytes)
    guard let schemaBytes = try read("schema.json") else {
      throw StoreError(code: .invalidManifest, message: "schema.json is missing; restore it from version control", file: "schema.json")
    }
    let fingerprint = schema.fingerprint
    func stored() throws(StoreError) -> Schema {
      try SchemaCopy.decode(schemaBytes, customRules: CustomRules(collectingFrom: schema))
    }
    let pending = options.migrations.filter { !manifest.migrations.contains($0.name) }
    if !pending.isEmpty {
      guard let lock else {
        throw StoreError(code: .readOnly, message: "the store needs migrations (\(pending.map(\.name).joined(separator: ", "))); open it once without readOnly to run them")
      }
      return try StoreMigrator(path: path, schema: schema, stored: try stored(), manifest: manifest, options: options)
        .migrate(pending, lock: lock)
    }
    if manifest.schemaFingerprint != fingerprint {
      let problems = SchemaCopy.incompatibilities(stored: try stored(), current: schema)
      if !problems.isEmpty {
        throw StoreError(
          code: .schemaMismatch,
          message: "the store was written with a different schema (\(problems.joined(separator: "; "))); declare a Migration for the change, or open with the schema the store was written with",
          file: "manifest.json", pointer: "/schemaFingerprint")
      }
    }
    let loaded = StoreLoader(directory: path, schema: schema, manifest: manifest, overlay: overlay).load()
    if options.validation == .strict, !loaded.problems.isEmpty {
      throw StoreValidationError(problems: loaded.problems)
    }
    var disk = DirectoryBacking(
      path: path, lock: lock, manifest: manifest, protectedFiles: loaded.protectedFiles, options: options)
    if lock != nil, manifest.schemaFingerprint != fingerprint || schemaBytes != SchemaCopy.bytes(schema) {
      try upgradeSchemaCopy(&disk, state: loaded.state)
    }
    return Opened(state: loaded.state, disk: disk, problems: loaded.problems)
  }

  /// Writes the current schema copy and fingerprint (and empty shards for new entities) after
  /// a compatible schema change, in one commit.
  private func upgradeSchemaCopy(_ disk: inout DirectoryBacking, state: StoreState) throws(StoreError) {
    var next = disk.manifest
    next.schemaFingerprint = schema.fingerprint
    var files: [(file: String, bytes: [UInt8])] = [("schema.json", SchemaCopy.bytes(schema))]
    for entity in schema.entities where next.entities[entity.name] == nil {
      let empty = ShardFile.bytes([:])
      next.entities[entity.name] = Manifest.EntityShards(shardBits: 0, shards: [Manifest.Shard(records: 0, checksum: ShardFile.checksum(empty))])
      files.append((ShardFile.path(entity: entity.name, index: 0), empty))
    }
    files.append(("manifest.json", next.bytes))
    try CommitJournal.save(directory: path, files: files, removals: [])
    disk.manifest = next
  }

  /// Creates a new, empty store in a directory holding nothing but Folio's own files.
  private func create(_ lock: StoreLock) throws -> Opened {
    let foreign = StoreFiles.list(path).filter { !isFolioName($0) }.sorted()
    guard foreign.isEmpty else {
      throw StoreError(
        code: .notAStore,
        message: "\(path) holds files that are not part of a Folio store (\(foreign.prefix(5).joined(separator: ", "))); choose an empty or new directory")
    }
    try StoreFiles.writeFile(Array(DirectoryBacking.gitignore.utf8), to: path + "/.gitignore", sync: true)
    // Make the new store directory's own entry durable in its parent.
    let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    try StoreFiles.syncPath(parent.isEmpty ? "/" : parent)
    var entities: [String: Manifest.EntityShards] = [:]
    var files: [(file: String, bytes: [UInt8])] = [("schema.json", SchemaCopy.bytes(schema))]
    let empty = ShardFile.bytes([:])
    for entity in schema.entities {
      entities[entity.name] = Manifest.EntityShards(shardBits: 0, shards: [Manifest.Shard(records: 0, checksum: ShardFile.checksum(empty))])
      files.append((ShardFile.path(entity: entity.name, index: 0), empty))
    }
    let manifest = Manifest(
      generation: 0, schemaFingerprint: schema.fingerprint, migrations: options.migrations.map(\.name),
      entities: entities)
    files.append(("manifest.json", manifest.bytes))
    try CommitJournal.save(directory: path, files: files, removals: [])
    let disk = DirectoryBacking(path: path, lock: lock, manifest: manifest, protectedFiles: [], options: options)
    return Opened(state: StoreState(schema: schema), disk: disk, problems: [])
  }
}
