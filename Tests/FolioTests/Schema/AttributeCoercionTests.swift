@testable import Folio
import FolioTestSupport
import Testing

/// One row of a coercion table: input JSON text, expected canonical JSON text or error code.
struct CoercionCase: CustomTestStringConvertible, Sendable {
  let type: AttributeType
  let input: String
  let expected: Expected
  var formats: DateFormats = .strict

  enum Expected: Sendable {
    case value(String)
    case cleared
    case rejected(CoercionError.Code)
  }

  var testDescription: String { "\(type) ← \(input)" }

  static func ok(_ type: AttributeType, _ input: String, _ output: String) -> CoercionCase {
    CoercionCase(type: type, input: input, expected: .value(output))
  }
  static func no(_ type: AttributeType, _ input: String, _ code: CoercionError.Code)
    -> CoercionCase
  {
    CoercionCase(type: type, input: input, expected: .rejected(code))
  }
}

@Suite struct AttributeCoercionTests {
  static let scenarioRows: [CoercionCase] = [
    // U25 int
    .ok(.int, "7", "7"), .ok(.int, "7.0", "7"), .ok(.int, #""7""#, "7"),
    .ok(.int, #""-3""#, "-3"), .no(.int, #""27.0""#, .notLossless), .no(.int, "2.5", .notLossless),
    .no(.int, #""2.5""#, .notLossless), .no(.int, #""abc""#, .invalidText),
    .no(.int, "true", .typeMismatch), .no(.int, "1e30", .outOfRange),
    .no(.int, #"{"v":1}"#, .typeMismatch),
    // U26 double
    .ok(.double, "2.5", "2.5"), .ok(.double, "3", "3.0"), .ok(.double, #""2.5""#, "2.5"),
    .no(.double, #""x""#, .invalidText), .no(.double, "true", .typeMismatch),
    // U27 bool
    .ok(.bool, "true", "true"), .ok(.bool, "false", "false"), .ok(.bool, "1", "true"),
    .ok(.bool, "0", "false"), .ok(.bool, #""true""#, "true"), .ok(.bool, #""false""#, "false"),
    .no(.bool, "2", .notLossless), .no(.bool, #""yes""#, .invalidText),
    .no(.bool, #""1""#, .invalidText), .no(.bool, #""TRUE""#, .invalidText),
    // U28 string
    .ok(.string, #""x""#, #""x""#), .ok(.string, "5", #""5""#), .ok(.string, "5.0", #""5""#),
    .no(.string, "2.5", .notLossless), .no(.string, "true", .typeMismatch),
    .no(.string, #"{"a":1}"#, .typeMismatch), .no(.string, "[]", .typeMismatch),
    // U29–U31 dates
    .ok(.isoDate, #""2014-07-06T07:59:00Z""#, #""2014-07-06T07:59:00.000Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00+00:00""#, #""2014-07-06T07:59:00.000Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00.123Z""#, #""2014-07-06T07:59:00.123Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00.5Z""#, #""2014-07-06T07:59:00.500Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00.123456Z""#, #""2014-07-06T07:59:00.123Z""#),
    .ok(.isoDate, #""2014-07-06T09:59:00+02:00""#, #""2014-07-06T07:59:00.000Z""#),
    .ok(.isoDate, #""2014-07-06T09:59:00+0200""#, #""2014-07-06T07:59:00.000Z""#),
    .ok(.isoDate, #""2014-07-06T02:59:00-05:00""#, #""2014-07-06T07:59:00.000Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00.123+02:00""#, #""2014-07-06T05:59:00.123Z""#),
    // U32 not instants
    .no(.isoDate, #""2014-07-06T07:59:00""#, .invalidDate),
    .no(.isoDate, #""2014-07-06""#, .invalidDate),
    .no(.isoDate, #""2014-07-06 07:59:00Z""#, .invalidDate),
    .no(.isoDate, #""2014-07-06t07:59:00z""#, .invalidDate),
    .no(.isoDate, #""06/07/2014""#, .invalidDate),
    .no(.isoDate, "1404633540", .invalidDate),
    CoercionCase(type: .isoDate, input: #""""#, expected: .cleared),
  ]

  static let edgeRows: [CoercionCase] = [
    .ok(.int, "-0.0", "0"), .ok(.int, #""-9223372036854775808""#, "-9223372036854775808"),
    .no(.int, #""9223372036854775808""#, .outOfRange), .no(.int, #""007""#, .invalidText),
    .no(.int, #""+7""#, .invalidText), .no(.int, #"" 7""#, .invalidText),
    .no(.int, "9223372036854775808", .outOfRange),
    .ok(.double, #""1e3""#, "1000.0"), .no(.double, #""nan""#, .invalidText),
    .no(.double, #""0x10""#, .invalidText), .no(.double, #""1e400""#, .outOfRange),
    .no(.double, "9007199254740993", .notLossless), .ok(.bool, "1.0", "true"),
    .no(.string, "1e30", .outOfRange), CoercionCase(type: .string, input: "null", expected: .cleared),
    .ok(.array(.int), #"[1,"2",3.0]"#, "[1,2,3]"), .ok(.array(.string), "[]", "[]"),
    .no(.array(.int), #"[1,"x"]"#, .invalidText), .no(.array(.int), "[1,null]", .nullNotAllowed),
    .no(.array(.string), #""a""#, .typeMismatch),
    .ok(.isoDate, #""2016-02-29T23:59:59.999999999-00:30""#, #""2016-03-01T00:29:59.999Z""#),
    .ok(.isoDate, #""1969-12-31T23:59:59.9Z""#, #""1969-12-31T23:59:59.900Z""#),
    .ok(.isoDate, #""2014-07-06T07:59:00+02""#, #""2014-07-06T05:59:00.000Z""#),
    .no(.isoDate, #""2015-02-29T00:00:00Z""#, .invalidDate),
    .no(.isoDate, #""2014-07-06T24:00:00Z""#, .invalidDate),
    .no(.isoDate, #""2014-07-06T07:59:00.Z""#, .invalidDate),
    .no(.isoDate, #""2014-07-06T07:59:00.1234567890Z""#, .invalidDate),
    .no(.isoDate, #""2014-07-06T07:59:00+2:00""#, .invalidDate),
    .no(.isoDate, #""2014-07-06T07:59:00Z ""#, .invalidDate),
    .no(.isoDate, #""0000-01-01T00:00:00+01:00""#, .invalidDate),
    .no(.isoDate, "true", .typeMismatch),
  ]

  static let lenientRows: [CoercionCase] = [
    CoercionCase(
      type: .isoDate, input: #""2014-07-06""#, expected: .value(#""2014-07-06T00:00:00.000Z""#),
      formats: .dateOnly),
    CoercionCase(
      type: .isoDate, input: #""2014-07-06T07:59:00""#,
      expected: .value(#""2014-07-06T07:59:00.000Z""#), formats: .noZone),
    CoercionCase(
      type: .isoDate, input: #""2014-07-06 07:59:00.25Z""#,
      expected: .value(#""2014-07-06T07:59:00.250Z""#), formats: .spaceSeparator),
    CoercionCase(
      type: .isoDate, input: "1404633540", expected: .value(#""2014-07-06T07:59:00.000Z""#),
      formats: .unixSeconds),
    CoercionCase(
      type: .isoDate, input: "1404633540.123", expected: .value(#""2014-07-06T07:59:00.123Z""#),
      formats: .unixSeconds),
    CoercionCase(
      type: .isoDate, input: "1404633540123", expected: .value(#""2014-07-06T07:59:00.123Z""#),
      formats: .unixMilliseconds),
    CoercionCase(
      type: .isoDate, input: "1e300", expected: .rejected(.outOfRange), formats: .unixSeconds),
    CoercionCase(
      type: .isoDate, input: #""2014-07-06T07:59:00""#, expected: .rejected(.invalidDate),
      formats: .dateOnly),
  ]

  static func check(_ row: CoercionCase) throws {
    let attribute = Attribute(name: "a", type: row.type, isOptional: true)
    let input = try JSONParser.parse(row.input)
    let result = attribute.coerce(input, schemaDateFormats: row.formats)
    switch (row.expected, result) {
    case (.value(let text), .success(let value?)):
      #expect(value == (try JSONParser.parse(text)))
      try attribute.validateStored(value)
    case (.cleared, .success(nil)):
      break
    case (.rejected(let code), .failure(let error)):
      #expect(error.code == code, "\(error)")
    default:
      Issue.record("\(row.testDescription): unexpected \(result)")
    }
  }

  @Test(arguments: scenarioRows) func scenarioRowsCoerceAsSpecified(_ row: CoercionCase) throws {
    try Self.check(row)
  }

  @Test(arguments: edgeRows) func edgeCasesCoerceLosslesslyOrFail(_ row: CoercionCase) throws {
    try Self.check(row)
  }

  @Test(arguments: lenientRows) func lenientDateFormsAreOptIn(_ row: CoercionCase) throws {
    try Self.check(row)
  }

  @Test func nullClearsOptionalAndRejectsRequired() {
    let optional = Attribute(name: "nick", type: .string, isOptional: true)
    let required = Attribute(name: "label", type: .string)
    let cleared = optional.coerce(.null, schemaDateFormats: .strict)
    #expect(cleared == .success(nil))
    guard case .failure(let error) = required.coerce(.null, schemaDateFormats: .strict) else {
      Issue.record("null accepted for a required attribute")
      return
    }
    #expect(
      error.description
        == "attribute 'label': expected a value (the attribute is required, so null cannot clear it), found null [nullNotAllowed]"
    )
  }

  @Test func errorNamesExpectedAndFound() throws {
    let count = Attribute(name: "count", type: .int)
    let error = try #require(count.coerce("27.0", schemaDateFormats: .strict).failure)
    #expect(
      error.description
        == #"attribute 'count': expected an int (an integral number or an integer string such as "7"), found the string "27.0" [notLossless]"#
    )
    let tags = Attribute(name: "tags", type: .array(.int))
    let element = try #require(tags.coerce([1, true], schemaDateFormats: .strict).failure)
    #expect(element.elementIndex == 1)
    #expect(element.message.hasSuffix("at element 1, found the bool true"))
    let hole = try #require(tags.coerce([1, nil], schemaDateFormats: .strict).failure)
    #expect(
      hole.description
        == #"attribute 'tags': expected an int (an integral number or an integer string such as "7") (arrays cannot hold null) at element 1, found null [nullNotAllowed]"#
    )
  }

  @Test func attributeDateFormatsOverrideTheSchema() {
    let seen = Attribute(name: "seen", type: .isoDate, dateFormats: .dateOnly)
    let result = seen.coerce("2014-07-06", schemaDateFormats: .strict)
    #expect((try? result.get()) == .some("2014-07-06T00:00:00.000Z"))
  }

  @Test(arguments: [
    (AttributeType.double, "3", CoercionError.Code.notCanonical),
    (.isoDate, #""2014-07-06T07:59:00Z""#, .notCanonical),
    (.isoDate, #""yesterday""#, .invalidDate), (.int, "7.0", .notCanonical),
    (.int, #""x""#, .typeMismatch), (.array(.int), "[1,2.0]", .notCanonical),
    (.bool, "null", .nullNotAllowed),
  ])
  func validateStoredRejectsNonCanonicalValues(
    _ type: AttributeType, _ text: String, _ code: CoercionError.Code
  ) throws {
    let attribute = Attribute(name: "a", type: type)
    let value = try JSONParser.parse(text)
    #expect(throws: CoercionError.self) { try attribute.validateStored(value) }
    do {
      try attribute.validateStored(value)
    } catch {
      #expect(error.code == code)
    }
  }

  @Test func isoDateRoundTripsEveryDayOfALeapCentury() throws {
    var ms = try #require(ISODate.milliseconds(from: "1999-12-30T12:00:00Z"))
    for _ in 0..<800 {
      let text = try #require(ISODate.string(fromMilliseconds: ms))
      #expect(ISODate.milliseconds(from: text) == ms)
      ms += 86_400_000 + 1
    }
    #expect(ISODate.string(fromMilliseconds: ISODate.maximumMilliseconds + 1) == nil)
    #expect(ISODate.string(fromMilliseconds: 0) == "1970-01-01T00:00:00.000Z")
  }

  /// `isCanonical` checks the fixed layout byte by byte; it must agree with "24 bytes, `.` and
  /// `Z` in place, and a valid strict date" on canonical dates and on every one-byte edit of them.
  @Test func canonicalDateCheckAgreesWithTheParser() throws {
    var random = SeededGenerator(seed: 24)
    let replacements = Array("0123456789-T:.Z z/".utf8)
    var agreed = 0
    for _ in 0..<3_000 {
      let ms = Int64.random(in: ISODate.minimumMilliseconds...ISODate.maximumMilliseconds, using: &random)
      var bytes = Array(try #require(ISODate.string(fromMilliseconds: ms)).utf8)
      if Bool.random(using: &random) {
        bytes[Int.random(in: 0..<24, using: &random)] = replacements.randomElement(using: &random) ?? 0x30
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let expected = bytes.count == 24 && bytes[19] == 0x2E && bytes[23] == 0x5A
        && ISODate.milliseconds(from: text) != nil
      #expect(ISODate.isCanonical(text) == expected, "\(text)")
      if ISODate.isCanonical(text) == expected { agreed += 1 }
    }
    #expect(agreed == 3_000)
    for text in ["2020-02-29T23:59:59.999Z", "2000-02-29T00:00:00.000Z"] { #expect(ISODate.isCanonical(text)) }
    for text in ["2021-02-29T00:00:00.000Z", "1900-02-29T00:00:00.000Z", "2021-00-01T00:00:00.000Z",
      "2021-01-00T00:00:00.000Z", "2021-01-01T24:00:00.000Z", "2021-01-01T00:60:00.000Z",
      "2021-01-01T00:00:60.000Z", "2021-01-01T00:00:00.000+", "2021-01-01T00:00:00,000Z"] {
      #expect(!ISODate.isCanonical(text), "\(text)")
    }
  }

  /// The byte-level check a sync uses to recognise an unchanged date: the stored text itself, or
  /// the same whole second without `.000`; anything else is left to the parser.
  @Test func sameInstantByBytesAcceptsOnlyTheTwoSpellings() {
    let stored = "2021-04-01T03:33:17.000Z"
    #expect(ISODate.namesSameInstant(stored, canonical: stored))
    #expect(ISODate.namesSameInstant("2021-04-01T03:33:17Z", canonical: stored))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:18Z", canonical: stored))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17z", canonical: stored))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17Z", canonical: "2021-04-01T03:33:17.500Z"))
    #expect(!ISODate.namesSameInstant("2021-04-01T03:33:17.0Z", canonical: stored))
    #expect(!ISODate.namesSameInstant("2021-04-01T05:33:17+02:00", canonical: stored))
    #expect(!ISODate.namesSameInstant("", canonical: stored))
  }

  /// Whole-second UTC dates (`…:17Z`) are converted by copying bytes; the result must be what
  /// the general conversion through milliseconds gives, and invalid dates must still fail.
  @Test func wholeSecondDatesConvertAsTheGeneralPathDoes() throws {
    let attribute = Attribute(name: "seen", type: .isoDate, isOptional: true)
    var ms = try #require(ISODate.milliseconds(from: "0000-01-01T00:00:00Z"))
    var checked = 0
    while ms < ISODate.maximumMilliseconds {
      let text = try #require(ISODate.string(fromMilliseconds: ms))
      let input = String(text.prefix(19)) + "Z"
      let general = ISODate.string(fromMilliseconds: try #require(ISODate.milliseconds(from: input)))
      #expect(attribute.coerce(.string(input), schemaDateFormats: .strict) == .success(general.map(JSONValue.string)))
      ms += 86_400_000 * 97 + 3_723_000
      checked += 1
    }
    #expect(checked > 30_000)
    for bad in ["2021-02-29T00:00:00Z", "2021-04-31T00:00:00Z", "2021-04-01T24:00:00Z", "2021-04-01T03:60:17Z",
      "2021-04-01t03:33:17Z", "2021-04-01T03:33:17z", "20210-4-01T03:33:17Z", "2021-04-01T03:33:1xZ"] {
      #expect(attribute.coerce(.string(bad), schemaDateFormats: .strict).failure?.code == .invalidDate, "\(bad)")
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let f) = self { return f }
    return nil
  }
}
