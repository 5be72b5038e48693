#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The steps of opening a directory store.
struct StoreOpener {
  let path: String
  let schema: Schema
  let options: StoreOptions

  struct Opened {
    var state: StoreState
    var disk: DirectoryBacking
    var problems: [StoreError]
    /// What opening set aside without a problem in the records: a commit journal or a local
    /// state that was not applied (``StoreError/Code/journalIgnored``).
    var notes: [StoreError] = []
    /// How many content files were taken on trust and how many validated in full
    /// (``StoreLoader/Result/trustedFiles``).
    var files: (trusted: Int, validated: Int) = (0, 0)
  }

  /// The error for a directory that holds no store, saying what it does hold.
  static func notAStore(_ path: String) -> StoreError {
    let found = StoreFiles.list(path, followingLink: true).filter { $0 != LocalState.folder && $0 != ".git" }.sorted()
    let holds = found.isEmpty ? "it is empty" : "it holds \(found.prefix(5).joined(separator: ", "))\(found.count > 5 ? ", …" : "")"
    return StoreError(
      code: .notAStore,
      message: "\(path) is not a Folio store: there is no schema.json (\(holds)); check the path, restore schema.json from version control if it was lost, or create a store in an empty directory",
      file: "schema.json")
  }

  func open() throws -> Opened {
    _ = try schema.validated()
    // Entity names become folder names: refuse anything that could leave the store directory
    // or take the name of a store file.
    for entity in schema.entities where !StorePath.isSafeName(entity.name) || StorePath.reservedNames.contains(entity.name) {
      throw StoreError(
        code: .invalidRecord,
        message: "the entity name '\(entity.name)' cannot be a folder name in a store; use letters, digits, '_', '-' and '.' (not first), and none of \(StorePath.reservedNames.sorted().joined(separator: ", "))",
        entity: entity.name)
    }
    // Nothing inside a store is followed or opened unless it is a plain file or folder: a
    // writer refuses before it creates, locks or writes anything, and so does every command
    // when the local folder is concerned (its lock, journal and state would be used through
    // it); a lenient reader leaves the entries out and reports them.
    let special = StoreTree.specialFiles(in: path)
    let local = special.contains { $0.file == LocalState.folder || $0.file?.hasPrefix(LocalState.folder + "/") == true }
    if !special.isEmpty, !options.readOnly || options.validation == .strict || local {
      if special.count == 1 { throw special[0] }
      throw StoreValidationError(problems: special)
    }
    if !options.readOnly, isEmptyDirectory() {
      try create()
    }
    // A directory with files but no store in it is refused before anything is written into it
    // (not even the local folder): it may hold a store whose schema.json a checkout lost.
    if !StoreFiles.exists(path + "/schema.json"), !StoreFiles.exists(path + "/" + LegacyManifest.file) {
      throw Self.notAStore(path)
    }
    var lock: StoreLock?
    if !options.readOnly {
      try StoreTree.requireLocalFolder(in: path)
      try StoreFiles.makeDirectory(path + "/" + LocalState.folder)
      lock = try StoreLock.acquire(directory: path)
    }
    do {
      var opened = try openLocked(lock)
      // Files Folio does not read (in a subfolder of an entity's folder, or named in bytes that
      // are not UTF-8) are reported but refuse nothing: Folio never writes or removes them, so
      // no command can lose their records, and a strict open warns instead of locking out.
      let unread = StoreTree.unreadFiles(in: path, entities: schema.entities.map(\.name))
      opened.problems = special + unread + opened.problems
      return opened
    } catch {
      lock?.release()
      throw error
    }
  }

  /// Whether the directory is missing, or holds nothing but Folio's local folder.
  private func isEmptyDirectory() -> Bool {
    StoreFiles.list(path, followingLink: true).allSatisfy { $0 == LocalState.folder }
  }

