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
  /// Call it outside transactions (it waits for the running transaction to finish).
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

extension Store {
  /// Rewrites every shard file and the manifest of a directory store in canonical form, in one
  /// atomic commit, whether or not their bytes changed (a no-op for an in-memory store).
  ///
  /// Use it to normalise files after hand edits accepted by a lenient open, or to measure a
  /// full save. The generation does not change: the records are the same.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/protectedShard`` when a lenient open left
  ///   records out, ``StoreError/Code/readOnly``, ``StoreError/Code/ioFailure``). Before the
  ///   commit point the files are unchanged; after it, the next open completes the rewrite.
  /// - Complexity: O(*n*) in the size of the store.
  public func rewriteFiles() throws {
    try writer.withLock { backend throws(StoreError) in
      guard backend.disk != nil else { return }
      try backend.disk?.requireWritable()
      let state = self.state
      var dirty: [String: Set<Int>] = [:]
      for entity in state.schema.entities {
        dirty[entity.name] = Set(0..<(state.tables[entity.name]?.shardCount ?? 0))
      }
      try backend.disk?.save(state, dirty: dirty, force: true)
    }
  }
}
