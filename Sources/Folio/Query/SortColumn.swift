/// One sort key's values for every row being ordered, stored in the cheapest form that keeps
/// ``ValueOrder/sortCompare(_:_:)``'s order, so comparisons during a sort do not copy
/// `JSONValue`s (which costs reference counting on every string).
///
/// - Integers (and Booleans as 0/1) compare as `Int64`; ISO dates in canonical form as
///   milliseconds; doubles, and integers of a double attribute within ±2^53, as `Double`.
/// - Strings carry an 8-byte big-endian prefix of their UTF-8 (zero-padded), whose order is their
///   byte order where the prefixes differ; equal prefixes fall back to comparing every byte.
/// - `decimal` attributes keep their canonical texts and compare them numerically
///   (``DecimalText/compare(_:_:)``), not by the general rule's string order.
/// - Anything else (mixed kinds, non-canonical dates, arrays) keeps the values and compares them
///   with the general rule.
/// Missing values and nulls sort first in every form.
enum SortColumn {
  case integers([Int64], present: [Bool])
  case doubles([Double], present: [Bool])
  case strings(prefixes: [UInt64], values: [String?])
  case values([JSONValue?])
  /// Canonical `decimal` texts, compared numerically (``DecimalText/compare(_:_:)``).
  case decimals([String?])

  /// Reads the key of every row; `type` is the attribute type the key ends at, if any.
  init(_ rows: [CompiledQuery.Row], read: CompiledQuery.Accessor, type: AttributeType?) {
    switch type {
    case .int?, .bool?, .isoDate?:
      var numbers: [Int64] = []
      var present: [Bool] = []
      numbers.reserveCapacity(rows.count)
      present.reserveCapacity(rows.count)
      for row in rows {
        switch read(.object(row.record)) {
        case nil, .null?:
          numbers.append(0)
          present.append(false)
        case .int(let i)? where type == .int:
          numbers.append(i)
          present.append(true)
        case .bool(let b)? where type == .bool:
          numbers.append(b ? 1 : 0)
          present.append(true)
        case .string(let s)? where type == .isoDate:
          guard let ms = ISODate.millisecondsIfCanonical(s) else {
            self = .values(rows.map { read(.object($0.record)) })
            return
          }
          numbers.append(ms)
          present.append(true)
        default:
          self = .values(rows.map { read(.object($0.record)) })
          return
        }
      }
      self = .integers(numbers, present: present)
    case .double?:
      var numbers: [Double] = []
      var present: [Bool] = []
      numbers.reserveCapacity(rows.count)
      present.reserveCapacity(rows.count)
      for row in rows {
        switch read(.object(row.record)) {
        case nil, .null?:
          numbers.append(0)
          present.append(false)
        case .double(let d)? where !d.isNaN:
          numbers.append(d)
          present.append(true)
        case .int(let i)? where i.magnitude <= 1 << 53:
          numbers.append(Double(i))
          present.append(true)
        default:
          self = .values(rows.map { read(.object($0.record)) })
          return
        }
      }
      self = .doubles(numbers, present: present)
    case .string?, .uuid?, .enumeration?:
      var prefixes: [UInt64] = []
      var values: [String?] = []
      prefixes.reserveCapacity(rows.count)
      values.reserveCapacity(rows.count)
      for row in rows {
        switch read(.object(row.record)) {
        case nil, .null?:
          prefixes.append(0)
          values.append(nil)
        case .string(var s)?:
          let prefix = s.withUTF8 { bytes -> UInt64 in
            var prefix: UInt64 = 0
            for (index, byte) in bytes.prefix(8).enumerated() {
              prefix |= UInt64(byte) << (56 - 8 * UInt64(index))
            }
            return prefix
          }
          prefixes.append(prefix)
          values.append(s)
        default:
          self = .values(rows.map { read(.object($0.record)) })
          return
        }
      }
      self = .strings(prefixes: prefixes, values: values)
    case .decimal?:
      var texts: [String?] = []
      texts.reserveCapacity(rows.count)
      for row in rows {
        switch read(.object(row.record)) {
        case nil, .null?: texts.append(nil)
        case .string(let s)? where DecimalText.isCanonical(s): texts.append(s)
        default:
          self = .values(rows.map { read(.object($0.record)) })
          return
        }
      }
      self = .decimals(texts)
    default:
      self = .values(rows.map { read(.object($0.record)) })
    }
  }

  /// The order of rows `i` and `j`: -1, 0 or 1.
  @inline(__always)
  func compare(_ i: Int, _ j: Int) -> Int {
    switch self {
    case .integers(let numbers, let present):
      if present[i] != present[j] { return present[i] ? 1 : -1 }
      let (a, b) = (numbers[i], numbers[j])
      return a < b ? -1 : a == b ? 0 : 1
    case .doubles(let numbers, let present):
      if present[i] != present[j] { return present[i] ? 1 : -1 }
      let (a, b) = (numbers[i], numbers[j])
      return a < b ? -1 : a == b ? 0 : 1
    case .strings(let prefixes, let values):
      // A missing value's prefix is 0, the smallest, and missing values sort first: differing
      // prefixes order rows correctly with or without one.
      if prefixes[i] != prefixes[j] { return prefixes[i] < prefixes[j] ? -1 : 1 }
      switch (values[i], values[j]) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?): return JSONValue.compareUTF8(a, b)
      }
    case .values(let values):
      return ValueOrder.sortCompare(values[i], values[j])
    case .decimals(let texts):
      switch (texts[i], texts[j]) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?): return DecimalText.compare(a, b)
      }
    }
  }
}
