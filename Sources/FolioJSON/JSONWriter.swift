/// The canonical JSON writer.
///
/// Canonical form:
/// - object keys sorted by their UTF-8 bytes;
/// - integers exact;
/// - doubles in the shortest text that reads back to the same `Double` — Swift's own
///   `description`: `0.1`, `1e-07`, `1e+300`, `5e-324`, `-0.0`, `1.2345678901234568e+20` — always
///   with a `.` or an exponent, so they read back as doubles and never as integers;
/// - minimal escaping: only `"`, `\` and the control characters U+0000–U+001F, as `\"`, `\\`,
///   `\b`, `\f`, `\n`, `\r`, `\t` or `\u00xx` with lowercase hexadecimal digits; everything else,
///   including non-ASCII text and `/`, is written as raw UTF-8;
/// - compact style: no whitespace at all; pretty style: two-space indentation, one member or
///   element per line, `": "` between key and value, `[]`/`{}` for empty containers, and a
///   trailing newline.
///
/// For every value `v` without non-finite doubles, `parse(write(v)) == v` in both styles, and
/// writing the parse of canonical text reproduces it byte for byte. Non-finite doubles cannot be
/// written as JSON; they are written as `null`.
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
  /// - Parameters:
  ///   - value: the value to write.
  ///   - style: compact (the default) or pretty.
  /// - Returns: UTF-8 bytes; the pretty style ends with a newline.
  /// - Complexity: O(*n*) in the size of the output, plus sorting each object's keys when they
  ///   are not already in order (a sort order is computed once per distinct key sequence).
  public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
    var out: [UInt8] = []
    write(value, style: style, into: &out)
    return out
  }

  /// The canonical text of `value`.
  ///
  /// - Parameters:
  ///   - value: the value to write.
  ///   - style: compact (the default) or pretty.
  /// - Returns: the JSON text; the pretty style ends with a newline.
  /// - Complexity: O(*n*) in the size of the output.
  public static func string(_ value: JSONValue, style: Style = .compact) -> String {
    String(decoding: bytes(value, style: style), as: UTF8.self)
  }

  /// Appends the canonical bytes of `value` to `out`, with a trailing newline in the pretty style.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  public static func write(_ value: JSONValue, style: Style = .compact, into out: inout [UInt8]) {
    withEncoder(into: &out) { encoder in
      switch style {
      case .compact: encoder.writeCompact(value)
      case .pretty:
        encoder.writePretty(value, indent: 0)
        encoder.buffer.append(0x0A)
      }
    }
  }

  /// Appends `value` in the pretty style at the given indentation level, without a trailing
  /// newline. Used by writers that embed values in a larger layout, such as shard files.
  ///
  /// - Parameters:
  ///   - value: the value to write.
  ///   - indent: the indentation level of the line the value starts on (two spaces per level);
  ///     nested lines are indented one level more, the closing bracket at this level.
  ///   - out: the bytes to append to.
  /// - Complexity: O(*n*) in the size of the output.
  public static func writePretty(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
    withEncoder(into: &out) { $0.writePretty(value, indent: indent) }
  }

  /// The pretty-style bytes of an array of objects, with a trailing newline: the same bytes as
  /// `bytes(.array(objects.map { .object($0) }), style: .pretty)`, without building that array.
  ///
  /// Meant for long arrays of records of one shape, such as shard files: the output is reserved
  /// once, from the size of the first object, and each shape's keys are sorted and encoded once.
  ///
  /// ```swift
  /// JSONWriter.prettyBytes(ofObjects: [["id": 1]])   // the bytes of "[\n  {\n    \"id\": 1\n  }\n]\n"
  /// ```
  ///
  /// - Parameter objects: the array's elements, in order.
  /// - Returns: UTF-8 bytes ending with a newline.
  /// - Complexity: O(*n*) in the size of the output, plus sorting the keys of each distinct key
  ///   sequence once.
  public static func prettyBytes(ofObjects objects: [JSONObject]) -> [UInt8] {
    guard !objects.isEmpty else { return Array("[]\n".utf8) }
    var encoder = Encoder(buffer: ByteBuffer(capacity: 4096))
    defer { encoder.buffer.deallocate() }
    return objects.withUnsafeBufferPointer { objects in
      // The first objects predict the size of the rest: the output is then written straight
      // into the storage of the returned array, reserved once with a margin, and copied only if
      // the margin runs out.
      encoder.buffer.append(0x5B)
      let sample = Swift.min(objects.count, 64)
      encoder.writePrettyElements(of: objects, 0..<sample, indent: 0)
      let estimate = encoder.buffer.count / sample * objects.count / 4 * 5 + 4096
      var moved = false
      let result = [UInt8](uninitializedCapacity: estimate) { storage, initialized in
        initialized = 0
        if let memory = storage.baseAddress {
          encoder.buffer.borrow(memory, capacity: storage.count)
        }
        encoder.writePrettyElements(of: objects, sample..<objects.count, indent: 0)
        encoder.buffer.appendNewline(indent: 0)
        encoder.buffer.append("]\n")
        if encoder.buffer.ownsMemory {
          moved = true
        } else {
          initialized = encoder.buffer.count
        }
      }
      return moved ? Array(encoder.buffer.bytes) : result
    }
  }

  /// Appends `value` in the compact style.
  ///
  /// - Complexity: O(*n*) in the size of the output.
  public static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
    withEncoder(into: &out) { $0.writeCompact(value) }
  }

  /// Appends the decimal digits of `value`.
  public static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    withEncoder(capacity: 24, into: &out) { $0.writeInt(value) }
  }

  /// Appends the shortest round-trip text of `value`; non-finite values become `null`.
  public static func writeDouble(_ value: Double, into out: inout [UInt8]) {
    withEncoder(capacity: 32, into: &out) { $0.writeDouble(value) }
  }

  /// Appends `string` in double quotes with minimal escaping.
  ///
  /// - Complexity: O(*n*) in the length of the string.
  public static func writeString(_ string: String, into out: inout [UInt8]) {
    withEncoder(capacity: string.utf8.count + 2, into: &out) {
      Encoder.writeString(string, into: &$0.buffer)
    }
  }

  static func withEncoder(
    capacity: Int = 1024, into out: inout [UInt8], _ body: (inout Encoder) -> Void
  ) {
    var encoder = Encoder(buffer: ByteBuffer(capacity: capacity))
    defer { encoder.buffer.deallocate() }
    body(&encoder)
    if out.isEmpty {
      out = Array(encoder.buffer.bytes)
    } else {
      out.append(contentsOf: encoder.buffer.bytes)
    }
  }
}
