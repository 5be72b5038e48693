import Folio
import FolioTestSupport
import Testing


@Suite struct SchemaPropertyTests {
  static let samples: [JSONValue] = [
    .null, true, false, 0, 1, 2, -3, 7, 9_223_372_036_854_775_807, 2.5, 7.0, -0.0, 1e30, 1e-7,
    "", "7", "-3", "27.0", "2.5", "abc", "true", "false", "1", "yes", "1e3", " 7", "nan",
    "2014-07-06T07:59:00Z", "2014-07-06T07:59:00.123456+02:00", "2014-07-06", "2014-07-06 07:59:00",
    "2014-07-06T07:59:00", "2014-07-06T07:59:00.000Z", "9999-12-31T23:59:59.999Z",
    "2016-02-29T12:00:00-12:00", "0000-01-01T00:00:00Z", [], [1, "2"], ["a", nil], ["k": 1],
  ]

  static let types: [AttributeType] = [
    .int, .double, .bool, .string, .isoDate, .array(.int), .array(.string), .array(.isoDate),
  ]

  /// Whatever coerce accepts is canonical, and coercing a canonical value gives it back.
  @Test(arguments: types)
  func coercionIsCanonicalAndIdempotent(_ type: AttributeType) throws {
    let formats: [DateFormats] = [.strict, [.dateOnly, .noZone, .spaceSeparator], .unixSeconds, .unixMilliseconds]
    for format in formats {
      let attribute = Attribute(name: "a", type: type, isOptional: true, dateFormats: format)
      for sample in Self.samples + Self.samples.map({ JSONValue.array([$0]) }) {
        guard case .success(let value?) = attribute.coerce(sample, schemaDateFormats: .strict) else {
          continue
        }
        try attribute.validateStored(value)
        #expect(attribute.coerce(value, schemaDateFormats: .strict) == .success(value), "\(sample)")
      }
    }
  }

  /// Random byte edits of every fixture file either decode or throw; they never crash.
  @Test func mutatedSchemaFilesNeverCrash() throws {
    var random = SeededGenerator(seed: 0x5EED)
    let alphabet = Array(#"{}[]:,"0123456789.-etruefalsnul \array(int)"#.utf8)
    var outcomes = [0, 0]
    for (name, _) in try SchemaFixtures.all() {
      let original = Array(try String(contentsOfFile: SchemaFixtures.path(name), encoding: .utf8).utf8)
      for _ in 0..<150 {
        var bytes = original
        for _ in 0...random.below(4) {
          let at = random.below(bytes.count)
          switch random.below(3) {
          case 0: bytes[at] = alphabet[random.below(alphabet.count)]
          case 1: bytes.remove(at: at)
          default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
          }
        }
        do {
          let schema = try Schema(fileBytes: bytes)
          #expect(try Schema(fileBytes: schema.fileBytes()) == schema)
          outcomes[0] += 1
        } catch {
          #expect(!error.problems.isEmpty)
          outcomes[1] += 1
        }
      }
    }
    #expect(outcomes[1] > 0)
  }

  /// Random strings never crash the date parser, and what it accepts round-trips.
  @Test func randomDateTextNeverCrashes() {
    var random = SeededGenerator(seed: 42)
    let alphabet = Array("0123456789-:T.Z+ tz".utf8)
    let seed = Array("2014-07-06T07:59:00.123+02:00".utf8)
    for _ in 0..<5000 {
      var bytes = seed
      for _ in 0...random.below(3) {
        bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
      }
      let text = String(decoding: bytes.prefix(random.below(bytes.count + 1)), as: UTF8.self)
      if let ms = ISODate.milliseconds(from: text, formats: [.dateOnly, .noZone, .spaceSeparator]),
        let canonical = ISODate.string(fromMilliseconds: ms)
      {
        #expect(ISODate.milliseconds(from: canonical) == ms)
      }
    }
  }
}
