import FolioJSON

/// The journal that makes a multi-file save atomic (Documentation/Design/0001-commit-protocol.md).
///
/// 1. **Write**: every new file goes to `.folio/journal/<n>`, fsynced; then the commit record
///    `.folio/journal/commit.json` is written to a temporary name, fsynced, renamed into place
///    and the journal folder fsynced. That rename is the commit point. The record names, for
///    each file, its new checksum and the checksum of what it replaces (its pre-image, or none
///    for a new file), and the working copy's owner mark (``ownerMark(_:)``).
/// 2. **Apply**, under the exclusive commit lock: every file the commit replaces or removes is
///    set aside into the journal (`o<n>`, `r<n>`), and what was set aside is checked against
///    its pre-image: when anything changed outside Folio since the store read it (an editor
///    saved it, a pull or a checkout rewrote it), or a file appeared where a new one goes, the
///    files set aside go back, the commit record is removed and the save fails with
///    ``StoreError/Code/changedOutside``: nothing is overwritten. Otherwise each journal file
///    is moved into place (never over a file that appeared meanwhile), the touched folders are
///    fsynced, and what was set aside is removed.
/// 3. **Clean up**: `commit.json` is removed, then the journal folder.
///
/// Opening a store recovers: a journal without a commit record is discarded; a committed one
/// is applied again only when it is this working copy's (its owner mark is made with the local
/// state's key) and every file it names still holds its pre-image or already its new bytes.
/// Anything else (a journal that came in a commit or a copy; one whose files a checkout
/// changed since) is ignored and reported (``StoreError/Code/journalIgnored``): the content on
/// disk is the truth.
enum CommitJournal {
  /// The journal folder's path inside the store (in the local folder, ignored by git).
  static let folder = ".folio/journal"
  /// Where format 1 kept its journal. It carries no owner mark, so it is never applied: a
  /// format-1 store found with one is reported and opened as its files are.
  static let legacyFolder = ".journal"

  /// Where a save may be stopped on purpose in tests, to leave the files a crash would leave.
  enum Stage: String, Sendable, CaseIterable {
    /// Some journal files written, no commit record.
    case journalPartlyWritten
    /// Every journal file written, no commit record.
    case journalWritten
    /// Commit record in place, nothing applied.
    case committed
    /// The files to replace set aside into the journal, nothing moved into place.
    case setAside
    /// The first file moved into place, the rest (and the local state) still in the journal.
    case partlyApplied
    /// Everything applied, the journal not yet removed.
    case applied
  }

  /// One file a commit writes.
  struct Entry: Sendable, Hashable {
    /// The target path relative to the store.
    var file: String
    /// The new bytes' checksum.
    var checksum: String
    /// The checksum of the bytes it replaces, or `nil` when no file is there.
    var before: String?
  }

  /// One file a commit removes.
  struct Removal: Sendable, Hashable {
    /// The path relative to the store.
    var file: String
    /// The checksum of the bytes it removes.
    var before: String
  }

  /// A commit record.
  struct Record: Sendable, Hashable {
    /// The owner mark of the working copy that wrote it.
    var owner: String
    var entries: [Entry]
    var removals: [Removal]
  }

  /// What recovering found.
  enum Recovery: Sendable {
    /// No journal, or one never committed (discarded).
    case nothing
    /// A committed journal was applied: these files were written or removed.
    case applied([String])
    /// A committed journal was ignored (and, by a writer, removed); the note says why.
    case ignored(StoreError)

    /// The note of an ignored journal.
    var note: StoreError? {
      if case .ignored(let note) = self { return note }
      return nil
    }
  }

  /// The mark a commit record carries to show that this working copy wrote it: the checksum,
  /// under the working copy's secret key, of a fixed text. A journal made anywhere else (and
  /// committed to git, or copied in) cannot carry it.
  static func ownerMark(_ digest: FileDigest) -> String {
    digest.checksum("folio commit journal")
  }

