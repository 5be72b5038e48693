@testable import Folio
import FolioTestSupport
import Testing

/// An item for a stored record is settled by comparing in place when it gives the stored values
/// (``SyncPlanner/givesStoredValues(_:_:_:stored:_:)``), and read in full otherwise. Both must
/// decide what converting each value and comparing it with the stored one decides.
@Suite struct SyncUnchangedItemTests {
  /// Values of every kind, in the spellings that matter here: dates naming one instant three
  /// ways and another instant, numbers of both kinds, `null`, the words the transforms read,
  /// arrays, objects, decimals and uuids.
  static let values: [JSONValue] = [
    1, 2, 1999, -5, 1.5, 19.99, 0.0, -0.0, 1.0, "a", "b", "a long string of more than 15 bytes",
    "\u{E9}", "e\u{301}", true, false, .null, "yes", "no", "Y", "N", "open", "closed", "shut",
    "2021-04-01T03:33:17Z", "2021-04-01T03:33:17.000Z", "2021-04-01T05:33:17+02:00",
    "2021-04-01T03:33:18Z", "06/07/2014 09:59", "a;b", "1,2", "12.50", "12.5",
    "6f9619ff-8b86-d011-b42d-00cf4fc964ff", "6F9619FF-8B86-D011-B42D-00CF4FC964FF",
    ["a", "b"], ["b", "a"], [1, 2], [1.0, 2], ["x": 1], ["x": 1.0], [:], [],
  ]

