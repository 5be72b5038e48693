import FolioTestSupport
import Testing

@testable import Folio

/// Identifiers are the same only when their UTF-8 bytes are (Documentation/FileFormat.md): `"é"`
/// (U+00E9) and `"e\u{301}"` are two identifiers, though Swift's `String ==` calls them equal.
/// Sync must treat them as two records whatever the number of shards, since the shard a record
/// lives in is chosen by the identifier's bytes.
@Suite struct SyncIdentifierBytesTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// `Word` (string identifier `text`, optional `note`) and `Group` (int `id`, to-many `words`).
  static let schema = Schema(entities: [
    Entity(
      name: "Word", identifiers: ["text"],
      attributes: [
        Attribute(name: "text", type: .string),
        Attribute(name: "note", type: .string, isOptional: true),
      ]),
    Entity(
      name: "Group", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int)],
      relationships: [Relationship(name: "words", target: "Word", isToMany: true)]),
  ])

  /// `count` plain ASCII words, enough at 2,100 to split the entity into several shards.
  static func filler(_ count: Int) -> [JSONValue] {
    (0..<count).map { .object(["text": .string("w\($0)"), "note": "filler"]) }
  }

  static func note(_ store: Store, _ text: String) -> JSONValue? {
    store.state.record("Word", .string(text))?["note"]
  }

  @Test(arguments: Backing.allCases, [0, 2_100])
  func identifiersDifferingOnlyInNormalisationAreTwoRecords(_ backing: Backing, filler: Int)
    throws
  {
    let test = try SyncTestStore.make(backing, Self.schema, [:])
    defer { test.remove() }
    let payload: JSONValue = .array(
      [
        ["text": .string(Self.composed), "note": "composed"],
        ["text": .string(Self.decomposed), "note": "decomposed"],
      ] + Self.filler(filler))
    let report = try test.store.sync(payload, into: "Word")
    #expect(report.diagnostics.map(\.message) == [])
    #expect(test.store.state.count("Word") == 2 + filler)
    #expect(Self.note(test.store, Self.composed) == "composed")
    #expect(Self.note(test.store, Self.decomposed) == "decomposed")

    // An update of one leaves the other as it was.
    _ = try test.store.sync(
      [["text": .string(Self.decomposed), "note": "changed"]], into: "Word",
      options: SyncOptions(deleteMissing: false))
    #expect(Self.note(test.store, Self.composed) == "composed")
    #expect(Self.note(test.store, Self.decomposed) == "changed")
    #expect(test.store.state.invariantViolations() == [])
  }

  @Test(arguments: Backing.allCases, [0, 2_100])
  func deleteMissingDeletesTheIdentifierWithOtherBytes(_ backing: Backing, filler: Int) throws {
    let test = try SyncTestStore.make(backing, Self.schema, [:])
    defer { test.remove() }
    let both: JSONValue = .array(
      [["text": .string(Self.composed)], ["text": .string(Self.decomposed)]] + Self.filler(filler))
    _ = try test.store.sync(both, into: "Word")
    let report = try test.store.sync(
      .array([["text": .string(Self.composed)]] + Self.filler(filler)), into: "Word")
    #expect(report.outcomes.filter { $0.kind == .deleted }.map(\.id) == [.string(Self.decomposed)])
    #expect(test.store.state.record("Word", .string(Self.composed)) != nil)
    #expect(test.store.state.record("Word", .string(Self.decomposed)) == nil)
    #expect(test.store.state.invariantViolations() == [])
  }

  @Test func aToManyOfBothSpellingsKeepsBothLinks() throws {
    let store = try SyncTestStore.make(Self.schema)
    _ = try store.sync(
      [["id": 1, "words": [.string(Self.composed), .string(Self.decomposed)]]], into: "Group")
    let group = try #require(store.state.record("Group", 1))
    #expect(group["words"] == [.string(Self.decomposed), .string(Self.composed)])
    #expect(store.state.count("Word") == 2)
    #expect(store.state.invariantViolations() == [])
  }

  @Test func aValueRespelledInTheOtherNormalisationIsAnUpdate() throws {
    let store = try SyncTestStore.make(Self.schema, ["Word": [["text": "a", "note": .string(Self.composed)]]])
    let report = try store.sync([["text": "a", "note": .string(Self.decomposed)]], into: "Word")
    #expect(report.outcomes.map(\.kind) == [.updated])
    let note = try #require(store.state.record("Word", "a")?["note"]?.stringValue)
    #expect(Array(note.utf8) == Array(Self.decomposed.utf8))
  }
}
