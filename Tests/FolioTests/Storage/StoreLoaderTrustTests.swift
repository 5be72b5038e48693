import Foundation
import Synchronization
import Testing

@testable import Folio
import FolioTestSupport

/// Opening takes files unchanged since Folio wrote them (or last found them clean) on trust,
/// skipping their member checks, and validates every other file in full: the counts are in the
/// `store.opened` log entry, and the state opened is the same whichever path a file takes.
@Suite struct StoreLoaderTrustTests {
  static let schema = StoreFixtures.batchSchema
  static let head = "Person/0000000000000000.json"
  /// Person 2 in the head file, as Folio writes it.
  static let person2 = "    \"id\": 2,\n    \"name\": \"P2\"\n"

  /// A closed store holding the `batches` fixture (links, owned clicks) and Person 1…3000
  /// (several files).
  func closedStore(_ directory: TemporaryDirectory) throws -> String {
    let path = try StoreFixtures.closedBatchesStore(in: directory)
    let store = try Store(directory: path, schema: Self.schema)
    try store.transaction { tx in
      for id in 2...3000 { try tx.insert("Person", ["id": .int(Int64(id)), "name": .string("P\(id)")]) }
    }
    return path
  }

  /// Every content file of the store, relative to it.
  func contentFiles(_ path: String) throws -> [String] {
    try Self.schema.entities.flatMap { entity in
      try FileManager.default.contentsOfDirectory(atPath: path + "/" + entity.name).filter { $0.hasSuffix(".json") }
        .map { entity.name + "/" + $0 }
    }.sorted()
  }

  /// What one open did: the store, and the files it trusted and validated (from its log).
  struct Opened {
    var store: Store
    var trusted: Int
    var validated: Int
  }

  /// Opens the store at `path` and reads the file counts from its `store.opened` entry.
  func open(
    _ path: String, schema: Schema = Self.schema, trusting: Bool = true, validation: StoreOptions.Validation = .strict,
    readOnly: Bool = false
  ) throws -> Opened {
    let entries = Mutex<[FolioLogEntry]>([])
    var options = StoreOptions(validation: validation, readOnly: readOnly)
    options.trustsUnchangedFiles = trusting
    options.logHandler = FolioLogHandler { entry in entries.withLock { $0.append(entry) } }
    let store = try Store(directory: path, schema: schema, options: options)
    let opened = try #require(entries.withLock { $0.first { $0.event == "store.opened" } })
    let trusted = try #require(opened.metadata["trustedFiles"].flatMap { Int($0) })
    let validated = try #require(opened.metadata["validatedFiles"].flatMap { Int($0) })
    return Opened(store: store, trusted: trusted, validated: validated)
  }

  func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Replaces `old` by `new` in the file at `path` (which must hold it).
  func edit(_ path: String, replacing old: String, with new: String) throws {
    let before = try text(path)
    #expect(before.contains(old))
    try write(before.replacingOccurrences(of: old, with: new), to: path)
  }

  /// The same store opened with every file validated, for comparison (read-only: it writes
  /// nothing).
  func validatedInFull(_ path: String, validation: StoreOptions.Validation = .strict) throws -> Opened {
    try open(path, trusting: false, validation: validation, readOnly: true)
  }