  private func openLocked(_ lock: StoreLock?) throws -> Opened {
    var overlay: [String: String] = [:]
    var removed = Set<String>()
    var readLock: CommitLock?
    var notes: [StoreError] = []
    // The working copy's own local state, if it has one: its key checks the journal's owner
    // mark and every checksum. A state that came in a commit or a copy is foreign: ignored, as
    // a missing one is (it is only a cache), and rebuilt by the writer.
    let reading = LocalState.inspect(directory: path)
    let digest = reading.state?.digest ?? .random()
    let legacyManifest = try StoreFiles.readFile(path + "/" + LegacyManifest.file)
    // A journal folder of format 1 is never applied: it carries no owner mark, so nothing tells
    // it from one that arrived in a commit. A writer moves it into the local folder.
    if legacyManifest != nil, StoreFiles.exists(path + "/" + CommitJournal.legacyFolder + "/commit.json") {
      notes.append(
        StoreError(
          code: .journalIgnored,
          message: "a format-1 commit journal (\(CommitJournal.legacyFolder)) was found; it carries no owner mark, so it was not applied and the files were kept as they are\(lock != nil ? " (it was moved to \(LocalState.folder)/ignored/legacy-journal)" : "")",
          file: CommitJournal.legacyFolder + "/commit.json"))
    }
    if lock != nil, legacyManifest != nil, StoreFiles.exists(path + "/" + CommitJournal.legacyFolder) {
      try StoreFiles.makeDirectory(path + "/" + LocalState.folder + "/ignored")
      try StoreFiles.removeTree(path + "/" + LocalState.folder + "/ignored/legacy-journal")
      try StoreFiles.move(path + "/" + CommitJournal.legacyFolder, to: path + "/" + LocalState.folder + "/ignored/legacy-journal")
    }
    var recovered: Set<String> = []
    if lock != nil {
      switch try CommitJournal.recover(directory: path, digest: reading.state?.digest, wait: options.commitLockWait) {
      case .nothing: break
      case .applied(let files): recovered = Set(files)
      case .ignored(let note): notes.append(note)
      }
    } else {
      if StoreFiles.exists(path + "/" + LocalState.folder) {
        readLock = try? CommitLock.acquireShared(directory: path)
      }
      let through = CommitJournal.readThrough(directory: path, digest: reading.state?.digest)
      overlay = through.overlay
      removed = through.removed
      recovered = Set(overlay.keys).union(removed)
      if let note = through.note { notes.append(note) }
    }
    defer { readLock?.release() }
    func read(_ file: String) throws(StoreError) -> [UInt8]? { try StoreFiles.readFile(overlay[file] ?? path + "/" + file) }
    // A format-1 store's manifest is read after its journal is recovered.
    let legacy = try (lock != nil ? StoreFiles.readFile(path + "/" + LegacyManifest.file) : legacyManifest)
      .map { bytes throws(StoreError) in try LegacyManifest(bytes: bytes) }
    guard let schemaBytes = try read("schema.json") else { throw Self.notAStore(path) }
    var (stored, format) = try SchemaCopy.decode(schemaBytes, customRules: CustomRules(collectingFrom: schema))
    if let legacy { format.migrations = legacy.migrations }
    let pending = options.migrations.filter { !format.migrations.contains($0.name) }
    if !pending.isEmpty {
      guard let lock else {
        throw StoreError(code: .readOnly, message: "the store needs migrations (\(pending.map(\.name).joined(separator: ", "))); open it once without readOnly to run them")
      }
      let migrated = try StoreMigrator(path: path, schema: schema, stored: stored, options: options, digest: digest).migrate(pending)
      format.migrations += pending.map(\.name)
      var disk = DirectoryBacking(
        path: path, lock: lock, local: LocalState(files: migrated.files, digest: digest), protectedFiles: [],
        relayout: Set(schema.entities.map(\.name)), options: options)
      var state = migrated.state
      state.generation = (LocalState.read(directory: path)?.generation ?? legacy?.generation ?? 0) + 1
      // Files of entities the migrated schema no longer has go in the same commit.
      let entities = Set(schema.entities.map(\.name))
      let dropped = migrated.files.keys.filter { !entities.contains(String($0.prefix { $0 != "/" })) }.sorted()
      try write(&disk, state: state, format: format, legacy: legacy != nil, relayout: true, removals: dropped)
      for migration in pending { options.logHandler?.migrated(migration.name, path, records: state.recordCount) }
      return Opened(state: state, disk: disk, problems: [], notes: notes, files: (trusted: 0, validated: migrated.files.count))
    }
    if stored.fingerprint != schema.fingerprint {
      let problems = SchemaCopy.incompatibilities(stored: stored, current: schema)
      if !problems.isEmpty {
        throw StoreError(
          code: .schemaMismatch,
          message: "the store was written with a different schema (\(problems.joined(separator: "; "))); declare a Migration for the change (StoreOptions.migrations), or open with the schema the store was written with",
          file: "schema.json")
      }
    }
    // Read again: a recovered journal wrote it, and a reader reads through a committed one
    // (the same working copy's, its owner mark checked).
    let local = LocalState.read(directory: path, overlay: overlay)
    var loader = StoreLoader(directory: path, schema: schema, digest: digest, overlay: overlay, removed: removed)
    // Files unchanged since this working copy's Folio wrote them or found them clean, under
    // the same record checks, skip the member checks (a format-1 store has no local state).
    let checks = RecordChecker.fingerprint(of: loader.schema)
    // What a journal wrote is never exempt from validation.
    if options.trustsUnchangedFiles, legacy == nil, let local {
      loader.trusted = local.trustedFiles(checks: checks).filter { !recovered.contains($0.key) }
    }
    var loaded = loader.load()
    if options.validation == .strict, !loaded.problems.isEmpty {
      throw StoreValidationError(problems: loaded.problems)
    }
    // The generation: the local state's, one newer when files changed outside Folio since it
    // was written; a fresh clone (no local state) starts at 0, a format-1 store keeps its own.
    let changedOutside = local.map { $0.files != loaded.files } ?? false
    loaded.state.generation = legacy?.generation ?? local.map { $0.generation + (changedOutside ? 1 : 0) } ?? 0
    let next = LocalState(
      generation: loaded.state.generation, files: loaded.files, checks: checks, recheck: loaded.recheck, digest: digest)
    var disk = DirectoryBacking(
      path: path, lock: lock, local: next, protectedFiles: loaded.protectedFiles, relayout: loaded.relayout, options: options)
    // A writer notices later changes made outside Folio by the stamps taken before reading.
    disk.stamps = loaded.stamps
    // A local state without the validation cache (an older Folio's), or with another one, is
    // rewritten with this open's. Entries of `recheck` for bytes a file no longer has (Folio
    // rewrote it since) mean nothing, and alone cause no rewrite.
    let staleCache =
      local.map { local in
        local.checks != checks || local.recheck.filter { local.files[$0.key] == $0.value } != loaded.recheck
      } ?? true
    if lock != nil, legacy != nil || local == nil || changedOutside || staleCache || schemaBytes != SchemaCopy.bytes(schema, format: format) {
      try write(&disk, state: loaded.state, format: format, legacy: legacy != nil)
    }
    return Opened(
      state: loaded.state, disk: disk, problems: loaded.problems, notes: notes,
      files: (trusted: loaded.trustedFiles, validated: loaded.validatedFiles))
  }

