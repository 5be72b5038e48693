/// What opening needs from the `manifest.json` of a format-1 store, to upgrade it: the format
/// version, the generation and the migrations applied. Format 1 kept per-file checksums and
/// record counts there too; format 2 reads every content file and validates it instead, so
/// those are not read (a hand edit of a format-1 shard is accepted like any other).
struct LegacyManifest: Sendable, Hashable {
  /// The file's name at the top of a format-1 store.
  static let file = "manifest.json"
  /// The value of the `format` member, identifying a Folio store.
  static let formatName = "folio-store"

  var generation: UInt64
  /// Names of the migrations applied to the store, in order.
  var migrations: [String]

  /// Reads a format-1 manifest, reporting the first problem with the file name and JSON pointer.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/invalidManifest``,
  ///   ``StoreError/Code/unsupportedFormatVersion``, ``StoreError/Code/mergeConflict``,
  ///   ``StoreError/Code/invalidJSON``).
  init(bytes: [UInt8]) throws(StoreError) {
    let file = LegacyManifest.file
    let value = try ShardFile.parse(bytes, file: file)
    func bad(_ pointer: String, _ expected: String) -> StoreError {
      StoreError(
        code: .invalidManifest,
        message: "the format-1 manifest is damaged: expected \(expected); restore manifest.json from version control or a backup, then open the store to upgrade it",
        file: file, pointer: pointer)
    }
    guard case .object(let root) = value, root["format"] == .string(LegacyManifest.formatName) else {
      throw bad("/format", "an object with \"format\": \"\(LegacyManifest.formatName)\"")
    }
    guard case .int(let version)? = root["formatVersion"] else { throw bad("/formatVersion", "an integer") }
    guard version == 1 else {
      throw StoreError(
        code: .unsupportedFormatVersion,
        message: "manifest.json has format version \(version); this Folio reads format \(StoreFormat.currentVersion) and upgrades format 1; open it with a matching Folio release",
        file: file, pointer: "/formatVersion")
    }
    guard case .int(let generation)? = root["generation"], generation >= 0 else {
      throw bad("/generation", "a non-negative integer")
    }
    self.generation = UInt64(generation)
    var migrations: [String] = []
    if let list = root["migrations"] {
      guard case .array(let names) = list else { throw bad("/migrations", "an array of names") }
      for (i, name) in names.enumerated() {
        guard case .string(let s) = name else { throw bad("/migrations/\(i)", "a string") }
        migrations.append(s)
      }
    }
    self.migrations = migrations
  }
}