  /// The thrown error that simulates a crash at a stage (tests only).
  static func simulatedCrash(_ stage: Stage) -> StoreError {
    StoreError(code: .ioFailure, message: "simulated crash after stage \(stage.rawValue)")
  }

  /// A file written into the journal, not yet committed.
  struct Staged: Sendable {
    /// Its name inside the journal folder.
    var name: String
    /// Its target and checksums.
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
  /// - Parameters:
  ///   - checksum: The bytes' checksum under the working copy's key.
  ///   - before: The checksum of the file it replaces, `nil` when none is there.
  static func stage(
    _ bytes: [UInt8], as file: String, name: String, in journal: String, checksum: String, before: String?
  ) throws(StoreError) -> Staged {
    try StoreFiles.writeFile(bytes, to: journal + "/" + name, sync: false)
    return Staged(name: name, entry: Entry(file: file, checksum: checksum, before: before))
  }

  /// Commits the staged files (after ``begin(directory:)`` and ``stage(_:as:name:in:checksum:before:)``):
  /// numbers them in order, makes them durable, writes the commit record (the commit point),
  /// then applies and removes the journal.
  ///
  /// - Parameter wait: How long to wait for readers to release the commit lock after the commit
  ///   point; when they do not, the committed journal is left in place (readers read through
  ///   it) and `false` is returned: call ``recover(directory:digest:folder:wait:)`` before the
  ///   next save.
  /// - Returns: Whether the commit was applied and the journal removed.
  /// - Throws: ``StoreError``: ``StoreError/Code/changedOutside`` when a file it would replace
  ///   or remove changed outside Folio (nothing is written then, and the journal is removed);
  ///   ``StoreError/Code/ioFailure`` before the commit point (the store is unchanged) or after
  ///   it (the next open completes the save).
  @discardableResult
  static func commit(
    directory: String, digest: FileDigest, staged: [Staged], removals: [Removal], stopAfter: Stage? = nil,
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
    let record = Record(owner: ownerMark(digest), entries: staged.map(\.entry), removals: removals)
    try StoreFiles.writeFile(bytes(record), to: journal + "/commit.json.tmp", sync: true)
    try StoreFiles.move(journal + "/commit.json.tmp", to: journal + "/commit.json")
    try StoreFiles.syncPath(journal)
    if stopAfter == .committed { throw simulatedCrash(.committed) }
    guard let lock = try CommitLock.acquireExclusive(directory: directory, waiting: wait) else { return false }
    defer { lock.release() }
    try apply(directory: directory, record: record, digest: digest, stopAfter: stopAfter)
    return true
  }

  /// Recovers from an interrupted save: completes a committed journal of this working copy
  /// whose files still hold their pre-images (or already their new bytes), ignores and removes
  /// any other (``Recovery/ignored(_:)``), discards an uncommitted one. Call with the writer
  /// lock held.
  ///
  /// - Parameters:
  ///   - digest: The key of this working copy's local state; `nil` when it has none (every
  ///     committed journal is then foreign).
  ///   - wait: How long to wait for readers to release the commit lock.
  /// - Throws: ``StoreError`` when the journal cannot be read or applied (the store is then
  ///   left as it was found, and opening again retries), ``StoreError/Code/locked`` when
  ///   readers hold the commit lock longer than `wait` (nothing is changed then).
  @discardableResult
  static func recover(
    directory: String, digest: FileDigest?, folder: String = CommitJournal.folder,
    wait: Double = CommitLock.writerWait
  ) throws(StoreError) -> Recovery {
    let journal = directory + "/" + folder
    guard StoreFiles.exists(journal) else { return .nothing }
    let found: Record?
    do throws(StoreError) {
      found = try committedRecord(directory: directory, folder: folder)
    } catch {
      return .ignored(try keepIgnored(journal, directory: directory, note: error))
    }
    guard let record = found else {
      try StoreFiles.removeTree(journal)
      return .nothing
    }
    guard let digest, record.owner == ownerMark(digest) else {
      return .ignored(try keepIgnored(journal, directory: directory, note: foreign(folder)))
    }
    try StoreFiles.makeDirectory(directory + "/" + LocalState.folder)
    guard let lock = try CommitLock.acquireExclusive(directory: directory, waiting: wait) else {
      throw CommitLock.heldByReaders(wait)
    }
    defer { lock.release() }
    try restoreSetAside(directory: directory, record: record, folder: folder)
    let changed = try staleFiles(directory: directory, record: record, digest: digest, folder: folder)
    guard changed.isEmpty else {
      return .ignored(try keepIgnored(journal, directory: directory, note: stale(changed, folder: folder)))
    }
    do throws(StoreError) {
      try apply(directory: directory, record: record, digest: digest, stopAfter: nil, folder: folder)
    } catch where error.code == .changedOutside {
      // A file changed in the instant between the check above and the move: the content on
      // disk wins, as above.
      return .ignored(stale(error.file.map { [$0] } ?? [], folder: folder))
    }
    return .applied(record.entries.map(\.file) + record.removals.map(\.file))
  }

