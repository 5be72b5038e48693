import FolioJSON
import Testing

@testable import Folio

/// ``RowChunk/holds(_:_:_:)`` answers as decoding the column and comparing with `==` would, on
/// every kind of column, typed and boxed, and against values of every kind.
struct RowChunkCompareTests {
  /// Checks `holds` against the decoded comparison for `value` in every column of `row`.
  static func expectAgreement(
    _ chunk: RowChunk, _ row: Int, _ value: JSONValue, _ column: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = chunk.value(row, column) == value
    let answered = withUnsafePointer(to: value) { chunk.holds($0, row, column) }
    #expect(
      answered == expected,
      "column \(chunk.layout.columns[column].name), stored \(String(describing: chunk.value(row, column))), given \(value)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [UInt64(11), 12, 13, 14])
  func holdsAgreesWithDecodingOnRandomRecords(seed: UInt64) {
    var generator = RowRecordGenerator(seed: seed)
    let layout = RowFixtures.layout
    var chunk = RowChunk(layout: layout)
    for n in 0..<150 { chunk.updateValue(generator.record(layout), forKey: .int(Int64(n))) }
    var agreedTrue = 0
    for row in 0..<chunk.count {
      for column in layout.columns.indices {
        var candidates: [JSONValue] = [
          generator.fitting(layout.columns[column]), generator.anyValue(), generator.scalar(),
        ]
        if let stored = chunk.value(row, column) {
          candidates.append(stored)
          candidates.append(generator.perturbed(["v": stored], layout)["v"] ?? .null)
        }
        for value in candidates {
          Self.expectAgreement(chunk, row, value, column)
          if chunk.value(row, column) == value { agreedTrue += 1 }
        }
      }
    }
    // The stored value itself is always a candidate, so many answers are "the same".
    #expect(agreedTrue > chunk.count)
  }

  @Test func nearMissesOfTypedValuesAreNotTheSame() {
    var chunk = RowChunk(layout: RowFixtures.layout)
    chunk.updateValue(RowFixtures.fullRecord, forKey: 1)
    let misses: [(String, JSONValue)] = [
      ("count", .double(42)), ("count", .int(43)), ("ratio", .int(0)), ("flag", .int(1)),
      ("at", "2024-02-29T12:34:56.789+00:00"), ("at", "2024-02-29T12:34:56Z"),
      ("uid", "123E4567-E89B-12D3-A456-426614174000"), ("mood", "Sad"), ("price", "12.3"),
      ("strings", ["a", ""]), ("strings", ["a", "", "\u{1F600}", ""]), ("ints", [1, -2.0]),
      ("doubles", [0.25]), ("dates", ["1970-01-01T00:00:00Z"]), ("moods", ["happy", "sad"]),
      ("name", .null), ("name", ["Ada"]), ("owner", "2"), ("members", [3, "x"]),
    ]
    for (name, value) in misses {
      Self.expectAgreement(chunk, 0, value, RowFixtures.column(name))
      #expect(!withUnsafePointer(to: value) { chunk.holds($0, 0, RowFixtures.column(name)) }, "\(name): \(value)")
    }
    // -0.0 and 0.0 are equal numbers, in a column and in a list.
    #expect(withUnsafePointer(to: JSONValue.array([0.25, 0.0])) { chunk.holds($0, 0, RowFixtures.column("doubles")) })
    for column in RowFixtures.layout.columns.indices {
      let stored = chunk.value(0, column) ?? .null
      #expect(withUnsafePointer(to: stored) { chunk.holds($0, 0, column) }, "column \(column)")
    }
  }

  @Test func aDateNamesTheSameInstantInTheShortFormOnlyWhenAskedTo() {
    let milliseconds = ISODate.milliseconds(from: "2021-04-01T03:33:17.000Z") ?? 0
    #expect(ISODate.namesSameInstant("2021-04-01T03:33:17Z", milliseconds: milliseconds))
    #expect(ISODate.namesSameInstant("2021-04-01T03:33:17.000Z", milliseconds: milliseconds))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17Z", milliseconds: milliseconds, shortForm: false))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17Z", milliseconds: milliseconds + 1))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17.001Z", milliseconds: milliseconds))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17.000Z", milliseconds: ISODate.maximumMilliseconds + 1))
  }
}
