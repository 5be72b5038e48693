/// The records of one entity, cut into chunks in identifier order the way its files are (see
/// ``ShardLayout``): chunk 0 holds the records before the first boundary, chunk *i* the records
/// from boundary *i − 1* up to the next one.
///
/// Chunks are the unit of copy-on-write (a transaction that touches one record copies one
/// chunk, not the entity) and of saving (a save rewrites only the files of chunks that changed).
/// Each chunk holds its records as typed rows of the entity's ``RowLayout`` (Design/0005).
/// Inserting a boundary record splits its chunk; deleting one merges its chunk into the one
/// before. Nothing else ever moves a record between chunks.
struct EntityTable: Sendable {
  /// The columns of the entity's rows, shared by every chunk.
  let layout: RowLayout
  /// The boundary identifiers, ascending: `boundaries[i]` is the first record of chunk `i + 1`.
  private(set) var boundaries: [RecordID] = []
  /// The boundary hashes in use, to tell a (crafted) hash collision from a new boundary.
  private var boundaryHashes: Set<UInt64> = []
  /// The chunks' records; there is always at least the head chunk.
  private(set) var chunks: [RowChunk]
  /// Records whose identifier would start a file but whose boundary hash another boundary of
  /// the entity already has (FNV-1a collisions; only crafted identifiers make them). The entity
  /// cannot be saved while there are any (``StoreError/Code/identifierCollision``).
  private(set) var collisions: Set<RecordID> = []
  /// The number of records in all chunks.
  private(set) var count = 0

  /// An empty table of `layout`'s rows.
  init(layout: RowLayout) {
    self.layout = layout
    chunks = [RowChunk(layout: layout)]
  }

  /// The number of chunks.
  var chunkCount: Int { chunks.count }

