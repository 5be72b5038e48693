#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a store directory as the file system holds them, read without following
/// links, and the problems of entries Folio must never follow or open.
///
/// git checks out symbolic links, so a clone of someone else's repository can hold a `.folio`,
/// an entity folder or a shard that points anywhere on the machine; a FIFO would make every
/// read wait forever. Folio therefore accepts only plain files and folders inside a store: every
/// other entry is a ``StoreError/Code/specialFile`` problem naming it, which writers refuse
/// before they create, lock or write anything, and which no command ever follows. The store
/// directory itself may be a link (the user's own path).
enum StoreTree {
  /// What an entry is, from `lstat` (a link is a link, whatever it points to).
  enum Kind: Sendable, Hashable {
    case file, directory, symbolicLink, fifo, socket, device, unknown
  }

  /// One entry of a directory.
  struct Entry: Sendable, Hashable {
    /// The name's bytes, as the file system holds them (not necessarily UTF-8).
    var bytes: [UInt8]
    var kind: Kind
    /// The name, or `nil` when its bytes are not UTF-8.
    var name: String? {
      let text = String(decoding: bytes, as: UTF8.self)
      return Array(text.utf8) == bytes ? text : nil
    }
    /// The name with bytes that are not UTF-8 and control characters escaped (`\xFF`,
    /// `\u{1B}`), safe to print on a terminal.
    var printableName: String { StoreTree.printable(bytes) }
  }