  /// Where a reader reads a committed journal's files from: the journal's copies when the
  /// journal is this working copy's and its pre-images still hold (the new state), otherwise
  /// the files as they are (with a note).
  ///
  /// - Returns: The copies to read instead of files (by path relative to the store), the files
  ///   the commit removes, and the note of a journal ignored.
  static func readThrough(directory: String, digest: FileDigest?) -> (
    overlay: [String: String], removed: Set<String>, note: StoreError?
  ) {
    let journal = directory + "/" + folder
    let record: Record
    do throws(StoreError) {
      guard let found = try committedRecord(directory: directory) else { return ([:], [], nil) }
      record = found
    } catch {
      return ([:], [], error)
    }
    // Files a writer set aside and did not put back: their pre-images, in the journal.
    var setAside: [String: String] = [:]
    for (n, entry) in record.entries.enumerated() where !StoreFiles.exists(directory + "/" + entry.file) {
      if StoreFiles.exists(journal + "/o\(n)") { setAside[entry.file] = journal + "/o\(n)" }
    }
    for (n, removal) in record.removals.enumerated() where !StoreFiles.exists(directory + "/" + removal.file) {
      if StoreFiles.exists(journal + "/r\(n)") { setAside[removal.file] = journal + "/r\(n)" }
    }
    // Another working copy's journal is not read at all, not even what it claims was set aside.
    guard let digest, record.owner == ownerMark(digest) else { return ([:], [], foreign(folder)) }
    let changed = (try? staleFiles(directory: directory, record: record, digest: digest, folder: folder, setAside: setAside)) ?? ["?"]
    guard changed.isEmpty else { return (setAside, [], stale(changed, folder: folder)) }
    var overlay: [String: String] = [:]
    for (n, entry) in record.entries.enumerated() {
      let copy = journal + "/\(n)"
      if StoreFiles.exists(copy) {
        overlay[entry.file] = copy
      } else if let aside = setAside[entry.file] {
        overlay[entry.file] = aside  // already its new bytes (checked above)
      }
    }
    return (overlay, Set(record.removals.map(\.file)), nil)
  }

