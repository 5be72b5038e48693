#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// Symbolic links committed into a store, checked out by a real `git clone`, and FIFOs in a
/// store: no `folio` command may read, write, create or delete anything outside the store
/// through them, `check` names each, writers refuse, and nothing hangs (issue 31, defect 4).
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct StoreLinkGitTests {
  /// Text in every file outside the store: no command's output may contain it.
  static let marker = "OUTSIDE-THE-STORE"

  static let schema = """
    {"folioSchema": 1, "entities": [{"name": "Item", "identifiers": ["id"], "attributes": [
      {"name": "id", "type": "int"}, {"name": "name", "type": "string"}]}]}
    """

  /// Where a committed link points from.
  enum Link: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `.folio` → a directory outside.
    case localFolder
    /// `.folio/lock` → a file outside (added with `git add -f`).
    case lockFile
    /// The entity folder `Item` → a directory outside.
    case entityFolder
    /// A shard file → a file outside.
    case shard
    /// `schema.json` → a file outside.
    case schema

    var testDescription: String { rawValue }
  }

  /// A sandbox: `outside/` (what no command may touch), `origin/` (a repository holding the
  /// store `store`), `clone/` and payload files beside them.
  struct Sandbox {
    let directory: TemporaryDirectory
    var root: String { directory.path }
    var outside: String { root + "/outside" }

    init() throws {
      directory = try TemporaryDirectory(prefix: "folio-links")
      try FileManager.default.createDirectory(atPath: outside + "/folder/Item", withIntermediateDirectories: true)
      try write("\(StoreLinkGitTests.marker) authorized key\n", to: outside + "/authorized_keys")
      try write("[{\"id\": 50, \"name\": \"\(StoreLinkGitTests.marker)\"}]\n", to: outside + "/records.json")
      try write(
        "[{\"id\": 60, \"name\": \"\(StoreLinkGitTests.marker)\"}]\n", to: outside + "/folder/Item/0000000000000000.json")
      try write("[{\"id\": 1, \"name\": \"changed\"}, {\"id\": 4, \"name\": \"new\"}]\n", to: root + "/payload.json")
      try write(StoreLinkGitTests.schema, to: root + "/schema.json")
    }

    func write(_ text: String, to path: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Every entry below `outside`, by relative path: its kind, bytes and modification time.
    func snapshot() throws -> [String: String] {
      var result: [String: String] = [:]
      var folders = [""]
      while let folder = folders.popLast() {
        for name in try FileManager.default.contentsOfDirectory(atPath: outside + folder) {
          let relative = folder + "/" + name
          var info = stat()
          #expect(lstat(outside + relative, &info) == 0)
          let kind = Int(info.st_mode) & Int(S_IFMT)
          let bytes = kind == Int(S_IFREG) ? (FileManager.default.contents(atPath: outside + relative) ?? Data()) : Data()
          #if canImport(Darwin)
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
          #else
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
          #endif
          result[relative] = "\(kind) \(modified) \(bytes.base64EncodedString())"
          if kind == Int(S_IFDIR) { folders.append(relative) }
        }
      }
      return result
    }
  }

  /// Runs `folio arguments` in `directory`, killed after `seconds`: a command that waits on a
  /// FIFO must not hang the tests.
  static func folio(_ arguments: [String], in directory: String, seconds: Double = 20) throws -> (
    status: Int32, output: String, elapsed: Double, timedOut: Bool
  ) {
    let process = Process()
    process.executableURL = try FolioExecutable.url()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    let data = Mutex(Data())
    let collected = DispatchSemaphore(value: 0)
    let handle = output.fileHandleForReading
    Thread {
      let read = handle.readDataToEndOfFile()
      data.withLock { $0 = read }
      collected.signal()
    }.start()
    var timedOut = false
    if collected.wait(timeout: .now() + seconds) == .timedOut {
      timedOut = true
      process.terminate()
      collected.wait()
    }
    process.waitUntilExit()
    let text = data.withLock { String(decoding: $0, as: UTF8.self) }
    return (process.terminationStatus, text, Date().timeIntervalSince(start), timedOut)
  }

  /// A repository `origin` in the sandbox with a store of three items, committed, and then
  /// `link` committed too; returns the path of a fresh `git clone` of it.
  static func clone(with link: Link, in sandbox: Sandbox) throws -> String {
    let origin = try GitRepository(creatingAt: sandbox.root + "/origin")
    try sandbox.write("[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}]\n", to: sandbox.root + "/day1.json")
    let created = try folio(
      ["sync", "--store", "store", "--schema", sandbox.root + "/schema.json", "--entity", "Item", sandbox.root + "/day1.json"],
      in: origin.path)
    try #require(created.status == 0, "\(created.output)")
    let store = origin.path + "/store"
    let shards = try FileManager.default.contentsOfDirectory(atPath: store + "/Item").filter { $0.hasSuffix(".json") }
    let shard = try #require(shards.first)
    let manager = FileManager.default
    switch link {
    case .localFolder:
      try manager.removeItem(atPath: store + "/.folio")
      try manager.createSymbolicLink(atPath: store + "/.folio", withDestinationPath: sandbox.outside + "/folder")
      try origin.git("add", "-A")
      try origin.git("add", "-f", "store/.folio")
    case .lockFile:
      try manager.removeItem(atPath: store + "/.folio/lock")
      try manager.createSymbolicLink(atPath: store + "/.folio/lock", withDestinationPath: sandbox.outside + "/authorized_keys")
      try origin.git("add", "-A")
      try origin.git("add", "-f", "store/.folio/lock")
    case .entityFolder:
      try manager.removeItem(atPath: store + "/Item")
      try manager.createSymbolicLink(atPath: store + "/Item", withDestinationPath: sandbox.outside + "/folder/Item")
      try origin.git("add", "-A")
    case .schema:
      try manager.removeItem(atPath: store + "/schema.json")
      try manager.copyItem(atPath: sandbox.root + "/schema.json", toPath: sandbox.outside + "/schema.json")
      try manager.createSymbolicLink(atPath: store + "/schema.json", withDestinationPath: sandbox.outside + "/schema.json")
      try origin.git("add", "-A")
    case .shard:
      try manager.removeItem(atPath: store + "/Item/" + shard)
      try manager.createSymbolicLink(atPath: store + "/Item/" + shard, withDestinationPath: sandbox.outside + "/records.json")
      try origin.git("add", "-A")
    }
    try origin.git("commit", "-q", "-m", "A store with a link")
    let cloned = try GitRepository.run(["clone", "-q", origin.path, sandbox.root + "/clone"], in: sandbox.root)
    try #require(cloned.status == 0, "\(cloned.combined)")
    return sandbox.root + "/clone/store"
  }

  /// The path, relative to the store, of the entry `link` is.
  static func linkPath(_ link: Link, store: String) throws -> String {
    switch link {
    case .localFolder: return ".folio"
    case .lockFile: return ".folio/lock"
    case .entityFolder: return "Item"
    case .schema: return "schema.json"
    case .shard:
      let links = try FileManager.default.contentsOfDirectory(atPath: store + "/Item").filter { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: store + "/Item/" + name)) != nil
      }
      return "Item/" + (try #require(links.first))
    }
  }

  @Test(arguments: Link.allCases)
  func noCommandReachesOutsideTheStoreThroughACommittedLink(_ link: Link) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try Self.clone(with: link, in: sandbox)
    let linked = try Self.linkPath(link, store: store)
    // git checked the link out as a link.
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: store + "/" + linked)) != nil)
    let before = try sandbox.snapshot()
    let clone = sandbox.root + "/clone"
    let commands: [[String]] = [
      ["sync", "--store", "store", "--entity", "Item", sandbox.root + "/payload.json"],
      ["sync", "--store", "store", "--schema", sandbox.root + "/schema.json", "--entity", "Item", sandbox.root + "/payload.json"],
      ["export", "--store", "store", "--entity", "Item"],
      ["query", "--store", "store", "--entity", "Item"],
      ["export", "--store", "store", "--entity", "Item", "--lenient"],
      ["check", "--store", "store"],
      ["check", "--store", "store", "--fix"],
    ]
    var results: [String: (status: Int32, output: String)] = [:]
    for arguments in commands {
      let run = try Self.folio(arguments, in: clone)
      #expect(!run.timedOut, "\(arguments) hung")
      #expect(!run.output.contains(Self.marker), "\(arguments) printed what is outside the store: \(run.output)")
      results[arguments.joined(separator: " ")] = (run.status, run.output)
    }
    // Nothing outside was read into the store, written, created or deleted.
    #expect(try sandbox.snapshot() == before)
    let sync = try #require(results[commands[0].joined(separator: " ")])
    #expect(sync.status != 0)
    #expect(sync.output.contains("store/\(linked): error: '\(linked)' is a symbolic link"), "\(sync.output)")
    #expect(sync.output.contains("[specialFile]"))
    let check = try #require(results["check --store store"])
    #expect(check.status != 0)
    #expect(check.output.contains("store/\(linked): error: '\(linked)' is a symbolic link"), "\(check.output)")
    #expect(check.output.contains("[specialFile]"))
    // The store's own files are as the clone checked them out.
    let status = try GitRepository.run(["status", "--porcelain", "--untracked-files=no"], in: clone)
    #expect(status.output.isEmpty, "\(status.output)")
  }

  /// Which local file a FIFO takes the place of.
  enum FIFOPlace: String, CaseIterable, Sendable {
    case state = ".folio/state.json"
    case commitLock = ".folio/commit.lock"
    case lock = ".folio/lock"
  }

  @Test(arguments: FIFOPlace.allCases)
  func aFIFOInTheLocalFolderIsATypedErrorNotAHang(_ place: FIFOPlace) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.write("[{\"id\": 1, \"name\": \"a\"}]\n", to: sandbox.root + "/day1.json")
    let created = try Self.folio(
      ["sync", "--store", "store", "--schema", "schema.json", "--entity", "Item", "day1.json"], in: sandbox.root)
    try #require(created.status == 0, "\(created.output)")
    let fifo = sandbox.root + "/store/" + place.rawValue
    try? FileManager.default.removeItem(atPath: fifo)
    try #require(mkfifo(fifo, 0o644) == 0)
    for arguments in [
      ["sync", "--store", "store", "--entity", "Item", "payload.json"], ["export", "--store", "store", "--entity", "Item"],
      ["query", "--store", "store", "--entity", "Item"], ["check", "--store", "store"],
    ] {
      let run = try Self.folio(arguments, in: sandbox.root, seconds: 10)
      #expect(!run.timedOut, "\(arguments) hung on the FIFO")
      #expect(run.elapsed < 1, "\(arguments) took \(run.elapsed) s")
      #expect(run.status != 0)
      #expect(run.output.contains("store/\(place.rawValue): error: '\(place.rawValue)' is a FIFO (named pipe)"), "\(run.output)")
      #expect(run.output.contains("[specialFile]"))
    }
  }

  @Test func aHardLinkedShardIsReplacedNotWrittenThrough() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.write("[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}]\n", to: sandbox.root + "/day1.json")
    let created = try Self.folio(
      ["sync", "--store", "store", "--schema", "schema.json", "--entity", "Item", "day1.json"], in: sandbox.root)
    try #require(created.status == 0, "\(created.output)")
    let folder = sandbox.root + "/store/Item"
    let shard = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
    let outsideCopy = sandbox.outside + "/hard-link.json"
    try #require(link(folder + "/" + shard, outsideCopy) == 0)
    let before = try sandbox.snapshot()
    let original = try String(contentsOfFile: outsideCopy, encoding: .utf8)
    let sync = try Self.folio(["sync", "--store", "store", "--entity", "Item", "payload.json"], in: sandbox.root)
    #expect(sync.status == 0, "\(sync.output)")
    // The store's file has the new records; the other name of the old file still has the old.
    let stored = try String(contentsOfFile: folder + "/" + shard, encoding: .utf8)
    #expect(stored.contains("changed"))
    #expect(try String(contentsOfFile: outsideCopy, encoding: .utf8) == original)
    #expect(try sandbox.snapshot() == before)
    var info = stat()
    #expect(lstat(folder + "/" + shard, &info) == 0)
    #expect(info.st_nlink == 1)
    let check = try Self.folio(["check", "--store", "store"], in: sandbox.root)
    #expect(check.status == 0, "\(check.output)")
  }
}
