/// Runs pending migrations: reads every stored record as a raw document, applies the
/// migrations in order, and validates the result against the new schema. The opener saves it
/// all in one commit that also records the migrations in the schema copy.
struct StoreMigrator {
  let path: String
  let schema: Schema
  let stored: Schema
  let options: StoreOptions
  /// The key of the checksums recorded for the files read.
  let digest: FileDigest

  /// The migrated state, and the checksum of every content file read (all of them are
  /// rewritten or removed by the save that follows).
  struct Migrated {
    var state: StoreState
    var files: [String: String]
  }

  func migrate(_ pending: [Migration]) throws -> Migrated {
    var documents: [String: [JSONObject]] = [:]
    var files: [String: String] = [:]
    let loader = StoreLoader(directory: path, schema: stored, digest: digest)
    for entity in stored.entities {
      var records: [(RecordID?, JSONObject)] = []
      for file in loader.files(of: entity.name) {
        guard let bytes = try StoreFiles.readFile(path + "/" + file) else { continue }
        files[file] = digest.checksum(bytes)
        for item in try ShardFile.parse(bytes, file: file).arrayValue ?? [] {
          guard case .object(let record) = item else { continue }
          records.append((SchemaIndex.recordID(of: record, identifiers: entity.identifiers), record))
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
      documents[entity.name] = records.map(\.1)
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
    var state = StoreState(schema: schema)
    var problems: [StoreError] = []
    // The state's schema is in storage form: owned entities read their synthesized identifier.
    for entity in state.schema.entities {
      let checker = RecordChecker(entity)
      let records = documents[entity.name] ?? []
      var table = EntityTable(layout: state.index.layout(entity.name))
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
    var links = LinkChecker(state: state, loader: StoreLoader(directory: path, schema: schema, digest: digest), relayout: Set(schema.entities.map(\.name)))
    links.run()
    links.state.buildSecondaryIndexes()
    problems += links.problems
    guard problems.isEmpty else { throw StoreValidationError(problems: problems) }
    return Migrated(state: links.state, files: files)
  }
}