  /// Entities without relationships, covering plain types, a dotted key path (`Item.title`),
  /// every built-in transform, enumerations, decimals, objects and arrays.
  static let cases: [(schema: String, entity: String, id: JSONValue)] = [
    ("items", "Item", 7), ("invoices", "Invoice", 7),
    ("tickets", "Ticket", "6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
  ]

  /// What converting each given value and comparing it with the stored one decides: the record
  /// after the item, or `nil` when a value does not convert (the item is rejected).
  static func expected(_ stored: JSONObject, _ item: JSONObject, _ context: EntityContext)
    -> JSONObject?
  {
    var record = stored
    for slot in context.attributes {
      guard let raw = slot.member.value(in: item) else { continue }
      switch slot.coerce(raw, stored: stored[slot.name], schemaDateFormats: context.dateFormats) {
      case .success(let value): record[slot.name] = value
      case .failure: return nil
      }
    }
    return record
  }

  /// A value of ``values`` that `slot` converts to a value (not `null`), if any: as given, or
  /// (half the time, without a transform) as converted, the spelling a record stores and the
  /// one most payloads repeat, which the comparison in place settles.
  static func convertible(
    _ slot: EntityContext.AttributeSlot, _ context: EntityContext,
    _ generator: inout SeededGenerator
  ) -> JSONValue? {
    for value in values.shuffled(using: &generator) {
      guard
        case .success(let converted?) = slot.coerce(
          value, stored: nil, schemaDateFormats: context.dateFormats),
        !converted.isNull
      else { continue }
      return !slot.hasTransform && Bool.random(using: &generator) ? converted : value
    }
    return nil
  }

  @Test(arguments: 0..<3)
  func anItemChangesTheRecordExactlyWhenAConvertedValueDiffers(_ index: Int) throws {
    let (schemaName, entity, id) = Self.cases[index]
    let schema = try #require(SyncSchemas.named(schemaName))
    var generator = SeededGenerator(seed: 1_800 + UInt64(index))
    var counts: [SyncOutcome.Kind: Int] = [:]
    for _ in 0..<600 {
      let store = try SyncTestStore.make(schema)
      let info = try #require(store.state.index.entities[entity])
      let context = EntityContext(info: info, schema: store.schema)
      let recordID = try context.identifier(from: id).get()
      // A first item creates the record (unless one of its values does not convert).
      var first = JSONObject()
      context.identifiers[0].member.allKeyPaths[0].set(id, in: &first)
      for slot in context.attributes where Int.random(in: 0..<4, using: &generator) > 0 {
        // A value the attribute takes, so the record usually holds several.
        if let value = Self.convertible(slot, context, &generator) {
          slot.member.allKeyPaths[0].set(value, in: &first)
        }
      }
      try store.sync(.array([.object(first)]), into: entity)
      guard let stored = store.state.record(entity, recordID) else { continue }
      // The second item: the first again (given values usually repeat), the record as exported
      // (its canonical spellings), or either with some values replaced or removed.
      var second: JSONObject
      let exported = try #require(store.state.export(entity).arrayValue?.first?.objectValue)
      let changes = Int.random(in: 0..<4, using: &generator)
      switch changes {
      case 0: second = first
      case 1: second = exported
      default:
        second = Bool.random(using: &generator) ? first : exported
        // One value changed (which the comparison in place must notice), or about a third.
        let one = context.attributes.randomElement(using: &generator)
        for slot in context.attributes
        where changes == 2 ? slot === one : Int.random(in: 0..<3, using: &generator) == 0 {
          let path = slot.member.allKeyPaths[0]
          switch Int.random(in: 0..<6, using: &generator) {
          case 0: second[path.components[0]] = nil
          case 1: path.set(Self.values.randomElement(using: &generator)!, in: &second)
          default:
            if let value = Self.convertible(slot, context, &generator) { path.set(value, in: &second) }
          }
        }
      }
      let expected = Self.expected(stored, second, context)
      let report = try store.sync(.array([.object(second)]), into: entity)
      let kind = try #require(report.outcomes.first?.kind)
      counts[kind, default: 0] += 1
      let after = try #require(store.state.record(entity, recordID))
      if let expected {
        #expect(kind == (expected == stored ? .unchanged : .updated), "\(stored) ← \(second)")
        #expect(after == expected, "\(stored) ← \(second)")
      } else {
        #expect(kind == .rejected, "\(stored) ← \(second)")
        #expect(after == stored, "\(stored) ← \(second)")
      }
    }
    // Each way an item can go was taken, many times.
    #expect(counts[.unchanged, default: 0] > 50)
    #expect(counts[.updated, default: 0] > 50)
    #expect(counts[.rejected, default: 0] > 10)
  }

  /// The spellings of one stored instant leave the record as it is; another instant updates it.
  @Test func anotherSpellingOfTheStoredInstantChangesNothing() throws {
    let store = try SyncTestStore.items([["id": 1, "seen": "2021-04-01T03:33:17.000Z"]])
    for spelling in ["2021-04-01T03:33:17Z", "2021-04-01T05:33:17+02:00", "2021-04-01T03:33:17.000Z"]
    {
      let report = try store.sync([["id": 1, "seen": .string(spelling)]], into: "Item")
      #expect(report.outcomes.map(\.kind) == [.unchanged], "\(spelling)")
    }
    let report = try store.sync([["id": 1, "seen": "2021-04-01T03:33:18Z"]], into: "Item")
    #expect(report.outcomes.map(\.kind) == [.updated])
    #expect(store.state.record("Item", .int(1))?["seen"] == "2021-04-01T03:33:18.000Z")
  }

  /// `null` clears a stored value and is no change for an absent one; a value of another JSON
  /// kind that converts to the stored one (an integral double for an int) is no change.
  @Test func nullClearsAndEqualConvertedValuesDoNot() throws {
    let store = try SyncTestStore.items([["id": 1, "count": 3, "name": "a"]])
    #expect(try store.sync([["id": 1, "nick": .null]], into: "Item").outcomes.map(\.kind) == [.unchanged])
    #expect(try store.sync([["id": 1, "count": 3.0]], into: "Item").outcomes.map(\.kind) == [.unchanged])
    #expect(try store.sync([["id": 1, "name": .null]], into: "Item").outcomes.map(\.kind) == [.updated])
    #expect(store.state.record("Item", .int(1)) == ["id": 1, "count": 3])
  }
}
