import Dispatch

/// The files behind a directory store, owned by the store's writer: the manifest as last saved,
/// the writer lock, and the shards a lenient open protected.
struct DirectoryBacking: Sendable {
  /// The store directory.
  let path: String
  /// The writer lock; `nil` when opened read-only.
  let lock: StoreLock?
  /// The manifest as last saved.
  var manifest: Manifest
  /// Shard files (relative paths) whose records a lenient open left out: never overwritten.
  var protectedFiles: Set<String>
  let options: StoreOptions
  /// Set when a save failed after its commit point: the files hold a newer state than memory.
  var isPoisoned = false

  /// The `.gitignore` written into every store: lock files and the journal are not content.
  static let gitignore = "# Folio: lock files and the commit journal are not part of the store's content.\nlock\ncommit.lock\n.journal/\n"

  /// Throws unless transactions may save.
  func requireWritable() throws(StoreError) {
    if lock == nil {
      throw StoreError(
        code: .readOnly,
        message: "the store at \(path) was opened read-only; open it without readOnly to change it")
    }
    if isPoisoned {
      throw StoreError(
        code: .ioFailure,
        message: "an earlier save of \(path) failed after its commit point; close the store and open it again to finish that save")
    }
  }

  /// Saves `state`: rewrites the shards in `dirty` whose bytes changed, and the manifest, in one
  /// atomic journal commit.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/protectedShard``, ``StoreError/Code/ioFailure``).
  ///   Before the commit point the files are unchanged; after it, the next open completes the save.
  mutating func save(_ state: StoreState, dirty: [String: Set<Int>], force: Bool = false) throws(StoreError) {
    try requireWritable()
    var next = manifest
    next.generation = state.generation
    var jobs: [(entity: String, index: Int)] = []
    for (entity, shards) in dirty.sorted(by: { $0.key < $1.key }) {
      guard let table = state.tables[entity] else { continue }
      let resharded = next.entities[entity]?.shardBits != table.shardBits
      for index in (resharded ? Set(0..<table.shardCount) : shards).sorted() {
        jobs.append((entity, index))
      }
      let guarded = resharded
        ? protectedFiles.filter { $0.hasPrefix(entity + "/") }
        : protectedFiles.intersection(shards.map { ShardFile.path(entity: entity, index: $0) })
      if let file = guarded.sorted().first {
        throw StoreError(
          code: .protectedShard,
          message: "cannot save: \(file) had records left out by a lenient open and would lose them; fix the file, then open the store again",
          entity: entity, file: file)
      }
      if resharded {
        next.entities[entity] = Manifest.EntityShards(
          shardBits: table.shardBits, shards: Array(repeating: Manifest.Shard(records: -1, checksum: ""), count: table.shardCount))
      }
    }
    // Each worker encodes a shard, skips it when its bytes are unchanged, and otherwise writes
    // it into the journal at once, so encoded shards are never all in memory together (a 1M
    // store's shards are 300 MB) and the writes run in parallel with the encoding.
    let allJobs = jobs
    let journal = try CommitJournal.begin(directory: path)
    let results = Slots<Result<(shard: Manifest.Shard, staged: CommitJournal.Staged?), StoreError>>(count: allJobs.count)
    let previous = next
    DispatchQueue.concurrentPerform(iterations: allJobs.count) { n in
      let job = allJobs[n]
      let records = state.tables[job.entity]?.shards[job.index] ?? [:]
      let bytes = ShardFile.bytes(records)
      let shard = Manifest.Shard(records: records.count, checksum: ShardFile.checksum(bytes))
      if !force, previous.entities[job.entity]?.shards[job.index] == shard {
        results[n] = .success((shard, nil))
        return
      }
      let file = ShardFile.path(entity: job.entity, index: job.index)
      do throws(StoreError) {
        results[n] = .success((shard, try CommitJournal.stage(bytes, as: file, name: "s\(n)", in: journal, checksum: shard.checksum)))
      } catch {
        results[n] = .failure(error)
      }
    }
    var staged: [CommitJournal.Staged] = []
    for (n, job) in allJobs.enumerated() {
      guard let result = results[n] else { continue }
      let (shard, file) = try result.get()
      guard let file else { continue }
      next.entities[job.entity]?.shards[job.index] = shard
      staged.append(file)
    }
    staged.append(try CommitJournal.stage(next.bytes, as: "manifest.json", name: "s-manifest", in: journal))
    do {
      try CommitJournal.commit(directory: path, staged: staged, removals: [], stopAfter: options.stopSavesAfter)
    } catch {
      if (try? CommitJournal.committedRecord(directory: path)) != nil { isPoisoned = true }
      throw error
    }
    manifest = next
  }
}