  /// The chunk `id` belongs in: the number of boundaries not above it.
  ///
  /// - Complexity: O(log *b*) in the number of boundaries.
  @inline(__always) func chunkIndex(for id: RecordID) -> Int {
    if boundaries.isEmpty { return 0 }
    var low = 0
    var high = boundaries.count
    if case .int(let value) = id {
      // Integer identifiers compare as integers, without copying the generic `RecordID`s
      // (callgrind: the generic search was about 400 instructions per synced item).
      return boundaries.withUnsafeBufferPointer { boundaries in
        while low < high {
          let middle = (low + high) / 2
          // Integers order before strings and composites.
          let precedes: Bool
          if case .int(let boundary) = boundaries[middle] { precedes = value < boundary } else { precedes = true }
          if precedes { high = middle } else { low = middle + 1 }
        }
        return low
      }
    }
    while low < high {
      let middle = (low + high) / 2
      if id < boundaries[middle] { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The file name (without `.json`) of chunk `index`.
  func chunkName(_ index: Int) -> String {
    ShardLayout.name(hash: chunkHash(index))
  }

  /// The hash chunk `index`'s file name spells (``ShardLayout/name(hash:)``): its boundary's,
  /// or 0 for the head, which no boundary has (``ShardLayout/isBoundary(hash:)``).
  func chunkHash(_ index: Int) -> UInt64 {
    index == 0 ? 0 : ShardLayout.boundaryHash(boundaries[index - 1])
  }

  /// Every chunk's file name, in chunk order.
  var chunkNames: [String] { chunks.indices.map(chunkName) }

  /// The record with identifier `id`, or `nil`.
  subscript(id: RecordID) -> JSONObject? {
    chunks[chunkIndex(for: id)][id]
  }

  /// Calls `body` with the chunk that holds `id`'s record and its row there, and returns its
  /// result; `nil` when there is no such record. Nothing is decoded.
  @inline(__always) func withRow<Result>(of id: RecordID, _ body: (RowChunk, Int) throws -> Result)
    rethrows -> Result?
  {
    let chunk = chunkIndex(for: id)
    guard let row = chunks[chunk].row(of: id) else { return nil }
    return try body(chunks[chunk], row)
  }

  /// Calls `body` with every identifier, chunk by chunk in row order, without decoding records.
  func forEachID(_ body: (RecordID) throws -> Void) rethrows {
    for chunk in chunks {
      for id in chunk.ids { try body(id) }
    }
  }

  /// Stores `record` under `id` (or removes it for `nil`), splitting or merging chunks when
  /// `id` is a boundary, and returns the previous record.
  @discardableResult
  mutating func set(_ record: JSONObject?, for id: RecordID) -> JSONObject? {
    set(record, for: id, decodingOld: true)
  }

  /// ``set(_:for:)``, decoding the previous record only when `decodingOld` (a caller that
  /// holds it passes `false`; `nil` is then returned for a replaced record too).
  @discardableResult
  mutating func set(_ record: JSONObject?, for id: RecordID, decodingOld: Bool) -> JSONObject? {
    let chunk = chunkIndex(for: id)
    guard let record else {
      var old: JSONObject?
      if decodingOld {
        old = chunks[chunk].removeValue(forKey: id)
        if old == nil { return nil }
      } else if !chunks[chunk].removeRow(forKey: id) {
        return nil
      }
      count -= 1
      if chunk > 0, boundaries[chunk - 1] == id {
        merge(chunk)
      } else if !collisions.isEmpty {
        collisions.remove(id)
      }
      return old
    }
    let before = chunks[chunk].count
    let old = chunks[chunk].updateValue(record, forKey: id, decodingOld: decodingOld)
    if chunks[chunk].count > before { didInsert(id, into: chunk) }
    return old
  }

  /// Inserts a row for `id`, which has none, filled by `fill` (``RowChunk/insertRow(_:_:)``),
  /// splitting its chunk when `id` is a boundary; `false`, changing nothing, when `id` has a
  /// record.
  mutating func insertRow(_ id: RecordID, _ fill: (inout RowChunk, Int) -> Void) -> Bool {
    let chunk = chunkIndex(for: id)
    guard chunks[chunk].insertRow(id, fill) else { return false }
    didInsert(id, into: chunk)
    return true
  }

  /// Counts a record just inserted into `chunk` and starts a new chunk when it is a boundary.
  private mutating func didInsert(_ id: RecordID, into chunk: Int) {
    count += 1
    let hash = ShardLayout.boundaryHash(id)
    if ShardLayout.isBoundary(hash: hash) {
      if boundaryHashes.insert(hash).inserted {
        split(chunk, at: id)
      } else {
        collisions.insert(id)
      }
    }
  }

  /// Moves the records of `chunk` from `id` on into a new chunk after it, started by `id`.
  private mutating func split(_ chunk: Int, at id: RecordID) {
    // Usually only the new boundary record moves (records arrive in identifier order), so the
    // chunk loses a few entries instead of being rebuilt.
    var moved = RowChunk(layout: layout)
    let ids = chunks[chunk].ids
    for row in ids.indices where !(ids[row] < id) {
      moved.appendRow(row, of: chunks[chunk], id: ids[row])
    }
    for key in moved.ids { chunks[chunk].removeValue(forKey: key) }
    boundaries.insert(id, at: chunk)
    chunks.insert(moved, at: chunk + 1)
  }

  /// Moves the records of `chunk` (whose boundary was deleted) into the chunk before it.
  private mutating func merge(_ chunk: Int) {
    let boundary = boundaries.remove(at: chunk - 1)
    let records = chunks.remove(at: chunk)
    chunks[chunk - 1].reserveCapacity(chunks[chunk - 1].count + records.count)
    let ids = records.ids
    for row in ids.indices { chunks[chunk - 1].appendRow(row, of: records, id: ids[row]) }
    let hash = ShardLayout.boundaryHash(boundary)
    boundaryHashes.remove(hash)
    // A record that collided with the deleted boundary may start a chunk now.
    let waiting = collisions.filter { ShardLayout.boundaryHash($0) == hash }.sorted()
    for id in waiting {
      collisions.remove(id)
      let chunk = chunkIndex(for: id)
      if boundaryHashes.insert(hash).inserted { split(chunk, at: id) } else { collisions.insert(id) }
    }
  }

  /// Every identifier, in no particular order.
  var ids: [RecordID] {
    var result: [RecordID] = []
    result.reserveCapacity(count)
    for chunk in chunks { result.append(contentsOf: chunk.ids) }
    return result
  }

  /// Calls `body` for every record, chunk by chunk, in no particular order within a chunk.
  func forEach(_ body: (RecordID, JSONObject) throws -> Void) rethrows {
    for chunk in chunks { try chunk.forEach(body) }
  }
}

extension EntityTable {
  /// A table made of chunks already cut by the layout rule (read from files that hold exactly
  /// their chunk): `boundaries[i]` starts `chunks[i + 1]`, and no record but a chunk's first is
  /// a boundary.
  init(layout: RowLayout, boundaries: [RecordID], chunks: [RowChunk]) {
    self.layout = layout
    self.boundaries = boundaries
    boundaryHashes = Set(boundaries.map(ShardLayout.boundaryHash))
    self.chunks = chunks.isEmpty ? [RowChunk(layout: layout)] : chunks
    count = chunks.reduce(0) { $0 + $1.count }
  }
}
