import Dispatch
import Synchronization

/// The files behind a directory store, owned by the store's writer: what Folio knows of the
/// files on disk (the local state), the writer lock, and the files a lenient open protected.
struct DirectoryBacking: Sendable {
  /// The store directory.
  let path: String
  /// The writer lock; `nil` when opened read-only.
  let lock: StoreLock?
  /// The generation and the checksum of every content file as it is on disk.
  var local: LocalState
  /// Content files (relative paths) whose records a lenient open left out: never overwritten.
  var protectedFiles: Set<String>
  /// Entities whose files do not hold exactly the chunks of the layout (records added to
  /// another file by hand): their next save rewrites every file of theirs that differs.
  var relayout: Set<String>
  let options: StoreOptions
  /// Set when a save failed after its commit point: the files hold a newer state than memory.
  var isPoisoned = false
  /// Set when the last commit could not be moved into place because readers held the commit
  /// lock: its journal waits, committed (readers read through it), until the next save.
  var hasPendingJournal = false
  /// Set when files changed outside Folio since the store read them: the store reads them
  /// again before its next transaction (``Store/refreshFromDisk(_:)``).
  var needsReload = false
  /// What each content file looked like when the store last read or wrote it, to notice a
  /// change made outside Folio without reading every file (``FileStamp``).
  var stamps: [String: FileStamp] = [:]
  /// Receives a report per file while a sync's save encodes and stages its files; set for the
  /// duration of one save by ``Store/apply(_:)`` and ``Store/sync(_:into:options:)``.
  var progress: SyncProgress.Handler?

  /// The `.gitignore` written into every store: the local folder is not content.
  static let gitignore = "# Folio: the local folder (lock, commit journal, local state) is not part of the store's content; no slash, so that a link named .folio is ignored too.\n.folio\n"
  /// The `.gitattributes` written into every store: LF line endings in every file, and Folio's
  /// record-level merge driver for shard files (`folio init` prints the `git config` lines that
  /// define it; without them git merges the files as text).
  static let gitattributes = "# Folio: store files are LF text; shard files merge record by record with 'folio merge-driver'.\n* text eol=lf\n*/*.json merge=folio\n"

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

  /// One file a save considers writing.
  private struct Job: Sendable {
    var entity: String
    var name: String
    /// The chunk's position in the entity's table.
    var position: Int
    var file: String { ShardLayout.path(entity: entity, name: name) }
  }

