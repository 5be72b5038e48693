@testable import Folio
import FolioTestSupport
import Foundation
import Testing

/// `Store.sync(json:)` and `plan(json:)` parse a top-level array chunk by chunk while planning;
/// they must behave exactly as parsing the whole text and syncing the tree.
@Suite struct StoreSyncJSONTests {
  /// The report lines and the whole store after syncing `payload` both ways into fresh stores.
  struct Outcome: Equatable {
    var lines: [String] = []
    var diagnostics: [String] = []
    var error: String?
    var records: [String: [String]] = [:]
  }

  static func records(_ state: StoreState) -> [String: [String]] {
    SyncTestStore.records(state).mapValues { $0.map { JSONWriter.string(.object($0)) } }
  }

  static func outcome(
    _ fixture: SyncFixture, _ sync: (Store, SyncFixture.Step) throws -> SyncReport
  ) throws -> [Outcome] {
    let store = try SyncTestStore.make(fixture.schema, fixture.initial)
    var outcomes: [Outcome] = []
    for step in fixture.steps {
      var outcome = Outcome()
      do {
        let report = try sync(store, step)
        outcome.lines = SyncTestStore.lines(report)
        outcome.diagnostics = report.diagnostics.map(\.code.rawValue)
      } catch let error as SyncError {
        outcome.error = error.code.rawValue + ": " + error.message
      }
      outcome.records = records(store.state)
      outcomes.append(outcome)
    }
    return outcomes
  }

  @Test(arguments: SyncFixture.names())
  func everyScenarioSyncsTheSameFromBytesAsFromTheParsedTree(_ name: String) throws {
    let fixture = try SyncFixture(name: name)
    let fromTree = try Self.outcome(fixture) { store, step in
      try store.sync(step.payload, into: step.entity, options: step.options)
    }
    let fromBytes = try Self.outcome(fixture) { store, step in
      try store.sync(json: JSONWriter.bytes(step.payload, style: .pretty), into: step.entity, options: step.options)
    }
    #expect(fromBytes == fromTree)
  }

  /// 2,000 items (four chunks, parsed ahead on another thread), with duplicates, rejected and
  /// skipped items spread over the chunks, into a store that already holds records.
  static func largePayload() -> [UInt8] {
    var text = "[\n"
    for i in 0..<2_000 {
      if i > 0 { text += ",\n" }
      switch i % 97 {
      case 3: text += #"{"id": \#(i), "count": "not a number"}"#
      case 5: text += #"{"name": "no identifier \#(i)"}"#
      case 7: text += #"{"id": \#(i / 2), "name": "duplicate [\"\#(i)\"] {x}", "count": \#(i)}"#
      default: text += #"{"id": \#(i), "name": "item \\\"\#(i)\\\" ], }", "count": \#(i), "seen": "2021-04-01T03:33:17Z"}"#
      }
    }
    return Array((text + "\n]\n").utf8)
  }

  /// The parsing thread runs ahead of a reader that stops at once; freeing the parser then must
  /// not trap in libdispatch (a semaphore freed below the value it was created with did, now
  /// and then, in this suite).
  @Test func aReaderThatStopsAtOnceFreesTheParserSafely() throws {
    let bytes = Self.largePayload()
    for round in 0..<40 {
      let items = try #require(StreamedItems(json: bytes, options: JSONParser.Options()))
      // Give the parsing thread time to take its places ahead (0 to 4 ms).
      Thread.sleep(forTimeInterval: Double(round % 5) / 1_000)
      items.finish()
    }
  }

  @Test func aPayloadOfManyChunksSyncsTheSameAsTheTree() throws {
    let bytes = Self.largePayload()
    // Streamed, not read whole: four chunks.
    let items = try #require(StreamedItems(json: bytes, options: JSONParser.Options()))
    // An estimate from the first chunk's bytes per item (the items differ in length), and the
    // exact count once the splitting has reached the array's end.
    #expect(abs(items.expectedCount - 2_000) < 200)
    var counted = items
    while try counted.nextItem() != nil {}
    #expect(items.count.total(completed: 0) == 2_000)
    items.finish()
    let seed: [JSONObject] = (0..<300).map { ["id": .int(Int64($0 * 7)), "name": "old", "count": 1] }
    let tree = try SyncTestStore.items(seed)
    let streamed = try SyncTestStore.items(seed)
    let expected = try tree.sync(JSONParser.parse(bytes), into: "Item")
    let report = try streamed.sync(json: bytes, into: "Item")
    #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected))
    #expect(report.diagnostics.map(\.message) == expected.diagnostics.map(\.message))
    #expect(report.count(.inserted) > 1_000)
    #expect(Self.records(streamed.state) == Self.records(tree.state))
    let plan = try tree.plan(json: bytes, into: "Item")
    #expect(SyncTestStore.lines(plan.report) == SyncTestStore.lines(try tree.plan(JSONParser.parse(bytes), into: "Item").report))
  }

