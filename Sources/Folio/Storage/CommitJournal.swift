/// The journal that makes a multi-file save atomic (Documentation/Design/0001-commit-protocol.md).
///
/// 1. **Write**: every new file goes to `.folio/journal/<n>`, fsynced; then the commit record
///    `.folio/journal/commit.json` (targets and checksums) is written to a temporary name,
///    fsynced, renamed into place and the journal folder fsynced. That rename is the commit
///    point.
/// 2. **Apply**: under the exclusive commit lock, each journal file is renamed over its target
///    (content first, the local state `.folio/state.json` last), the touched folders are
///    fsynced, and the files the commit removes are removed (and entity folders left empty).
/// 3. **Clean up**: `commit.json` is removed, then the journal folder.
///
/// Opening a store recovers: a journal with a valid commit record is applied again (each step
/// is idempotent); a journal without one is discarded. So after a crash at any instant the next
/// open sees exactly the old state or exactly the new one.
enum CommitJournal {
  /// The journal folder's path inside the store (in the local folder, ignored by git).
  static let folder = ".folio/journal"
  /// Where format 1 kept its journal; recovered once, before a format-1 store is upgraded.
  static let legacyFolder = ".journal"

  /// Where a save may be stopped on purpose in tests, to leave the files a crash would leave.
  enum Stage: String, Sendable, CaseIterable {
    /// Some journal files written, no commit record.
    case journalPartlyWritten
    /// Every journal file written, no commit record.
    case journalWritten
    /// Commit record in place, nothing applied.
    case committed
    /// The first file moved into place, the rest (and the manifest) still in the journal.
    case partlyApplied
    /// Everything applied, the journal not yet removed.
    case applied
  }

  /// One file of a commit.
  struct Entry: Sendable, Hashable {
    /// The target path relative to the store.
    var file: String
    /// The file's checksum.
    var checksum: String
  }

  /// The thrown error that simulates a crash at a stage (tests only).
  static func simulatedCrash(_ stage: Stage) -> StoreError {
    StoreError(code: .ioFailure, message: "simulated crash after stage \(stage.rawValue)")
  }

  /// Writes `files` into the journal and commits them; then applies and removes the journal.
  ///
  /// - Parameters:
  ///   - files: New contents by path relative to the store; `manifest.json` must be among them.
  ///   - removals: Paths to remove once the new files are in place.
  ///   - stopAfter: Tests only: stop (throwing) after this stage, leaving the files as a crash would.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``). Before the commit point the store
  ///   is unchanged (a leftover journal is discarded on the next open); after it, the next open
  ///   completes the save.
  static func save(
    directory: String, files: [(file: String, bytes: [UInt8])], removals: [String], stopAfter: Stage? = nil
  ) throws(StoreError) {
    let journal = try begin(directory: directory)
    var staged: [Staged] = []
    // Write every file first and fsync them afterwards (in `commit`), so the disk works on all
    // of them at once instead of waiting for each in turn.
    for (n, item) in files.enumerated() {
      staged.append(try stage(item.bytes, as: item.file, name: "\(n)", in: journal))
    }
    try commit(directory: directory, staged: staged, removals: removals, stopAfter: stopAfter)
  }

  /// A file written into the journal, not yet committed.
  struct Staged: Sendable {
    /// Its name inside the journal folder.
    var name: String
    /// Its target and checksum.
    var entry: Entry
  }

  /// Starts a save: an empty journal folder (any leftover one, never committed, is discarded).
  ///
  /// - Returns: The journal folder's path.
  static func begin(directory: String) throws(StoreError) -> String {
    let journal = directory + "/" + folder
    try StoreFiles.removeTree(journal)
    try StoreFiles.makeDirectory(journal)
    return journal
  }