  /// The commit record of a committed journal, or `nil` when there is none.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/journalIgnored``) when the record is damaged,
  ///   written by a Folio without owner marks, or names a path that is not a file of a store
  ///   (``StorePath/isStoreFile(_:)``): such a journal is reported and never applied.
  static func committedRecord(directory: String, folder: String = CommitJournal.folder) throws(StoreError) -> Record? {
    let path = directory + "/" + folder + "/commit.json"
    guard let bytes = try StoreFiles.readFile(path) else { return nil }
    func damaged(_ why: String) -> StoreError {
      StoreError(
        code: .journalIgnored,
        message: "the commit journal \(why), so it was not applied and the files were kept as they are; check that they hold what you expect (version control has every committed version)",
        file: folder + "/commit.json")
    }
    guard case .object(let root)? = try? JSONParser.parse(bytes), case .array(let files)? = root["files"],
      case .array(let removeList)? = root["remove"]
    else { throw damaged("is damaged") }
    var entries: [Entry] = []
    for item in files {
      guard case .string(let file)? = item["file"], case .string(let checksum)? = item["checksum"] else {
        throw damaged("is damaged")
      }
      guard StorePath.isStoreFile(file) else { throw damaged("lists \(JSONWriter.string(.string(file))), which is not a file of a store") }
      var before: String?
      switch item["before"] {
      case .string(let value)?: before = value
      case .null?: before = nil
      default: throw damaged("is damaged")
      }
      entries.append(Entry(file: file, checksum: checksum, before: before))
    }
    var removals: [Removal] = []
    for item in removeList {
      guard case .string(let file)? = item["file"], case .string(let before)? = item["before"] else {
        throw damaged("is damaged")
      }
      guard StorePath.isStoreFile(file) else {
        throw damaged("would remove \(JSONWriter.string(.string(file))), which is not a file of a store")
      }
      removals.append(Removal(file: file, before: before))
    }
    guard case .string(let owner)? = root["owner"] else {
      throw damaged("was written by an older Folio (it has no owner mark)")
    }
    return Record(owner: owner, entries: entries, removals: removals)
  }

  /// The bytes of a commit record.
  static func bytes(_ record: Record) -> [UInt8] {
    let value: JSONValue = .object([
      "owner": .string(record.owner),
      "files": .array(
        record.entries.map {
          .object(["file": .string($0.file), "checksum": .string($0.checksum), "before": $0.before.map(JSONValue.string) ?? .null])
        }),
      "remove": .array(record.removals.map { .object(["file": .string($0.file), "before": .string($0.before)]) }),
    ])
    return JSONWriter.bytes(value, style: .pretty)
  }

  /// The note for a journal that is not this working copy's.
  private static func foreign(_ folder: String) -> StoreError {
    StoreError(
      code: .journalIgnored,
      message: "the commit journal in \(folder) was not written in this working copy (it came in a commit, a clone or a copy), so it was ignored and the files were kept as they are",
      file: folder + "/commit.json")
  }

  /// The note for a journal whose files changed since it was written.
  private static func stale(_ files: [String], folder: String) -> StoreError {
    let named = files.prefix(5).joined(separator: ", ") + (files.count > 5 ? ", …" : "")
    return StoreError(
      code: .journalIgnored,
      message: "an interrupted save's commit journal was not finished: \(named) changed since it was written (a checkout, a pull or an edit came between), so the files were kept as they are",
      file: files.first)
  }

  /// The checksum of the file at `path`, or `nil` when nothing is there.
  private static func checksum(at path: String, _ digest: FileDigest) throws(StoreError) -> String? {
    try StoreFiles.readFile(path).map(digest.checksum)
  }

  /// Puts back, after a crash, every file a writer set aside whose place is still empty.
  private static func restoreSetAside(directory: String, record: Record, folder: String) throws(StoreError) {
    let journal = directory + "/" + folder
    let files = record.entries.enumerated().map { ("o\($0.offset)", $0.element.file) }
      + record.removals.enumerated().map { ("r\($0.offset)", $0.element.file) }
    for (name, file) in files where StoreFiles.exists(journal + "/" + name) {
      _ = try StoreFiles.moveIfAbsent(journal + "/" + name, to: directory + "/" + file)
    }
  }