  /// Saves `state`: rewrites the files of the chunks listed in `dirty` whose bytes changed
  /// (every differing file of an entity marked for re-layout), removes the files of chunks that
  /// no longer exist, and updates the local state, in one atomic journal commit.
  ///
  /// - Parameters:
  ///   - dirty: Entity name → the chunks whose records changed, by the hash their file names
  ///     spell (``EntityTable/chunkHash(_:)``).
  ///   - force: Write every considered file even when its bytes are unchanged.
  ///   - extra: Other store files to write in the same commit (the schema copy, git settings).
  ///   - extraRemovals: Other store files to remove in the same commit.
  /// - Throws: ``StoreError`` (``StoreError/Code/protectedShard``,
  ///   ``StoreError/Code/identifierCollision``, ``StoreError/Code/locked`` when the lock file was
  ///   replaced, ``StoreError/Code/ioFailure``). Before the commit point the files are
  ///   unchanged; after it, the next open completes the save.
  mutating func save(
    _ state: StoreState, dirty: [String: Set<UInt64>], force: Bool = false,
    extra: [(file: String, bytes: [UInt8])] = [], extraRemovals: [String] = []
  ) throws(StoreError) {
    try requireWritable()
    var jobs: [Job] = []
    var removals: [String] = []
    for (entity, changed) in dirty.sorted(by: { $0.key < $1.key }) {
      guard let table = state.tables[entity] else { continue }
      if let id = table.collisions.sorted().first {
        throw StoreError(
          code: .identifierCollision,
          message: "cannot save: \(entity) \(id) has the same boundary hash as another identifier of \(entity) (a FNV-1a collision), so both would name one file; change one of the identifiers",
          entity: entity, id: id)
      }
      // Chunks and files are matched by the hash their names spell, not by name: a save looks
      // at every chunk of the entities it writes, and formatting a thousand names and paths
      // was most of a one-record save's own work in a 1M store (callgrind).
      let all = force || relayout.contains(entity)
      var kept = Set<UInt64>(minimumCapacity: table.chunks.count)
      // An empty chunk (only the head can be one) has no file.
      for position in table.chunks.indices where !table.chunks[position].isEmpty {
        let hash = table.chunkHash(position)
        kept.insert(hash)
        if all || changed.contains(hash) {
          jobs.append(Job(entity: entity, name: ShardLayout.name(hash: hash), position: position))
        }
      }
      let folder = entity + "/"
      removals += local.files.keys.filter { file in
        switch ShardLayout.match(file, folder: folder) {
        case .elsewhere: false
        case .chunk(let hash): !kept.contains(hash)
        case .other: true  // no chunk's file
        }
      }.sorted()
      if !protectedFiles.isEmpty,
        let file = (jobs.filter { $0.entity == entity }.map(\.file) + removals).first(where: protectedFiles.contains)
      {
        throw StoreError(
          code: .protectedShard,
          message: "cannot save: \(file) had records left out by a lenient open and would lose them; fix the file (folio check lists its problems), then open the store again",
          entity: entity, file: file)
      }
    }
    try lock?.verify()
    if hasPendingJournal {
      let recovery = try CommitJournal.recover(directory: path, digest: local.digest, wait: options.commitLockWait)
      hasPendingJournal = false
      if let note = recovery.note {
        // The last commit never reached the files: they changed outside Folio meanwhile.
        needsReload = true
        throw StoreError(code: .changedOutside, message: note.message, file: note.file)
      }
    }
    // The folders of the entities written must hold the files this store read or wrote, no
    // more and no fewer: a file added or removed outside Folio (a pull, a checkout) means the
    // records in memory are not what the files hold.
    let changedFolders = dirty.keys.sorted().filter { entity in
      filesOnDisk(of: entity) != Set(local.files.keys.filter { $0.hasPrefix(entity + "/") })
    }
    if let entity = changedFolders.first {
      needsReload = true
      throw StoreError(
        code: .changedOutside,
        message: "files were added to or removed from \(entity)/ outside Folio while the store was open (a pull or a checkout), so nothing was written; the store reads the files again before its next change: make the change again",
        entity: entity, file: entity + "/")
    }
    // Each worker encodes a chunk, skips it when its bytes are what the disk holds, and
    // otherwise writes it into the journal at once, so encoded files are never all in memory
    // together (a 1M store's files are 300 MB) and the writes run beside the encoding.
    let allJobs = jobs
    let journal = try CommitJournal.begin(directory: path)
    let next: LocalState
    do {
      (next, hasPendingJournal) = try stageAndCommit(
        state, jobs: allJobs, journal: journal, force: force, extra: extra, removals: removals + extraRemovals)
    } catch {
      throw failedSave(error, generation: state.generation)
    }
    for (file, checksum) in next.files where local.files[file] != checksum {
      stamps[file] = hasPendingJournal ? nil : FileStamp.of(path + "/" + file)
    }
    for file in local.files.keys where next.files[file] == nil { stamps[file] = nil }
    local = next
    relayout.subtract(dirty.keys)
  }

