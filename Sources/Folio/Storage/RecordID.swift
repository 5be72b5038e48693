/// The identity of a record within its entity: the value of its identifier attribute, or the
/// ordered values of its composite identifier.
///
/// Identifiers compare exactly and case-sensitively (D22): two string identifiers are the same
/// only when their UTF-8 bytes are, so `"é"` (U+00E9) and `"e\u{301}"` are two identifiers,
/// though Swift's `String ==` calls them equal. Equality, hashing, order and shard choice all
/// follow the bytes. Order: integers numerically, strings by UTF-8 bytes, composites component
/// by component. The canonical text is the compact JSON of
/// ``jsonValue`` (`7`, `"abc"`, `["Paris","London"]`); the shard a record lives in is chosen by
/// the FNV-1a 64-bit hash of that text (see Documentation/FileFormat.md).
///
/// ```swift
/// RecordID(json: 7)                   // .int(7)
/// RecordID(json: ["Paris", "London"]) // .composite([.string("Paris"), .string("London")])
/// ```
public enum RecordID: Sendable, Hashable {
  /// An integer identifier.
  case int(Int64)
  /// A string identifier.
  case string(String)
  /// A composite identifier: the values of the identifier attributes in declared order.
  case composite([RecordID])

  /// The identifier read from its stored JSON form, or `nil` when `json` is not an int, a
  /// string, or a non-empty array of those.
  public init?(json: JSONValue) {
    switch json {
    case .int(let i): self = .int(i)
    case .string(let s): self = .string(s)
    case .array(let parts):
      guard !parts.isEmpty else { return nil }
      var components: [RecordID] = []
      components.reserveCapacity(parts.count)
      for part in parts {
        switch part {
        case .int(let i): components.append(.int(i))
        case .string(let s): components.append(.string(s))
        default: return nil
        }
      }
      self = .composite(components)
    default: return nil
    }
  }

  /// The identifier stored in `record`'s identifier attributes (`identifiers`, in declared
  /// order), or `nil` when one is missing or is not an int or a string.
  ///
  /// ```swift
  /// RecordID(of: ["id": 7, "name": "Ada"], identifiers: ["id"])   // .int(7)
  /// ```
  public init?(of record: JSONObject, identifiers: [String]) {
    guard let id = SchemaIndex.recordID(of: record, identifiers: identifiers) else { return nil }
    self = id
  }

  /// The stored JSON form: an int, a string, or an array for a composite identifier.
  public var jsonValue: JSONValue {
    switch self {
    case .int(let i): return .int(i)
    case .string(let s): return .string(s)
    case .composite(let parts): return .array(parts.map(\.jsonValue))
    }
  }

  /// The canonical compact JSON text of the identifier.
  public var canonicalText: String { JSONWriter.string(jsonValue) }

  /// The FNV-1a 64-bit hash of ``canonicalText``'s UTF-8 bytes: stable across processes and
  /// platforms, unlike `hashValue`.
  public var stableHash: UInt64 {
    var hash = FNV1a64()
    hash.combine(self)
    return hash.value
  }
}

extension RecordID {
  /// Whether two identifiers are the same: the same kind, integers equal, strings with the same
  /// UTF-8 bytes, composites component by component.
  public static func == (lhs: RecordID, rhs: RecordID) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return a == b
    case (.string(let a), .string(let b)): return JSONValue.sameUTF8(a, b)
    case (.composite(let a), .composite(let b)): return a == b
    default: return false
    }
  }

  /// Hashes the identifier consistently with `==`: strings by their UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .int(let i):
      hasher.combine(0 as UInt8)
      hasher.combine(i)
    case .string(let s):
      hasher.combine(1 as UInt8)
      JSONValue.hashUTF8(s, into: &hasher)
    case .composite(let parts):
      hasher.combine(2 as UInt8)
      hasher.combine(parts.count)
      for part in parts { part.hash(into: &hasher) }
    }
  }
}

extension RecordID: Comparable {
  /// Integers before strings before composites; integers numerically, strings by UTF-8 bytes,
  /// composites lexicographically.
  public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return a < b
    case (.string(let a), .string(let b)): return JSONObject.keyPrecedes(a, b)
    case (.composite(let a), .composite(let b)):
      for (x, y) in zip(a, b) where x != y { return x < y }
      return a.count < b.count
    case (.int, _): return true
    case (.string, .composite): return true
    default: return false
    }
  }
}

extension RecordID: CustomStringConvertible {
  /// The identifier as people read it: `7`, `abc`, `(Paris, London)`.
  public var description: String {
    switch self {
    case .int(let i): return String(i)
    case .string(let s): return s
    case .composite(let parts): return "(" + parts.map(\.description).joined(separator: ", ") + ")"
    }
  }
}

extension RecordID: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  /// An integer identifier literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A string identifier literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

/// FNV-1a, 64-bit: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
struct FNV1a64 {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func combine(byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* 0x0000_0100_0000_01b3
  }

  mutating func combine<S: Sequence>(bytes: S) where S.Element == UInt8 {
    for byte in bytes { combine(byte: byte) }
  }

  /// Hashes the canonical compact JSON text of `id` without building it as a string.
  mutating func combine(_ id: RecordID) {
    switch id {
    case .int(let i):
      if i < 0 { combine(byte: 0x2D) }
      var magnitude = i.magnitude
      if magnitude == 0 {
        combine(byte: 0x30)
        return
      }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var n = 0
        while magnitude > 0 {
          digits[n] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
          magnitude /= 10
          n += 1
        }
        while n > 0 {
          n -= 1
          combine(byte: digits[n])
        }
      }
    case .string(let s):
      let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }
      if plain {
        combine(byte: 0x22)
        combine(bytes: s.utf8)
        combine(byte: 0x22)
      } else {
        var out: [UInt8] = []
        JSONWriter.writeString(s, into: &out)
        combine(bytes: out)
      }
    case .composite(let parts):
      combine(byte: UInt8(ascii: "["))
      for (i, part) in parts.enumerated() {
        if i > 0 { combine(byte: UInt8(ascii: ",")) }
        combine(part)
      }
      combine(byte: UInt8(ascii: "]"))
    }
  }
}