  /// Broken texts, each wrong in a different place: before, between, inside and after items, in
  /// the first chunk and in a later one.
  static let brokenTexts: [String] = {
    let good = (0..<1_100).map { #"{"id":\#($0),"name":"n[\#($0)]"}"# }
    func join(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
    var inner = good
    inner[900] = #"{"id":900,"name":"unterminated}"#
    var badValue = good
    badValue[700] = #"{"id":700,"name":nul}"#
    var duplicateKey = good
    duplicateKey[600] = #"{"id":600,"id":601}"#
    return [
      join(good) + " x",
      join(good).replacingOccurrences(of: #"},{"id":5,"#, with: #"},,{"id":5,"#),
      join(good).replacingOccurrences(of: #"]"}]"#, with: #"]"},]"#),
      String(join(good).dropLast()),
      join(inner),
      join(badValue),
      join(duplicateKey),
      "\u{FEFF}" + join(good),
      "[1 2]",
      "[}",
      #"["a\"]"#,
      "[[[[]]]",
    ]
  }()

  @Test(arguments: brokenTexts.indices)
  func brokenJSONGivesTheParsersErrorAndChangesNothing(_ index: Int) throws {
    let bytes = Array(Self.brokenTexts[index].utf8)
    let store = try SyncTestStore.items([["id": 1, "name": "kept"]])
    let before = Self.records(store.state)
    let options = JSONParser.Options(file: "payload.json")
    let expected = try #require(throws: JSONError.self) { try JSONParser.parse(bytes, options: options) }
    let error = try #require(throws: JSONError.self) {
      try store.sync(json: bytes, into: "Item", parserOptions: options)
    }
    #expect(error.description == expected.description)
    #expect(error.line == expected.line && error.column == expected.column)
    #expect(Self.records(store.state) == before)
    let planError = try #require(throws: JSONError.self) {
      try store.plan(json: bytes, into: "Item", parserOptions: options)
    }
    #expect(planError.description == expected.description)
  }

  @Test func theJSONErrorComesBeforeASyncErrorFromEarlierItems() throws {
    // A forced insert of an existing id fails in the first chunk; the text breaks in a later one.
    var items = (0..<1_200).map { #"{"id":\#($0 + 10)}"# }
    items[0] = #"{"id":1}"#
    items[1_100] = "{"
    let bytes = Array(("[" + items.joined(separator: ",") + "]").utf8)
    let store = try SyncTestStore.items([["id": 1]])
    var options = SyncOptions()
    options.forceInsert = true
    #expect(throws: JSONError.self) { try store.sync(json: bytes, into: "Item", options: options) }
    #expect(store.state.count("Item") == 1)
  }

  @Test func aSingleObjectNullAndAnEmptyArrayBehaveAsTheirTrees() throws {
    for text in [#"{"id": 4, "name": "one"}"#, "null", "[]", " [ ] ", "  null  "] {
      let store = try SyncTestStore.items([["id": 1], ["id": 2]])
      let tree = try SyncTestStore.items([["id": 1], ["id": 2]])
      let report = try store.sync(json: Array(text.utf8), into: "Item")
      let expected = try tree.sync(JSONParser.parse(text), into: "Item")
      #expect(SyncTestStore.lines(report) == SyncTestStore.lines(expected), "\(text)")
      #expect(Self.records(store.state) == Self.records(tree.state), "\(text)")
    }
  }

  @Test(arguments: [2, 3, 4])
  func nestingLimitsCountTheSameAsForTheWholeText(_ maxDepth: Int) throws {
    // Items nested 1 to 4 deep inside the top-level array.
    let texts = [#"[{"id":1}]"#, #"[{"id":1,"tags":["a"]}]"#, #"[{"id":1,"meta":{"title":["x"]}}]"#]
    for text in texts {
      let bytes = Array(text.utf8)
      let options = JSONParser.Options(maxDepth: maxDepth)
      let store = try SyncTestStore.items([])
      let whole = Result { try JSONParser.parse(bytes, options: options) }
      let streamed = Result { try store.sync(json: bytes, into: "Item", parserOptions: options) }
      switch (whole, streamed) {
      case (.success, .success): break
      case (.failure(let a as JSONError), .failure(let b as JSONError)):
        #expect(a.description == b.description, "\(text) at depth \(maxDepth)")
      default:
        Issue.record("\(text) at depth \(maxDepth): the whole text gives \(whole), the stream \(streamed)")
      }
    }
  }

  /// Random single-byte edits of a valid payload: syncing the bytes fails with the parser's
  /// error exactly when the text is invalid, and otherwise syncs what the parser reads.
  @Test func randomEditsAreReadExactlyAsTheParserReadsThem() throws {
    let base = Array(#"[ {"id":1,"name":"a\"[{"} , {"id":2,"name":"b\\"},{"id":3,"tags":["x","]"]}, 4 ]"#.utf8)
    let alphabet = Array(#"[]{},:" \\n1x"#.utf8)
    var random = SeededGenerator(seed: 0x5EED)
    for round in 0..<400 {
      var bytes = base
      let position = Int.random(in: 0..<bytes.count, using: &random)
      let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      switch round % 3 {
      case 0: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      default: bytes.remove(at: position)
      }
      let store = try SyncTestStore.items([])
      let tree = try SyncTestStore.items([])
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let value = try JSONParser.parse(bytes)
        let expected = Result { try tree.sync(value, into: "Item") }
        let report = Result { try store.sync(json: bytes, into: "Item") }
        switch (expected, report) {
        case (.success(let a), .success(let b)):
          #expect(SyncTestStore.lines(a) == SyncTestStore.lines(b), "\(text)")
        case (.failure(let a as SyncError), .failure(let b as SyncError)):
          #expect(a.message == b.message, "\(text)")
        default:
          Issue.record("\(text): tree \(expected), bytes \(report)")
        }
      } catch {
        let expected = error
        let error = try #require(throws: JSONError.self, "\(text)") {
          try store.sync(json: bytes, into: "Item")
        }
        #expect(error.description == expected.description, "\(text)")
      }
      #expect(Self.records(store.state) == Self.records(tree.state), "\(text)")
    }
  }
}
