@testable import Folio
import FolioTestSupport
import Testing

/// Unix timestamps as APIs send them (issue 15, item 4): numbers or numeric strings, in seconds,
/// milliseconds, microseconds or nanoseconds told apart by magnitude under `.unixSeconds`.
@Suite struct AttributeDateCoercionTests {
  static func row(_ input: String, _ output: String, _ formats: DateFormats = .unixSeconds)
    -> CoercionCase
  {
    CoercionCase(type: .isoDate, input: input, expected: .value(output), formats: formats)
  }

  static func refused(
    _ input: String, _ code: CoercionError.Code, _ formats: DateFormats = .unixSeconds
  ) -> CoercionCase {
    CoercionCase(type: .isoDate, input: input, expected: .rejected(code), formats: formats)
  }

  static let timestamps: [CoercionCase] = [
    // Seconds, as a number or a numeric string.
    row("1700000000", #""2023-11-14T22:13:20.000Z""#),
    row(#""1700000000""#, #""2023-11-14T22:13:20.000Z""#),
    row(#""1700000000.5""#, #""2023-11-14T22:13:20.500Z""#),
    row(#""17e8""#, #""2023-11-14T22:13:20.000Z""#),
    row("-1", #""1969-12-31T23:59:59.000Z""#),
    row("99999999999", #""5138-11-16T09:46:39.000Z""#),
    // 12 to 14 digits: milliseconds.
    row("100000000000", #""1973-03-03T09:46:40.000Z""#),
    row("1700000000123", #""2023-11-14T22:13:20.123Z""#),
    row(#""1700000000123""#, #""2023-11-14T22:13:20.123Z""#),
    row("1700000000123.9", #""2023-11-14T22:13:20.123Z""#),
    row("-1700000000123", #""1916-02-18T01:46:39.877Z""#),
    // 15 to 17 digits: microseconds, truncated toward the past.
    row("1700000000123456", #""2023-11-14T22:13:20.123Z""#),
    row(#""1700000000123456""#, #""2023-11-14T22:13:20.123Z""#),
    row("-1700000000123456", #""1916-02-18T01:46:39.876Z""#),
    // 18 digits and more: nanoseconds.
    row("1700000000123456789", #""2023-11-14T22:13:20.123Z""#),
    row(#""1700000000123456789""#, #""2023-11-14T22:13:20.123Z""#),
    // Under unixMilliseconds every value is milliseconds, strings included.
    row(#""1700000000123""#, #""2023-11-14T22:13:20.123Z""#, .unixMilliseconds),
    row("1700000000", #""1970-01-20T16:13:20.000Z""#, .unixMilliseconds),
    // Text that is not a number, and numbers where no unix form is allowed.
    refused(#""0x10""#, .invalidDate), refused(#"" 1700000000""#, .invalidDate),
    refused(#""1700000000s""#, .invalidDate), refused("1e300", .outOfRange),
    refused(#""1e300""#, .outOfRange), refused(#""9999999999999999999999""#, .outOfRange),
    refused(#""1700000000""#, .invalidDate, .strict), refused("1700000000", .invalidDate, .strict),
  ]

  @Test(arguments: timestamps) func unixTimestampsAreReadByMagnitude(_ row: CoercionCase) throws {
    try AttributeCoercionTests.check(row)
  }

  @Test func anEmptyStringStillClearsUnderUnixSeconds() {
    let seen = Attribute(name: "seen", type: .isoDate, isOptional: true)
    #expect(seen.coerce("", schemaDateFormats: .unixSeconds) == .success(nil))
  }

  @Test func aStringThatIsNoDateNamesTheDateForms() {
    let seen = Attribute(name: "seen", type: .isoDate, isOptional: true)
    guard case .failure(let error) = seen.coerce("yesterday", schemaDateFormats: .unixSeconds)
    else {
      Issue.record("a word was read as a date")
      return
    }
    #expect(
      error.description
        == #"attribute 'seen': expected an ISO-8601 date such as "2014-07-06T07:59:00Z" (with a zone: Z, ±HH:MM, ±HHMM or ±HH), found the string "yesterday" [invalidDate]"#
    )
  }
}
