import Folio
import FolioTestSupport
import Testing

/// Pointers name the key as the payload gives it (issue 15, item 3): `/0/first_name`, not
/// `/0/firstName`; `/0/team_id`, not `/0/team`. One test per path that builds a pointer from a
/// member: attribute conversion, a required null, an identifier, a reference, a nested item, a
/// validity rule, a member given twice, and all-or-nothing problems. The scenario folders
/// `u58a`–`u58e` cover the stored results.
@Suite struct SyncKeyPointerTests {
  static func contacts(_ name: String = "contacts") throws -> Store {
    try SyncTestStore.make(SyncSchemas.named(name) ?? Schema(entities: []))
  }

  static func pointer(_ report: SyncReport, _ id: RecordID) -> String? {
    report.outcome(of: id)?.pointer
  }

  @Test func aValueThatDoesNotConvertPointsAtItsPascalCaseKey() throws {
    let report = try Self.contacts().sync([["Id": 1, "Age": "old"]], into: "Contact")
    #expect(report.outcome(of: 1)?.kind == .rejected)
    #expect(Self.pointer(report, 1) == "/0/Age")
  }

  @Test func aValueThatDoesNotConvertPointsAtItsFallbackKey() throws {
    let report = try Self.contacts().sync([["id": 1, "title": ["CTO"]]], into: "Contact")
    #expect(Self.pointer(report, 1) == "/0/title")
  }

  @Test func aRequiredNullPointsAtItsSnakeCaseKey() throws {
    let schema = try Schema(keyConvention: .snakeCase) {
      Entity("Person") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("firstName", .string)
      }
    }
    let store = try Store.inMemory(schema: schema)
    try store.sync([["id": 1, "first_name": "Ann"]], into: "Person")
    let report = try store.sync([["id": 2, "FirstName": "Bo"], ["id": 1, "first_name": nil]], into: "Person")
    let outcome = try #require(report.outcome(of: 1))
    #expect(outcome.kind == .rejected)
    #expect(outcome.pointer == "/1/first_name")
    #expect(outcome.reason?.contains("null") == true)
  }

  @Test func anIdentifierThatDoesNotConvertPointsAtItsKey() throws {
    let report = try Self.contacts().sync([["Id": "seven"]], into: "Contact")
    #expect(report.outcomes.map(\.pointer) == ["/0/Id"])
    #expect(report.outcomes.map(\.kind) == [.rejected])
  }

  @Test func anUnknownReferencePointsAtTheReferenceKey() throws {
    let report = try Self.contacts().sync([["id": 1, "team_id": 9]], into: "Contact")
    #expect(report.outcome(of: 1)?.kind == .rejected)
    #expect(Self.pointer(report, 1) == "/0/team_id")
    #expect(report.outcome(of: 1)?.reason?.contains("Team 9") == true)
  }

  @Test func aNestedItemPointsBelowThePascalCaseKey() throws {
    let report = try Self.contacts().sync([["id": 1, "Team": ["id": "x"]]], into: "Contact")
    #expect(report.outcomes.map(\.pointer) == [nil, "/0/Team/id"])
    #expect(report.outcomes.map(\.entity) == ["Contact", "Team"])
  }

  @Test func aValidityRulePointsAtTheValueItChecks() throws {
    let store = try Self.contacts("contacts-age-rule")
    let report = try store.sync([["id": 1, "Age": -1], ["id": 2]], into: "Contact")
    #expect(Self.pointer(report, 1) == "/0/Age")
    #expect(report.outcome(of: 1)?.kind == .rejected)
    #expect(report.outcome(of: 2)?.kind == .inserted)
  }

  @Test func aMemberGivenTwiceWithDifferentValuesIsDiagnosedAtBothKeys() throws {
    let report = try Self.contacts().sync(
      [["id": 1, "title": "Dev", "job_title": "CTO"], ["id": 2, "title": "A", "job_title": "A"]],
      into: "Contact")
    #expect(report.diagnostics.map(\.code) == [.conflictingKeys])
    #expect(report.diagnostics.first?.pointers == ["/0/job_title", "/0/title"])
    #expect(
      report.diagnostics.first?.message
        == "Contact.title is given twice with different values, as 'job_title' and 'title'; 'job_title' comes first in the key mapping and was used"
    )
  }

  @Test func aRelationshipGivenTwiceIsDiagnosedButNotBesideItsReferenceKey() throws {
    let store = try Self.contacts()
    try store.sync([["id": 3]], into: "Team")
    let report = try store.sync(
      [["id": 1, "team": ["id": 3], "team_id": 3], ["id": 2, "team": 3, "Team": 4]],
      into: "Contact")
    #expect(report.diagnostics.map(\.code) == [.conflictingKeys])
    #expect(report.diagnostics.first?.pointers == ["/1/team", "/1/Team"])
  }

  /// A keyed relationship falls back to its name: a nested object there beside the bare id
  /// under the key is the usual shape; two different bare ids are a conflict.
  @Test func aKeyedRelationshipFallsBackToItsNameAndIsComparedByShape() throws {
    let schema = try Schema {
      Entity("Department") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string).optional()
      }
      Entity("Employee") {
        Identifier("id")
        Attribute("id", .int)
        ToOne("department", "Department", from: "department_id")
      }
    }
    let store = try Store.inMemory(schema: schema)
    let report = try store.sync(
      [
        ["id": 1, "department": ["id": 3, "name": "Ops"], "department_id": 3],
        ["id": 2, "department": ["id": 4, "name": "Dev"]],
        ["id": 3, "department_id": 3, "department": 4],
      ], into: "Employee")
    // Item 0: the explicit key comes first, so the bare 3 is read (a stub), not the object.
    #expect(report.diagnostics.map(\.code) == [.danglingReference, .conflictingKeys])
    #expect(report.diagnostics.map(\.pointers) == [["/0/department_id"], ["/2/department_id", "/2/department"]])
    #expect(store.get("Employee", 2)?["department"] == 4)
    #expect(store.get("Employee", 3)?["department"] == 3)
    #expect(store.get("Department", 4)?["name"] == "Dev")
  }

  @Test func allOrNothingProblemsPointAtTheKeysAsGiven() throws {
    var options = SyncOptions()
    options.allOrNothing = true
    let error = try #require(throws: SyncError.self) {
      try Self.contacts().sync(
        [["id": 1, "Age": "x"], ["id": 2, "team_id": 9]], into: "Contact", options: options)
    }
    #expect(error.problems.map(\.pointer) == ["/0/Age", "/1/team_id"])
  }

  /// The reverse direction: export writes each member at its first key, and syncing the export
  /// back changes nothing, whatever keys the records arrived under.
  @Test func exportWritesTheFirstKeyAndSyncsBackUnchanged() throws {
    let store = try Self.contacts()
    try store.sync(
      [["Id": 1, "FirstName": "Ann", "title": "CTO"], ["id": 2, "MobilePhone": "555"]],
      into: "Contact")
    let exported = store.state.export("Contact")
    #expect(
      JSONWriter.string(exported)
        == #"[{"first_name":"Ann","id":1,"job_title":"CTO"},{"id":2,"mobile_phone":"555"}]"#)
    #expect(try store.sync(exported, into: "Contact").isEmpty)
  }
}
