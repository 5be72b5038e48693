/// Which file of an entity holds a record (format 2, Documentation/FileFormat.md "Which file holds
/// a record"): an entity's records, in identifier order, are cut into runs by *boundary*
/// records, chosen by a hash of their own identifier alone, and each run is one file.
///
/// Because whether a record is a boundary depends on nothing but its identifier, inserting or
/// deleting an ordinary record changes only the file it falls in, and inserting or deleting a
/// boundary record (one in ``averageRecords``) splits one file or merges it into its
/// predecessor. An entity never reshuffles as it grows. Identifiers never become file names:
/// a file is named after its boundary's hash.
enum ShardLayout {
  /// The mean number of records per file: a record is a boundary when its
  /// ``boundaryHash(_:)`` is a multiple of this.
  static let averageRecords: UInt64 = 1024

  /// The name of an entity's first file, which holds the records before the first boundary.
  static let headName = "0000000000000000"

  /// `RecordID.stableHash` (FNV-1a 64 of the identifier's canonical text) mixed by the
  /// SplitMix64 finalizer, so that the low bits of neighbouring identifiers (`7`, `8`) are
  /// independent.
  @inline(__always)
  static func boundaryHash(_ id: RecordID) -> UInt64 {
    var z = id.stableHash
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// Whether a record with identifier `id` starts a file of its own.
  @inline(__always)
  static func isBoundary(_ id: RecordID) -> Bool {
    isBoundary(hash: boundaryHash(id))
  }

  /// Whether a boundary hash makes a boundary (a multiple of ``averageRecords``, and not 0,
  /// which would name the head file).
  @inline(__always)
  static func isBoundary(hash: UInt64) -> Bool {
    hash % averageRecords == 0 && hash != 0
  }

  /// The file name (without `.json`) of the file that a boundary with this hash starts: 16
  /// lowercase hex digits.
  ///
  /// Written digit by digit into the string's storage: with `String(_:radix:)` and padding, naming
  /// a chunk cost about 900 instructions (callgrind, its boundary's hash included).
  static func name(hash: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { digits in
      for position in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * position)) & 0xF
        digits[position] = nibble < 10 ? 0x30 + nibble : 0x61 - 10 + nibble
      }
      return 16
    }
  }

  /// The hash a file name spells (the inverse of ``name(hash:)``), or `nil` when `name` is not
  /// 16 lowercase hex digits.
  private static func hash(ofName name: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard name.count == 16 else { return nil }
    var hash: UInt64 = 0
    for byte in name {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      hash = hash << 4 | UInt64(digit)
    }
    return hash
  }

  /// What a path relative to the store is to the files of one entity's chunks.
  enum PathMatch: Equatable {
    /// The path is not in the entity's folder.
    case elsewhere
    /// `<folder><name>.json`, as ``path(entity:name:)`` makes them, whose name spells `hash`.
    case chunk(UInt64)
    /// Any other path in the folder: no chunk's file.
    case other
  }

  /// What `path` is to the chunks of the entity whose folder is `folder` (`"Employee/"`).
  /// Bytes are compared, as for JSON keys: a canonically equivalent spelling of the folder is
  /// another folder.
  static func match(_ path: String, folder: String) -> PathMatch {
    var path = path
    var folder = folder
    return path.withUTF8 { path in folder.withUTF8 { folder in match(path, folder: folder) } }
  }

  private static func match(_ path: UnsafeBufferPointer<UInt8>, folder: UnsafeBufferPointer<UInt8>) -> PathMatch {
    guard path.starts(with: folder) else { return .elsewhere }
    let suffix: StaticString = ".json"
    let nameEnd = folder.count + 16
    guard path.count == nameEnd + suffix.utf8CodeUnitCount,
      path[nameEnd...].elementsEqual(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)),
      let hash = hash(ofName: UnsafeBufferPointer(rebasing: path[folder.count..<nameEnd]))
    else { return .other }
    return .chunk(hash)
  }

  /// The path of file `name` of `entity`, relative to the store: `Employee/3a0c…400.json`.
  static func path(entity: String, name: String) -> String {
    entity + "/" + name + ".json"
  }
}
