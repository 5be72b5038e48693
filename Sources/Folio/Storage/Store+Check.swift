extension Store {
  /// Every broken invariant of the store, as readable sentences; empty when it is consistent.
  ///
  /// For every store: the in-memory checks of ``StoreState/invariantViolations()``. For a
  /// directory store also the problems the open found (a lenient open's skipped records, each
  /// with file, line, column and JSON pointer). A store opened for writing also reads its files
  /// again: each must still hold what Folio last wrote or read (no other process may change
  /// them while the writer lock is held). A read-only store checks what it read when it
  /// opened, so a check beside a committing writer sees one committed state, like every reader.
  /// Files that hold valid records but not in canonical form are not problems: see
  /// ``nonCanonicalFiles()``. `folio check` calls it, and every mutating test calls it
  /// afterwards.
  ///
  /// Call it outside transactions (it waits for the running transaction to finish).
  ///
  /// - Returns: One sentence per problem, starting with the file when one is concerned.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when a file cannot be read.
  ///   Nothing is written.
  /// - Complexity: O(*n* + *l*) in records and links, plus reading every file when writable.
  public func check() throws -> [String] {
    try writer.withLock { backend throws(StoreError) -> [String] in
      var problems = state.invariantViolations()
      guard let disk = backend.disk else { return problems }
      // An orphaned owned record is named by the file and line that hold it.
      for orphan in state.ownershipProblems() {
        guard let at = problems.firstIndex(of: orphan.message),
          let location = try Self.location(of: orphan.key.entity, orphan.key.id, in: state, disk: disk)
        else { continue }
        problems[at] = "\(location): \(orphan.message)"
      }
      problems += loadProblems.map(\.description)
      // A read-only store checks what it read; a writer whose last commit waits in the journal
      // (readers held the commit lock) has files that are not all in place yet.
      guard disk.lock != nil, !disk.hasPendingJournal else { return problems }
      for entity in state.schema.entities {
        var onDisk = disk.filesOnDisk(of: entity.name)
        for (file, checksum) in disk.local.files.sorted(by: { $0.key < $1.key }) where file.hasPrefix(entity.name + "/") {
          onDisk.remove(file)
          guard let bytes = try StoreFiles.readFile(disk.path + "/" + file) else {
            problems.append("\(file): missing, although Folio wrote it; restore it from version control")
            continue
          }
          if disk.local.digest.checksum(bytes) != checksum {
            problems.append("\(file): changed on disk while the store was open for writing; close the store and open it again")
          }
        }
        for file in onDisk.sorted() {
          problems.append("\(file): appeared while the store was open for writing; close the store and open it again")
        }
      }
      return problems
    }
  }

  /// The content files that hold valid records but not as Folio writes them: other whitespace
  /// or line endings (CRLF), members or records out of order, a derived link side written out,
  /// or records in a file other than the one the layout gives them. Each is rewritten when
  /// Folio next writes it, or at once by ``canonicalizeFiles()`` (`folio check --fix`).
  ///
  /// - Returns: Sentences starting with the file, in file order; empty for an in-memory store.
  /// - Complexity: O(*n*) in the size of the store (every file's canonical bytes are computed).
  public func nonCanonicalFiles() -> [String] {
    writer.withLock { backend -> [String] in
      guard let disk = backend.disk else { return [] }
      let expected = Self.canonicalChecksums(state, digest: disk.local.digest)
      var notes: [String] = []
      for (file, checksum) in disk.local.files.sorted(by: { $0.key < $1.key }) where !disk.protectedFiles.contains(file) {
        guard let canonical = expected[file] else {
          notes.append("\(file): its records belong in other files of the entity (the layout puts each record in one file); folio check --fix moves them")
          continue
        }
        if canonical != checksum {
          notes.append("\(file): valid, but not in canonical form (line endings, spacing, order, or a derived link written out); folio check --fix rewrites it")
        }
      }
      return notes
    }
  }

  /// Rewrites every file that ``nonCanonicalFiles()`` lists in canonical form, and moves every
  /// record to the file the layout gives it, in one atomic commit. Files already canonical are
  /// not touched; the records and the generation do not change.
  ///
  /// - Returns: The number of files written or removed.
  /// - Throws: ``StoreError`` (``StoreError/Code/protectedShard`` when a lenient open left
  ///   records out, ``StoreError/Code/readOnly``, ``StoreError/Code/ioFailure``). Before the
  ///   commit point the files are unchanged; after it, the next open completes the rewrite.
  @discardableResult
  public func canonicalizeFiles() throws -> Int {
    try writer.withLock { backend throws(StoreError) -> Int in
      guard backend.disk != nil else { return 0 }
      try backend.disk?.requireWritable()
      try refreshFromDisk(&backend)
      guard var disk = backend.disk else { return 0 }
      let before = disk.local.files
      let state = self.state
      var dirty: [String: Set<UInt64>] = [:]
      for entity in state.schema.entities { dirty[entity.name] = [] }
      disk.relayout.formUnion(dirty.keys)
      defer { backend.disk = disk }
      try disk.save(state, dirty: dirty)
      let after = disk.local.files
      return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.count
    }
  }

  /// The checksum of the canonical bytes of every file the layout gives `state`'s records.
  static func canonicalChecksums(_ state: StoreState, digest: FileDigest) -> [String: String] {
    var result: [String: String] = [:]
    for entity in state.schema.entities {
      guard let table = state.tables[entity.name] else { continue }
      for (position, name) in table.chunkNames.enumerated() where !table.chunks[position].isEmpty {
        let bytes = ShardFile.bytes(
          table.chunks[position], skipping: state.index.derivedRelationships(of: entity.name))
        result[ShardLayout.path(entity: entity.name, name: name)] = digest.checksum(bytes)
      }
    }
    return result
  }
}

extension Store {
  /// Rewrites every content file of a directory store in canonical form, in one atomic commit,
  /// whether or not their bytes changed (a no-op for an in-memory store).
  ///
  /// Use it to measure a full save; ``canonicalizeFiles()`` writes only the files that differ.
  /// The generation does not change: the records are the same.
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
      var dirty: [String: Set<UInt64>] = [:]
      for entity in state.schema.entities { dirty[entity.name] = [] }
      try backend.disk?.save(state, dirty: dirty, force: true)
    }
  }
}
