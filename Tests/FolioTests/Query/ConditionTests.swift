import Foundation
import Testing

@testable import Folio

/// Every operator against stored values, with the comparison semantics of Documentation/Querying.md.
@Suite struct ConditionTests {
  static let items: [JSONObject] = [
    [
      "id": 1, "name": "Ann", "count": 2, "price": 2.0, "active": true,
      "seen": "2014-07-06T07:59:00.000Z",
      "tags": ["remote", "apac"],
    ],
    [
      "id": 2, "name": "bob", "count": 3, "price": 2.5, "active": false,
      "seen": "2020-01-01T00:00:00.000Z",
    ],
    ["id": 3, "name": "Émile", "count": 10, "price": 1e3, "tags": ["remote"]],
    ["id": 4, "nick": "d"],
    ["id": 5, "name": "Zoë", "count": -1, "price": -0.5, "active": true, "title": "Ann's"],
  ]

  static func ids(_ predicate: Condition) throws -> [RecordID] {
    let store = try QueryFixtures.items(items)
    return try store.fetch(Query("Item", where: predicate)).ids
  }

  @Test(
    arguments: [
      ("count == 2", [1]),
      ("count == 2.0", [1]),
      ("price == 2", [1]),
      ("count != 2", [2, 3, 4, 5]),
      ("count < 3", [1, 5]),
      ("count <= 3", [1, 2, 5]),
      ("count > 2", [2, 3]),
      ("count >= 2.5", [2, 3]),
      ("price > 2", [2, 3]),
      ("price < 0", [5]),
      ("count in [2, 10]", [1, 3]),
      ("count in []", []),
      ("name in ['Ann', 'Zoë']", [1, 5]),
      ("name contains 'o'", [2, 5]),
      ("name contains 'ë'", [5]),
      ("name contains ''", [1, 2, 3, 5]),
      ("name beginsWith 'É'", [3]),
      ("name beginsWith 'a'", []),
      ("tags contains 'remote'", [1, 3]),
      ("tags contains 'apac'", [1]),
      ("active == true", [1, 5]),
      ("active == false", [2]),
      ("active != true", [2, 3, 4]),
      ("active < true", [2]),
      ("name == null", [4]),
      ("name is null", [4]),
      ("name != null", [1, 2, 3, 5]),
      ("name is not null", [1, 2, 3, 5]),
      ("title == null && nick == null", [1, 2, 3]),
      ("name > 'Zed'", [2, 3, 5]),
      ("name < 'B'", [1]),
      ("count > 1 && count < 10", [1, 2]),
      ("count < 0 || count > 5", [3, 5]),
      ("!(count > 2)", [1, 4, 5]),
      ("not count > 2", [1, 4, 5]),
      ("count > 0 && (name == 'Ann' || name == 'bob')", [1, 2]),
      ("count > 0 and name == 'Ann' or name == 'Zoë'", [1, 5]),
      ("seen > '2015-01-01'", [2]),
      ("seen < '2014-07-06T09:59:00+02:00'", []),
      ("seen <= '2014-07-06T09:59:00+02:00'", [1]),
      ("seen == '2014-07-06T07:59:00Z'", [1]),
      ("id == 3", [3]),
    ] as [(String, [RecordID])])
  func parsedPredicatesSelectTheExpectedRecords(text: String, expected: [RecordID]) throws {
    #expect(try Self.ids(Condition(parsing: text)) == expected)
  }

  @Test func incompatibleKindsCompareFalseInsteadOfFailing() throws {
    #expect(try Self.ids("name" < 5) == [])
    #expect(try Self.ids("count" > "a") == [])
    #expect(try Self.ids("count" == "2") == [])
    #expect(try Self.ids("count" != "2") == [1, 2, 3, 4, 5])
    #expect(try Self.ids("active" > 0) == [])
    #expect(try Self.ids(Field("name").hasPrefix("A") && "tags" == "remote") == [])
  }

