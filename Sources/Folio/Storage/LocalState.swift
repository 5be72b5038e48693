/// What one working copy of a store remembers about its files, in `.folio/state.json`: never
/// tracked by git, never needed to read the store, rebuilt from the content when missing.
///
/// It holds the generation (the commits this working copy has seen) and the checksum of every
/// content file as Folio last wrote or validated it, so opening can tell which files changed
/// outside Folio (a hand edit, a checkout, a merge): the state is then one generation newer.
struct LocalState: Sendable, Hashable {
  /// The local folder, inside the store and ignored by its `.gitignore`.
  static let folder = ".folio"
  /// The file's path relative to the store.
  static let file = ".folio/state.json"

  /// The commits this working copy has seen: 0 for a new store or a fresh clone.
  var generation: UInt64 = 0
  /// ``ShardFile/checksum(_:)`` of each content file (`Entity/<name>.json`, relative to the
  /// store) as Folio last wrote or read it.
  var files: [String: String] = [:]

  init(generation: UInt64 = 0, files: [String: String] = [:]) {
    self.generation = generation
    self.files = files
  }

  /// The canonical bytes of `state.json`.
  var bytes: [UInt8] {
    var fileObject = JSONObject()
    for (file, checksum) in files.sorted(by: { JSONObject.keyPrecedes($0.key, $1.key) }) {
      fileObject[file] = .string(checksum)
    }
    let value: JSONValue = .object([
      "files": .object(fileObject),
      "formatVersion": .int(StoreFormat.currentVersion),
      "generation": .int(Int64(truncatingIfNeeded: generation)),
    ])
    return JSONWriter.bytes(value, style: .pretty)
  }

  /// Reads `state.json`; `nil` when it is missing, damaged or of another format version (it is
  /// only a cache of facts about the content, so it is then rebuilt, never trusted).
  static func read(directory: String, overlay: [String: String] = [:]) -> LocalState? {
    let path = overlay[file] ?? directory + "/" + file
    guard let bytes = (try? StoreFiles.readFile(path)) ?? nil,
      case .object(let root)? = try? JSONParser.parse(bytes),
      root["formatVersion"] == .int(StoreFormat.currentVersion),
      case .int(let generation)? = root["generation"], generation >= 0,
      case .object(let fileObject)? = root["files"]
    else { return nil }
    var files: [String: String] = [:]
    for member in fileObject {
      guard case .string(let checksum) = member.value else { return nil }
      files[member.key] = checksum
    }
    return LocalState(generation: UInt64(generation), files: files)
  }
}
