import Dispatch
import Synchronization

/// Reads a directory store's shards into a ``StoreState``, validating every record, in parallel
/// over the shards.
///
/// Every problem is collected with its file, line, column and JSON pointer. What happens to a
/// bad record is the caller's choice (strict: refuse; lenient: leave it out); the loader always
/// leaves bad records out and marks their shards as protected.
struct StoreLoader {
  let directory: String
  let schema: Schema
  let manifest: Manifest
  /// Where to read each file from (a committed journal's copies when a reader finds one), by
  /// path relative to the store.
  var overlay: [String: String] = [:]

  /// A loaded store.
  struct Result: Sendable {
    var state: StoreState
    var problems: [StoreError]
    /// Shards (by file path) that lost records or could not be read: never overwritten.
    var protectedFiles: Set<String>
  }

  /// One shard's outcome.
  struct ShardResult: Sendable {
    var records: [RecordID: JSONObject] = [:]
    var problems: [StoreError] = []
    var isProtected = false
  }

  func path(_ file: String) -> String { overlay[file] ?? directory + "/" + file }

  /// Loads and validates every shard of every entity in the manifest.
  ///
  /// - Throws: Nothing itself: every problem is in the result.
  func load() -> Result {
    var jobs: [(entity: Entity, index: Int, bits: Int, expected: Manifest.Shard)] = []
    for entity in schema.entities {
      guard let shards = manifest.entities[entity.name] else { continue }
      for (index, shard) in shards.shards.enumerated() { jobs.append((entity, index, shards.shardBits, shard)) }
    }
    let checkers = Dictionary(uniqueKeysWithValues: schema.entities.map { ($0.name, RecordChecker($0)) })
    let slots = Slots<ShardResult>(count: jobs.count)
    let allJobs = jobs
    DispatchQueue.concurrentPerform(iterations: allJobs.count) { n in
      let job = allJobs[n]
      guard let checker = checkers[job.entity.name] else { return }
      slots[n] = loadShard(checker, index: job.index, bits: job.bits, expected: job.expected)
    }
    var problems: [StoreError] = []
    var protectedFiles = Set<String>()
    var state = StoreState(schema: schema, generation: manifest.generation)
    var cursor = 0
    for entity in schema.entities {
      guard let shards = manifest.entities[entity.name] else { continue }
      var tableShards: [[RecordID: JSONObject]] = []
      for index in shards.shards.indices {
        let result = slots[cursor] ?? ShardResult()
        cursor += 1
        tableShards.append(result.records)
        problems += result.problems
        if result.isProtected { protectedFiles.insert(ShardFile.path(entity: entity.name, index: index)) }
      }
      state.tables[entity.name] = EntityTable(shardBits: shards.shardBits, shards: tableShards)
    }
    var linked = LinkChecker(state: state, loader: self)
    linked.run()
    problems += linked.problems
    protectedFiles.formUnion(linked.protectedFiles)
    return Result(state: linked.state, problems: problems, protectedFiles: protectedFiles)
  }

  /// Reads, checks and parses one shard file.
  func loadShard(_ checker: RecordChecker, index: Int, bits: Int, expected: Manifest.Shard) -> ShardResult {
    let file = ShardFile.path(entity: checker.entity.name, index: index)
    var result = ShardResult()
    func problem(_ code: StoreError.Code, _ message: String, pointer: String? = nil, bytes: [UInt8]? = nil, id: RecordID? = nil) {
      var error = StoreError(code: code, message: message, entity: checker.entity.name, id: id, file: file, pointer: pointer)
      if let pointer, let bytes, let location = (try? JSONPointer(parsing: pointer))?.location(in: bytes) {
        error.line = location.line
        error.column = location.column
      }
      result.problems.append(error)
    }
    let bytes: [UInt8]
    do throws(StoreError) {
      guard let read = try StoreFiles.readFile(path(file)) else {
        problem(.missingShard, "the shard file listed in the manifest is missing; restore it from version control or a backup")
        result.isProtected = true
        return result
      }
      bytes = read
    } catch {
      result.problems.append(error)
      result.isProtected = true
      return result
    }
    let checksum = ShardFile.checksum(bytes)
    if checksum != expected.checksum {
      problem(.checksumMismatch, "the file was changed outside Folio (checksum \(checksum), the manifest records \(expected.checksum)); if the edit is intended, open with validation: .lenient and save, else restore the file")
    }
    let value: JSONValue
    do throws(StoreError) {
      value = try ShardFile.parse(bytes, file: file)
    } catch {
      var located = error
      located.entity = checker.entity.name
      result.problems.append(located)
      result.isProtected = true
      return result
    }
    guard case .array(let items) = value else {
      problem(.invalidStoredRecord, "a shard file holds a JSON array of records, found \(value.kindName)", pointer: "", bytes: bytes)
      result.isProtected = true
      return result
    }
    result.records.reserveCapacity(items.count)
    let mask = UInt64((1 << bits) - 1)
    for (position, item) in items.enumerated() {
      guard case .object(let record) = item else {
        problem(.invalidStoredRecord, "expected a record (a JSON object), found \(item.kindName)", pointer: "/\(position)", bytes: bytes)
        result.isProtected = true
        continue
      }
      let checked = checker.check(record)
      for p in checked.problems {
        problem(
          .invalidStoredRecord, p.message,
          pointer: "/\(position)" + (p.member.map { "/" + ShardFile.escapePointer($0) } ?? ""), bytes: bytes, id: checked.id)
      }
      guard checked.problems.isEmpty, let id = checked.id else {
        result.isProtected = true
        continue
      }
      if Int(id.stableHash & mask) != index {
        problem(
          .invalidStoredRecord,
          "\(checker.entity.name) \(id) belongs in \(ShardFile.path(entity: checker.entity.name, index: Int(id.stableHash & mask))); move the record there",
          pointer: "/\(position)", bytes: bytes, id: id)
        result.isProtected = true
        continue
      }
      if result.records.updateValue(checked.record, forKey: id) != nil {
        problem(.invalidStoredRecord, "\(checker.entity.name) \(id) appears twice; keep one of the records", pointer: "/\(position)", bytes: bytes, id: id)
        result.isProtected = true
        continue
      }
    }
    if result.problems.isEmpty, result.records.count != expected.records {
      problem(.invalidManifest, "the manifest records \(expected.records) records for this shard, the file holds \(result.records.count)")
    }
    return result
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