  /// The entries of the directory at `path`, without `.` and `..`, in no particular order; `nil`
  /// when it is missing, not a directory, or (without `followingLink`) a link.
  ///
  /// - Parameter followingLink: Accept a link at `path` itself (the user's store path); links
  ///   among the entries are never followed.
  static func entries(_ path: String, followingLink: Bool = false) -> [Entry]? {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | (followingLink ? 0 : O_NOFOLLOW))
    guard fd >= 0 else { return nil }
    guard let directory = fdopendir(fd) else {
      close(fd)
      return nil
    }
    defer { closedir(directory) }
    var result: [Entry] = []
    while let entry = readdir(directory) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      var kind = Self.kind(fromDirectoryType: Int(entry.pointee.d_type))
      if kind == .unknown {
        var info = stat()
        let name = bytes.map { CChar(bitPattern: $0) } + [0]
        if fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
          kind = Self.kind(mode: info.st_mode)
        } else if errno == ENOENT {
          continue  // removed since it was listed (a writer's journal file): nothing to report
        }
      }
      result.append(Entry(bytes: bytes, kind: kind))
    }
    return result
  }

  /// What the entry at `path` is, without following a link there; `nil` when nothing is there.
  static func kind(at path: String) -> Kind? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return kind(mode: info.st_mode)
  }

  /// The kind an `st_mode` describes.
  static func kind(mode: mode_t) -> Kind {
    switch Int(mode) & Int(S_IFMT) {
    case Int(S_IFREG): .file
    case Int(S_IFDIR): .directory
    case Int(S_IFLNK): .symbolicLink
    case Int(S_IFIFO): .fifo
    case Int(S_IFSOCK): .socket
    case Int(S_IFCHR), Int(S_IFBLK): .device
    default: .unknown
    }
  }

  private static func kind(fromDirectoryType type: Int) -> Kind {
    switch type {
    case Int(DT_REG): .file
    case Int(DT_DIR): .directory
    case Int(DT_LNK): .symbolicLink
    case Int(DT_FIFO): .fifo
    case Int(DT_SOCK): .socket
    case Int(DT_CHR), Int(DT_BLK): .device
    default: .unknown
    }
  }

  /// Every entry of the store at `directory` (its `.git` aside) that is not a plain file or
  /// folder, and a `.folio` that is not a folder, each a ``StoreError/Code/specialFile``
  /// problem naming the entry relative to the store, in path order. Nothing is followed,
  /// opened or written.
  ///
  /// - Complexity: One directory read per folder of the store (plus an `lstat` per entry on
  ///   file systems that do not report entry types).
  static func specialFiles(in directory: String) -> [StoreError] {
    var problems: [StoreError] = []
    var folders: [(path: String, relative: String)] = [(directory, "")]
    while let (path, relative) = folders.popLast() {
      guard let entries = entries(path, followingLink: relative.isEmpty) else { continue }
      for entry in entries.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
        if relative.isEmpty, entry.bytes == Array(".git".utf8) { continue }
        let name = relative + entry.printableName
        switch entry.kind {
        case .directory:
          folders.append((path + "/" + String(decoding: entry.bytes, as: UTF8.self), name + "/"))
          if entry.name == nil {
            // A folder whose name is not UTF-8 cannot be opened by the name decoded here;
            // its entries are not scanned (Folio reads nothing in it either).
            folders.removeLast()
          }
        case .file:
          if relative.isEmpty, entry.name == LocalState.folder { problems.append(localFolderIsAFile()) }
        case .symbolicLink, .fifo, .socket, .device, .unknown:
          problems.append(problem(entry.kind, at: name, path: path + "/" + String(decoding: entry.bytes, as: UTF8.self)))
        }
      }
    }
    return problems.sorted { ($0.file ?? "") < ($1.file ?? "") }
  }

  /// Throws unless the store's local folder (`.folio`) at `directory` is a real folder (not a
  /// link to one) or does not exist yet: nothing may be created, locked or read through it.
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/specialFile``); nothing is written.
  static func requireLocalFolder(in directory: String) throws(StoreError) {
    let path = directory + "/" + LocalState.folder
    switch kind(at: path) {
    case nil, .directory?: return
    case .file?: throw localFolderIsAFile()
    case let kind?: throw problem(kind, at: LocalState.folder, path: path)
    }
  }

  /// The problem of a regular file named `.folio`.
  static func localFolderIsAFile() -> StoreError {
    StoreError(
      code: .specialFile,
      message: "'\(LocalState.folder)' is a file, where Folio keeps its local folder (lock, journal, local state); remove the file (git rm --cached \(LocalState.folder) if it was committed) and run the command again",
      file: LocalState.folder)
  }

  /// The ``StoreError/Code/specialFile`` problem for an entry of kind `kind` at `name`
  /// (relative to the store; `path` is where it is).
  static func problem(_ kind: Kind, at name: String, path: String) -> StoreError {
    let what: String
    var why = "reading one could wait forever or read a device"
    switch kind {
    case .symbolicLink:
      var target = [CChar](repeating: 0, count: 1025)
      let count = readlink(path, &target, 1024)
      let pointsTo = count >= 0 ? " to '\(printable(target.prefix(count).map { UInt8(bitPattern: $0) }))'" : ""
      what = "a symbolic link\(pointsTo)"
      why = "a link in a clone could point anywhere on this machine"
    case .fifo: what = "a FIFO (named pipe)"
    case .socket: what = "a socket"
    case .device: what = "a device"
    default: what = "neither a file nor a folder"
    }
    return StoreError(
      code: .specialFile,
      message: "'\(name)' is \(what); Folio never follows or opens one inside a store (\(why)): replace it with a plain file or folder, or remove it (git rm it if it was committed)",
      file: name)
  }

  /// Entries of entity folders whose records Folio does not read, so that none is silently
  /// ignored: folders holding JSON files (records are read only from files directly in the
  /// entity's folder) and JSON files whose names are not UTF-8.
  static func unreadFiles(in directory: String, entities: [String]) -> [StoreError] {
    var problems: [StoreError] = []
    for entity in entities {
      guard let entries = entries(directory + "/" + entity) else { continue }
      for entry in entries.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
        let name = entity + "/" + entry.printableName
        if entry.name == nil, entry.kind == .file {
          problems.append(
            StoreError(
              code: .unsupportedFileName,
              message: "the file's name is not UTF-8, so Folio cannot name it and does not read its records; rename it (records belong in files Folio names, folio check --fix moves them there)",
              entity: entity, file: name))
        } else if entry.kind == .directory, let folder = entry.name {
          let count = jsonFiles(in: directory + "/" + entity + "/" + folder)
          guard count > 0 else { continue }
          problems.append(
            StoreError(
              code: .invalidStoredRecord,
              message: "the folder holds \(count) JSON file\(count == 1 ? "" : "s") that Folio does not read: records of \(entity) are read only from files directly in \(entity)/; move the files up into \(entity)/ (folio check --fix then places their records), or out of the store",
              entity: entity, file: name + "/"))
        }
      }
    }
    return problems
  }

  /// The number of `*.json` files in the folder at `path` and the folders below it (links are
  /// not followed).
  private static func jsonFiles(in path: String) -> Int {
    var count = 0
    var folders = [path]
    while let folder = folders.popLast() {
      for entry in entries(folder) ?? [] {
        if entry.kind == .file, entry.bytes.count > 5, entry.bytes.suffix(5) == Array(".json".utf8)[...] { count += 1 }
        if entry.kind == .directory { folders.append(folder + "/" + String(decoding: entry.bytes, as: UTF8.self)) }
      }
    }
    return count
  }

  /// `bytes` as text safe to print: UTF-8 as it is, except control characters (escaped as
  /// `\u{1B}`) and bytes that are not UTF-8 (escaped as `\xFF`).
  static func printable<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let all = Array(bytes)
    var text = ""
    var i = 0
    while i < all.count {
      let lead = all[i]
      let length =
        lead < 0x80 ? 1 : (0xC2..<0xE0).contains(lead) ? 2 : (0xE0..<0xF0).contains(lead) ? 3 : (0xF0..<0xF5).contains(lead) ? 4 : 0
      if length > 0, i + length <= all.count {
        let sequence = Array(all[i..<(i + length)])
        let decoded = String(decoding: sequence, as: UTF8.self)
        if Array(decoded.utf8) == sequence {
          text += printable(decoded)
          i += length
          continue
        }
      }
      text += "\\x" + hex(lead)
      i += 1
    }
    return text
  }

  /// `text` with control characters escaped (`\u{1B}`), safe to print on a terminal.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return text.unicodeScalars.map(escaped).joined()
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    isControl(scalar) ? "\\u{" + hex(UInt8(scalar.value)) + "}" : String(scalar)
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