  /// Saves what opening found that the files do not say yet, in one commit: the schema copy
  /// after a compatible change or a migration, the local state (rebuilt, or after edits made
  /// outside Folio), and for a format-1 store the upgrade to format 2 — every record in the file
  /// the layout gives it, links stored once, the manifest and format 1's lock files removed,
  /// the `.gitignore` and `.gitattributes` of format 2.
  ///
  /// - Parameter relayout: Rewrite every entity's files in the layout (a migration's result);
  ///   otherwise files edited by hand stay as they are until Folio next writes them.
  private func write(
    _ disk: inout DirectoryBacking, state: StoreState, format: StoreFormat, legacy: Bool, relayout: Bool = false,
    removals: [String] = []
  ) throws(StoreError) {
    var extra: [(file: String, bytes: [UInt8])] = [("schema.json", SchemaCopy.bytes(schema, format: format))]
    // A store made while `.gitignore` said `.folio/` (which does not match a link named
    // `.folio`) gets the line `.folio` in the same commit, if its file is still that default.
    if !legacy, (try? StoreFiles.readFile(path + "/.gitignore")).flatMap({ $0 }) == Array(Self.formerGitignore.utf8) {
      extra.append((".gitignore", Array(DirectoryBacking.gitignore.utf8)))
    }
    var removals = removals
    var dirty: [String: Set<UInt64>] = [:]
    if relayout {
      for entity in schema.entities { dirty[entity.name] = [] }
      disk.relayout.formUnion(dirty.keys)
    }
    if legacy {
      extra.append((".gitignore", Array(DirectoryBacking.gitignore.utf8)))
      extra.append((".gitattributes", Array(DirectoryBacking.gitattributes.utf8)))
      removals.append(LegacyManifest.file)
      for entity in schema.entities { dirty[entity.name] = [] }
      disk.relayout.formUnion(dirty.keys)
    }
    try disk.save(state, dirty: dirty, extra: extra, extraRemovals: removals)
    if legacy {
      for name in ["lock", "commit.lock"] { try StoreFiles.removeFile(path + "/" + name) }
    }
  }