  /// Encodes and stages the jobs' files in parallel, then the extra files and the local state,
  /// and commits them all.
  ///
  /// - Returns: The local state the commit wrote, and whether its journal still waits to be
  ///   moved into place (readers held the commit lock).
  private func stageAndCommit(
    _ state: StoreState, jobs allJobs: [Job], journal: String, force: Bool,
    extra: [(file: String, bytes: [UInt8])], removals: [String]
  ) throws(StoreError) -> (LocalState, Bool) {
    let results = Slots<Result<(checksum: String, staged: CommitJournal.Staged?), StoreError>>(count: allJobs.count)
    let onDisk = local.files
    let digest = local.digest
    let index = state.index
    let progress = self.progress
    let written = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: allJobs.count) { n in
      let job = allJobs[n]
      guard let table = state.tables[job.entity] else { return }
      defer {
        if let progress {
          let done = written.add(1, ordering: .relaxed).newValue
          progress(SyncProgress(phase: .writing, completed: done, total: allJobs.count))
        }
      }
      let bytes = ShardFile.bytes(
        table.chunks[job.position], skipping: index.derivedRelationships(of: job.entity))
      let checksum = digest.checksum(bytes)
      if !force, onDisk[job.file] == checksum {
        results[n] = .success((checksum, nil))
        return
      }
      do throws(StoreError) {
        // What the file held when this store read or wrote it: the commit replaces exactly
        // that, or nothing (``CommitJournal``).
        let staged = try CommitJournal.stage(
          bytes, as: job.file, name: "s\(n)", in: journal, checksum: checksum, before: onDisk[job.file])
        results[n] = .success((checksum, staged))
      } catch {
        results[n] = .failure(error)
      }
    }
    var next = local
    next.generation = state.generation
    var staged: [CommitJournal.Staged] = []
    for (n, job) in allJobs.enumerated() {
      guard let result = results[n] else { continue }
      let (checksum, file) = try result.get()
      next.files[job.file] = checksum
      if let file { staged.append(file) }
    }
    var removed: [CommitJournal.Removal] = []
    for file in removals {
      // A content file is removed only if it still holds what this store read; another file
      // (the manifest of format 1) as it is now.
      var before = local.files[file]
      if before == nil { before = try StoreFiles.readFile(path + "/" + file).map(digest.checksum) }
      next.files[file] = nil
      if let before { removed.append(CommitJournal.Removal(file: file, before: before)) }
    }
    // The other files are Folio's own (the schema copy, git settings, the local state): they
    // replace what they find.
    func current(_ file: String) throws(StoreError) -> String? {
      try StoreFiles.readFile(path + "/" + file).map(digest.checksum)
    }
    for (n, item) in extra.enumerated() {
      staged.append(
        try CommitJournal.stage(
          item.bytes, as: item.file, name: "s-extra\(n)", in: journal, checksum: digest.checksum(item.bytes),
          before: try current(item.file)))
    }
    next.home = LocalState.identity(ofStore: path)
    let stateBytes = next.encoded()
    staged.append(
      try CommitJournal.stage(
        stateBytes, as: LocalState.file, name: "s-state", in: journal, checksum: digest.checksum(stateBytes),
        before: try current(LocalState.file)))
    let applied = try CommitJournal.commit(
      directory: path, digest: digest, staged: staged, removals: removed, stopAfter: options.stopSavesAfter,
      wait: options.commitLockWait)
    return (next, !applied)
  }

  /// The error a failed save reports. Before the commit point, what the save staged is removed
  /// (a full disk gets its space back at once) and the files are as they were. After it, the
  /// change *is* committed: readers already see it and the next writer finishes it, so the
  /// error says so (``StoreError/Code/committedNotFinished``), and this store refuses further
  /// saves until it is opened again.
  private mutating func failedSave(_ error: StoreError, generation: UInt64) -> StoreError {
    if error.code == .changedOutside {
      // Nothing was written (the journal put every file back and removed itself); the
      // records in memory are older than the files.
      needsReload = true
      return error
    }
    guard (try? CommitJournal.committedRecord(directory: path)) != nil else {
      // A crash simulated by a test leaves the journal as a crash would.
      if options.stopSavesAfter == nil { try? StoreFiles.removeTree(path + "/" + CommitJournal.folder) }
      return error
    }
    isPoisoned = true
    return StoreError(
      code: .committedNotFinished,
      message: "the change was committed as generation \(generation) and readers see it, but moving its files into place failed (\(error.message)); the next open of the store for writing finishes it",
      entity: error.entity, file: error.file)
  }
}