  /// Writes the new contents of `file` into the journal under `name`, without fsync. Safe to call
  /// from several threads at once for different names: a save writes its shards as they are
  /// encoded, so they need not all be held in memory together.
  ///
  /// - Parameter checksum: `ShardFile.checksum(bytes)` when the caller has it already.
  static func stage(
    _ bytes: [UInt8], as file: String, name: String, in journal: String, checksum: String? = nil
  ) throws(StoreError) -> Staged {
    try StoreFiles.writeFile(bytes, to: journal + "/" + name, sync: false)
    return Staged(name: name, entry: Entry(file: file, checksum: checksum ?? ShardFile.checksum(bytes)))
  }

  /// Commits the staged files (after ``begin(directory:)`` and ``stage(_:as:name:in:)``): numbers
  /// them in order, makes them durable, writes the commit record (the commit point), then
  /// applies and removes the journal.
  ///
  /// - Parameter wait: How long to wait for readers to release the commit lock after the commit
  ///   point; when they do not, the committed journal is left in place (readers read through
  ///   it) and `false` is returned: call ``recover(directory:folder:wait:)`` before the next save.
  /// - Returns: Whether the commit was applied and the journal removed.
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``), as ``save(directory:files:removals:stopAfter:)``.
  @discardableResult
  static func commit(
    directory: String, staged: [Staged], removals: [String], stopAfter: Stage? = nil,
    wait: Double = CommitLock.writerWait
  ) throws(StoreError) -> Bool {
    let journal = directory + "/" + folder
    // The commit record lists files by position: journal file `n` holds entry `n`.
    for (n, file) in staged.enumerated() where file.name != "\(n)" {
      try StoreFiles.move(journal + "/" + file.name, to: journal + "/\(n)")
    }
    if stopAfter == .journalPartlyWritten {
      for n in staged.indices.dropFirst() { try StoreFiles.removeFile(journal + "/\(n)") }
      throw simulatedCrash(.journalPartlyWritten)
    }
    // Every journal file is durable before the commit record is written; the fsyncs run side by
    // side on several threads so the file system groups them (strace: 143 sequential fsyncs were
    // 0.65 s of a 100k-record sync; a 1M store has a thousand shards).
    try StoreFiles.syncFiles(staged.indices.map { journal + "/\($0)" })
    if stopAfter == .journalWritten { throw simulatedCrash(.journalWritten) }
    let entries = staged.map(\.entry)
    let record: JSONValue = .object([
      "files": .array(entries.map { .object(["file": .string($0.file), "checksum": .string($0.checksum)]) }),
      "remove": .array(removals.map(JSONValue.string)),
    ])
    try StoreFiles.writeFile(JSONWriter.bytes(record, style: .pretty), to: journal + "/commit.json.tmp", sync: true)
    try StoreFiles.move(journal + "/commit.json.tmp", to: journal + "/commit.json")
    try StoreFiles.syncPath(journal)
    if stopAfter == .committed { throw simulatedCrash(.committed) }
    guard let lock = try CommitLock.acquireExclusive(directory: directory, waiting: wait) else { return false }
    defer { lock.release() }
    try apply(directory: directory, entries: entries, removals: removals, stopAfter: stopAfter)
    return true
  }

  /// Recovers from an interrupted save: completes a committed journal, discards an uncommitted
  /// one. Call with the writer lock held.
  ///
  /// - Returns: Whether a committed save was completed.
  /// - Throws: ``StoreError`` when the journal cannot be read or applied; the store is then left
  ///   as it was found, and opening again retries.
  ///
  /// - Parameter wait: How long to wait for readers to release the commit lock.
  /// - Throws: ``StoreError`` (``StoreError/Code/locked``) when readers hold the commit lock
  ///   longer than `wait`; nothing is changed then.
  @discardableResult
  static func recover(
    directory: String, folder: String = CommitJournal.folder, wait: Double = CommitLock.writerWait
  ) throws(StoreError) -> Bool {
    let journal = directory + "/" + folder
    guard StoreFiles.exists(journal) else { return false }
    guard let (entries, removals) = try committedRecord(directory: directory, folder: folder) else {
      try StoreFiles.removeTree(journal)
      return false
    }
    try StoreFiles.makeDirectory(directory + "/" + LocalState.folder)
    guard let lock = try CommitLock.acquireExclusive(directory: directory, waiting: wait) else {
      throw CommitLock.heldByReaders(wait)
    }
    defer { lock.release() }
    try apply(directory: directory, entries: entries, removals: removals, stopAfter: nil, folder: folder)
    return true
  }

  /// The commit record of a committed journal, or `nil` when there is none.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/invalidManifest``) when the record is damaged
  ///   or names a path that is not a file of a store (``StorePath/isStoreFile(_:)``): such a
  ///   journal is reported and never applied.
  static func committedRecord(directory: String, folder: String = CommitJournal.folder) throws(StoreError)
    -> ([Entry], [String])?
  {
    let path = directory + "/" + folder + "/commit.json"
    guard let bytes = try StoreFiles.readFile(path) else { return nil }
    func damaged(_ why: String) -> StoreError {
      StoreError(
        code: .invalidManifest,
        message: "the commit journal \(why), so it was not applied; if the store's files look right, remove \(folder) (else restore the store from version control or a backup)",
        file: folder + "/commit.json")
    }
    guard case .object(let record)? = try? JSONParser.parse(bytes), case .array(let files)? = record["files"],
      case .array(let removeList)? = record["remove"]
    else { throw damaged("is damaged") }
    var entries: [Entry] = []
    for item in files {
      guard case .string(let file)? = item["file"], case .string(let checksum)? = item["checksum"] else {
        throw damaged("is damaged")
      }
      guard StorePath.isStoreFile(file) else { throw damaged("lists \(JSONWriter.string(.string(file))), which is not a file of a store") }
      entries.append(Entry(file: file, checksum: checksum))
    }
    var removals: [String] = []
    for item in removeList {
      guard case .string(let file) = item, StorePath.isStoreFile(file) else {
        throw damaged("would remove \(JSONWriter.string(item)), which is not a file of a store")
      }
      removals.append(file)
    }
    return (entries, removals)
  }

  /// Moves committed journal files into place (idempotent), then removes the journal.
  private static func apply(
    directory: String, entries: [Entry], removals: [String], stopAfter: Stage?, folder: String = CommitJournal.folder
  ) throws(StoreError) {
    let journal = directory + "/" + folder
    var folders: Set<String> = [directory]
    for (n, entry) in entries.enumerated() {
      let target = directory + "/" + entry.file
      let parent = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
      if folders.insert(parent).inserted { try StoreFiles.makeDirectory(parent) }
      let source = journal + "/\(n)"
      if StoreFiles.exists(source) {
        try StoreFiles.move(source, to: target)
      } else {
        guard let bytes = try StoreFiles.readFile(target), ShardFile.checksum(bytes) == entry.checksum else {
          throw StoreError(
            code: .invalidManifest,
            message: "the commit journal lists \(entry.file), but neither the journal nor the store holds its committed bytes; restore the store from a backup",
            file: entry.file)
        }
      }
      if n == 0, stopAfter == .partlyApplied { throw simulatedCrash(.partlyApplied) }
    }
    for touched in folders.sorted() { try StoreFiles.syncPath(touched) }
    for file in removals {
      try StoreFiles.removeFile(directory + "/" + file)
      // An entity folder left empty goes too (git does not keep empty folders either).
      if let slash = file.lastIndex(of: "/") { StoreFiles.removeEmptyDirectory(directory + "/" + file[..<slash]) }
    }
    if stopAfter == .applied { throw simulatedCrash(.applied) }
    try StoreFiles.removeFile(journal + "/commit.json")
    try StoreFiles.syncPath(journal)
    try StoreFiles.removeTree(journal)
  }
}
