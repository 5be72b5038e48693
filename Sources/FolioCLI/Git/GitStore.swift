import Folio
import Foundation

/// A store kept in a git repository, read from git's objects: its path in the repository and
/// the files of its versions (a revision, the index, the working tree).
///
/// A store directory is untrusted input (it came from someone's branch): only regular files are
/// read. A link or a submodule where a store file would be is skipped with a warning, never
/// followed, and a working-tree file is read only when no folder on its way is a link.
struct GitStore: Sendable {
  /// Runs git at the repository's top level.
  var git: GitRunner
  /// The store's path from the repository's top level, without a trailing slash (empty when the
  /// store is the repository).
  var prefix: String
  /// The store's path as the user gave it, for messages.
  var given: String

  /// One version of the store.
  enum Side: Sendable, Hashable, CustomStringConvertible {
    /// A commit, by its full object name, with the revision as the user wrote it.
    case revision(commit: String, label: String)
    /// What is staged in the index.
    case index
    /// The files on disk.
    case workingTree

    var description: String {
      switch self {
      case .revision(_, let label): return label
      case .index: return "the index"
      case .workingTree: return "the working tree"
      }
    }
  }

  /// The store at `path` (as given on the command line) in the repository enclosing it.
  ///
  /// - Throws: ``CLIError`` (`notInRepository`) when no git repository encloses the path;
  ///   (`gitUnavailable`) when git is not installed.
  init(path: String, console: Console) throws(CLIError) {
    given = path
    var absolute = URL(fileURLWithPath: console.resolve(path)).standardizedFileURL.path
    // The nearest folder that exists runs git (the store itself may exist only in history).
    var folder = absolute
    while !FileManager.default.fileExists(atPath: folder), folder != "/" {
      folder = (folder as NSString).deletingLastPathComponent
    }
    let probe = GitRunner(directory: folder)
    let top: String
    do {
      top = try probe.text(["rev-parse", "--show-toplevel"])
    } catch where error.code == .gitFailed {
      throw CLIError(
        .notInRepository, "'\(path)' is not inside a git repository; this command reads the store's history from git.",
        file: path)
    }
    let realTop = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
    // Compare real paths: git reports the top level with links resolved.
    let existing = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    absolute = existing + String(absolute.dropFirst(folder.count))
    guard absolute == realTop || absolute.hasPrefix(realTop + "/") else {
      throw CLIError(.notInRepository, "'\(path)' is outside the git repository at \(top).", file: path)
    }
    prefix = String(absolute.dropFirst(realTop.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    git = GitRunner(directory: realTop)
  }

  /// `file` (store-relative) as a repository path.
  func repositoryPath(_ file: String) -> String { prefix.isEmpty ? file : prefix + "/" + file }

  /// `file` (store-relative) as the user would name it on `side`: `company.folio/Employee/….json`
  /// in the working tree, `main:company.folio/Employee/….json` at a revision.
  func label(_ file: String, on side: Side) -> String {
    let path = (given.hasSuffix("/") ? given : given + "/") + file
    switch side {
    case .revision(_, let label): return label + ":" + repositoryPath(file)
    case .index: return ":" + repositoryPath(file)
    case .workingTree: return path
    }
  }

  /// The full object name of the commit `revision` names.
  ///
  /// - Throws: ``CLIError`` (`unknownRevision`) when git knows no such commit.
  func commit(_ revision: String) throws(CLIError) -> String {
    guard !revision.hasPrefix("-"),
      let name = try? git.text(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]),
      !name.isEmpty
    else {
      throw CLIError(.unknownRevision, "git knows no commit '\(revision)'.")
    }
    return name
  }

  /// One file git lists as different between two versions.
  struct ChangedFile: Sendable, Hashable {
    /// The store-relative path.
    var path: String
    /// The object in the earlier version, `nil` when absent there.
    var before: String?
    /// The object in the later version, `nil` when absent there or when it must be read from
    /// the working tree.
    var after: String?
    /// Whether the later version is the working tree's file (absent when `after` is also
    /// absent in the working tree).
    var afterOnDisk: Bool
  }

  static let noObject = String(repeating: "0", count: 40)

  /// The store files that differ between `from` and `to` (`to` may be the working tree; `from`
  /// never is), from `git diff --raw`, plus files in the working tree git does not track yet.
  ///
  /// - Throws: ``CLIError`` (`unfinishedMerge`) when a store file is unmerged; (`gitFailed`).
  func changedFiles(from: Side, to: Side, console: Console) throws(CLIError) -> [ChangedFile] {
    var arguments = ["diff", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-ext-diff", "--no-textconv", "--ignore-submodules"]
    switch (from, to) {
    case (.index, .workingTree): break
    case (.revision(let commit, _), .index): arguments += ["--cached", commit]
    case (.revision(let commit, _), .workingTree): arguments.append(commit)
    case (.revision(let a, _), .revision(let b, _)): arguments += [a, b]
    default: throw CLIError(.invalidValue, "cannot compare \(from) with \(to).")
    }
    arguments += ["--", prefix.isEmpty ? "." : prefix]
    let raw = try git.output(arguments)
    var files: [ChangedFile] = []
    var fields = raw.split(separator: 0, omittingEmptySubsequences: false).makeIterator()
    while let header = fields.next(), !header.isEmpty {
      guard let pathBytes = fields.next() else { break }
      // `:<old mode> <new mode> <old object> <new object> <status>`
      let parts = String(decoding: header, as: UTF8.self).dropFirst().split(separator: " ")
      guard parts.count == 5, let path = storeRelative(String(decoding: pathBytes, as: UTF8.self)) else { continue }
      if parts[4] == "U" {
        throw CLIError(
          .unfinishedMerge,
          "git has not recorded this store file as merged; finish or abort the merge first.",
          file: label(path, on: .workingTree))
      }
      let (oldMode, newMode) = (String(parts[0]), String(parts[1]))
      if !isRegular(oldMode) && oldMode != "000000" || !isRegular(newMode) && newMode != "000000" {
        console.err("warning: \(label(path, on: to)): not a regular file in git (a link or a submodule); left out\n")
        continue
      }
      let before = oldMode == "000000" ? nil : String(parts[2])
      let onDisk = to == .workingTree
      let afterObject = newMode == "000000" || parts[3] == Self.noObject ? nil : String(parts[3])
      files.append(ChangedFile(path: path, before: before, after: afterObject, afterOnDisk: onDisk && newMode != "000000"))
    }
    if to == .workingTree {
      let untracked = try git.output(["ls-files", "-z", "--others", "--exclude-standard", "--", prefix.isEmpty ? "." : prefix])
      for entry in untracked.split(separator: 0) {
        guard let path = storeRelative(String(decoding: entry, as: UTF8.self)) else { continue }
        files.append(ChangedFile(path: path, before: nil, after: nil, afterOnDisk: true))
      }
    }
    return files
  }

  /// Whether a git file mode is a regular file's.
  func isRegular(_ mode: String) -> Bool { mode == "100644" || mode == "100755" }

  /// `path` (from the repository's top level) relative to the store, or `nil` outside it.
  func storeRelative(_ path: String) -> String? {
    if prefix.isEmpty { return path }
    guard path.hasPrefix(prefix + "/") else { return nil }
    return String(path.dropFirst(prefix.count + 1))
  }

  /// The bytes of the store-relative `file` in the working tree, or `nil` when it is missing,
  /// not a regular file, or a folder on its way is a link.
  func workingTreeFile(_ file: String) -> [UInt8]? {
    var path = git.directory + (prefix.isEmpty ? "" : "/" + prefix)
    for component in file.split(separator: "/") {
      path += "/" + component
      guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
        type == .typeRegular || type == .typeDirectory
      else { return nil }
    }
    return FileManager.default.contents(atPath: path).map(Array.init)
  }

  /// The absolute path to write the store-relative `file` at in the working tree, or `nil`
  /// when a folder on its way is not a real folder (a link could lead outside the store) or the
  /// file exists and is not a regular file.
  func writablePath(_ file: String) -> String? {
    var path = git.directory + (prefix.isEmpty ? "" : "/" + prefix)
    let components = file.split(separator: "/")
    for (n, component) in components.enumerated() {
      guard component != "..", component != "." else { return nil }
      path += "/" + component
      let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
      if n < components.count - 1 {
        guard type == .typeDirectory else { return nil }
      } else if let type, type != .typeRegular {
        return nil
      }
    }
    return path
  }

  /// The bytes of the store-relative `file` on `side`, `nil` when it has none.
  func file(_ file: String, on side: Side) throws(CLIError) -> [UInt8]? {
    switch side {
    case .workingTree: return workingTreeFile(file)
    case .index: return try regularBlob(":" + repositoryPath(file), listing: ["ls-files", "-s", "-z", "--", repositoryPath(file)])
    case .revision(let commit, _):
      return try regularBlob(commit + ":" + repositoryPath(file), listing: ["ls-tree", "-z", commit, "--", repositoryPath(file)])
    }
  }

  /// The blob `object` when `listing` (git's entry for it) says it is a regular file.
  private func regularBlob(_ object: String, listing: [String]) throws(CLIError) -> [UInt8]? {
    let entry = String(decoding: try git.output(listing), as: UTF8.self)
    guard let mode = entry.split(separator: " ").first, isRegular(String(mode)) else { return nil }
    return try git.blobs([object]).first ?? nil
  }

  /// The schema of the store on `side`, `nil` when the side has no store there.
  ///
  /// - Throws: ``CLIError`` (`unreadableSchema`) when the schema file cannot be read.
  func schema(on side: Side) throws(CLIError) -> Schema? {
    guard let bytes = try file("schema.json", on: side) else { return nil }
    return try ShardLocation.schema(bytes, file: label("schema.json", on: side))
  }

  /// Every regular file of the store at the revision `commit`, by store-relative path, read
  /// straight from git's objects (for `--at`).
  func allFiles(at side: Side, console: Console) throws(CLIError) -> [String: [UInt8]] {
    guard case .revision(let commit, _) = side else { return [:] }
    let listing = try git.output(["ls-tree", "-r", "-z", "--full-tree", commit, "--", prefix.isEmpty ? "." : prefix])
    var paths: [String] = []
    var objects: [String] = []
    for entry in listing.split(separator: 0) {
      let text = String(decoding: entry, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let path = storeRelative(String(text[text.index(after: tab)...])) else { continue }
      let fields = text[..<tab].split(separator: " ")
      guard fields.count == 3, isRegular(String(fields[0])) else {
        console.err("warning: \(label(path, on: side)): not a regular file in git (a link or a submodule); left out\n")
        continue
      }
      paths.append(path)
      objects.append(String(fields[2]))
    }
    var files: [String: [UInt8]] = [:]
    for (path, content) in zip(paths, try git.blobs(objects)) {
      if let content { files[path] = content }
    }
    return files
  }
}

extension CLIError.Code {
  /// The store is not inside a git repository.
  static let notInRepository = Self("notInRepository")
  /// A revision names no commit git knows.
  static let unknownRevision = Self("unknownRevision")
}
