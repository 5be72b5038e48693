import Folio
import Testing

@Suite struct RulesEvaluationTests {
  /// U51: validators run in order, each on the previous one's output.
  @Test func validatorsRewriteAndDropInDeclaredOrder() {
    let trim = Validator(.trim(field: "name"))
    let dropEmpty = Validator(.dropIfEmpty(field: "name"))
    let items: [JSONObject] = [["id": 1, "name": "   "], ["id": 2, "name": " Bo "]]
    func run(_ validators: [Validator]) -> [JSONObject] {
      items.compactMap { item in
        validators.reduce(Optional(item)) { partial, validator in
          partial.flatMap { validator.apply(to: $0) }
        }
      }
    }
    #expect(run([trim, dropEmpty]) == [["id": 2, "name": "Bo"]])
    #expect(run([dropEmpty, trim]) == [["id": 1, "name": ""], ["id": 2, "name": "Bo"]])
  }

  /// U50: drop items whose `active` is false; numbers compare by value.
  @Test func dropWhereComparesAtAKeyPath() {
    let inactive = Validator(.dropWhere(field: "active", equals: false))
    #expect(inactive.apply(to: ["id": 2, "active": false]) == nil)
    #expect(inactive.apply(to: ["id": 1, "active": true]) == ["id": 1, "active": true])
    #expect(inactive.apply(to: ["id": 3]) == ["id": 3])
    let nested = Validator(.dropWhere(field: "meta.level", equals: 1))
    #expect(nested.apply(to: ["meta": ["level": 1.0]]) == nil)
    let nestedTrim = Validator(.trim(field: "user.name"))
    #expect(nestedTrim.apply(to: ["user": ["name": "\tAda\n"]]) == ["user": ["name": "Ada"]])
  }

  @Test func customValidatorsRunTheirClosure() {
    let upper = Validator.custom("uppercase") { item in
      var item = item
      item["name"] = item["name"]?.stringValue.map { .string($0.uppercased()) }
      return item
    }
    #expect(upper.apply(to: ["name": "bo"]) == ["name": "BO"])
    #expect(upper == Validator(.custom(name: "uppercase")))
  }

  /// U52 rules: Plane and Passenger validity.
  @Test(arguments: [
    (#"{"origin":"Paris","destination":"London"}"#, nil),
    (#"{"origin":"Toronto","destination":""}"#, "destination must not be empty"),
    (#"{"origin":"Madrid","destination":"Madrid"}"#,
      #"origin and destination must differ (both are "Madrid")"#),
    (#"{"destination":"Madrid"}"#, "origin must not be empty"),
  ])
  func planeValidityMatchesScenarioU52(_ record: String, _ reason: String?) throws {
    let rules = [
      ValidityRule(.requiredNonEmpty(field: "origin")),
      ValidityRule(.requiredNonEmpty(field: "destination")),
      ValidityRule(.distinct("origin", "destination")),
    ]
    let object = try #require(try JSONParser.parse(record).objectValue)
    #expect(rules.lazy.compactMap { $0.reason(for: object) }.first == reason)
  }

  @Test func numericRulesReportTheBoundAndTheValue() {
    let price = ValidityRule(.atLeast(field: "price", minimum: 0))
    #expect(price.reason(for: ["price": -1.0]) == "price must be at least 0 (found -1)")
    #expect(price.reason(for: ["price": 0.0]) == nil)
    #expect(price.reason(for: [:]) == nil)
    let age = ValidityRule(.greaterThan(field: "age", bound: 0))
    #expect(age.reason(for: ["age": 0]) == "age must be greater than 0 (found 0)")
    #expect(age.reason(for: ["age": 21]) == nil)
    let custom = ValidityRule.custom("short") { ($0["name"]?.stringValue?.count ?? 0) > 3 ? "long" : nil }
    #expect(custom.reason(for: ["name": "Kevin"]) == "long")
  }

  /// U54: accept an update only when the incoming version is greater.
  @Test func whenIncreasesComparesNumbersDatesAndMissingValues() {
    let version = UpdateRule(.whenIncreases(field: "version"))
    #expect(!version.allows(stored: ["version": 3], incoming: ["version": 3]))
    #expect(version.allows(stored: ["version": 3], incoming: ["version": 4]))
    #expect(version.allows(stored: [:], incoming: ["version": 1]))
    #expect(!version.allows(stored: ["version": 3], incoming: [:]))
    #expect(version.allows(stored: ["version": 3], incoming: ["version": 3.5]))
    let updated = UpdateRule(.whenIncreases(field: "updatedAt"))
    #expect(
      updated.allows(
        stored: ["updatedAt": "2014-07-06T07:59:00.000Z"],
        incoming: ["updatedAt": "2014-07-06T09:59:01+02:00"]))
    #expect(
      !updated.allows(
        stored: ["updatedAt": "2014-07-06T07:59:00.000Z"],
        incoming: ["updatedAt": "2014-07-06T09:58:00+02:00"]))
    #expect(!updated.allows(stored: ["updatedAt": "b"], incoming: ["updatedAt": true]))
    let never = UpdateRule.custom("never") { _, _ in false }
    #expect(!never.allows(stored: [:], incoming: [:]))
  }
}
