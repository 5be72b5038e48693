import Foundation
import Testing

@testable import Folio
import FolioTestSupport

/// The bad-input corpus: every file in `Fixtures/bad/index.json` gives the typed error its index
/// names, with its location, and leaves the store directory byte-identical.
///
/// `FOLIO_BAD_RECORD=1 swift test --filter BadInputCorpusTests` prints what each case gives, to
/// review when adding cases.
@Suite struct BadInputCorpusTests {
  static let schema = StoreFixtures.batchSchema

  @Test func theCorpusHasAtLeastFiftyCasesAndEveryFileIsIndexed() throws {
    let cases = try BadInput.all()
    #expect(cases.count >= 50)
    let enumerator = FileManager.default.enumerator(atPath: BadInput.folder.path)
    var files = Set<String>()
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".json"), name != "index.json" { files.insert(name) }
    }
    #expect(files == Set(cases.map(\.file)))
    let allExpect = cases.allSatisfy { !$0.expected.isEmpty }
    #expect(allExpect)
  }

  @Test(arguments: try BadInput.all())
  func aBadInputGivesALocatedTypedErrorAndLeavesTheStoreUnchanged(_ input: BadInput) throws {
    let directory = try TemporaryDirectory(prefix: "folio-bad")
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try StoreFixtures.load(StoreFixtures.fixturesDirectory.appendingPathComponent("stores/batches"), into: store)
    }
    try install(input, in: path)
    // A journal that is not applied is moved aside inside the local folder, never applied.
    let ignoring = input.kind == "journal" ? [CommitJournal.folder, LocalState.folder + "/ignored"] : []
    let before = try Self.hashes(path, ignoring: ignoring)
    let observed = try feed(input, to: path)
    if ProcessInfo.processInfo.environment["FOLIO_BAD_RECORD"] != nil {
      print("bad-input \(input.file): \(observed)")
    }
    let match = observed.first { $0.matches(input.expected) }
    let after = try Self.hashes(path, ignoring: ignoring)
    #expect(match != nil, "\(input.file): expected \(JSONWriter.string(.object(input.expected))), observed \(observed)")
    let located = observed.allSatisfy { $0.isLocated }
    #expect(located, "\(input.file): a problem without a location: \(observed)")
    #expect(after == before, "\(input.file): the store directory changed")
  }

  /// Puts the bad file into the store directory (shards, format-1 manifests, commit journals,
  /// schema copies).
  func install(_ input: BadInput, in path: String) throws {
    let bytes = try input.bytes
    switch input.kind {
    case "shard":
      let target = try #require(input.target)
      try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + target))
    case "journal":
      try FileManager.default.createDirectory(atPath: path + "/" + CommitJournal.folder, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + CommitJournal.folder + "/commit.json"))
    case "manifest":
      try Data(bytes).write(to: URL(fileURLWithPath: path + "/manifest.json"))
    case "stored-schema":
      try Data(bytes).write(to: URL(fileURLWithPath: path + "/schema.json"))
    default:
      break
    }
  }

  /// Feeds the case to Folio and returns every problem it reported.
  func feed(_ input: BadInput, to path: String) throws -> [ObservedProblem] {
    let bytes = try input.bytes
    switch input.kind {
    case "payload":
      let payload: JSONValue
      do {
        payload = try JSONParser.parse(bytes, options: .init(file: input.file))
      } catch {
        return ObservedProblem.from(error)
      }
      let store = try Store(directory: path, schema: Self.schema)
      do {
        let report = try store.sync(payload, into: input.entity ?? "Person", options: SyncOptions(deleteMissing: false))
        return report.outcomes.filter { $0.kind == .rejected }.map {
          ObservedProblem(type: "rejected", code: "rejected", pointer: $0.pointer)
        }
      } catch {
        return ObservedProblem.from(error)
      }
    case "schema":
      do {
        _ = try Schema(fileBytes: bytes, file: input.file)
        return []
      } catch {
        return ObservedProblem.from(error)
      }
    default:
      // Read-only first (writes nothing at all), then as the writer.
      var problems: [ObservedProblem] = []
      for readOnly in [true, false] {
        do {
          let options = StoreOptions(readOnly: readOnly)
          let store =
            input.kind == "stored-schema"
            ? try Store.open(directory: path, options: options)
            : try Store(directory: path, schema: Self.schema, options: options)
          problems += store.loadProblems.flatMap { ObservedProblem.from($0) }
        } catch {
          problems += ObservedProblem.from(error)
        }
      }
      return problems
    }
  }

  /// The SHA-256-free fingerprint of every file under `path` (FNV checksum of the bytes), by
  /// relative path, except the writer lock file, which a writer open rewrites with its own pid
  /// and time (it is not content: the store's .gitignore lists the local folder).
  static func hashes(_ path: String, ignoring folders: [String] = []) throws -> [String: String] {
    var result: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
      if !exists || isDirectory.boolValue || name == LocalState.folder + "/lock" { continue }
      if folders.contains(where: { name.hasPrefix($0 + "/") }) { continue }
      result[name] = ShardFile.checksum(try StoreFiles.readFile(path + "/" + name) ?? [])
    }
    return result
  }
}
