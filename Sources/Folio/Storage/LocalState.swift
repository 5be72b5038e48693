#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one working copy of a store remembers about its files, in `.folio/state.json`: never
/// tracked by git, never needed to read the store, rebuilt from the content when missing.
///
/// It holds the generation (the commits this working copy has seen) and the checksum of every
/// content file as Folio last wrote or validated it, so opening can tell which files changed
/// outside Folio (a hand edit, a checkout, a merge): the state is then one generation newer.
///
/// It belongs to one working copy: it holds the random key of the working copy's checksums
/// (``digest``) and the identity of the local folder it was written in (``home``). A state
/// whose home is not the folder it is read from arrived some other way (committed with
/// `git add -f` and cloned, copied with the store) and is ignored, with everything it would
/// vouch for: its checksums and any commit journal beside it.
///
/// It is also a cache of validation, like git's index: a file whose bytes still have the
/// recorded checksum, recorded under the same record checks (``checks``) and not listed in
/// ``recheck``, holds records Folio wrote or found clean, so opening skips their member-by-member
/// checks (see ``StoreLoader/trusted``). Anything else is validated in full.
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
  /// ``RecordChecker/fingerprint(of:)`` of the schema under which ``files`` were written or
  /// validated; `nil` (a state written by an older Folio, or after a migration) trusts no file.
  var checks: String?
  /// Files whose last full validation reported a problem or changed a record (dropped a `null`
  /// member or an empty to-many), with the checksum they had then: while they keep it, opening
  /// validates them in full.
  var recheck: [String: String] = [:]
  /// The key of this working copy's checksums: every checksum in ``files`` and ``recheck`` and
  /// in a commit journal is made with it. New and random whenever the state is rebuilt.
  var digest: FileDigest
  /// The identity of the local folder the state was last written in (``identity(ofStore:)``),
  /// set when it is written.
  var home: String?

  init(
    generation: UInt64 = 0, files: [String: String] = [:], checks: String? = nil, recheck: [String: String] = [:],
    digest: FileDigest = .random()
  ) {
    self.generation = generation
    self.files = files
    self.checks = checks
    self.recheck = recheck
    self.digest = digest
  }

  /// The identity of the store's local folder, `device:inode`, or `nil` when it is not a
  /// directory. A clone, a copy or a checkout makes a new folder with another identity, so a
  /// state recorded in one working copy is recognised as foreign in any other.
  static func identity(ofStore directory: String) -> String? {
    var info = stat()
    guard lstat(directory + "/" + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    return "\(info.st_dev):\(info.st_ino)"
  }

  /// The checksums of the files whose records need no member checks when opened under the
  /// record checks `fingerprint`: every file of ``files`` not in ``recheck`` at that checksum;
  /// none when ``checks`` differs.
  func trustedFiles(checks fingerprint: String) -> [String: String] {
    guard checks == fingerprint else { return [:] }
    return files.filter { recheck[$0.key] != $0.value }
  }

  /// ``files``' paths in canonical order as ``encoded()`` last sorted them, reused while the
  /// paths stay the same: a save changes checksums far more often than it adds or removes a
  /// file. Not part of the state's value (``==`` and hashing ignore it).
  private var fileOrder: [String] = []

  /// The canonical bytes of `state.json`.
  var bytes: [UInt8] {
    bytes(order: files.keys.sorted(by: JSONObject.keyPrecedes))
  }

  /// ``bytes``, sorting the paths only when they changed since the last call.
  ///
  /// - Complexity: O(*n*) dictionary lookups in the files when their paths are the ones sorted
  ///   last, else O(*n* log *n*). Sorting 1,024 paths cost 6.9 million instructions, almost half
  ///   of a one-record save in a 1M store (callgrind).
  mutating func encoded() -> [UInt8] {
    // The order came from sorting the keys of a files dictionary, so it holds no path twice:
    // as many paths, all still present, are exactly the current ones.
    let isCurrent = fileOrder.count == files.count && fileOrder.allSatisfy { files[$0] != nil }
    if !isCurrent { fileOrder = files.keys.sorted(by: JSONObject.keyPrecedes) }
    return bytes(order: fileOrder)
  }

  /// The bytes with ``files`` in `order`, the canonical order of its paths.
  ///
  /// The members are appended without a search for each key (the paths are unique); setting
  /// them one by one searched the object each time, O(*n*²): about 4 ms of a one-record save in
  /// a 1,024-file store (under `strace`).
  private func bytes(order: [String]) -> [UInt8] {
    var fileObject = JSONObject(minimumCapacity: order.count)
    for file in order {
      if let checksum = files[file] { fileObject.appendUnchecked(key: file, value: .string(checksum)) }
    }
    var root: JSONObject = [
      "files": .object(fileObject),
      "formatVersion": .int(StoreFormat.currentVersion),
      "generation": .int(Int64(truncatingIfNeeded: generation)),
      "key": .string(digest.keyHex),
    ]
    if let home { root["home"] = .string(home) }
    if let checks { root["checks"] = .string(checks) }
    if !recheck.isEmpty {
      var recheckObject = JSONObject(minimumCapacity: recheck.count)
      for (file, checksum) in recheck.sorted(by: { JSONObject.keyPrecedes($0.key, $1.key) }) {
        recheckObject.appendUnchecked(key: file, value: .string(checksum))
      }
      root["recheck"] = .object(recheckObject)
    }
    let value: JSONValue = .object(root)
    return JSONWriter.bytes(value, style: .pretty)
  }

  static func == (lhs: LocalState, rhs: LocalState) -> Bool {
    lhs.generation == rhs.generation && lhs.files == rhs.files && lhs.checks == rhs.checks
      && lhs.recheck == rhs.recheck && lhs.digest == rhs.digest && lhs.home == rhs.home
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(files)
    hasher.combine(checks)
    hasher.combine(recheck)
    hasher.combine(digest)
    hasher.combine(home)
  }

  /// What reading `state.json` found.
  enum Reading: Sendable, Hashable {
    /// No state, or a damaged one, or one of another format version: rebuilt from the content.
    case missing
    /// A state that belongs to another working copy (its ``home`` is not this local folder,
    /// or it has none): ignored, with any journal beside it.
    case foreign
    /// This working copy's state.
    case bound(LocalState)

    /// The state, when it is this working copy's.
    var state: LocalState? {
      if case .bound(let state) = self { return state }
      return nil
    }
  }

  /// Reads `state.json`; `nil` when it is missing, damaged, of another format version or
  /// another working copy's (it is only a cache of facts about the content, so it is then
  /// rebuilt, never trusted).
  static func read(directory: String, overlay: [String: String] = [:]) -> LocalState? {
    inspect(directory: directory, overlay: overlay).state
  }

  /// Reads `state.json` and says whether it is this working copy's (see ``Reading``).
  static func inspect(directory: String, overlay: [String: String] = [:]) -> Reading {
    let path = overlay[file] ?? directory + "/" + file
    guard let bytes = (try? StoreFiles.readFile(path)) ?? nil,
      case .object(let root)? = try? JSONParser.parse(bytes),
      root["formatVersion"] == .int(StoreFormat.currentVersion),
      case .int(let generation)? = root["generation"], generation >= 0,
      case .object(let fileObject)? = root["files"]
    else { return .missing }
    guard case .string(let key)? = root["key"], let digest = FileDigest(keyHex: key),
      case .string(let home)? = root["home"], home == identity(ofStore: directory)
    else { return .foreign }
    var files: [String: String] = [:]
    for member in fileObject {
      guard case .string(let checksum) = member.value else { return .missing }
      files[member.key] = checksum
    }
    // The validation cache is optional: a state without it (or with a damaged one) trusts no file.
    var checks: String?
    var recheck: [String: String] = [:]
    if case .string(let fingerprint)? = root["checks"] { checks = fingerprint }
    switch root["recheck"] {
    case nil: break
    case .object(let recheckObject)?:
      for member in recheckObject {
        guard case .string(let checksum) = member.value else {
          checks = nil
          break
        }
        recheck[member.key] = checksum
      }
    default: checks = nil
    }
    var state = LocalState(generation: UInt64(generation), files: files, checks: checks, recheck: recheck, digest: digest)
    state.home = home
    return .bound(state)
  }
}
