import FolioTestSupport

@testable import Folio

/// Random records for a ``RowLayout``, from a seed: each column absent, given a value of its
/// typed encoding, or given a value of a random kind (to be boxed, or typed when it happens to
/// fit); sometimes members that are not columns. No NaN, so decoded records can be compared
/// with `==`.
struct RowRecordGenerator {
  /// The random source.
  var rng: SeededGenerator

  /// A generator from `seed`.
  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  /// Whether an event of `percent` in 100 happens.
  mutating func chance(_ percent: Int) -> Bool { rng.below(100) < percent }

  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[rng.below(choices.count)] }

  static let fragments = [
    "", "a", "Ada", "\u{E9}", "e\u{301}", "\u{0}", "\u{1F600}", "\u{65E5}", "\"\\\n", "happy",
    "2024-02-29T12:34:56.789Z", "123e4567-e89b-12d3-a456-426614174000", "12.5",
    "a rather longer piece of text, over fifteen bytes", "\u{1F}\t/\u{7F}\r\u{8}\u{C}",
  ]

  /// A string of a few fragments.
  mutating func string() -> String {
    var text = ""
    for _ in 0..<rng.below(3) + (chance(70) ? 1 : 0) { text += pick(Self.fragments) }
    return text
  }

  /// An integer, often an extreme.
  mutating func int() -> Int64 {
    chance(30)
      ? pick([.min, .max, 0, -1, 1]) : Int64.random(in: -1_000_000...1_000_000, using: &rng)
  }

  /// A double, often a special one (never NaN).
  mutating func double() -> Double {
    chance(40)
      ? pick([
        0.0, -0.0, 0.1, 1e308, -1e308, .leastNonzeroMagnitude, .pi, 1.0, .infinity, 1e21, 1e-7,
        123.45, -2.5, 1e16, 2_147_483_648.5, 0.001,
      ])
      : Double.random(in: -1e6...1e6, using: &rng)
  }

  /// An identifier in stored form: an int, a string or a composite of ints and strings.
  mutating func identifier() -> JSONValue {
    switch rng.below(3) {
    case 0: return .int(int())
    case 1: return .string(string())
    default:
      return .array(
        (0..<rng.below(3) + 1).map { _ in chance(50) ? .int(int()) : .string(string()) })
    }
  }

  /// A scalar of a random kind.
  mutating func scalar() -> JSONValue {
    switch rng.below(6) {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .int(int())
    case 3: return .double(double())
    default: return .string(string())
    }
  }

  /// A value of a random kind: a scalar, an array or an object of scalars, or one level more.
  mutating func anyValue() -> JSONValue {
    switch rng.below(8) {
    case 0, 1:
      return .array((0..<rng.below(4)).map { _ in chance(80) ? scalar() : .array([scalar()]) })
    case 2:
      var object = JSONObject()
      for _ in 0..<rng.below(4) {
        object[string()] = chance(80) ? scalar() : .array([scalar(), scalar()])
      }
      return .object(object)
    default: return scalar()
    }
  }

  /// A value that has `column`'s typed encoding (boxed only for object and nested list columns).
  mutating func fitting(_ column: RowColumn) -> JSONValue {
    switch column.kind {
    case .list:
      guard let element = column.element else { return .array([]) }
      let elementColumn = RowColumn(
        name: column.name, kind: element, element: nil, cases: column.cases)
      return .array((0..<rng.below(5)).map { _ in fitting(elementColumn) })
    case .toMany:
      return .array((0..<rng.below(5)).map { _ in identifier() })
    default:
      return fittingScalar(column)
    }
  }

  /// A scalar that has `column`'s typed encoding.
  private mutating func fittingScalar(_ column: RowColumn) -> JSONValue {
    switch column.kind {
    case .int: return .int(int())
    case .double: return .double(double())
    case .bool: return .bool(chance(50))
    case .date:
      let milliseconds = Int64.random(
        in: ISODate.minimumMilliseconds...ISODate.maximumMilliseconds, using: &rng)
      return .string(RowEncoding.dateText(milliseconds: milliseconds))
    case .uuid:
      let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
      return .string(bytes.withUnsafeBytes(RowEncoding.uuidText))
    case .enumeration: return .string(pick(column.cases))
    case .string, .decimal: return .string(string())
    case .toOne: return identifier()
    case .object, .list, .toMany: return anyValue()
    }
  }

  /// A record of `layout`: each column absent (35%), fitting (50%) or of a random kind (15%);
  /// sometimes members that are not columns; members in a random order.
  mutating func record(_ layout: RowLayout) -> JSONObject {
    var members: [JSONObject.Member] = []
    for column in layout.columns {
      switch rng.below(100) {
      case 0..<35: continue
      case 35..<85: members.append(JSONObject.Member(key: column.name, value: fitting(column)))
      default: members.append(JSONObject.Member(key: column.name, value: anyValue()))
      }
    }
    if chance(5) { members.append(JSONObject.Member(key: "extra", value: anyValue())) }
    if chance(3) { members.append(JSONObject.Member(key: "n\u{E9}", value: anyValue())) }
    if chance(50) { members.shuffle(using: &rng) }
    return JSONObject(uniqueMembers: members)
  }

  /// `record` changed in one way that may or may not keep it equal (`0.0` for `-0.0`, a
  /// canonically equivalent string, an int for the equal double, a value dropped or replaced).
  mutating func perturbed(_ record: JSONObject, _ layout: RowLayout) -> JSONObject {
    var record = record
    guard !record.isEmpty else { return ["id": .int(int())] }
    let position = rng.below(record.count)
    let value = record.value(at: position)
    switch (rng.below(5), value) {
    case (0, .double(let d)): record.setValue(.double(d == 0 ? -d : d), at: position)
    case (0, .int(let i)): record.setValue(.double(Double(i)), at: position)
    case (1, .string(let s)): record.setValue(.string(s.replacingNFC()), at: position)
    case (1, .array(let elements)) where !elements.isEmpty:
      var elements = elements
      elements[elements.count - 1] = chance(50) ? elements[0] : scalar()
      record.setValue(.array(elements), at: position)
    case (2, _): record[record.key(at: position)] = nil
    case (3, _):
      let column = layout.column(named: record.key(at: position)).map { layout.columns[$0] }
      record.setValue(column.map { fitting($0) } ?? anyValue(), at: position)
    default: break
    }
    return record
  }
}

extension String {
  /// The text with "é" (U+00E9) spelled "e\u{301}" and the other way round: canonically
  /// equivalent, different bytes.
  func replacingNFC() -> String {
    var result = ""
    var scalars = unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    while let scalar = pending ?? scalars.next() {
      pending = nil
      if scalar == "\u{E9}" {
        result += "e\u{301}"
      } else if scalar == "e", let next = scalars.next() {
        if next == "\u{301}" {
          result += "\u{E9}"
        } else {
          result.unicodeScalars.append(scalar)
          pending = next
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
