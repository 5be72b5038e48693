import Folio
import Testing

/// ``StoreDiff`` on versions given as files: matching by identifier (composite and owned ones
/// too), renames only when unambiguous, fields that appear or disappear, and the errors.
struct StoreDiffTests {
  static let schema = Schema(entities: [
    Entity(
      name: "City", identifiers: ["country", "name"],
      attributes: [
        Attribute(name: "country", type: .string), Attribute(name: "name", type: .string),
        Attribute(name: "population", type: .int, isOptional: true),
      ]),
    Entity(
      name: "Tag", identifiers: ["id"],
      attributes: [Attribute(name: "id", type: .int), Attribute(name: "label", type: .string, isOptional: true)]),
  ])

  static func version(_ files: [String: String], schema: Schema? = StoreDiffTests.schema, name: String = "") -> StoreDiff.Version {
    StoreDiff.Version(schema: schema, files: files.mapValues { Array($0.utf8) }, name: name)
  }

  @Test func compositeIdentifiersMatchAndFieldsThatAppearOrDisappearAreChanges() throws {
    let before = Self.version([
      "City/0000000000000000.json": #"[{"country": "FR", "name": "Paris", "population": 2}, {"country": "UK", "name": "London"}]"#
    ])
    let after = Self.version([
      "City/0000000000000000.json": #"[{"country": "FR", "name": "Paris"}, {"country": "UK", "name": "London", "population": 9}]"#
    ])
    let diff = try StoreDiff(from: before, to: after)
    #expect(!diff.schemaChanged)
    #expect(diff.changes.map(\.kind) == [.changed, .changed])
    #expect(diff.changes.map(\.id) == [RecordID(json: ["FR", "Paris"]), RecordID(json: ["UK", "London"])])
    #expect(diff.changes[0].fields == [StoreDiff.FieldChange(field: "population", before: 2, after: nil)])
    #expect(diff.changes[1].fields == [StoreDiff.FieldChange(field: "population", before: nil, after: 9)])
  }

  @Test func aRenameIsOnlyCalledSoWhenOneRecordMatchesEachSide() throws {
    let before = Self.version(["Tag/0000000000000000.json": #"[{"id": 1, "label": "a"}, {"id": 2}]"#])
    let one = Self.version(["Tag/0000000000000000.json": #"[{"id": 2}, {"id": 10, "label": "a"}]"#])
    let renamed = try StoreDiff(from: before, to: one).changes
    #expect(renamed.count == 1)
    #expect(renamed.first?.kind == .renamed && renamed.first?.id == .int(10) && renamed.first?.previousID == .int(1))
    #expect(renamed.first?.fields == [StoreDiff.FieldChange(field: "id", before: 1, after: 10)])
    // Two new records could each be the old one: neither is taken for it.
    let two = Self.version(["Tag/0000000000000000.json": #"[{"id": 2}, {"id": 10, "label": "a"}, {"id": 11, "label": "a"}]"#])
    #expect(try StoreDiff(from: before, to: two).changes.map(\.kind) == [.removed, .added, .added])
  }

  @Test func aFileOfOneVersionOnlyIsAllAddedOrRemovedAndTheSchemaChangeIsSeen() throws {
    var other = Self.schema
    other.entities[1].attributes.append(Attribute(name: "color", type: .string, isOptional: true))
    let before = Self.version([:], schema: nil)
    let after = Self.version(["Tag/8000000000000000.json": #"[{"id": 3, "color": "red"}]"#], schema: other)
    let diff = try StoreDiff(from: before, to: after)
    #expect(diff.schemaChanged)
    #expect(diff.changes.map(\.kind) == [.added])
    #expect(diff.changes.first?.fileAfter == "Tag/8000000000000000.json")
    #expect(diff.changes.first?.fields.map(\.field) == ["color", "id"])
    #expect(try StoreDiff(from: after, to: before).changes.map(\.kind) == [.removed])
  }

  @Test func unreadableFilesAndRepeatedIdentifiersNameTheVersionAndTheFile() throws {
    let good = Self.version(["Tag/0000000000000000.json": #"[{"id": 1}]"#], name: "HEAD")
    let broken = Self.version(["Tag/0000000000000000.json": "[{\"id\": 1},\n {\"id\": }]"], name: "the working tree")
    #expect {
      try StoreDiff(from: good, to: broken)
    } throws: { error in
      let error = error as? StoreError
      return error?.code == .invalidJSON && error?.file == "Tag/0000000000000000.json" && error?.line == 2
        && error?.message.hasPrefix("the working tree: ") == true
    }
    let twice = Self.version(
      ["Tag/0000000000000000.json": #"[{"id": 1}]"#, "Tag/8000000000000000.json": #"[{"id": 1}]"#], name: "main")
    // A record whose bytes are the same in both versions is set aside unread: here one copy
    // of the two is, and the other shows as removed.
    #expect(try StoreDiff(from: twice, to: good).changes.map(\.kind) == [.removed])
    #expect {
      try StoreDiff(from: twice, to: Self.version([:], name: "HEAD"))
    } throws: { error in
      (error as? StoreError)?.code == .duplicateIdentifier && (error as? StoreError)?.message.hasPrefix("main: ") == true
    }
  }
}
