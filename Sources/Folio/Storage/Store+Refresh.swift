extension Store {
  /// Reads the store's files again when they changed outside Folio since the store read or
  /// wrote them (an editor saved one, `git pull`, `checkout` or `merge` rewrote them), and
  /// publishes what they now hold as a new state, with a ``CommitEvent`` for the records that
  /// differ. Every transaction, sync and plan application calls it first, holding the writer.
  ///
  /// A file counts as changed when its ``FileStamp`` differs and its bytes no longer have the
  /// checksum recorded for it, or when a file was added to or removed from an entity's folder.
  ///
  /// - Throws: ``StoreError`` when the changed files cannot be read, or (strict validation)
  ///   hold problems; the store then keeps its records and tries again next time. Nothing is
  ///   written.
  func refreshFromDisk(_ backend: inout Backend) throws(StoreError) {
    guard var disk = backend.disk, disk.lock != nil, !disk.hasPendingJournal, !disk.isPoisoned else { return }
    if !disk.needsReload {
      let changed = disk.changedStamps(entities: state.schema.entities.map(\.name))
      guard !changed.isEmpty else { return }
      var differs = false
      for file in changed {
        let bytes = try StoreFiles.readFile(disk.path + "/" + file)
        if let bytes, let recorded = disk.local.files[file], disk.local.digest.checksum(bytes) == recorded {
          disk.stamps[file] = FileStamp.of(disk.path + "/" + file)  // touched, not changed
        } else {
          differs = true
        }
      }
      guard differs else {
        backend.disk = disk
        return
      }
    }
    let before = state
    var loader = StoreLoader(directory: disk.path, schema: before.schema, digest: disk.local.digest)
    let checks = RecordChecker.fingerprint(of: loader.schema)
    if disk.options.trustsUnchangedFiles { loader.trusted = disk.local.trustedFiles(checks: checks) }
    let loaded = loader.load()
    if disk.options.validation == .strict, let first = loaded.problems.first {
      disk.needsReload = true
      backend.disk = disk
      throw StoreError(
        code: first.code,
        message: "the files changed outside Folio and now hold \(loaded.problems.count) problem\(loaded.problems.count == 1 ? "" : "s") (the first: \(first.message)); fix them (folio check lists them), then try again",
        entity: first.entity, id: first.id, file: first.file, line: first.line, column: first.column, pointer: first.pointer)
    }
    var next = loaded.state
    next.generation = before.generation + 1
    var local = LocalState(
      generation: next.generation, files: loaded.files, checks: checks, recheck: loaded.recheck, digest: disk.local.digest)
    local.home = disk.local.home
    disk.local = local
    disk.protectedFiles = loaded.protectedFiles
    disk.relayout = loaded.relayout
    disk.stamps = loaded.stamps
    disk.needsReload = false
    backend.disk = disk
    let listeners = current.withLock { current in
      current.state = next
      return Array(current.listeners.values)
    }
    guard !listeners.isEmpty else { return }
    let event = CommitEvent(generation: next.generation, changes: Self.changes(from: before, to: next), state: next)
    for listener in listeners { listener(event) }
  }

  /// Every record that differs between two states, entity by entity in schema order, each in
  /// identifier order.
  static func changes(from before: StoreState, to after: StoreState) -> [RecordChange] {
    var changes: [RecordChange] = []
    for entity in after.schema.entities.map(\.name) {
      for id in Set(before.ids(entity)).union(after.ids(entity)).sorted() {
        let old = before.record(entity, id)
        let new = after.record(entity, id)
        guard old != new else { continue }
        let kind: RecordChange.Kind = old == nil ? .insert : new == nil ? .delete : .update
        changes.append(RecordChange(key: RecordKey(entity, id), kind: kind, before: old, after: new))
      }
    }
    return changes
  }
}

extension DirectoryBacking {
  /// The content files (`Entity/<name>.json`) in `entity`'s folder as it is now.
  func filesOnDisk(of entity: String) -> Set<String> {
    Set(StoreFiles.list(path + "/" + entity).filter { $0.hasSuffix(".json") }.map { entity + "/" + $0 })
  }

  /// The content files whose stamp differs from the recorded one, and those added to or removed
  /// from the entities' folders since.
  func changedStamps(entities: [String]) -> [String] {
    var changed: [String] = []
    var known = Set(local.files.keys)
    for entity in entities {
      for file in filesOnDisk(of: entity) {
        if known.remove(file) == nil {
          changed.append(file)
        } else if let stamp = stamps[file], FileStamp.of(path + "/" + file) == stamp {
          continue
        } else {
          changed.append(file)
        }
      }
    }
    return changed + known.sorted()
  }
}
