import FolioTestSupport
import Foundation
import Testing

@testable import Folio

/// `Store.sync(contentsOf:)` and `plan(contentsOf:)` read a payload file a block at a time,
/// splitting and parsing its array as they go; they must behave exactly as syncing the file's
/// bytes (`sync(json:)`), whatever the block size, down to the text of a JSON error.
@Suite struct StoreSyncFileTests {
  /// Block sizes that put block boundaries everywhere (1), inside items (7, 100) and the default.
  static let blockSizes = [1, 7, 100, PayloadChunks.blockSize]

  /// `bytes` written to a new file in `directory`.
  static func file(
    _ bytes: [UInt8], in directory: TemporaryDirectory, named name: String = "payload.json"
  )
    throws -> String
  {
    let path = directory.path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: SyncFixture.names())
  func everyScenarioSyncsTheSameFromAFileAsFromItsBytes(_ name: String) throws {
    let fixture = try SyncFixture(name: name)
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let fromBytes = try StoreSyncJSONTests.outcome(fixture) { store, step in
      try store.sync(
        json: JSONWriter.bytes(step.payload, style: .pretty), into: step.entity,
        options: step.options)
    }
    for blockSize in [1, 100, PayloadChunks.blockSize] {
      let fromFile = try StoreSyncJSONTests.outcome(fixture) { store, step in
        let path = try Self.file(JSONWriter.bytes(step.payload, style: .pretty), in: directory)
        return try store.sync(
          contentsOf: path, into: step.entity, options: step.options,
          parserOptions: JSONParser.Options(), blockSize: blockSize)
      }
      #expect(fromFile == fromBytes, "block size \(blockSize)")
    }
  }