  /// The `.gitignore` Folio wrote into stores before it said `.folio` (format 2 until issue 31).
  static let formerGitignore = "# Folio: the local folder (lock, commit journal, local state) is not part of the store's content.\n.folio/\n"

  /// Creates a new, empty store: its files are written into a folder beside the directory and
  /// moved into place with one rename, so a failed creation leaves nothing half made.
  private func create() throws(StoreError) {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    let slash = trimmed.lastIndex(of: "/")
    let parent = slash.map { String(trimmed[..<$0]) } ?? "."
    let base = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    try StoreFiles.makeDirectory(parent.isEmpty ? "/" : parent)
    let aside = (parent.isEmpty ? "" : parent) + "/.\(base).creating-\(getpid())"
    try StoreFiles.removeTree(aside)
    do throws(StoreError) {
      try StoreFiles.makeDirectory(aside + "/" + LocalState.folder)
      let files: [(String, [UInt8])] = [
        ("schema.json", SchemaCopy.bytes(schema, format: StoreFormat(migrations: options.migrations.map(\.name)))),
        (".gitignore", Array(DirectoryBacking.gitignore.utf8)),
        (".gitattributes", Array(DirectoryBacking.gitattributes.utf8)),
      ]
      // The local state belongs to this local folder: its identity survives the rename below.
      var local = LocalState(checks: RecordChecker.fingerprint(of: schema.storageForm))
      local.home = LocalState.identity(ofStore: aside)
      for (file, bytes) in files + [(LocalState.file, local.bytes)] {
        try StoreFiles.writeFile(bytes, to: aside + "/" + file, sync: true)
      }
      try StoreFiles.syncPath(aside + "/" + LocalState.folder)
      try StoreFiles.syncPath(aside)
      // An empty directory (or one holding only a local folder) is replaced; one that another
      // process filled meanwhile is not, and is then opened as the store it now is.
      try StoreFiles.removeTree(path + "/" + LocalState.folder)
      if rename(aside, trimmed) != 0 {
        let code = errno
        guard code == ENOTEMPTY || code == EEXIST else { throw StoreFiles.failure("create the store", path, code: code) }
        try StoreFiles.removeTree(aside)
      }
      try StoreFiles.syncPath(parent.isEmpty ? "/" : parent)
    } catch {
      try? StoreFiles.removeTree(aside)
      throw error
    }
  }
}
