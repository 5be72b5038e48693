import Folio
import Testing

/// The built-in value transforms: what each reads from a payload, what it writes back, and the
/// values it refuses.
@Suite struct ValueTransformTests {
  static let patterned = ValueTransform.datePattern("dd/MM/yyyy HH:mm", timeZone: "+01:00")

  @Test(arguments: [
    (ValueTransform.cents, JSONValue.int(1999), JSONValue.double(19.99)),
    (.cents, "250", 2.5), (.cents, -5, -0.05), (.cents, 100.0, 1.0),
    (.yesNo, "yes", true), (.yesNo, "No", false), (.yesNo, "YES", true), (.yesNo, true, true),
    (.yesNo(yes: "Y", no: "N"), "y", true), (.yesNo(yes: "1", no: "0"), "0", false),
    (patterned, "06/07/2014 09:59", "2014-07-06T08:59:00.000Z"), (patterned, "", ""),
    (.list(), "a, b ,c", ["a", "b", "c"]), (.list(), "", []), (.list(), "a,,b", ["a", "", "b"]),
    (.list(separator: " | "), "x | y", ["x", "y"]), (.list(), ["a"], ["a"]),
    (.cents, nil, nil), (.yesNo, nil, nil),
  ] as [(ValueTransform, JSONValue, JSONValue)])
  func readsPayloadValues(_ transform: ValueTransform, _ payload: JSONValue, _ stored: JSONValue) {
    #expect(transform.read(payload, attribute: "a") == .success(stored))
  }

  @Test(arguments: [
    (ValueTransform.cents, JSONValue.double(19.99), JSONValue.int(1999)),
    (.cents, 0.1, 10), (.cents, 2.5, 250), (.cents, 3, 300),
    (.yesNo, true, "yes"), (.yesNo, false, "no"), (.yesNo(yes: "Y", no: "N"), true, "Y"),
    (patterned, "2014-07-06T08:59:00.000Z", "06/07/2014 09:59"),
    (patterned, "1999-12-31T23:30:00.000Z", "01/01/2000 00:30"),
    (.list(), ["a", "b"], "a,b"), (.list(), [1, 2], "1,2"), (.list(), [], ""),
    (.list(separator: ";"), [true, 2.5], "true;2.5"),
    (.cents, nil, nil), (.yesNo, "kept", "kept"),
  ] as [(ValueTransform, JSONValue, JSONValue)])
  func writesStoredValuesBack(_ transform: ValueTransform, _ stored: JSONValue, _ payload: JSONValue) {
    #expect(transform.write(stored) == payload)
  }