  @Test(arguments: blockSizes)
  func aPayloadOfManyChunksSyncsAndPlansTheSameAsItsBytes(blockSize: Int) throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let bytes = StoreSyncJSONTests.largePayload()
    let path = try Self.file(bytes, in: directory)
    let seed: [JSONObject] = (0..<300).map {
      ["id": .int(Int64($0 * 7)), "name": "old", "count": 1]
    }
    let fromBytes = try SyncTestStore.items(seed)
    let fromFile = try SyncTestStore.items(seed)
    let plan = try fromFile.plan(
      contentsOf: path, into: "Item", options: SyncOptions(), parserOptions: JSONParser.Options(),
      blockSize: blockSize)
    #expect(
      SyncTestStore.lines(plan.report)
        == SyncTestStore.lines(try fromBytes.plan(json: bytes, into: "Item").report))
    let expected = try fromBytes.sync(json: bytes, into: "Item")
    let report = try fromFile.sync(
      contentsOf: path, into: "Item", options: SyncOptions(), parserOptions: JSONParser.Options(),
      blockSize: blockSize)
    #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected))
    #expect(report.diagnostics.map(\.message) == expected.diagnostics.map(\.message))
    #expect(report.count(.inserted) > 1_000)
    #expect(
      StoreSyncJSONTests.records(fromFile.state) == StoreSyncJSONTests.records(fromBytes.state))
  }

  /// The file's JSON error as `sync(json:)` and a whole parse give it, naming the file.
  static func expectSameError(
    _ bytes: [UInt8], blockSizes: [Int] = blockSizes, _ comment: Comment? = nil
  ) throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let path = try file(bytes, in: directory)
    let options = JSONParser.Options(file: path)
    let expected = try #require(throws: JSONError.self, comment) {
      try JSONParser.parse(bytes, options: options)
    }
    let store = try SyncTestStore.items([["id": 1, "name": "kept"]])
    let before = StoreSyncJSONTests.records(store.state)
    let fromBytes = try #require(throws: JSONError.self, comment) {
      try store.sync(json: bytes, into: "Item", parserOptions: options)
    }
    #expect(fromBytes.description == expected.description, comment)
    for blockSize in blockSizes {
      let error = try #require(throws: JSONError.self, comment) {
        try store.sync(
          contentsOf: path, into: "Item", options: SyncOptions(),
          parserOptions: JSONParser.Options(),
          blockSize: blockSize)
      }
      #expect(error.description == expected.description, comment)
      #expect(error.line == expected.line && error.column == expected.column, comment)
      #expect(error.file == path, comment)
      let planError = try #require(throws: JSONError.self, comment) {
        try store.plan(
          contentsOf: path, into: "Item", options: SyncOptions(),
          parserOptions: JSONParser.Options(),
          blockSize: blockSize)
      }
      #expect(planError.description == expected.description, comment)
    }
    #expect(StoreSyncJSONTests.records(store.state) == before, comment)
  }

  @Test(arguments: StoreSyncJSONTests.brokenTexts.indices)
  func brokenJSONGivesTheParsersErrorAndChangesNothing(_ index: Int) throws {
    try Self.expectSameError(Array(StoreSyncJSONTests.brokenTexts[index].utf8))
  }

  /// Random single-byte edits, read from a file a byte, 7 and 100 bytes at a time: the sync
  /// fails with the parser's error exactly when the text is invalid, and otherwise syncs what
  /// `sync(json:)` syncs.
  @Test func randomEditsAreReadExactlyAsTheirBytesAre() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let base = Array(
      #"[ {"id":1,"name":"a\"[{"} , {"id":2,"name":"b\\"},{"id":3,"tags":["x","]"]}, 4 ]"#.utf8)
    let alphabet = Array(#"[]{},:" \\n1x"#.utf8)
    var random = SeededGenerator(seed: 0xF11E)
    for round in 0..<300 {
      var bytes = base
      let position = Int.random(in: 0..<bytes.count, using: &random)
      let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      switch round % 3 {
      case 0: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      default: bytes.remove(at: position)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let path = try Self.file(bytes, in: directory)
      let blockSize = Self.blockSizes[round % 3]
      try Self.expectSameFromFileAsFromBytes(
        bytes, path: path, blockSize: blockSize, seed: [], "\(text) in blocks of \(blockSize)")
    }
  }

  /// Texts at the edges of the format: each syncs from a file as from its bytes, or fails with
  /// the same error.
  static let edgeTexts: [String] = [
    "", "   \n\t ", "[]", " [ ]\r\n", "[\r\n]", "null", #"{"id": 4, "name": "one"}"#,
    "[\r\n" + (0..<1_500).map { #"{"id":\#($0),"name":"crlf \#($0)"}"# }.joined(separator: ",\r\n")
      + "\r\n]\r\n",
    "\u{FEFF}[]", "\u{FEFF}" + #"[{"id":1}]"#, "[1]", "[null]", #"["text"]"#, "[{}]",
    "[{\"id\":1},]",
    "[" + (0..<600).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "] ]",
    "[" + (0..<600).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]\n\n\n",
    "[" + (0..<600).map { #"{"id":\#($0)}"# }.joined(separator: ",") + ",",
    "[" + (0..<512).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]",
    "[" + (0..<1_024).map { String($0) }.joined(separator: ",") + "]",
  ]

  @Test(arguments: edgeTexts.indices)
  func edgeTextsBehaveAsTheirBytes(_ index: Int) throws {
    let bytes = Array(Self.edgeTexts[index].utf8)
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let path = try Self.file(bytes, in: directory)
    for blockSize in Self.blockSizes {
      try Self.expectSameFromFileAsFromBytes(
        bytes, path: path, blockSize: blockSize, seed: [["id": 1], ["id": 2]],
        "text \(index) in blocks of \(blockSize)")
    }
  }

  /// Syncs `bytes` into a store holding `seed` from memory, and the file at `path` (the same
  /// bytes) into another read in blocks of `blockSize`: the same report or the same error, and
  /// the same records.
  static func expectSameFromFileAsFromBytes(
    _ bytes: [UInt8], path: String, blockSize: Int, seed: [JSONObject], _ context: String
  ) throws {
    let reference = try SyncTestStore.items(seed)
    let store = try SyncTestStore.items(seed)
    let expected = Result {
      try reference.sync(json: bytes, into: "Item", parserOptions: JSONParser.Options(file: path))
    }
    let report = Result {
      try store.sync(
        contentsOf: path, into: "Item", options: SyncOptions(), parserOptions: JSONParser.Options(),
        blockSize: blockSize)
    }
    switch (expected, report) {
    case (.success(let a), .success(let b)):
      #expect(SyncTestStore.lines(a) == SyncTestStore.lines(b), "\(context)")
    case (.failure(let a as JSONError), .failure(let b as JSONError)):
      #expect(a.description == b.description, "\(context)")
    case (.failure(let a as SyncError), .failure(let b as SyncError)):
      #expect(a.message == b.message, "\(context)")
    default:
      Issue.record("\(context): bytes \(expected), file \(report)")
    }
    #expect(
      StoreSyncJSONTests.records(store.state) == StoreSyncJSONTests.records(reference.state),
      "\(context)")
  }

  /// An item of 6 MiB, larger than the default block, among ordinary ones in several chunks.
  @Test func anItemLargerThanABlockIsReadWhole() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let large = String(repeating: "abcdefgh", count: (6 << 20) / 8)
    var items = (0..<1_200).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
    items[700] = #"{"id":700,"name":"\#(large)"}"#
    let bytes = Array(("[" + items.joined(separator: ",") + "]").utf8)
    let path = try Self.file(bytes, in: directory)
    let reference = try SyncTestStore.items([])
    let store = try SyncTestStore.items([])
    let expected = try reference.sync(json: bytes, into: "Item")
    let report = try store.sync(contentsOf: path, into: "Item")
    #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected))
    #expect(report.count(.inserted) == 1_200)
    #expect(store.state.record("Item", .int(700))?["name"] == .string(large))
  }

  /// Nesting at the parser's limit syncs; one level more fails with the parser's error, in the
  /// first chunk and in a later one.
  @Test(arguments: [0, 900])
  func nestingAtTheLimitCountsAsForTheWholeText(position: Int) throws {
    let maxDepth = 40
    func payload(depth: Int) -> [UInt8] {
      // The top-level array and the item's object are two levels; the rest is `tags` nesting.
      let inner =
        String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2)
      var items = (0..<1_000).map { #"{"id":\#($0)}"# }
      items[position] = #"{"id":\#(position),"meta":\#(inner)}"#
      return Array(("[" + items.joined(separator: ",") + "]").utf8)
    }
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    var options = JSONParser.Options(maxDepth: maxDepth)
    let atLimit = payload(depth: maxDepth)
    _ = try JSONParser.parse(atLimit, options: options)
    let path = try Self.file(atLimit, in: directory)
    let store = try SyncTestStore.items([])
    let reference = try SyncTestStore.items([])
    let report = try store.sync(contentsOf: path, into: "Item", parserOptions: options)
    let expected = try reference.sync(json: atLimit, into: "Item", parserOptions: options)
    #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected))
    let over = payload(depth: maxDepth + 1)
    let overPath = try Self.file(over, in: directory, named: "over.json")
    options.file = overPath
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(over, options: options)
    }
    options.file = nil
    let fromFile = try #require(throws: JSONError.self) {
      try store.sync(contentsOf: overPath, into: "Item", parserOptions: options)
    }
    #expect(fromFile.description == error.description)
    #expect(fromFile.code == .nestingTooDeep)
  }

  @Test func aFileLongerThanTheLimitIsRefusedAsItsBytesAre() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let bytes = StoreSyncJSONTests.largePayload()
    let path = try Self.file(bytes, in: directory)
    var options = JSONParser.Options(file: path)
    options.maxDocumentBytes = 10_000
    let store = try SyncTestStore.items([])
    let expected = try #require(throws: JSONError.self) {
      try store.sync(json: bytes, into: "Item", parserOptions: options)
    }
    let error = try #require(throws: JSONError.self) {
      try store.sync(contentsOf: path, into: "Item", parserOptions: options)
    }
    #expect(error.code == .tooLarge)
    #expect(error.description == expected.description)
    #expect(store.state.count("Item") == 0)
  }

  @Test func aMissingFileOrADirectoryIsAnIOFailureThatChangesNothing() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let store = try SyncTestStore.items([["id": 1]])
    for path in [directory.path + "/missing.json", directory.path] {
      let error = try #require(throws: StoreError.self) {
        try store.sync(contentsOf: path, into: "Item")
      }
      #expect(error.code == .ioFailure)
      #expect(error.file == path)
      #expect(error.message.contains(path))
      #expect(throws: StoreError.self) { try store.plan(contentsOf: path, into: "Item") }
    }
    #expect(store.state.count("Item") == 1)
  }

  /// The total is an estimate while the file is split, never below what is planned, and exact
  /// in the last planning report.
  @Test(arguments: [100, PayloadChunks.blockSize])
  func progressTotalsStaySaneAndEndExact(blockSize: Int) throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    // Items get shorter after the first chunk, so an estimate from the first chunk is too low.
    let text =
      "["
      + (1...5_000).map {
        #"{"id": \#($0), "name": "\#(String(repeating: "x", count: $0 < 600 ? 60 : 2))"}"#
      }
      .joined(separator: ",") + "]"
    let path = try Self.file(Array(text.utf8), in: directory)
    let store = try SyncTestStore.items([])
    let reports = SyncProgressTests.Reports()
    var options = SyncOptions()
    options.progress = reports.handler
    try store.sync(
      contentsOf: path, into: "Item", options: options, parserOptions: JSONParser.Options(),
      blockSize: blockSize)
    let planning = reports.all.filter { $0.phase == .planning }
    #expect(planning.count == 5)
    #expect(planning.allSatisfy { $0.total >= $0.completed })
    #expect(planning.last == SyncProgress(phase: .planning, completed: 5_000, total: 5_000))
  }

  /// A FIFO is not a regular file: it is read whole, once, the ordinary way (opening it to look
  /// would take its writer).
  @Test func aFIFOIsReadWholeTheOrdinaryWay() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let path = directory.path + "/payload.fifo"
    #expect(mkfifo(path, 0o600) == 0)
    let bytes = StoreSyncJSONTests.largePayload()
    let writer = Thread {
      // Blocks until the sync opens the FIFO for reading.
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.write(Data(bytes))
      try? handle.close()
    }
    writer.start()
    let store = try SyncTestStore.items([])
    let reference = try SyncTestStore.items([])
    let report = try store.sync(contentsOf: path, into: "Item")
    let expected = try reference.sync(json: bytes, into: "Item")
    #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected))
  }

  /// Short items first, long ones after: the estimate from the first chunk is far too high, and
  /// the room reserved for it is capped; the progress total still ends exact.
  @Test func aSkewedPayloadReservesNoMoreThanTheLimit() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let long = String(repeating: "x", count: 100_000)
    let items =
      (0..<512).map { #"{"id":\#($0)}"# }
      + (512..<1_100).map { #"{"id":\#($0),"name":"\#(long)"}"# }
    let path = try Self.file(Array(("[" + items.joined(separator: ",") + "]").utf8), in: directory)
    let streamed = try #require(StreamedItems(path: path, options: JSONParser.Options()))
    #expect(streamed.count.estimate > StreamedItems.reservationLimit)
    #expect(streamed.expectedCount == StreamedItems.reservationLimit)
    streamed.finish()
    let store = try SyncTestStore.items([])
    let reports = SyncProgressTests.Reports()
    var options = SyncOptions()
    options.progress = reports.handler
    try store.sync(contentsOf: path, into: "Item", options: options)
    #expect(
      reports.all.last { $0.phase == .planning }
        == SyncProgress(phase: .planning, completed: 1_100, total: 1_100))
  }

  /// A payload of one chunk is read without the string pool (128 KB to make and clear), which
  /// only pays across chunks.
  @Test func aPayloadOfOneChunkMakesNoStringPool() throws {
    var chunks = PayloadChunks(
      bytes: EmployeePayload.day1(count: 100), chunkSize: 512, options: JSONParser.Options())
    guard case .items(.values(let items)) = chunks.next() else {
      Issue.record("expected the payload's items")
      return
    }
    #expect(items.count == 100)
    guard case .end = chunks.next() else {
      Issue.record("expected the end")
      return
    }
    #expect(!chunks.hasStringPool)
  }

  /// A file is held a window at a time: 9 MB read in blocks of 64 KiB never has more than a
  /// block and the item cut by its end in memory (items are parsed straight from the window, so
  /// no chunk's text is kept). The window is reused, not allocated per block (fresh memory each
  /// time was page faults: 28% of a 100k-item sync's). The chunks hold the payload's items.
  /// Past the first chunk, the string pool is made.
  @Test func onlyAWindowOfTheFileIsHeld() throws {
    let directory = try TemporaryDirectory(prefix: "folio-sync-file")
    defer { directory.remove() }
    let bytes = EmployeePayload.day1(count: 40_000)
    let path = try Self.file(bytes, in: directory)
    #expect(bytes.count > 8_000_000)
    let file = try #require(FileReader(path: path))
    var chunks = PayloadChunks(
      file: file, limit: .max, chunkSize: 512, options: JSONParser.Options(), blockSize: 64 << 10)
    var items: [JSONValue] = []
    var sizes: [Int] = []
    while case .items(.values(let chunk)) = chunks.next() {
      items += chunk
      sizes.append(chunk.count)
    }
    #expect(chunks.isClosed)
    #expect(chunks.hasStringPool)
    #expect(sizes.count == 79)
    #expect(sizes.dropLast().allSatisfy { $0 == 512 } && sizes.last == 40_000 - 78 * 512)
    #expect(try JSONValue.array(items) == JSONParser.parse(bytes))
    #expect(chunks.largestWindow > 0)
    // A block, an item of about 230 bytes and a quarter more room.
    #expect(chunks.largestWindow <= ((64 << 10) + 300) * 5 / 4, "\(chunks.largestWindow)")
    // Over 140 blocks: a few allocations, for the first and longer ones.
    #expect(chunks.windowAllocations <= 3, "\(chunks.windowAllocations)")
  }
}
