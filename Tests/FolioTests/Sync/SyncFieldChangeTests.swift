@testable import Folio
import FolioTestSupport
import Testing

/// The field changes an update reports, whichever way they are found: the one walk over two
/// records with the same keys in the same order, or the lookups for any other pair.
@Suite struct SyncFieldChangeTests {
  /// The expected changes, from first principles: every key of either record whose values
  /// differ (absent counts as a value), in the order of the keys' UTF-8 bytes.
  static func expected(_ before: JSONObject, _ after: JSONObject) -> [FieldChange] {
    // Deduplicated by bytes: a `Set<String>` would merge "é" and "e\u{301}", which are two keys.
    let keys = Set((before.keys + after.keys).map { Array($0.utf8) }).sorted {
      $0.lexicographicallyPrecedes($1)
    }.map { String(decoding: $0, as: UTF8.self) }
    return keys.compactMap { key in
      before[key] == after[key] ? nil : FieldChange(field: key, before: before[key], after: after[key])
    }
  }

  static let keys = [
    "id", "name", "é", "e\u{301}", "tags", "a_long_key_of_more_than_15_bytes", "Z", "count",
  ]
  static let values: [JSONValue] = [
    1, 2, 1.5, "a", "b", "a long string of more than 15 bytes", true, .null, ["x"], ["x", "y"],
    ["k": 1],
  ]

  static func object(_ keys: [String], _ generator: inout SeededGenerator) -> JSONObject {
    var object = JSONObject()
    for key in keys { object[key] = values.randomElement(using: &generator) }
    return object
  }

  @Test func theChangesAreEveryDifferingFieldInKeyOrder() {
    var generator = SeededGenerator(seed: 18)
    var sameKeyPairs = 0
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...Self.keys.count, using: &generator)
      let keys = Self.keys.shuffled(using: &generator).prefix(count)
      let before = Self.object(Array(keys), &generator)
      var after: JSONObject
      switch Int.random(in: 0..<4, using: &generator) {
      case 0, 1:
        // The same keys in the same order (a stored record and its update): one walk.
        after = before
        for member in before.members where Bool.random(using: &generator) {
          after[member.key] = Self.values.randomElement(using: &generator)
        }
        sameKeyPairs += 1
      case 2:
        // The same keys in another order.
        after = Self.object(keys.shuffled(using: &generator), &generator)
      default:
        // Other keys, sometimes as many.
        let other = Self.keys.shuffled(using: &generator).prefix(keys.count)
        after = Self.object(Array(other), &generator)
      }
      #expect(
        SyncPlanner.fieldChanges(before, after) == Self.expected(before, after),
        "\(before) → \(after)")
    }
    #expect(sameKeyPairs > 1_000)
  }

  @Test func theOneWalkDeclinesPairsWhoseKeysDiffer() {
    let before: JSONObject = ["a": 1, "b": 2]
    #expect(SyncPlanner.sameKeyChanges(before, (["a": 1, "c": 2] as JSONObject)) == nil)
    #expect(SyncPlanner.sameKeyChanges(before, (["b": 2, "a": 1] as JSONObject)) == nil)
    #expect(SyncPlanner.sameKeyChanges(before, (["a": 1] as JSONObject)) == nil)
    // Canonically equivalent keys are different JSON keys.
    let composed: JSONObject = ["é": 1]
    #expect(SyncPlanner.sameKeyChanges(composed, (["e\u{301}": 1] as JSONObject)) == nil)
    #expect(
      SyncPlanner.sameKeyChanges(before, (["a": 1, "b": 3] as JSONObject))
        == [FieldChange(field: "b", before: 2, after: 3)])
  }
}
