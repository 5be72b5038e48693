import Foundation

/// A git merge (or rebase, cherry-pick, revert, or a conflicted `stash pop`) of the store's files
/// that is not finished: git holds unmerged index entries for files under the store.
///
/// Such a file may hold what git left when a merge driver failed: one side's bytes with no
/// conflict markers, which `check` would otherwise call sound and a commit would keep, dropping
/// the other side's edits (issue 31, defect 10). `check` reports each such file and every
/// command that writes the store refuses until the merge is resolved.
///
/// The enclosing repository is found by reading files (`.git` as a folder or a `gitdir:` file,
/// and the `MERGE_HEAD`-like state files); the unmerged entries are listed by running the `git`
/// executable found on `PATH` (`git ls-files -u`) only when a repository encloses the store.
struct UnfinishedMerge: Sendable, Hashable {
  /// What git is in the middle of (`merge`, `rebase`, `cherry-pick`, `revert`), or `nil` when
  /// only unmerged entries are left (a conflicted `git stash pop`).
  var operation: String?
  /// The store's files with unmerged index entries, relative to the store, sorted.
  var files: [String]

  /// The unfinished merge of the store at `storePath` (absolute), or `nil` when no git
  /// repository encloses it, git is not installed, or no store file is unmerged.
  ///
  /// - Complexity: Reads a few files per folder up to the repository's root, and runs
  ///   `git ls-files -u` once.
  static func find(store storePath: String) -> UnfinishedMerge? {
    let store = URL(fileURLWithPath: storePath).standardizedFileURL.resolvingSymlinksInPath().path
    guard let (workTree, gitDirectory) = repository(enclosing: store), let git = try? GitRunner.executable() else {
      return nil
    }
    let storePrefix = String(store.dropFirst(workTree.count)).drop { $0 == "/" }
    guard let listed = run(git, ["-C", workTree, "ls-files", "-u", "-z", "--full-name", "--", storePrefix.isEmpty ? "." : String(storePrefix)]) else {
      return nil
    }
    var files = Set<String>()
    // Each entry: "<mode> <object> <stage>\t<path>", NUL-terminated.
    for entry in listed.split(separator: 0) {
      guard let tab = entry.firstIndex(of: 0x09) else { continue }
      let path = String(decoding: entry[entry.index(after: tab)...], as: UTF8.self)
      let relative = storePrefix.isEmpty ? path : String(path.dropFirst(storePrefix.count).drop { $0 == "/" })
      files.insert(relative)
    }
    guard !files.isEmpty else { return nil }
    return UnfinishedMerge(operation: operation(in: gitDirectory), files: files.sorted())
  }

  /// One sentence per unmerged file, each starting with the file (relative to the store), as
  /// `check` prints problems.
  var problems: [String] {
    let what = operation.map { "a git \($0) is in progress and " } ?? ""
    return files.map { file in
      "\(file): unmerged in git: \(what)git has not recorded this file as resolved, and it may hold only one side's changes (a failed merge driver leaves no conflict markers); resolve it (git checkout --merge, or edit it), then git add it, or abort the \(operation ?? "merge")"
    }
  }

  /// The working tree and git directory of the repository enclosing `path`, found by looking
  /// for `.git` (a folder, or a file saying `gitdir: …`) in it and each folder above.
  static func repository(enclosing path: String) -> (workTree: String, gitDirectory: String)? {
    var folder = path
    while true {
      let dotGit = folder == "/" ? "/.git" : folder + "/.git"
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: dotGit, isDirectory: &isDirectory) {
        if isDirectory.boolValue { return (folder, dotGit) }
        if let text = try? String(contentsOfFile: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
          let target = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
          let gitDirectory = target.hasPrefix("/") ? target : folder + "/" + target
          return (folder, gitDirectory)
        }
      }
      guard folder != "/", !folder.isEmpty else { return nil }
      let parent = (folder as NSString).deletingLastPathComponent
      if parent == folder { return nil }
      folder = parent
    }
  }

  /// What git is in the middle of in `gitDirectory`, read from its state files.
  static func operation(in gitDirectory: String) -> String? {
    let states = [
      ("rebase-merge", "rebase"), ("rebase-apply", "rebase"), ("MERGE_HEAD", "merge"),
      ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert"),
    ]
    for (file, operation) in states where FileManager.default.fileExists(atPath: gitDirectory + "/" + file) {
      return operation
    }
    return nil
  }

  /// The standard output of `executable` run with `arguments`, or `nil` when it cannot be run
  /// or fails.
  private static func run(_ executable: String, _ arguments: [String]) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Array(data)
  }
}
