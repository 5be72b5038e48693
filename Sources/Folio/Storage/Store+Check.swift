extension Store {
  /// Every broken invariant of the store, as readable sentences; empty when it is consistent.
  ///
  /// For every store: the in-memory checks of ``StoreState/invariantViolations()``. For a
  /// directory store also: the manifest lists every entity with the shard count in memory and
  /// the current generation; every shard file exists, matches its checksum and record count,
  /// and holds exactly the canonical bytes of the records in memory; entity folders hold no
  /// other files; and the problems a lenient open reported. `folio check` calls it, and every
  /// mutating test calls it afterwards.
  ///
  /// - Returns: One sentence per problem, starting with the file when one is concerned.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when a file cannot be read.
  ///   Nothing is written.
  /// - Complexity: O(*n* + *l*) in records and links, plus reading every shard.
  public func check() throws -> [String] {
    try writer.withLock { backend throws(StoreError) -> [String] in
      let state = self.state
      var problems = state.invariantViolations()
      guard let disk = backend.disk else { return problems }
      problems += loadProblems.map(\.description)
      let manifest = disk.manifest
      if manifest.generation != state.generation {
        problems.append("manifest.json: generation \(manifest.generation), but the store is at \(state.generation)")
      }
      for entity in state.schema.entities {
        guard let table = state.tables[entity.name] else { continue }
        guard let shards = manifest.entities[entity.name] else {
          problems.append("manifest.json: entity \(entity.name) is not listed")
          continue
        }
        if shards.shardBits != table.shardBits {
          problems.append("manifest.json: \(entity.name) has \(shards.shards.count) shards, memory has \(table.shardCount)")
          continue
        }
        var expectedFiles = Set<String>()
        for (index, shard) in shards.shards.enumerated() {
          let file = ShardFile.path(entity: entity.name, index: index)
          expectedFiles.insert(String(file.dropFirst(entity.name.count + 1)))
          guard let bytes = try StoreFiles.readFile(disk.path + "/" + file) else {
            problems.append("\(file): missing")
            continue
          }
          if ShardFile.checksum(bytes) != shard.checksum {
            problems.append("\(file): checksum \(ShardFile.checksum(bytes)) does not match the manifest's \(shard.checksum)")
          }
          if shard.records != table.shards[index].count {
            problems.append("\(file): the manifest records \(shard.records) records, memory holds \(table.shards[index].count)")
          }
          if !disk.protectedFiles.contains(file), bytes != ShardFile.bytes(table.shards[index]) {
            problems.append("\(file): the file does not hold the canonical bytes of the records in memory")
          }
        }
        for name in StoreFiles.list(disk.path + "/" + entity.name).sorted() where !expectedFiles.contains(name) {
          problems.append("\(entity.name)/\(name): not a shard listed in the manifest; remove it")
        }
      }
      return problems
    }
  }
}