  @Test func missingValuesFailOrderingComparisons() throws {
    #expect(try Self.ids("count" < 100) == [1, 2, 3, 5])
    #expect(try Self.ids(!("count" < 100)) == [4])
  }

  /// Checks a typed condition prints as `text`, parses back equal, and selects the same records.
  func check(_ typed: Condition, _ text: String) throws {
    #expect(typed.description == text)
    #expect(try Condition(parsing: text) == typed)
    #expect(try Self.ids(typed) == Self.ids(Condition(parsing: text)))
  }

  @Test func typedOperatorsMatchTheirTextForms() throws {
    try check("count" == 2, "count == 2")
    try check("count" != 2, "count != 2")
    try check("count" < 3, "count < 3")
    try check("count" <= 3, "count <= 3")
    try check("price" > 2.5, "price > 2.5")
    try check("count" >= 2, "count >= 2")
    try check("name" == nil, "name == null")
    try check("name" != nil, "name != null")
    try check(Field("count").isIn([2, 10]), "count in [2, 10]")
    try check(Field("name").contains("o"), "name contains 'o'")
    try check(Field("name").hasPrefix("É"), "name beginsWith 'É'")
    try check(Field("name").isNull, "name == null")
    try check("active" == true, "active == true")
    try check(
      "count" > 1 && "count" < 10 || !("name" == "Ann"), "count > 1 && count < 10 || !name == 'Ann'"
    )
    try check(
      ("count" > 1 || "count" < 0) && "active" == true, "(count > 1 || count < 0) && active == true"
    )
    try check(!("count" > 1 && "count" < 3), "!(count > 1 && count < 3)")
  }

  @Test func datesCompareAsInstants() throws {
    let day = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01T00:00:00Z
    #expect(day.queryValue == "2020-01-01T00:00:00.000Z")
    #expect(try Self.ids("seen" >= day) == [2])
    #expect(try Self.ids("seen" < day) == [1])
  }

  @Test func keyPathsFollowToOneRelationships() throws {
    let store = try QueryFixtures.company()
    let qa = try store.fetch(Query("Employee", where: "age" < 40 && "department.name" == "QA"))
    #expect(qa.ids == [1, 3])
    #expect(try store.fetch(Query("Employee", where: "department.name" == nil)).ids == [4])
    #expect(try store.fetch(Query("Employee", where: "department" == 2)).ids == [2])
    #expect(
      try store.fetch(Query("Employee", sortedBy: ["department.name", "fullName"])).ids == [
        4, 2, 1, 3,
      ])
  }

  @Test func toManyRelationshipsTestMembershipWithContains() throws {
    let store = try QueryFixtures.clicks()
    #expect(try store.fetch(Query("Batch", where: Field("clicks").contains(3))).ids == [100])
    #expect(try store.fetch(Query("Batch", where: Field("clicks").contains(9))).ids == [])
    #expect(try store.fetch(Query("Click", where: "batch" == 100)).ids == [0, 1, 2, 3, 4])
  }

  @Test func constantPredicatesSimplify() {
    #expect((Condition.all && ("count" > 1)) == ("count" > 1))
    #expect((Condition.none || ("count" > 1)) == ("count" > 1))
    #expect(!(!("count" > 1)) == ("count" > 1))
    #expect(!Condition.all == .none)
    #expect(("a" == 1 && "b" == 2 && "c" == 3).description == "a == 1 && b == 2 && c == 3")
  }

  @Test func fieldsListsEveryFieldOnce() {
    let predicate: Condition = "age" < 40 && ("department.name" == "QA" || "age" > 60)
    #expect(predicate.fields == ["age", "department.name"])
  }

  @Test func longChainsStayFlat() throws {
    var predicate = Condition.all
    for i in 0..<5000 { predicate = predicate && ("count" != i + 100) }
    #expect(try Self.ids(predicate) == [1, 2, 3, 4, 5])
  }
}
