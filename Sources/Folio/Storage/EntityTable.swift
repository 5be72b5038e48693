/// The records of one entity, split into shards by the stable hash of their identifier.
///
/// Shards are the unit of copy-on-write (a transaction that touches one record copies one shard,
/// not the entity) and of saving (a save rewrites only the shards that changed). A record lives
/// in shard `stableHash & (shardCount - 1)`; doubling the shard count splits every shard in two.
struct EntityTable: Sendable {
  /// log2 of the number of shards.
  private(set) var shardBits: Int
  /// The shards' records.
  private(set) var shards: [[RecordID: JSONObject]]
  /// The number of records in all shards.
  private(set) var count: Int

  /// An empty table with `1 << shardBits` shards.
  init(shardBits: Int = 0) {
    self.shardBits = shardBits
    shards = Array(repeating: [:], count: 1 << shardBits)
    count = 0
  }

  /// The number of shards.
  var shardCount: Int { shards.count }

  /// The shard `id` belongs in.
  @inline(__always) func shardIndex(for id: RecordID) -> Int {
    Int(truncatingIfNeeded: id.stableHash & UInt64(shards.count - 1))
  }

  /// The record with identifier `id`, or `nil`.
  subscript(id: RecordID) -> JSONObject? {
    shards[shardIndex(for: id)][id]
  }

  /// Stores `record` under `id` (or removes it for `nil`) and returns the shard index touched
  /// and the previous record.
  @discardableResult
  mutating func set(_ record: JSONObject?, for id: RecordID) -> (shard: Int, old: JSONObject?) {
    let shard = shardIndex(for: id)
    let old: JSONObject?
    if let record {
      old = shards[shard].updateValue(record, forKey: id)
      if old == nil { count += 1 }
    } else {
      old = shards[shard].removeValue(forKey: id)
      if old != nil { count -= 1 }
    }
    return (shard, old)
  }

  /// Redistributes the records over `1 << bits` shards.
  ///
  /// - Complexity: O(*n*) in the number of records.
  mutating func reshard(bits: Int) {
    guard bits != shardBits else { return }
    var fresh = EntityTable(shardBits: bits)
    for shard in shards {
      for (id, record) in shard { fresh.set(record, for: id) }
    }
    self = fresh
  }

  /// Makes room for `count` records in all, spread evenly over the shards (record identifiers'
  /// hashes spread them so), so an import does not grow every shard step by step.
  mutating func reserveCapacity(_ count: Int) {
    let perShard = count / shards.count + count / (shards.count * 8) + 1
    for i in shards.indices where shards[i].capacity < perShard { shards[i].reserveCapacity(perShard) }
  }

  /// Every identifier, in no particular order.
  var ids: [RecordID] {
    var result: [RecordID] = []
    result.reserveCapacity(count)
    for shard in shards { result.append(contentsOf: shard.keys) }
    return result
  }

  /// Calls `body` for every record, shard by shard, in no particular order.
  func forEach(_ body: (RecordID, JSONObject) throws -> Void) rethrows {
    for shard in shards {
      for (id, record) in shard { try body(id, record) }
    }
  }
}

extension EntityTable {
  /// A table made of ready shards (loaded from files); each record must already sit in the
  /// shard its hash selects.
  init(shardBits: Int, shards: [[RecordID: JSONObject]]) {
    self.shardBits = shardBits
    self.shards = shards
    count = shards.reduce(0) { $0 + $1.count }
  }

  /// The number of shard bits that keeps `count` records at most ``recordsPerShard`` per shard
  /// on average, never fewer than `current` (shards split, they never merge).
  static func shardBits(forCount count: Int, current: Int) -> Int {
    var bits = current
    while bits < maximumShardBits, count > recordsPerShard << bits { bits += 1 }
    return bits
  }

  /// The split threshold: an entity's shard count doubles when it holds more than this many
  /// records per shard on average.
  static let recordsPerShard = 1024
  /// At most 65,536 shards per entity.
  static let maximumShardBits = 16
}