  /// The files of `record` that hold neither their pre-image nor their new bytes (or whose new
  /// bytes are gone from the journal); empty when the journal may be applied.
  private static func staleFiles(
    directory: String, record: Record, digest: FileDigest, folder: String, setAside: [String: String] = [:]
  ) throws(StoreError) -> [String] {
    let journal = directory + "/" + folder
    var changed: [String] = []
    for (n, entry) in record.entries.enumerated() {
      let current = try checksum(at: setAside[entry.file] ?? directory + "/" + entry.file, digest)
      if current == entry.checksum { continue }
      let copy = try checksum(at: journal + "/\(n)", digest)
      if current != entry.before || copy != entry.checksum { changed.append(entry.file) }
    }
    for removal in record.removals {
      let current = try checksum(at: setAside[removal.file] ?? directory + "/" + removal.file, digest)
      if current != nil, current != removal.before { changed.append(removal.file) }
    }
    return changed
  }

  /// Moves committed journal files into place (idempotent), then removes the journal; see the
  /// type's documentation. Call with the commit lock held exclusively.
  ///
  /// - Throws: ``StoreError/Code/changedOutside`` (naming the first changed file) when a file
  ///   changed outside Folio: every file is then as it was before, and the journal is removed.
  private static func apply(
    directory: String, record: Record, digest: FileDigest, stopAfter: Stage?, folder: String = CommitJournal.folder
  ) throws(StoreError) {
    let journal = directory + "/" + folder
    let entries = record.entries
    // Set aside everything the commit replaces or removes.
    var asideEntries = [Bool](repeating: false, count: entries.count)
    var asideRemovals = [Bool](repeating: false, count: record.removals.count)
    // The local state is Folio's own (ignored by git, never edited by people): it is replaced
    // in place, last, so that a crash never leaves the working copy without it (its key
    // vouches for this journal).
    for (n, entry) in entries.enumerated()
    where entry.file != LocalState.file && StoreFiles.exists(directory + "/" + entry.file) {
      try StoreFiles.move(directory + "/" + entry.file, to: journal + "/o\(n)")
      asideEntries[n] = true
    }
    for (n, removal) in record.removals.enumerated() where StoreFiles.exists(directory + "/" + removal.file) {
      try StoreFiles.move(directory + "/" + removal.file, to: journal + "/r\(n)")
      asideRemovals[n] = true
    }
    // What was set aside must be what the commit was planned against (or, recovering, its own
    // new bytes already), and nothing may have appeared in its place since.
    var changed: [String] = []
    var done = [Bool](repeating: false, count: entries.count)
    for (n, entry) in entries.enumerated() where entry.file != LocalState.file {
      let current = asideEntries[n] ? try checksum(at: journal + "/o\(n)", digest) : nil
      if current == entry.checksum {
        done[n] = true
      } else if current != entry.before || !StoreFiles.exists(journal + "/\(n)") {
        changed.append(entry.file)
      }
      if StoreFiles.exists(directory + "/" + entry.file) { changed.append(entry.file) }
    }
    for (n, removal) in record.removals.enumerated() {
      if asideRemovals[n], try checksum(at: journal + "/r\(n)", digest) != removal.before { changed.append(removal.file) }
      if StoreFiles.exists(directory + "/" + removal.file) { changed.append(removal.file) }
    }
    if stopAfter == .setAside { throw simulatedCrash(.setAside) }
    var placed = [Bool](repeating: false, count: entries.count)
    if changed.isEmpty {
      var folders: Set<String> = [directory]
      for (n, entry) in entries.enumerated() {
        let target = directory + "/" + entry.file
        let parent = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
        if folders.insert(parent).inserted { try StoreFiles.makeDirectory(parent) }
        if entry.file == LocalState.file {
          if StoreFiles.exists(journal + "/\(n)") { try StoreFiles.move(journal + "/\(n)", to: target) }
          placed[n] = true
          continue
        }
        let source = done[n] ? journal + "/o\(n)" : journal + "/\(n)"
        guard try StoreFiles.moveIfAbsent(source, to: target) else {
          changed.append(entry.file)
          break
        }
        if done[n] { asideEntries[n] = false }
        placed[n] = true
        if n == 0, stopAfter == .partlyApplied { throw simulatedCrash(.partlyApplied) }
      }
      if changed.isEmpty {
        for touched in folders.sorted() { try StoreFiles.syncPath(touched) }
        for (n, removal) in record.removals.enumerated() {
          if asideRemovals[n] { try StoreFiles.removeFile(journal + "/r\(n)") }
          // An entity folder left empty goes too (git does not keep empty folders either).
          if let slash = removal.file.lastIndex(of: "/") {
            StoreFiles.removeEmptyDirectory(directory + "/" + removal.file[..<slash])
          }
        }
        if stopAfter == .applied { throw simulatedCrash(.applied) }
        try StoreFiles.removeFile(journal + "/commit.json")
        try StoreFiles.syncPath(journal)
        try StoreFiles.removeTree(journal)
        return
      }
    }
    // Something changed outside: put every file back as it was, then un-commit. Readers wait
    // on the commit lock, so none saw the files moved.
    for (n, entry) in entries.enumerated() where entry.file != LocalState.file {
      let target = directory + "/" + entry.file
      if placed[n] {
        if asideEntries[n] {
          try StoreFiles.move(journal + "/o\(n)", to: target)
        } else {
          try StoreFiles.removeFile(target)
        }
      } else if asideEntries[n] {
        // Something appeared in its place meanwhile: that newer file is kept; what was set
        // aside is kept beside it if it too was not what the commit was planned against.
        if try !StoreFiles.moveIfAbsent(journal + "/o\(n)", to: target),
          try checksum(at: journal + "/o\(n)", digest) != entry.before
        {
          try keepAside(journal + "/o\(n)", entry.file, directory: directory)
        }
      }
    }
    for (n, removal) in record.removals.enumerated() where asideRemovals[n] {
      if try !StoreFiles.moveIfAbsent(journal + "/r\(n)", to: directory + "/" + removal.file),
        try checksum(at: journal + "/r\(n)", digest) != removal.before
      {
        try keepAside(journal + "/r\(n)", removal.file, directory: directory)
      }
    }
    try StoreFiles.syncPath(directory)
    try StoreFiles.removeFile(journal + "/commit.json")
    try StoreFiles.removeTree(journal)
    let unique = Array(Set(changed)).sorted()
    let named = unique.prefix(5).joined(separator: ", ") + (unique.count > 5 ? ", …" : "")
    throw StoreError(
      code: .changedOutside,
      message: "\(named) changed outside Folio while the store was open (an editor, a pull or a checkout), so nothing was written; the store reads the files again before its next change: make the change again",
      file: unique.first)
  }

