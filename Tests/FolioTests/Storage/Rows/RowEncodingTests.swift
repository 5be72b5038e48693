import FolioTestSupport
import Testing

@testable import Folio

/// The exact scalar encodings: canonical dates ⇄ milliseconds, canonical UUIDs ⇄ 16 bytes.
@Suite struct RowEncodingTests {
  static let years: [Int64] = [
    0, 1, 3, 4, 99, 100, 399, 400, 401, 1600, 1899, 1900, 1969, 1970, 1971, 2000, 2023, 2024, 2100,
    2400, 9998, 9999,
  ]

  static func text(_ year: Int64, _ month: Int64, _ day: Int64, _ time: String = "00:00:00.000")
    -> String
  {
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: width - digits.count) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(time)Z"
  }

  @Test(arguments: years)
  func everyMonthBoundaryRoundTripsExactly(year: Int64) throws {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for month in Int64(1)...12 {
      for (day, time) in [(1, "00:00:00.000"), (lengths[Int(month) - 1], "23:59:59.999")] {
        let date = Self.text(year, month, day, time)
        let milliseconds = try #require(RowEncoding.milliseconds(canonicalDate: date), "\(date)")
        #expect(milliseconds == ISODate.milliseconds(from: date), "\(date)")
        #expect(RowEncoding.dateText(milliseconds: milliseconds) == date)
      }
      // The day after the month's last does not exist.
      #expect(
        RowEncoding.milliseconds(canonicalDate: Self.text(year, month, lengths[Int(month) - 1] + 1))
          == nil)
    }
    // The last instant of December 31 is one millisecond before the next year's first.
    if year < 9999 {
      let last = try #require(
        RowEncoding.milliseconds(canonicalDate: Self.text(year, 12, 31, "23:59:59.999")))
      #expect(RowEncoding.milliseconds(canonicalDate: Self.text(year + 1, 1, 1)) == last + 1)
    }
  }

  @Test(arguments: [Int64(0), 1969, 1970, 2000, 2024, 9999])
  func everyDayOfAYearIsOneDayAfterTheLast(year: Int64) throws {
    var previous = try #require(RowEncoding.milliseconds(canonicalDate: Self.text(year, 1, 1)))
    var days = 1
    var month: Int64 = 1
    var day: Int64 = 2
    while month <= 12 {
      let date = Self.text(year, month, day)
      if let milliseconds = RowEncoding.milliseconds(canonicalDate: date) {
        #expect(milliseconds == previous + 86_400_000, "\(date)")
        #expect(RowEncoding.dateText(milliseconds: milliseconds) == date)
        previous = milliseconds
        days += 1
        day += 1
      } else {
        month += 1
        day = 1
      }
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    #expect(days == (leap ? 366 : 365))
  }

  @Test func theEdgesOfTheRangeAreISODatesLimits() {
    #expect(
      RowEncoding.milliseconds(canonicalDate: "0000-01-01T00:00:00.000Z")
        == ISODate.minimumMilliseconds)
    #expect(
      RowEncoding.milliseconds(canonicalDate: "9999-12-31T23:59:59.999Z")
        == ISODate.maximumMilliseconds)
    #expect(RowEncoding.milliseconds(canonicalDate: "1970-01-01T00:00:00.000Z") == 0)
    #expect(RowEncoding.milliseconds(canonicalDate: "1969-12-31T23:59:59.999Z") == -1)
  }

  @Test func randomInstantsRoundTripThroughText() throws {
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<20_000 {
      let milliseconds = Int64.random(
        in: ISODate.minimumMilliseconds...ISODate.maximumMilliseconds, using: &rng)
      let text = RowEncoding.dateText(milliseconds: milliseconds)
      #expect(ISODate.isCanonical(text))
      #expect(RowEncoding.milliseconds(canonicalDate: text) == milliseconds, "\(text)")
    }
  }

  @Test(arguments: [
    "2024-01-01T00:00:00Z", "2024-01-01T00:00:00.000+00:00", "2024-01-01T00:00:00.000z",
    "2024-02-30T00:00:00.000Z", "2023-02-29T00:00:00.000Z", "1900-02-29T00:00:00.000Z",
    "2024-13-01T00:00:00.000Z", "2024-00-01T00:00:00.000Z", "2024-01-00T00:00:00.000Z",
    "2024-01-01T24:00:00.000Z", "2024-01-01T00:60:00.000Z", "2024-01-01T00:00:60.000Z",
    "+2024-01-01T00:00:00.000Z", "2024-01-01T00:00:00.0000Z", " 2024-01-01T00:00:00.000Z",
  ])
  func nonCanonicalDatesHaveNoWord(text: String) {
    #expect(RowEncoding.milliseconds(canonicalDate: text) == nil)
    #expect(RowEncoding.word(.string(text), kind: .date, cases: []) == nil)
  }

  @Test func canonicalUUIDsRoundTripThroughTheirBytes() throws {
    let text = "0123abcd-4567-89ef-fedc-ba9876543210"
    let bytes = try #require(RowEncoding.uuidBytes(text))
    #expect(
      bytes == [
        0x01, 0x23, 0xAB, 0xCD, 0x45, 0x67, 0x89, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32,
        0x10,
      ])
    #expect(bytes.withUnsafeBytes(RowEncoding.uuidText) == text)
    var rng = SeededGenerator(seed: 5)
    for _ in 0..<2_000 {
      let random = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let text = random.withUnsafeBytes(RowEncoding.uuidText)
      #expect(Attribute.isCanonicalUUID(text))
      #expect(RowEncoding.uuidBytes(text) == random)
    }
    #expect(RowEncoding.uuidBytes("0123ABCD-4567-89EF-FEDC-BA9876543210") == nil)
    #expect(RowEncoding.uuidBytes("0123abcd-4567-89ef-fedc-ba987654321") == nil)
  }

  @Test func enumerationCasesCompareByBytes() {
    let cases = ["\u{E9}", "b"]
    #expect(RowEncoding.word(.string("\u{E9}"), kind: .enumeration, cases: cases) == 0)
    #expect(RowEncoding.word(.string("e\u{301}"), kind: .enumeration, cases: cases) == nil)
    #expect(RowEncoding.value(word: 1, kind: .enumeration, cases: cases) == .string("b"))
  }
}
