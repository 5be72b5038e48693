/// The names a store directory may hold, and the check that every path read from a store file
/// (the commit journal's targets and removals) names one of them before it is used.
enum StorePath {
  /// Files at the top of a store: content (`schema.json`), the git settings Folio writes, and
  /// format 1's manifest (removed by the upgrade).
  static let topLevelFiles: Set<String> = ["schema.json", ".gitignore", ".gitattributes", LegacyManifest.file]
  /// Top-level names no entity may take: they are (or were, in format 1) store files.
  static let reservedNames: Set<String> = topLevelFiles.union(["lock", "commit.lock"])

  /// Whether `name` can be a folder or file name inside a store: ASCII letters, digits, `_`,
  /// `-` and `.`, not starting with `.` (so never `..`), at most 200 bytes.
  static func isSafeName<S: StringProtocol>(_ name: S) -> Bool {
    !name.isEmpty && name.utf8.count <= 200 && name.utf8.first != UInt8(ascii: ".")
      && name.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      }
  }

  /// Whether `path` (relative to the store) is a file a commit may write or remove: a top-level
  /// store file, the local state, or a JSON file directly inside an entity-like folder
  /// (`Employee/3a0c….json`; format 1's `Employee/0000.json`; a file added by hand that a
  /// re-layout removes). Anything else, `..`, absolute paths and deeper paths included, is not.
  static func isStoreFile(_ path: String) -> Bool {
    if topLevelFiles.contains(path) || path == LocalState.file { return true }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, isSafeName(parts[0]), !reservedNames.contains(String(parts[0])),
      isSafeName(parts[1]), parts[1].hasSuffix(".json")
    else { return false }
    return true
  }
}
