/// Equality and hashing by one rule for every string in a document: two strings are the same
/// only when their UTF-8 bytes are.
///
/// Swift's `String ==` equates canonically equivalent spellings (`"é"` U+00E9 and `"e\u{301}"`),
/// which JSON, the canonical writer, shard choice and identifier order all treat as different
/// strings. Values are compared here, once, so that everything built on `JSONValue` equality —
/// record identity, change detection, query predicates, rules — follows the byte rule without
/// special cases. Numbers keep Swift's rules (`.int(1) != .double(1.0)`, `0.0 == -0.0`).
///
/// ```swift
/// JSONValue.string("\u{E9}") == .string("e\u{301}")  // false
/// JSONValue.string("\u{E9}") == .string("é")         // true
/// ```
extension JSONValue {
  /// Whether two values are the same JSON value: same kind, strings with the same bytes,
  /// arrays element by element, objects member by member in any order.
  ///
  /// - Complexity: O(*n*) in the size of the values. Recurses once per nesting level, which the
  ///   parser's depth limit bounds for parsed values.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    // One switch per side, not a switch over the pair: a tuple of the two values is a copy of
    // each (a retain and a release of every string and array compared; callgrind, 100k day-2
    // sync: 2.2 million such copies, most of them here and in the arrays' `==`).
    switch lhs {
    case .null:
      if case .null = rhs { return true }
    case .bool(let a):
      if case .bool(let b) = rhs { return a == b }
    case .int(let a):
      if case .int(let b) = rhs { return a == b }
    case .double(let a):
      if case .double(let b) = rhs { return a == b }
    case .string(let a):
      if case .string(let b) = rhs { return JSONValue.sameUTF8(a, b) }
    case .array(let a):
      if case .array(let b) = rhs { return sameElements(a, b) }
    case .object(let a):
      if case .object(let b) = rhs { return a == b }
    }
    return false
  }

  /// Whether the values at `a` and `b` are equal (``==(_:_:)``), read where they are.
  ///
  /// For callers in other modules comparing values inside buffers (records' values): passing
  /// them to `==` from there copies both first (a retain and a release of each string, array
  /// and object), as that module cannot see that `==` leaves the buffers alone.
  package static func same(at a: UnsafePointer<JSONValue>, _ b: UnsafePointer<JSONValue>) -> Bool {
    a.pointee == b.pointee
  }

  /// Whether the optional values at `a` and `b` are equal (both absent, or both present and
  /// ``==(_:_:)``), read where they are; see ``same(at:_:)``.
  package static func same(at a: UnsafePointer<JSONValue?>, _ b: UnsafePointer<JSONValue?>) -> Bool {
    a.pointee == b.pointee
  }

  /// Whether two arrays hold the same values in the same order, compared in place (`Array`'s
  /// own `==` copies each element out to compare it).
  static func sameElements(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in
        // Arrays that share their storage are equal at once.
        if x.baseAddress == y.baseAddress { return true }
        for i in 0..<x.count where !(x[i] == y[i]) { return false }
        return true
      }
    }
  }

  /// Hashes the value consistently with ``==(_:_:)``: strings by their UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let b):
      hasher.combine(1 as UInt8)
      hasher.combine(b)
    case .int(let i):
      hasher.combine(2 as UInt8)
      hasher.combine(i)
    case .double(let d):
      hasher.combine(3 as UInt8)
      hasher.combine(d)
    case .string(let s):
      hasher.combine(4 as UInt8)
      JSONValue.hashUTF8(s, into: &hasher)
    case .array(let elements):
      hasher.combine(5 as UInt8)
      hasher.combine(elements.count)
      for element in elements { element.hash(into: &hasher) }
    case .object(let object):
      hasher.combine(6 as UInt8)
      object.hash(into: &hasher)
    }
  }

  /// Whether two strings have the same UTF-8 bytes: the identity of JSON strings, keys and
  /// record identifiers.
  @inlinable package static func sameUTF8(_ a: String, _ b: String) -> Bool {
    // Strings of one origin often share their representation (equal small strings have equal
    // bits), which settles the comparison at once.
    if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) {
      return true
    }
    // Counts first: most strings that differ differ in length.
    guard a.utf8.count == b.utf8.count else { return false }
    // Then a word at a time over contiguous storage (native and small strings have it); the
    // generic `elementsEqual` of the views cost about 10 instructions a byte (callgrind: 4,300
    // instructions per record comparing a day-2 sync's unchanged values).
    let same = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in sameBytes(x, y) }
    }
    if let same, let same { return same }
    return a.utf8.elementsEqual(b.utf8)
  }

  /// Whether two buffers of the same length hold the same bytes, compared 8 at a time.
  @usableFromInline static func sameBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = x.count
    guard count == y.count else { return false }
    guard count > 0, let px = x.baseAddress, let py = y.baseAddress else { return true }
    let rx = UnsafeRawPointer(px)
    let ry = UnsafeRawPointer(py)
    var i = 0
    while i + 8 <= count {
      if rx.loadUnaligned(fromByteOffset: i, as: UInt64.self) != ry.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
        return false
      }
      i += 8
    }
    while i < count {
      if px[i] != py[i] { return false }
      i += 1
    }
    return true
  }

  /// The order of two strings by their UTF-8 bytes (the same as by Unicode scalar values):
  /// -1, 0 or 1. No locale, no normalisation.
  ///
  /// - Complexity: O(*n*) in the length of the common prefix.
  package static func compareUTF8(_ a: String, _ b: String) -> Int {
    let ordered = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
    }
    if let ordered, let ordered { return ordered }
    if a.utf8.lexicographicallyPrecedes(b.utf8) { return -1 }
    return a.utf8.elementsEqual(b.utf8) ? 0 : 1
  }

  /// The order of two byte buffers, 8 bytes at a time: two words that differ are ordered by
  /// their big-endian values, which is the order of their first differing byte. (Byte by byte
  /// through `String.UTF8View`, sorting a 1,024-file store's `state.json` keys took 18 million
  /// instructions.)
  private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
    var i = 0
    let common = Swift.min(x.count, y.count)
    if common >= 8, let px = x.baseAddress, let py = y.baseAddress {
      let rx = UnsafeRawPointer(px)
      let ry = UnsafeRawPointer(py)
      while i + 8 <= common {
        let u = rx.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let v = ry.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if u != v { return UInt64(bigEndian: u) < UInt64(bigEndian: v) ? -1 : 1 }
        i += 8
      }
    }
    while i < common {
      if x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
      i += 1
    }
    return x.count < y.count ? -1 : x.count == y.count ? 0 : 1
  }

  /// Feeds a string's UTF-8 bytes and a terminator to `hasher`: consistent with
  /// ``sameUTF8(_:_:)``, and without the normalisation `String`'s own hashing does for non-ASCII
  /// text.
  package static func hashUTF8(_ s: String, into hasher: inout Hasher) {
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
    if done == nil {
      for byte in s.utf8 { hasher.combine(byte) }
    }
    // A byte that never occurs in UTF-8, so that the strings of an array cannot run together.
    hasher.combine(0xFF as UInt8)
  }
}
