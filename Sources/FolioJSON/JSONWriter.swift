/// The canonical JSON writer.
///
/// Canonical form: object keys sorted by UTF-8 bytes; integers exact; doubles in the shortest text
/// that reads back to the same `Double` (always with a `.` or an exponent, so they stay doubles);
/// minimal escaping (only `"`, `\` and control characters, as `\n`, `\t`, … or `\u00XX`); no
/// spaces in the compact form; two-space indentation, `": "` and a trailing newline in the pretty
/// form. For every value `v` without non-finite doubles, `parse(write(v)) == v`, and writing the
/// parse of canonical text reproduces it byte for byte.
///
/// Non-finite doubles cannot be written as JSON; they are written as `null`.
///
/// ```swift
/// JSONWriter.string(["b": 1, "a": [true, 2.5]])           // {"a":[true,2.5],"b":1}
/// ```
public struct JSONWriter {
  /// The layout of the output.
  public enum Style: Sendable, Hashable {
    /// No whitespace at all.
    case compact
    /// Two-space indentation, one member or element per line, and a trailing newline.
    case pretty
  }

  /// The canonical bytes of `value`.
  ///
  /// - Complexity: O(*n*) in the size of the output, plus sorting each object's keys when they
  ///   are not already in order.
  public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
    var out: [UInt8] = []
    write(value, style: style, into: &out)
    return out
  }

  /// The canonical text of `value`.
  public static func string(_ value: JSONValue, style: Style = .compact) -> String {
    String(decoding: bytes(value, style: style), as: UTF8.self)
  }

  /// Appends the canonical bytes of `value` to `out`, with a trailing newline in the pretty style.
  public static func write(_ value: JSONValue, style: Style = .compact, into out: inout [UInt8]) {
    switch style {
    case .compact: writeCompact(value, into: &out)
    case .pretty:
      writePretty(value, indent: 0, into: &out)
      out.append(0x0A)
    }
  }

  /// Appends `value` in the pretty style at the given indentation level, without a trailing
  /// newline. Used by writers that embed values in a larger layout, such as shard files.
  public static func writePretty(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
    switch value {
    case .array(let elements):
      if elements.isEmpty {
        out.append(0x5B); out.append(0x5D)
        return
      }
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        newline(indent + 1, into: &out)
        writePretty(element, indent: indent + 1, into: &out)
      }
      newline(indent, into: &out)
      out.append(0x5D)
    case .object(let object):
      if object.isEmpty {
        out.append(0x7B); out.append(0x7D)
        return
      }
      out.append(0x7B)
      for (i, member) in object.sortedMembers.enumerated() {
        if i > 0 { out.append(0x2C) }
        newline(indent + 1, into: &out)
        writeString(member.key, into: &out)
        out.append(0x3A); out.append(0x20)
        writePretty(member.value, indent: indent + 1, into: &out)
      }
      newline(indent, into: &out)
      out.append(0x7D)
    default:
      writeCompact(value, into: &out)
    }
  }

  @inline(__always) static func newline(_ indent: Int, into out: inout [UInt8]) {
    out.append(0x0A)
    for _ in 0..<(indent * 2) { out.append(0x20) }
  }

  /// Appends `value` in the compact style.
  public static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(true): out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    case .bool(false): out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    case .int(let i): writeInt(i, into: &out)
    case .double(let d): writeDouble(d, into: &out)
    case .string(let s): writeString(s, into: &out)
    case .array(let elements):
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        writeCompact(element, into: &out)
      }
      out.append(0x5D)
    case .object(let object):
      out.append(0x7B)
      for (i, member) in object.sortedMembers.enumerated() {
        if i > 0 { out.append(0x2C) }
        writeString(member.key, into: &out)
        out.append(0x3A)
        writeCompact(member.value, into: &out)
      }
      out.append(0x7D)
    }
  }

  /// Appends the decimal digits of `value`.
  public static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    if value == 0 {
      out.append(0x30)
      return
    }
    var magnitude = value.magnitude
    if value < 0 { out.append(0x2D) }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      while magnitude > 0 {
        raw[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
        count += 1
      }
      while count > 0 {
        count -= 1
        out.append(raw[count])
      }
    }
  }

  /// Appends the shortest round-trip text of `value`; non-finite values become `null`.
  public static func writeDouble(_ value: Double, into out: inout [UInt8]) {
    guard value.isFinite else {
      out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
      return
    }
    // Swift's description is the shortest round-trip form ("2.5", "1e-07", "1e+30", "5.0").
    out.append(contentsOf: value.description.utf8)
  }

  /// Appends `string` in double quotes with minimal escaping.
  public static func writeString(_ string: String, into out: inout [UInt8]) {
    out.append(0x22)
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      for i in 0..<utf8.count {
        let byte = utf8[i]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
        runStart = i + 1
        out.append(0x5C)
        switch byte {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
          out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30])
          out.append(contentsOf: hex2(byte).lowercased().utf8)
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    out.append(0x22)
  }
}
