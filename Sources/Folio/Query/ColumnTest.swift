/// A condition's test of one column of the queried entity, made to read a row's typed word or
/// arena bytes where they are stored (Design/0005, "Queries and indexes"): a scanned record is
/// tested without building a `JSONValue` for the value it reads, and the answer is the one the
/// condition's test gives on the decoded value.
///
/// Only a typed value (tag 1) is read this way. An absent column has one answer, computed once;
/// a boxed value or a to-one's non-integer identifier is decoded and tested as a record's value
/// is, and so is every value of a shape without a typed form here (``decode``).
///
/// - Strings and decimals compare their UTF-8 bytes, as ``ValueOrder`` compares strings.
/// - Dates compare milliseconds: canonical date texts have one fixed layout, so their byte order
///   is their time order, and a literal in canonical form names exactly one instant.
/// - UUIDs compare their 16 bytes: canonical texts are lowercase hexadecimal digits with hyphens
///   at fixed places, so their byte order is the order of the bytes they spell.
/// - Booleans and enumeration cases are tabulated: the test runs once per value at compile time.
/// - An int compared with an int literal, and a double with a double literal, compare as
///   numbers of their type. Otherwise integers and doubles are tested as the scalar `JSONValue`
///   they decode to, which allocates nothing, so int and double mix exactly as
///   ``ValueOrder/compareNumbers(_:_:)`` rules.
///
/// ```swift
/// let name = RowColumn(name: "name", kind: .string)
/// ColumnTest.compare(name, .less, .string("B"), ValueOrder.test(.less, .string("B")))
/// // .bytes: "Ada"'s bytes precede "B"'s, without decoding "Ada"
/// ```
enum ColumnTest {
  /// A test of a typed word: an int, double, bool, date, enumeration case or to-one integer.
  case word((UInt64) -> Bool)
  /// A test of the arena bytes a typed word refers to: a string's, a decimal's or a UUID's.
  case bytes((UnsafeRawBufferPointer) -> Bool)
  /// No typed form: the value is decoded and tested.
  case decode

  /// The same answer for every typed value.
  static func constant(_ answer: Bool) -> ColumnTest { .word { _ in answer } }

  /// `test` on the value a typed word decodes to, where that value costs no allocation to build
  /// (a number, a Boolean, a short string) or is one of a few (Booleans and enumeration cases,
  /// tabulated); ``decode`` otherwise.
  static func decoding(_ column: RowColumn, _ test: @escaping (JSONValue?) -> Bool) -> ColumnTest {
    switch column.kind {
    case .bool:
      let answers = [test(.bool(false)), test(.bool(true))]
      return .word { answers[$0 == 0 ? 0 : 1] }
    case .enumeration:
      let answers = column.cases.map { test(.string($0)) }
      return .word { $0 < UInt64(answers.count) ? answers[Int($0)] : false }
    case .int, .toOne: return .word { test(.int(Int64(bitPattern: $0))) }
    case .double: return .word { test(.double(Double(bitPattern: $0))) }
    case .string, .decimal: return .bytes { test(.string(String(decoding: $0, as: UTF8.self))) }
    case .date, .uuid, .list, .object, .toMany: return .decode
    }
  }

  /// `comparison` with `literal` (already normalised for the column's attribute), whose answer
  /// on a decoded value is `test`'s (``ValueOrder/test(_:_:)``).
  static func compare(
    _ column: RowColumn, _ comparison: Condition.Comparison, _ literal: JSONValue,
    _ test: @escaping (JSONValue?) -> Bool
  ) -> ColumnTest {
    switch column.kind {
    case .string:
      // Not `.decimal`: a decimal compares numerically, through `test`.
      guard case .string(let text) = literal else { return constant(test(.string(""))) }
      let wanted = Array(text.utf8)
      return .bytes { outcome(comparison, order($0, wanted)) }
    case .date:
      guard case .string(let text) = literal else { return constant(test(.string(""))) }
      guard let milliseconds = ISODate.millisecondsIfCanonical(text) else {
        return unspelled(comparison)
      }
      return .word { word in
        let stored = Int64(bitPattern: word)
        return outcome(comparison, stored < milliseconds ? -1 : stored == milliseconds ? 0 : 1)
      }
    case .uuid:
      guard case .string(let text) = literal else { return constant(test(.string(""))) }
      guard let wanted = RowEncoding.uuidBytes(text) else { return unspelled(comparison) }
      return .bytes { outcome(comparison, order($0, wanted)) }
    case .int:
      // Int with int compares as integers; with a double, as ``ValueOrder`` rules (through `test`).
      guard case .int(let wanted) = literal else { return decoding(column, test) }
      return .word { word in
        let stored = Int64(bitPattern: word)
        return outcome(comparison, stored < wanted ? -1 : stored == wanted ? 0 : 1)
      }
    case .double:
      guard case .double(let wanted) = literal, !wanted.isNaN else { return decoding(column, test) }
      return .word { word in
        let stored = Double(bitPattern: word)
        // NaN (never stored) orders with nothing: `test` says what that means.
        guard !stored.isNaN else { return test(.double(stored)) }
        return outcome(comparison, stored < wanted ? -1 : stored == wanted ? 0 : 1)
      }
    default:
      return decoding(column, test)
    }
  }

