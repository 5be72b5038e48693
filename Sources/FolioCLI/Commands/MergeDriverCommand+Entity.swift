import Folio
import Foundation

extension MergeDriverCommand {
  /// The three versions of the whole entity folder of the shard being merged, read from git,
  /// when the driver runs inside `git merge` (or `git pull`): `nil` otherwise, and the caller
  /// merges the one file.
  ///
  /// `git merge` names the commit being merged in a `GITHEAD_<hash>` environment variable; ours
  /// is `HEAD` and the base is their single merge base. The versions are used only when they
  /// are the ones git gave the driver: the bytes of `path` in base, ours and theirs must equal
  /// the driver's three inputs. Anything else (a rebase, a cherry-pick, a criss-cross merge
  /// with several bases, git not reachable) gives `nil`.
  ///
  /// - Parameters:
  ///   - path: the shard's path in the repository (%P), `STORE/ENTITY/NAME.json`.
  ///   - inputs: the driver's base, ours and theirs bytes.
  /// - Returns: the entity's chunk files in each version, by file name.
  static func entityFiles(
    path: String, inputs: ([UInt8], [UInt8], [UInt8]), console: Console
  ) -> ShardMerge.EntityFiles? {
    let environment = ProcessInfo.processInfo.environment
    let heads = environment.keys.filter { $0.hasPrefix("GITHEAD_") }.map { String($0.dropFirst(8)) }
    guard heads.count == 1, let theirs = heads.first, let slash = path.lastIndex(of: "/") else {
      return nil
    }
    let folder = String(path[...slash])
    let name = String(path[path.index(after: slash)...])
    guard let ours = git(["rev-parse", "--verify", "-q", "HEAD"], console)?.text,
      let bases = git(["merge-base", "--all", ours, theirs], console)?.text.split(separator: "\n"),
      bases.count == 1, let base = bases.first.map(String.init)
    else { return nil }
    var versions: [[String: [UInt8]]] = []
    for commit in [base, ours, theirs] {
      guard let files = folderFiles(commit: commit, folder: folder, console) else { return nil }
      versions.append(files)
    }
    guard versions[0][name] ?? [] == inputs.0, versions[1][name] == inputs.1,
      versions[2][name] == inputs.2
    else { return nil }
    return ShardMerge.EntityFiles(base: versions[0], ours: versions[1], theirs: versions[2])
  }

  /// The chunk files (16 hex digits and `.json`) directly in `folder` at `commit`, by name.
  static func folderFiles(commit: String, folder: String, _ console: Console) -> [String: [UInt8]]? {
    guard let listing = git(["ls-tree", "-z", commit, "--", folder], console) else { return nil }
    var blobs: [(name: String, object: String)] = []
    for entry in listing.bytes.split(separator: 0) {
      // `<mode> blob <object>\t<path>`
      let text = String(decoding: entry, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t") else { continue }
      let fields = text[..<tab].split(separator: " ")
      let file = String(text[text.index(after: tab)...].dropFirst(folder.count))
      guard fields.count == 3, fields[1] == "blob", isChunkName(file) else { continue }
      blobs.append((file, String(fields[2])))
    }
    var files: [String: [UInt8]] = [:]
    for blob in blobs {
      guard let content = git(["cat-file", "blob", blob.object], console) else { return nil }
      files[blob.name] = content.bytes
    }
    return files
  }

  /// Whether `name` is a chunk file's name: 16 lowercase hex digits and `.json`.
  static func isChunkName(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    guard utf8.count == 21, name.hasSuffix(".json") else { return false }
    return utf8.prefix(16).allSatisfy {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
    }
  }

  /// The standard output of `git ARGUMENTS` run in the current directory, or `nil` when git
  /// cannot be started or fails.
  static func git(_ arguments: [String], _ console: Console) -> (bytes: [UInt8], text: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: console.currentDirectory)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let bytes = Array(data)
    let text = String(decoding: bytes, as: UTF8.self)
    return (bytes, text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
