/// The table of contents of a directory store: format version, schema fingerprint, generation,
/// applied migrations, and for every entity its shard files with record counts and checksums.
///
/// Its canonical bytes are `manifest.json`; replacing that file is the commit point of a save
/// (see Documentation/FileFormat.md and Documentation/Design/0001-commit-protocol.md).
struct Manifest: Sendable, Hashable {
  /// The format version this build writes and reads.
  static let currentFormatVersion: Int64 = 1
  /// The value of the `format` member, identifying a Folio store.
  static let formatName = "folio-store"

  /// One shard file.
  struct Shard: Sendable, Hashable {
    /// The number of records in the file.
    var records: Int
    /// The ``ShardFile/checksum(_:)`` of the file's bytes.
    var checksum: String
  }

  /// One entity's shards: `1 << shardBits` files, shard *i* at ``ShardFile/path(entity:index:)``.
  struct EntityShards: Sendable, Hashable {
    var shardBits: Int
    var shards: [Shard]
    var records: Int { shards.reduce(0) { $0 + $1.records } }
  }

  var formatVersion: Int64 = Manifest.currentFormatVersion
  var generation: UInt64
  var schemaFingerprint: String
  /// Names of the migrations applied to the store, in order.
  var migrations: [String]
  var entities: [String: EntityShards]

  /// The manifest as canonical pretty JSON.
  var bytes: [UInt8] {
    var entityObject = JSONObject()
    for (name, entity) in entities.sorted(by: { JSONObject.keyPrecedes($0.key, $1.key) }) {
      let shards: [JSONValue] = entity.shards.enumerated().map { index, shard in
        .object([
          "checksum": .string(shard.checksum),
          "file": .string(ShardFile.path(entity: name, index: index)),
          "records": .int(Int64(shard.records)),
        ])
      }
      entityObject[name] = .object([
        "records": .int(Int64(entity.records)), "shardBits": .int(Int64(entity.shardBits)),
        "shards": .array(shards),
      ])
    }
    let value: JSONValue = .object([
      "format": .string(Manifest.formatName),
      "formatVersion": .int(formatVersion),
      "generation": .int(Int64(truncatingIfNeeded: generation)),
      "schemaFingerprint": .string(schemaFingerprint),
      "migrations": .array(migrations.map(JSONValue.string)),
      "entities": .object(entityObject),
    ])
    return JSONWriter.bytes(value, style: .pretty)
  }

  /// Reads a manifest, reporting the first problem with the file name and JSON pointer.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/invalidManifest``,
  ///   ``StoreError/Code/unsupportedFormatVersion``, ``StoreError/Code/mergeConflict``,
  ///   ``StoreError/Code/invalidJSON``).
  init(bytes: [UInt8], file: String = "manifest.json") throws(StoreError) {
    let value = try ShardFile.parse(bytes, file: file)
    func bad(_ pointer: String, _ expected: String) -> StoreError {
      StoreError(
        code: .invalidManifest,
        message: "the manifest is damaged: expected \(expected); restore manifest.json from version control or a backup",
        file: file, pointer: pointer)
    }
    guard case .object(let root) = value, root["format"] == .string(Manifest.formatName) else {
      throw bad("/format", "an object with \"format\": \"\(Manifest.formatName)\"")
    }
    guard case .int(let version)? = root["formatVersion"] else { throw bad("/formatVersion", "an integer") }
    guard version == Manifest.currentFormatVersion else {
      throw StoreError(
        code: .unsupportedFormatVersion,
        message: "the store has format version \(version), but this Folio reads version \(Manifest.currentFormatVersion); open it with a matching Folio release",
        file: file, pointer: "/formatVersion")
    }
    formatVersion = version
    guard case .int(let generation)? = root["generation"], generation >= 0 else {
      throw bad("/generation", "a non-negative integer")
    }
    self.generation = UInt64(generation)
    guard case .string(let fingerprint)? = root["schemaFingerprint"] else {
      throw bad("/schemaFingerprint", "a string")
    }
    schemaFingerprint = fingerprint
    var migrations: [String] = []
    if let list = root["migrations"] {
      guard case .array(let names) = list else { throw bad("/migrations", "an array of names") }
      for (i, name) in names.enumerated() {
        guard case .string(let s) = name else { throw bad("/migrations/\(i)", "a string") }
        migrations.append(s)
      }
    }
    self.migrations = migrations
    guard case .object(let entityObject)? = root["entities"] else { throw bad("/entities", "an object") }
    var entities: [String: EntityShards] = [:]
    for member in entityObject {
      let pointer = "/entities/" + ShardFile.escapePointer(member.key)
      guard case .int(let bits)? = member.value["shardBits"], (0...16).contains(bits) else {
        throw bad(pointer + "/shardBits", "an integer from 0 to 16")
      }
      guard case .array(let list)? = member.value["shards"], list.count == 1 << Int(bits) else {
        throw bad(pointer + "/shards", "an array of \(1 << Int(max(0, min(bits, 16)))) shards")
      }
      var shards: [Shard] = []
      for (i, item) in list.enumerated() {
        guard case .int(let records)? = item["records"], records >= 0, case .string(let checksum)? = item["checksum"],
          item["file"] == .string(ShardFile.path(entity: member.key, index: i))
        else {
          throw bad("\(pointer)/shards/\(i)", "{\"checksum\", \"file\": \"\(ShardFile.path(entity: member.key, index: i))\", \"records\"}")
        }
        shards.append(Shard(records: Int(records), checksum: checksum))
      }
      entities[member.key] = EntityShards(shardBits: Int(bits), shards: shards)
    }
    self.entities = entities
  }

  init(generation: UInt64, schemaFingerprint: String, migrations: [String], entities: [String: EntityShards]) {
    self.generation = generation
    self.schemaFingerprint = schemaFingerprint
    self.migrations = migrations
    self.entities = entities
  }
}
