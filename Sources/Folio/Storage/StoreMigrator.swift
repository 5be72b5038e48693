/// Runs pending migrations: reads every stored record as a raw document, applies the
/// migrations in order, validates the result against the new schema, and saves it all in one
/// commit that also records the migrations, the new schema copy and fingerprint.
struct StoreMigrator {
  let path: String
  let schema: Schema
  let stored: Schema
  let manifest: Manifest
  let options: StoreOptions

  func migrate(_ pending: [Migration], lock: StoreLock) throws -> StoreOpener.Opened {
    var documents: [String: [JSONObject]] = [:]
    var oldFiles: [String] = []
    for (entity, shards) in manifest.entities {
      let identifiers = stored.entity(named: entity)?.identifiers ?? []
      var records: [(RecordID?, JSONObject)] = []
      for index in shards.shards.indices {
        let file = ShardFile.path(entity: entity, index: index)
        oldFiles.append(file)
        guard let bytes = try StoreFiles.readFile(path + "/" + file) else {
          throw StoreError(code: .missingShard, message: "the shard file listed in the manifest is missing; restore it before migrating", entity: entity, file: file)
        }
        for item in try ShardFile.parse(bytes, file: file).arrayValue ?? [] {
          guard case .object(let record) = item else { continue }
          records.append((SchemaIndex.recordID(of: record, identifiers: identifiers), record))
        }
      }
      records.sort { a, b in
        switch (a.0, b.0) {
        case (let x?, let y?): return x < y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return false
        }
      }
      documents[entity] = records.map(\.1)
    }
    for migration in pending {
      do {
        try migration.body(&documents)
      } catch {
        throw StoreError(
          code: .migrationFailed,
          message: "migration '\(migration.name)' failed: \(error); fix the migration and open again (nothing was written)")
      }
    }
    var state = StoreState(schema: schema, generation: manifest.generation + 1)
    var problems: [StoreError] = []
    for entity in schema.entities {
      let checker = RecordChecker(entity)
      let records = documents[entity.name] ?? []
      var table = EntityTable(shardBits: EntityTable.shardBits(forCount: records.count, current: 0))
      for (position, record) in records.enumerated() {
        let checked = checker.check(record)
        guard checked.problems.isEmpty, let id = checked.id, table[id] == nil else {
          let messages = checked.problems.map(\.message) + (checked.id.map { table[$0] != nil ? ["\(entity.name) \($0) appears twice"] : [] } ?? [])
          problems.append(
            StoreError(
              code: .invalidStoredRecord,
              message: "after migrating, " + messages.joined(separator: "; ") + "; fix the migration",
              entity: entity.name, id: checked.id, pointer: "/\(ShardFile.escapePointer(entity.name))/\(position)"))
          continue
        }
        table.set(checked.record, for: id)
      }
      state.tables[entity.name] = table
    }
    var links = LinkChecker(state: state, loader: StoreLoader(directory: path, schema: schema, manifest: manifest))
    links.run()
    problems += links.problems
    guard problems.isEmpty else { throw StoreValidationError(problems: problems) }
    state = links.state

    var next = Manifest(
      generation: state.generation, schemaFingerprint: schema.fingerprint,
      migrations: manifest.migrations + pending.map(\.name), entities: [:])
    var files: [(file: String, bytes: [UInt8])] = [("schema.json", SchemaCopy.bytes(schema))]
    for entity in schema.entities {
      guard let table = state.tables[entity.name] else { continue }
      var shards: [Manifest.Shard] = []
      for (index, shard) in table.shards.enumerated() {
        let bytes = ShardFile.bytes(shard)
        shards.append(Manifest.Shard(records: shard.count, checksum: ShardFile.checksum(bytes)))
        files.append((ShardFile.path(entity: entity.name, index: index), bytes))
      }
      next.entities[entity.name] = Manifest.EntityShards(shardBits: table.shardBits, shards: shards)
    }
    files.append(("manifest.json", next.bytes))
    let written = Set(files.map(\.file))
    try CommitJournal.save(directory: path, files: files, removals: oldFiles.filter { !written.contains($0) }.sorted())
    let disk = DirectoryBacking(path: path, lock: lock, manifest: next, protectedFiles: [], options: options)
    return StoreOpener.Opened(state: state, disk: disk, problems: [])
  }
}
