import Dispatch
import Foundation
import Synchronization

/// Reads a directory store's content files into a ``StoreState``, validating every record, in
/// parallel over the files; the records of files the local state calls clean (``trusted``) are
/// not checked member by member.
///
/// Every `*.json` file in an entity's folder is content, whatever its name: a record a person
/// added to the wrong file is read all the same, and the entity is then marked for re-layout
/// (its next save moves every record to the file the layout rule gives it). Every problem is
/// collected with its file, line, column and JSON pointer. What happens to a bad record is the
/// caller's choice (strict: refuse; lenient: leave it out); the loader always leaves bad records
/// out and marks their files as protected.
struct StoreLoader {
  let directory: String
  let schema: Schema
  /// Where to read a file from instead of its place (a committed journal's copies when a reader
  /// finds one), by path relative to the store.
  var overlay: [String: String] = [:]
  /// Files a committed journal removes (a reader that finds one must not read them).
  var removed: Set<String> = []
  /// The checksums of files whose records were written or found clean by Folio under the same
  /// record checks (``LocalState/trustedFiles(checks:)``): a file whose bytes have that checksum
  /// skips ``RecordChecker/check(_:)``. Empty (the default) validates every file in full.
  var trusted: [String: String] = [:]
  /// The key of the checksums recorded for the files read (the local state's).
  var digest: FileDigest

  /// A loader of the store at `directory`, reading records as `schema` stores them (in its
  /// storage form, where owned entities hold their synthesized identifier).
  init(
    directory: String, schema: Schema, digest: FileDigest, overlay: [String: String] = [:], removed: Set<String> = []
  ) {
    self.directory = directory
    self.digest = digest
    self.schema = schema.storageForm
    self.overlay = overlay
    self.removed = removed
  }

  /// A loaded store.
  struct Result: Sendable {
    var state: StoreState
    var problems: [StoreError]
    /// Files (relative paths) that lost records or could not be read: never overwritten.
    var protectedFiles: Set<String>
    /// The checksum of every content file as read.
    var files: [String: String]
    /// Entities whose files do not hold exactly their layout's chunks.
    var relayout: Set<String>
    /// How many content files were taken on trust (their member checks skipped, see
    /// ``trusted``), and how many were validated in full.
    var trustedFiles = 0
    var validatedFiles = 0
    /// Files whose validation reported a problem or changed a record, with their checksum:
    /// ``LocalState/recheck``.
    var recheck: [String: String] = [:]
    /// The stamp of every content file read from its place, taken before it was read: a
    /// change made while it was read then shows as a changed stamp (``FileStamp``).
    var stamps: [String: FileStamp] = [:]
  }

  /// One file's outcome.
  struct FileResult: Sendable {
    var file: String
    var name: Substring { file.split(separator: "/").last?.dropLast(5) ?? "" }
    var checksum = ""
    /// Its stamp before it was read; `nil` when it was read from a journal's copy.
    var stamp: FileStamp?
    var records: RowChunk
    /// The smallest and largest identifier read, and those of boundary records.
    var first: RecordID?
    var last: RecordID?
    var boundaries: [RecordID] = []
    var problems: [StoreError] = []
    var isProtected = false
    /// Taken on trust: its records were not checked member by member.
    var isTrusted = false
    /// Every record is valid and was taken exactly as the file holds it (trusted, or checked
    /// with nothing reported and nothing dropped).
    var isClean = false

    /// A file's outcome with nothing read yet.
    init(file: String, layout: RowLayout) {
      self.file = file
      records = RowChunk(layout: layout)
    }
  }

  func path(_ file: String) -> String { overlay[file] ?? directory + "/" + file }

  /// The content files of `entity`, relative to the store, sorted: every `*.json` regular file
  /// of its folder (links and other special files are never read: ``StoreTree``), plus those a
  /// committed journal adds, less those it removes.
  func files(of entity: String) -> [String] {
    let listed = (StoreTree.entries(directory + "/" + entity) ?? []).filter { $0.kind == .file }.compactMap(\.name)
    var names = Set(listed.filter { $0.hasSuffix(".json") }.map { entity + "/" + $0 })
    for file in overlay.keys where file.hasPrefix(entity + "/") && file.hasSuffix(".json") { names.insert(file) }
    return names.subtracting(removed).sorted()
  }