  @Test(arguments: [
    (ValueTransform.cents, JSONValue.double(12.5), #"attribute 'a': expected integer cents such as 1999, at most 2^51 (transform "cents"), found the number 12.5 [transformFailed]"#),
    (.cents, "12.50", #"attribute 'a': expected integer cents such as 1999, at most 2^51 (transform "cents"), found the string "12.50" [transformFailed]"#),
    (.cents, .int(1 << 52), #"attribute 'a': expected integer cents such as 1999, at most 2^51 (transform "cents"), found the number 4503599627370496 [transformFailed]"#),
    (.yesNo, "maybe", #"attribute 'a': expected "yes" or "no" (transform "yesNo"), found the string "maybe" [transformFailed]"#),
    (.yesNo, 1, #"attribute 'a': expected "yes" or "no" (transform "yesNo"), found the number 1 [transformFailed]"#),
    (patterned, "31/04/2024 10:00", #"attribute 'a': expected a date like "dd/MM/yyyy HH:mm" (transform "datePattern"), found the string "31/04/2024 10:00" [transformFailed]"#),
    (patterned, 1_404_633_540, #"attribute 'a': expected a date like "dd/MM/yyyy HH:mm" (transform "datePattern"), found the number 1404633540 [transformFailed]"#),
    (.list(), true, #"attribute 'a': expected a list such as "a,b" (transform "list"), found the bool true [transformFailed]"#),
  ] as [(ValueTransform, JSONValue, String)])
  func refusesValuesItCannotRead(_ transform: ValueTransform, _ payload: JSONValue, _ message: String) throws {
    guard case .failure(let error) = transform.read(payload, attribute: "a") else {
      Issue.record("\(payload) was read")
      return
    }
    #expect(error.code == .transformFailed)
    #expect(error.description == message)
  }

  @Test func everyCentAmountReadsBackToTheSameCents() {
    var cents: Int64 = 1
    // Powers of 3 and their neighbours up to the limit: amounts with every kind of rounding.
    while cents < (1 << 51) {
      for value in [cents - 1, cents, cents + 1, -cents] {
        let stored = ValueTransform.cents.read(.int(value), attribute: "a")
        #expect(stored.map { ValueTransform.cents.write($0) } == .success(.int(value)))
      }
      cents *= 3
    }
  }

  @Test func customTransformsRunTheirClosuresAndCompareByName() {
    let upper = ValueTransform.custom(
      "upper", read: { $0.stringValue.map { .string($0.lowercased()) } },
      write: { $0.stringValue.map { .string($0.uppercased()) } ?? $0 })
    #expect(upper.read("ABC", attribute: "a") == .success("abc"))
    #expect(upper.write("abc") == "ABC")
    guard case .failure(let error) = upper.read(7, attribute: "a") else {
      Issue.record("7 was read")
      return
    }
    #expect(
      error.description
        == #"attribute 'a': expected a value the custom transform can read (transform "upper"), found the number 7 [transformFailed]"#
    )
    #expect(upper == ValueTransform(.custom(name: "upper")))
    #expect(upper.name == "upper")
  }
}

/// Date patterns: the supported letters, strict parsing, fixed offsets.
@Suite struct DatePatternTests {
  @Test(arguments: [
    ("dd/MM/yyyy", "UTC", "06/07/2014", Int64(1_404_604_800_000)),
    ("d.M.yyyy H:m", "UTC", "6.7.2014 9:5", 1_404_637_500_000),
    ("yyyy-MM-dd'T'HH:mm:ss.SSS", "-05:30", "2014-07-06T02:29:00.500", 1_404_633_540_500),
    ("yyyyMMddHHmmss", "+0200", "20140706095900", 1_404_633_540_000),
    ("'at' HH:mm 'on' dd/MM/yyyy", "+02", "at 09:59 on 06/07/2014", 1_404_633_540_000),
    ("dd/MM/yyyy '('HH'h'mm')'''", "Z", "06/07/2014 (07h59)'", 1_404_633_540_000),
    ("'o''clock' HH dd/MM/yyyy", "UTC", "o'clock 07 06/07/2014", 1_404_630_000_000),
  ])
  func parsesAndFormatsTheSameText(_ pattern: String, _ zone: String, _ text: String, _ ms: Int64) throws {
    let compiled = try DatePattern(pattern, timeZone: zone)
    #expect(compiled.milliseconds(from: text) == ms)
    #expect(compiled.string(fromMilliseconds: ms) == text)
  }

  @Test(arguments: [
    "6/07/2014", "06/7/2014", "06/07/14", "06/07/2014 ", "32/01/2014", "29/02/2023", "00/01/2014",
    "06-07-2014", "", "06/13/2014",
  ])
  func refusesTextThatDoesNotMatchOrNamesNoDate(_ text: String) throws {
    #expect(try DatePattern("dd/MM/yyyy").milliseconds(from: text) == nil)
  }

  @Test(arguments: [
    ("dd/MM/yy", "UTC", #"pattern "dd/MM/yy" uses 'yy', which is not supported; use yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, SSS, and quote literal letters like 'T'"#),
    ("yyyy-MM-ddTHH", "UTC", #"pattern "yyyy-MM-ddTHH" uses 'T', which is not supported; use yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, SSS, and quote literal letters like 'T'"#),
    ("HH:mm", "UTC", #"pattern "HH:mm" has no year; a date pattern needs yyyy, MM (or M) and dd (or d)"#),
    ("dd/MM/yyyy dd", "UTC", #"pattern "dd/MM/yyyy dd" gives the day twice"#),
    ("dd/MM/yyyy 'at", "UTC", #"pattern "dd/MM/yyyy 'at" has an unclosed quote; close quoted text with '"#),
    ("dd/MM/yyyy", "Europe/Paris", #"time zone "Europe/Paris" is not a fixed offset; use UTC, +HH:MM, -HH:MM, +HHMM or +HH"#),
    ("dd/MM/yyyy", "+24:00", #"time zone "+24:00" is not a fixed offset; use UTC, +HH:MM, -HH:MM, +HHMM or +HH"#),
  ])
  func explainsPatternsItCannotUse(_ pattern: String, _ zone: String, _ message: String) {
    do {
      _ = try DatePattern(pattern, timeZone: zone)
      Issue.record("\(pattern) compiled")
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(arguments: ["UTC", "+05:45", "-12:00", "+14:00"])
  func everyInstantWrittenInAFullPatternReadsBack(_ zone: String) throws {
    let pattern = try DatePattern("d.M.yyyy H:m:s.SSS", timeZone: zone)
    // Instants spread over the years 0001–9998 by a fixed step.
    var instant = ISODate.minimumMilliseconds + 86_400_000 * 366
    while instant < ISODate.maximumMilliseconds - 86_400_000 * 366 {
      let text = try #require(pattern.string(fromMilliseconds: instant))
      #expect(pattern.milliseconds(from: text) == instant, "\(text)")
      instant += 7_777_777_777_777
    }
  }
}
