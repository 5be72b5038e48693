/// The store's own member of `schema.json`, `"folioStore"`: the format version and the names of
/// the migrations applied.
///
/// It lives in the tracked schema copy because it describes the content, and it changes only
/// when the content's shape does (a migration, a format upgrade), never on an ordinary commit.
/// A `schema.json` without it (written by hand) is a format-2 store with no migrations applied.
///
/// ```json
/// "folioStore": {
///   "formatVersion": 2,
///   "migrations": []
/// }
/// ```
struct StoreFormat: Sendable, Hashable {
  /// The member's name in `schema.json`.
  static let member = "folioStore"
  /// The format version this build writes and reads (format 1 stores are upgraded on open).
  static let currentVersion: Int64 = 2

  /// The format version.
  var version: Int64 = StoreFormat.currentVersion
  /// Names of the migrations applied to the store, in order.
  var migrations: [String] = []

  init(migrations: [String] = []) { self.migrations = migrations }

  /// The member's value.
  var value: JSONValue {
    .object(["formatVersion": .int(version), "migrations": .array(migrations.map(JSONValue.string))])
  }

  /// The format member of a `schema.json`'s bytes (defaults when the member is absent or the
  /// file is not valid JSON: reading the schema reports that).
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/unsupportedFormatVersion``,
  ///   ``StoreError/Code/invalidManifest`` for a malformed member).
  init(schemaFile bytes: [UInt8]) throws(StoreError) {
    guard case .object(let root)? = try? JSONParser.parse(bytes), let member = root[StoreFormat.member] else { return }
    func bad(_ pointer: String, _ expected: String) -> StoreError {
      StoreError(
        code: .invalidManifest,
        message: "the store's format member is damaged: expected \(expected); restore schema.json from version control",
        file: "schema.json", pointer: "/\(StoreFormat.member)" + pointer)
    }
    guard case .int(let version)? = member["formatVersion"] else { throw bad("/formatVersion", "an integer") }
    guard version == StoreFormat.currentVersion else {
      throw StoreError(
        code: .unsupportedFormatVersion,
        message: "the store has format version \(version), but this Folio reads version \(StoreFormat.currentVersion) (and upgrades version 1); open it with a matching Folio release",
        file: "schema.json", pointer: "/\(StoreFormat.member)/formatVersion")
    }
    self.version = version
    if let list = member["migrations"] {
      guard case .array(let names) = list else { throw bad("/migrations", "an array of names") }
      for (i, name) in names.enumerated() {
        guard case .string(let s) = name else { throw bad("/migrations/\(i)", "a string") }
        migrations.append(s)
      }
    }
  }
}
