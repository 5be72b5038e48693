import Folio
import Foundation

/// A directory store of N employees (the day-1 payload synced in), built untimed for the
/// `open`, `save-one` and `query` workloads.
struct StoreFixture {
  /// The scratch directory holding the store, when the fixture built it (else `--store`).
  let scratch: ScratchDirectory?
  /// The store directory.
  let path: String
  /// The size in bytes of the store's files.
  let bytes: Int

  /// Builds the store from the generated (or `--payload-dir`) day-1 payload of `count` records.
  init(count: Int, schema: Schema, arguments: BenchArguments) throws {
    if let existing = arguments.values["store"] {
      scratch = nil
      path = existing
      bytes = ScratchDirectory.size(of: existing)
      return
    }
    let scratch = try ScratchDirectory("fixture", arguments: arguments)
    self.scratch = scratch
    path = scratch.path + "/store"
    let payload: [UInt8]
    if let directory = arguments.payloadDirectory {
      payload = try PayloadSource.fileBytes("\(directory)/day1_\(count).json")
    } else {
      payload = PayloadSource.generate(day: 1, count: count)
    }
    let value = try JSONParser.parse(payload)
    do {
      let store = try Store(directory: scratch.path + "/store", schema: schema)
      try store.sync(value, into: "Employee")
    }
    bytes = ScratchDirectory.size(of: scratch.path + "/store")
  }

  /// Removes the store if the fixture built it.
  func remove() { scratch?.remove() }

  /// The store's shard files (relative paths) with their inode and modification time, to tell
  /// which ones a save rewrote.
  func shardStamps() -> [String: String] {
    var stamps: [String: String] = [:]
    let folder = path + "/Employee"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      var info = stat()
      guard stat(folder + "/" + name, &info) == 0 else { continue }
      stamps[name] = "\(info.st_ino):\(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec):\(info.st_size)"
    }
    return stamps
  }

  /// The bytes of every shard file, for timing a plain parse of what `open` reads.
  func shardBytes() throws -> [[UInt8]] {
    let folder = path + "/Employee"
    return try ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map {
      try PayloadSource.fileBytes(folder + "/" + $0)
    }
  }
}