  /// Moves an ignored journal to `.folio/ignored/journal-<n>`, where nothing reads it (a person
  /// may, to see what an interrupted save held), and returns `note` saying where it went.
  private static func keepIgnored(_ journal: String, directory: String, note: StoreError) throws(StoreError) -> StoreError {
    let ignored = directory + "/" + LocalState.folder + "/ignored"
    try StoreFiles.makeDirectory(ignored)
    var n = 1
    while StoreFiles.exists(ignored + "/journal-\(n)") { n += 1 }
    try StoreFiles.move(journal, to: ignored + "/journal-\(n)")
    var note = note
    note.message += " (the journal was moved to \(LocalState.folder)/ignored/journal-\(n))"
    return note
  }

  /// Keeps a file that was edited outside Folio and then replaced again, under
  /// `.folio/recovered/`, so that no edit is ever deleted.
  private static func keepAside(_ path: String, _ file: String, directory: String) throws(StoreError) {
    let recovered = directory + "/" + LocalState.folder + "/recovered"
    try StoreFiles.makeDirectory(recovered)
    let flat = file.split(separator: "/").joined(separator: "__")
    var name = recovered + "/" + flat
    var n = 1
    while StoreFiles.exists(name) {
      n += 1
      name = recovered + "/\(n)-" + flat
    }
    try StoreFiles.move(path, to: name)
  }
}