  /// Whether the value equals one of `values` (normalised), whose answer on a decoded value is
  /// `test`'s: a string equals only a string with its bytes.
  static func isIn(
    _ column: RowColumn, _ values: [JSONValue], _ test: @escaping (JSONValue?) -> Bool
  ) -> ColumnTest {
    let texts = values.compactMap { value -> String? in
      if case .string(let text) = value { text } else { nil }
    }
    switch column.kind {
    case .string, .decimal:
      let wanted = texts.map { Array($0.utf8) }
      return .bytes { stored in wanted.contains { same(stored, $0) } }
    case .date:
      // A text that is not canonical spells no stored date.
      let wanted = texts.compactMap(ISODate.millisecondsIfCanonical)
      return .word { wanted.contains(Int64(bitPattern: $0)) }
    case .uuid:
      let wanted = texts.compactMap(RowEncoding.uuidBytes)
      return .bytes { stored in wanted.contains { same(stored, $0) } }
    default:
      return decoding(column, test)
    }
  }

  /// Whether the text holds `literal`'s bytes (``Condition/Node/contains(_:_:)`` on a string),
  /// whose answer on a decoded value is `test`'s.
  static func contains(
    _ column: RowColumn, _ literal: JSONValue, _ test: @escaping (JSONValue?) -> Bool
  ) -> ColumnTest {
    switch column.kind {
    case .string, .decimal:
      guard case .string(let part) = literal else { return constant(false) }
      let needle = Array(part.utf8)
      return .bytes { find(needle, in: $0, folding: false) }
    default:
      return decoding(column, test)
    }
  }

  /// A text test with `options` (``Condition/Node/text(_:_:_:_:)``; ``Condition/Node/beginsWith(_:_:)``
  /// is `.beginsWith` with none), whose answer on a decoded value is `test`'s.
  ///
  /// ASCII text's collation key is itself, lowercased under ``TextOptions/caseInsensitive``
  /// (ASCII has no marks to decompose or strip), so ASCII bytes are folded as they are compared;
  /// other text is decoded and brought to its key as before.
  static func text(
    _ column: RowColumn, _ kind: Condition.TextTest, _ text: String, _ options: TextOptions,
    _ test: @escaping (JSONValue?) -> Bool
  ) -> ColumnTest {
    switch column.kind {
    case .string, .decimal:
      let wanted = Array(options.collationKey(text).utf8)
      let folding = options.contains(.caseInsensitive)
      let plain = options.isEmpty
      return .bytes { stored in
        guard plain || isASCII(stored) else {
          return test(.string(String(decoding: stored, as: UTF8.self)))
        }
        switch kind {
        case .equal: return stored.count == wanted.count && matches(wanted, stored, at: 0, folding: folding)
        case .contains: return find(wanted, in: stored, folding: folding)
        case .beginsWith: return stored.count >= wanted.count && matches(wanted, stored, at: 0, folding: folding)
        case .endsWith:
          return stored.count >= wanted.count
            && matches(wanted, stored, at: stored.count - wanted.count, folding: folding)
        }
      }
    default:
      return decoding(column, test)
    }
  }

  // MARK: Helpers

  /// The comparison's answer on a value ordered `order` (-1, 0, 1) against the literal.
  @inline(__always)
  private static func outcome(_ comparison: Condition.Comparison, _ order: Int) -> Bool {
    switch comparison {
    case .equal: return order == 0
    case .notEqual: return order != 0
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    case .greaterOrEqual: return order >= 0
    }
  }

  /// A comparison with a text that no stored date or UUID spells (it is not canonical): never
  /// equal, and ordered only by decoding the stored text.
  private static func unspelled(_ comparison: Condition.Comparison) -> ColumnTest {
    switch comparison {
    case .equal: return constant(false)
    case .notEqual: return constant(true)
    case .less, .lessOrEqual, .greater, .greaterOrEqual: return .decode
    }
  }

  /// The order of two byte strings, byte by byte, a prefix first (``JSONValue``'s string order).
  private static func order(_ stored: UnsafeRawBufferPointer, _ wanted: [UInt8]) -> Int {
    let common = Swift.min(stored.count, wanted.count)
    for k in 0..<common where stored[k] != wanted[k] {
      return stored[k] < wanted[k] ? -1 : 1
    }
    return stored.count < wanted.count ? -1 : stored.count == wanted.count ? 0 : 1
  }

  /// Whether `stored` holds exactly `wanted`'s bytes.
  private static func same(_ stored: UnsafeRawBufferPointer, _ wanted: [UInt8]) -> Bool {
    stored.count == wanted.count && matches(wanted, stored, at: 0, folding: false)
  }

  /// Whether every byte is ASCII.
  private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
  }

  /// Whether `wanted` occurs in `stored` at `start` (which leaves room for it), comparing each
  /// stored byte lowercased (ASCII) when `folding`.
  @inline(__always)
  private static func matches(
    _ wanted: [UInt8], _ stored: UnsafeRawBufferPointer, at start: Int, folding: Bool
  ) -> Bool {
    for k in wanted.indices {
      var byte = stored[start + k]
      if folding, byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
      if byte != wanted[k] { return false }
    }
    return true
  }

  /// Whether `needle` occurs anywhere in `stored` (an empty one always does), comparing as
  /// ``matches(_:_:at:folding:)``.
  ///
  /// - Complexity: O(*n* × *m*) in the two lengths, worst case.
  private static func find(_ needle: [UInt8], in stored: UnsafeRawBufferPointer, folding: Bool) -> Bool {
    guard needle.count <= stored.count else { return false }
    for start in 0...(stored.count - needle.count) where matches(needle, stored, at: start, folding: folding) {
      return true
    }
    return false
  }
}