  @Test func reopeningAnUnchangedStoreValidatesNoFileAndTrustsThemAll() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    #expect(files.count > 4)
    let opened = try open(path)
    #expect(opened.trusted == files.count)
    #expect(opened.validated == 0)
    #expect(try opened.store.check() == [])
    let full = try validatedInFull(path)
    #expect(full.trusted == 0)
    #expect(full.validated == files.count)
    #expect(StoreDigest.of(opened.store.state) == StoreDigest.of(full.store.state))
    #expect(opened.store.generation == full.store.generation)
    // Read-only openers trust the same files.
    let reader = try open(path, readOnly: true)
    #expect(reader.trusted == files.count)
  }

  @Test func aOneLineHandEditValidatesExactlyThatFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"id\": 2,\n    \"name\": \"Bee\"\n")
    do {
      let opened = try open(path)
      #expect(opened.validated == 1)
      #expect(opened.trusted == files.count - 1)
      #expect(opened.store.get("Person", 2)?["name"] == "Bee")
      #expect(StoreDigest.of(opened.store.state) == StoreDigest.of(try validatedInFull(path).store.state))
    }
    // The edit was found clean and recorded: the next open trusts the file again.
    #expect(try open(path).validated == 0)
  }

  @Test func anInvalidHandEditIsReportedWithItsFileAndLineAsBefore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"id\": 2,\n    \"name\": 5\n")
    let error = try #require(throws: StoreValidationError.self) { _ = try open(path) }
    #expect(error.description == """
      Person/0000000000000000.json:14:13: error: attribute 'name': expected a string, found the number 5 [notCanonical] (at /1/name) [invalidStoredRecord]
      1 problem in the store; fix the files or open with validation: .lenient to skip the bad records
      """)
    let full = try #require(throws: StoreValidationError.self) { _ = try validatedInFull(path) }
    #expect(full.description == error.description)
    // A lenient open validates that one file, every time, until it is fixed.
    for _ in 0..<2 {
      let lenient = try open(path, validation: .lenient)
      #expect(lenient.validated == 1)
      #expect(lenient.store.loadProblems.map(\.description) == error.problems.map(\.description))
      #expect(lenient.store.get("Person", 2) == nil)
    }
  }

  @Test func aChangedSchemaValidatesEveryFileOnceThenTrustsThemAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    // A compatible change (a new optional attribute) changes what the checks accept.
    var schema = Self.schema
    let person = try #require(schema.entities.firstIndex { $0.name == "Person" })
    schema.entities[person].attributes.append(Attribute(name: "nickname", type: .string, isOptional: true))
    do {
      let changed = try open(path, schema: schema)
      #expect(changed.validated == files.count)
      #expect(changed.trusted == 0)
    }
    let again = try open(path, schema: schema)
    #expect(again.validated == 0)
    #expect(again.trusted == files.count)
  }

  @Test func aDeletedLocalStateValidatesEveryFileThenTrustsThemOnTheNextOpen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    try FileManager.default.removeItem(atPath: path + "/" + LocalState.file)
    let digest: String
    do {
      let rebuilt = try open(path)
      #expect(rebuilt.validated == files.count)
      #expect(rebuilt.trusted == 0)
      #expect(rebuilt.store.generation == 0)
      digest = StoreDigest.of(rebuilt.store.state)
    }
    let next = try open(path)
    #expect(next.validated == 0)
    #expect(next.trusted == files.count)
    #expect(StoreDigest.of(next.store.state) == digest)
  }

  @Test func aLocalStateWithoutTheChecksFingerprintTrustsNothingAndIsRewritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    // What a Folio without the validation cache writes: the same state, no `checks`.
    var local = try #require(LocalState.read(directory: path))
    local.checks = nil
    try Data(local.bytes).write(to: URL(fileURLWithPath: path + "/" + LocalState.file))
    #expect(try open(path).validated == files.count)
    #expect(try #require(LocalState.read(directory: path)).checks == RecordChecker.fingerprint(of: Self.schema.storageForm))
    #expect(try open(path).trusted == files.count)
  }

  @Test func aFileReplacedByGitIsValidated() throws {
    guard GitRepository.isGitInstalled else { return }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let repository = try GitRepository(creatingAt: path)
    try repository.commitAll("P2")
    try open(path).store.update("Person", 2, ["name": "Bee"])
    try repository.commitAll("Bee")
    #expect(try open(path).validated == 0)
    // Bytes changed outside Folio: the checkout brings back the older file.
    try repository.git("checkout", "HEAD~1", "--", Self.head)
    let opened = try open(path)
    #expect(opened.validated == 1)
    #expect(opened.store.get("Person", 2)?["name"] == "P2")
    #expect(StoreDigest.of(opened.store.state) == StoreDigest.of(try validatedInFull(path).store.state))
  }

  @Test func aFileWhoseValidationDroppedAMemberIsNeverTrusted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    // Valid, but checking changes the record: the null member is dropped.
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"born\": null,\n    \"id\": 2,\n    \"name\": \"P2\"\n")
    for _ in 0..<2 {
      let opened = try open(path)
      #expect(opened.validated == 1)
      #expect(opened.store.get("Person", 2) == ["active": true, "id": 2, "name": "P2"])
    }
    #expect(try #require(LocalState.read(directory: path)).recheck.keys.sorted() == [Self.head])
  }

  @Test func aFileFolioRewroteAfterARecheckIsTrustedWithoutRewritingTheLocalState() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"born\": null,\n    \"id\": 2,\n    \"name\": \"P2\"\n")
    do {
      let opened = try open(path)
      #expect(opened.validated == 1)
      // Rewrites the file: its bytes are no longer those `recheck` names.
      try opened.store.update("Person", 2, ["name": "Bee"])
    }
    let local = try Data(contentsOf: URL(fileURLWithPath: path + "/" + LocalState.file))
    let opened = try open(path)
    #expect(opened.validated == 0)
    #expect(opened.store.get("Person", 2) == ["active": true, "id": 2, "name": "Bee"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "/" + LocalState.file)) == local)
  }

  /// Composite and UUID identifiers take the trusted path too, and a UUID that is not in its
  /// canonical form (what full validation reports) makes the file be validated.
  @Test func compositeAndUUIDIdentifiersAreReadOnTrustAndCheckedForTheirForm() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Pair", identifiers: ["a", "b"],
        attributes: [Attribute(name: "a", type: .int), Attribute(name: "b", type: .string), Attribute(name: "n", type: .int)]),
      Entity(name: "Device", identifiers: ["id"], attributes: [Attribute(name: "id", type: .uuid)]),
    ])
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    do {
      let store = try Store(directory: path, schema: schema)
      try store.transaction { tx in
        for n in 1...50 { try tx.insert("Pair", ["a": .int(Int64(n % 7)), "b": .string("b\(n)"), "n": .int(Int64(n))]) }
        try tx.insert("Device", ["id": .string(uuid)])
      }
    }
    let files = try ["Pair", "Device"].flatMap { entity in
      try FileManager.default.contentsOfDirectory(atPath: path + "/" + entity).map { entity + "/" + $0 }
    }
    let digest: String
    do {
      let opened = try open(path, schema: schema)
      #expect(opened.trusted == files.count)
      #expect(opened.store.state.count("Pair") == 50)
      digest = StoreDigest.of(opened.store.state)
    }
    #expect(StoreDigest.of(try open(path, schema: schema, trusting: false).store.state) == digest)
    let device = "Device/0000000000000000.json"
    try edit(path + "/" + device, replacing: uuid, with: uuid.uppercased())
    var local = try #require(LocalState.read(directory: path))
    local.files[device] = ShardFile.checksum(try #require(try StoreFiles.readFile(path + "/" + device)))
    try Data(local.bytes).write(to: URL(fileURLWithPath: path + "/" + LocalState.file))
    let lying = try open(path, schema: schema, validation: .lenient, readOnly: true)
    #expect(lying.validated == 1)
    #expect(lying.store.loadProblems.map(\.code) == [.invalidStoredRecord])
    #expect(lying.store.state.count("Device") == 0)
  }

  /// Hand-broken files that a lying `state.json` calls clean, each breaking what the trusted
  /// path still checks (the file's shape and the identifiers).
  static let brokenIdentifiers: [(label: String, record: String)] = [
    ("missing identifier", #"    "name": "No id""#),
    ("ill-typed identifier", #"    "id": "two",\#n    "name": "P2""#),
    ("identifier of another kind", #"    "id": 2.5,\#n    "name": "P2""#),
    ("duplicate identifier", #"    "id": 1,\#n    "name": "P2""#),
  ]

  @Test(arguments: brokenIdentifiers.map(\.label))
  func aLyingLocalStateNeverAdmitsABrokenIdentifier(_ label: String) throws {
    let record = try #require(Self.brokenIdentifiers.first { $0.label == label }).record
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: record + "\n")
    try lie(about: Self.head, in: path)
    let full = try #require(throws: StoreValidationError.self) { _ = try validatedInFull(path) }
    let error = try #require(throws: StoreValidationError.self) { _ = try open(path) }
    #expect(error.description == full.description)
    try lie(about: Self.head, in: path)
    let lenient = try open(path, validation: .lenient)
    #expect(lenient.validated == 1)
    #expect(lenient.store.loadProblems.map(\.description) == full.problems.map(\.description))
    #expect(lenient.store.state.invariantViolations() == [])
  }

  @Test func aLyingLocalStateOnAFileThatIsNotAnArrayOfRecordsFallsBackToValidation() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try edit(path + "/" + Self.head, replacing: "  {\n    \"active\": true,\n" + Self.person2 + "  },\n", with: "  7,\n")
    try lie(about: Self.head, in: path)
    let lenient = try open(path, validation: .lenient)
    #expect(lenient.validated == 1)
    #expect(lenient.store.loadProblems.map(\.description) == [
      "Person/0000000000000000.json:11:3: error: expected a record (a JSON object), found int (at /1) [invalidStoredRecord]"
    ])
  }

  /// What the trust covers: member types of a file whose checksum a lying `state.json` claims
  /// are not checked by opening (as git trusts its index), but `folio check` validates every
  /// record and still reports them.
  @Test func aLyingLocalStateHidesAMemberTypeFromOpeningButNotFromFolioCheck() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"id\": 2,\n    \"name\": 5\n")
    try lie(about: Self.head, in: path)
    let trusted = try open(path, readOnly: true)
    #expect(trusted.validated == 0)
    #expect(trusted.store.get("Person", 2)?["name"] == 5)
    #expect(try trusted.store.check() == [])
    let cli = try FolioExecutable.run(["check", "--store", path])
    #expect(cli.status == 1)
    #expect(cli.output.contains("\(path)/Person/0000000000000000.json:14:13: error: attribute 'name': expected a string, found the number 5"))
  }

  /// The loader gives the same result for every file whether it is trusted or validated: here
  /// on a store with links, owned records, a record placed by hand in another file, a bad
  /// record and a dangling link.
  @Test func trustedAndValidatedFilesLoadTheSameState() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try closedStore(directory)
    let files = try contentFiles(path)
    // Person 0 belongs in the head file, not in the last one.
    let last = try #require(files.last { $0.hasPrefix("Person/") })
    #expect(last != Self.head)
    try write("[\n  {\"active\": true, \"id\": 0, \"name\": \"Placed by hand\"}," + text(path + "/" + last).dropFirst(1), to: path + "/" + last)
    try edit(path + "/" + Self.head, replacing: Self.person2, with: "    \"id\": 2,\n    \"name\": 5\n")
    try edit(path + "/Order/0000000000000000.json", replacing: "\"batch\": 4", with: "\"batch\": 99")
    let validated = StoreLoader(directory: path, schema: Self.schema, digest: FileDigest(k0: 1, k1: 2)).load()
    // Every file trusted, the broken ones included, as a lying state.json would have it.
    var loader = StoreLoader(directory: path, schema: Self.schema, digest: FileDigest(k0: 1, k1: 2))
    loader.trusted = validated.files.filter { $0.key != Self.head }
    let trusted = loader.load()
    #expect(validated.trustedFiles == 0)
    #expect(trusted.trustedFiles == files.count - 1)
    #expect(trusted.validatedFiles == 1)
    #expect(StoreDigest.of(trusted.state) == StoreDigest.of(validated.state))
    #expect(trusted.state.invariantViolations() == validated.state.invariantViolations())
    #expect(trusted.problems.map(\.description) == validated.problems.map(\.description))
    #expect(!validated.problems.isEmpty)
    #expect(trusted.protectedFiles == validated.protectedFiles)
    #expect(trusted.relayout == validated.relayout)
    #expect(trusted.relayout == ["Person"])
    #expect(trusted.files == validated.files)
    #expect(validated.recheck.keys.sorted() == [Self.head])
    #expect(trusted.recheck.keys.sorted() == [Self.head])
  }

  @Test func theLocalStateKeepsItsValidationCacheThroughItsBytes() throws {
    var local = LocalState(
      generation: 3, files: ["Person/0000000000000000.json": "fnv1a64w:0000000000000001"], checks: "fnv1a64w:00000000000000aa",
      recheck: ["Person/0000000000000000.json": "fnv1a64w:0000000000000001"])
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.path + "/.folio", withIntermediateDirectories: true)
    local.home = LocalState.identity(ofStore: directory.path)
    try Data(local.bytes).write(to: URL(fileURLWithPath: directory.path + "/" + LocalState.file))
    #expect(LocalState.read(directory: directory.path) == local)
    #expect(local.trustedFiles(checks: "fnv1a64w:00000000000000aa") == [:])
    #expect(local.trustedFiles(checks: "fnv1a64w:00000000000000bb") == [:])
    let clean = LocalState(generation: 3, files: local.files, checks: local.checks)
    #expect(clean.trustedFiles(checks: "fnv1a64w:00000000000000aa") == local.files)
    // A damaged cache trusts nothing, but the rest of the state is kept.
    let home = try #require(local.home)
    try write(
      #"{"checks": "fnv1a64w:00000000000000aa", "files": {}, "formatVersion": 2, "generation": 3, "home": "\#(home)", "key": "\#(local.digest.keyHex)", "recheck": []}"#,
      to: directory.path + "/" + LocalState.file)
    var damaged = LocalState(generation: 3, digest: local.digest)
    damaged.home = home
    #expect(LocalState.read(directory: directory.path) == damaged)
  }

  /// Rewrites `state.json` so it claims `file`'s current bytes are clean under the current
  /// checks: what a hostile or mistaken edit of the local folder could do.
  func lie(about file: String, in path: String) throws {
    var local = try #require(LocalState.read(directory: path))
    let bytes = try #require(try StoreFiles.readFile(path + "/" + file))
    local.files[file] = local.digest.checksum(bytes)
    local.recheck[file] = nil
    local.checks = RecordChecker.fingerprint(of: Self.schema.storageForm)
    try Data(local.bytes).write(to: URL(fileURLWithPath: path + "/" + LocalState.file))
  }
}