  /// Loads and validates every file of every entity of the schema (member checks skipped for
  /// ``trusted`` files).
  ///
  /// - Throws: Nothing itself: every problem is in the result.
  func load() -> Result {
    var jobs: [(checker: Int, file: String)] = []
    let checkers = schema.entities.map(RecordChecker.init)
    var state = StoreState(schema: schema)
    let readers = schema.entities.map { StoredRowReader($0, layout: state.index.layout($0.name)) }
    for (n, entity) in schema.entities.enumerated() {
      for file in files(of: entity.name) { jobs.append((n, file)) }
    }
    let slots = Slots<FileResult>(count: jobs.count)
    let allJobs = jobs
    // Each worker loads every `workers`-th file with a string pool of its own, so a value
    // repeated across files, such as a name, is one string in memory (with the sync's own
    // pool, peak RSS of a 1M day-2 sync fell from 1,068 to 987 MiB). Pools are never shared, so
    // none needs a lock: handing them between jobs through a Mutex was reported by
    // ThreadSanitizer (the contended futex it does not model, .ci/tsan/suppressions.txt).
    // Four workers a core keep the cores busy when files differ in size.
    let workers = max(1, min(allJobs.count, ProcessInfo.processInfo.activeProcessorCount * 4))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let pool = JSONParser.StringPool()
      for n in stride(from: worker, to: allJobs.count, by: workers) {
        let job = allJobs[n]
        slots[n] = loadFile(checkers[job.checker], reader: readers[job.checker], file: job.file, pool: pool)
      }
    }
    var problems: [StoreError] = strayFolders()
    var protectedFiles = Set<String>()
    var files: [String: String] = [:]
    var relayout = Set<String>()
    var recheck: [String: String] = [:]
    var stamps: [String: FileStamp] = [:]
    var trustedFiles = 0
    var cursor = 0
    for (n, entity) in schema.entities.enumerated() {
      var results: [FileResult] = []
      while cursor < allJobs.count, allJobs[cursor].checker == n {
        let result = slots[cursor] ?? FileResult(file: allJobs[cursor].file, layout: readers[n].layout)
        cursor += 1
        problems += result.problems
        if result.isProtected { protectedFiles.insert(result.file) }
        if !result.checksum.isEmpty { files[result.file] = result.checksum }
        if let stamp = result.stamp { stamps[result.file] = stamp }
        if result.isTrusted { trustedFiles += 1 }
        if !result.isClean, !result.checksum.isEmpty { recheck[result.file] = result.checksum }
        results.append(result)
      }
      let built = Self.table(entity.name, layout: state.index.layout(entity.name), from: results)
      state.tables[entity.name] = built.table
      problems += built.problems
      protectedFiles.formUnion(built.protectedFiles)
      if built.relayout { relayout.insert(entity.name) }
    }
    var linked = LinkChecker(state: state, loader: self, relayout: relayout)
    linked.run()
    linked.state.buildSecondaryIndexes()
    problems += linked.problems
    protectedFiles.formUnion(linked.protectedFiles)
    return Result(
      state: linked.state, problems: problems, protectedFiles: protectedFiles, files: files, relayout: relayout,
      trustedFiles: trustedFiles, validatedFiles: allJobs.count - trustedFiles, recheck: recheck, stamps: stamps)
  }

  /// Folders beside the entities' that hold JSON files but are no entity of the schema (an
  /// entity removed from `schema.json` by hand while its files remain): their records would be
  /// ignored, so they are reported.
  func strayFolders() -> [StoreError] {
    let entities = Set(schema.entities.map(\.name))
    var problems: [StoreError] = []
    for name in StoreFiles.list(directory, followingLink: true).sorted() where !name.hasPrefix(".") && !entities.contains(name) {
      let files = StoreFiles.list(directory + "/" + name).filter { $0.hasSuffix(".json") }
      guard !files.isEmpty else { continue }
      problems.append(
        StoreError(
          code: .invalidStoredRecord,
          message: "the folder holds \(files.count) JSON file\(files.count == 1 ? "" : "s"), but schema.json declares no entity '\(name)'; add the entity back to schema.json, or remove the folder if its records are no longer wanted",
          entity: name, file: name + "/"))
    }
    return problems
  }
}

/// Fixed slots written concurrently, one per index, read after all writers finish.
final class Slots<T: Sendable>: Sendable {
  private let storage: Mutex<[T?]>

  init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

  subscript(index: Int) -> T? {
    get { storage.withLock { $0[index] } }
    set { storage.withLock { $0[index] = newValue } }
  }
}
