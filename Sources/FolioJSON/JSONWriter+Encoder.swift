extension JSONWriter {
  /// The writing state: the output bytes and the object shapes already seen.
  struct Encoder {
    var buffer = ByteBuffer(capacity: 1024)
    var shapes = ObjectShapeCache()

    mutating func writeCompact(_ value: JSONValue) {
      switch value {
      case .null: buffer.append("null")
      case .bool(let b): buffer.append(b ? "true" : "false")
      case .int(let i): writeInt(i)
      case .double(let d): writeDouble(d)
      case .string(let s): Self.writeString(s, into: &buffer)
      case .array(let elements):
        buffer.append(0x5B)
        var first = true
        for element in elements {
          if !first { buffer.append(0x2C) }
          first = false
          writeCompact(element)
        }
        buffer.append(0x5D)
      case .object(let object):
        buffer.append(0x7B)
        let members = object.members
        let shape = shapes.shape(of: members)
        for n in members.indices {
          if n > 0 { buffer.append(0x2C) }
          let i = shape.memberIndex(n)
          shape.writeKey(i, of: members, into: &buffer)
          buffer.append(0x3A)
          writeCompact(members[i].value)
        }
        buffer.append(0x7D)
      }
    }

    mutating func writePretty(_ value: JSONValue, indent: Int) {
      switch value {
      case .array(let elements) where !elements.isEmpty:
        buffer.append(0x5B)
        var first = true
        for element in elements {
          if !first { buffer.append(0x2C) }
          first = false
          newline(indent + 1)
          writePretty(element, indent: indent + 1)
        }
        newline(indent)
        buffer.append(0x5D)
      case .object(let object) where !object.isEmpty:
        buffer.append(0x7B)
        let members = object.members
        let shape = shapes.shape(of: members)
        for n in members.indices {
          if n > 0 { buffer.append(0x2C) }
          let i = shape.memberIndex(n)
          newline(indent + 1)
          shape.writeKey(i, of: members, into: &buffer)
          buffer.append(": ")
          writePretty(members[i].value, indent: indent + 1)
        }
        newline(indent)
        buffer.append(0x7D)
      default:
        writeCompact(value)
      }
    }

    @inline(__always) mutating func newline(_ indent: Int) {
      let width = max(0, indent) * 2
      buffer.reserve(width + 1)
      buffer.appendReserved(0x0A)
      for _ in 0..<width { buffer.appendReserved(0x20) }
    }

    @inline(__always) mutating func writeInt(_ value: Int64) {
      if value < 0 { buffer.append(0x2D) }
      buffer.appendDecimal(value.magnitude)
    }

    mutating func writeDouble(_ value: Double) {
      guard value.isFinite else {
        buffer.append("null")
        return
      }
      let magnitude = value.magnitude
      if magnitude >= 1, magnitude < 2_147_483_648 {
        // Fast path for values with at most two decimals, such as prices. If the two-decimal
        // text k/100 reads back to this value, it is the shortest text that does: any shorter
        // one differs by at least 0.01, far more than the spacing of doubles below 2^31. This is
        // exactly what `description` prints for them.
        let scaled = (magnitude * 100).rounded()
        if scaled / 100 == magnitude {
          let hundredths = UInt64(scaled)
          if value < 0 { buffer.append(0x2D) }
          buffer.appendDecimal(hundredths / 100)
          let fraction = hundredths % 100
          buffer.reserve(3)
          buffer.appendReserved(0x2E)
          buffer.appendReserved(UInt8(truncatingIfNeeded: fraction / 10) &+ 0x30)
          if fraction % 10 != 0 {
            buffer.appendReserved(UInt8(truncatingIfNeeded: fraction % 10) &+ 0x30)
          }
          return
        }
      } else if value == 0 {
        buffer.append(value.sign == .minus ? "-0.0" : "0.0")
        return
      }
      // Swift's description is the shortest round-trip form ("0.1", "1e-07", "1e+300").
      var text = value.description
      text.withUTF8 { buffer.append($0) }
    }

    /// Appends `string` in double quotes with minimal escaping.
    static func writeString(_ string: String, into buffer: inout ByteBuffer) {
      var string = string
      string.withUTF8 { utf8 in
        let count = utf8.count
        buffer.reserve(count + 2)
        buffer.appendReserved(0x22)
        guard let base = utf8.baseAddress else {
          buffer.appendReserved(0x22)
          return
        }
        let raw = UnsafeRawPointer(base)
        var runStart = 0
        var i = 0
        while i < count {
          // Eight bytes at a time while none is a quote, backslash or control character.
          while i + 8 <= count {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quote = x ^ (ones &* 0x22)
            let backslash = x ^ (ones &* 0x5C)
            let found =
              (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((x &- ones &* 0x20) & ~x)) & (ones &* 0x80)
            if found != 0 {
              i += UInt64(littleEndian: found).trailingZeroBitCount >> 3
              break
            }
            i += 8
          }
          guard i < count else { break }
          let byte = base[i]
          if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
            i += 1
            continue
          }
          buffer.append(UnsafeBufferPointer(start: base + runStart, count: i - runStart))
          buffer.append(escape(byte))
          i += 1
          runStart = i
        }
        buffer.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        buffer.append(0x22)
      }
    }

    /// The escape sequence of a byte that must be escaped.
    static func escape(_ byte: UInt8) -> StaticString {
      switch byte {
      case 0x22: return #"\""#
      case 0x5C: return #"\\"#
      case 0x0A: return #"\n"#
      case 0x0D: return #"\r"#
      case 0x09: return #"\t"#
      case 0x08: return #"\b"#
      case 0x0C: return #"\f"#
      default: return controlEscapes[Int(byte)]
      }
    }

    static let controlEscapes: [StaticString] = [
      #"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#,
      #"\u0007"#, #"\u0008"#, #"\u0009"#, #"\u000a"#, #"\u000b"#, #"\u000c"#, #"\u000d"#,
      #"\u000e"#, #"\u000f"#, #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#, #"\u0014"#,
      #"\u0015"#, #"\u0016"#, #"\u0017"#, #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#,
      #"\u001c"#, #"\u001d"#, #"\u001e"#, #"\u001f"#,
    ]
  }
}

/// The object shapes (key sequences) met while writing: for each, the canonical member order and
/// the keys already quoted and escaped.
///
/// Records of one kind share their key sequence, so the order is computed and the keys encoded
/// once, and reused after comparing the keys — for keys of one origin a 16-byte comparison each.
/// When shapes rarely repeat (objects used as dictionaries), caching stops and each object is
/// sorted on its own.
struct ObjectShapeCache {
  /// One shape, or an uncached object's order.
  struct Shape {
    /// The keys in member order.
    var keys: [String]
    /// Member indices in canonical order; `nil` when the members are already in order.
    var order: [Int]?
    /// The quoted, escaped keys, in member order, back to back; empty when not cached.
    var encodedKeys: [UInt8]
    /// Where each member's encoded key starts in ``encodedKeys`` (one extra entry at the end).
    var keyOffsets: [Int]

    @inline(__always) func memberIndex(_ n: Int) -> Int { order?[n] ?? n }

    @inline(__always) func writeKey(
      _ i: Int, of members: [JSONObject.Member], into buffer: inout ByteBuffer
    ) {
      guard !keyOffsets.isEmpty else {
        JSONWriter.Encoder.writeString(members[i].key, into: &buffer)
        return
      }
      let start = keyOffsets[i]
      let end = keyOffsets[i + 1]
      encodedKeys.withUnsafeBufferPointer {
        buffer.append(UnsafeBufferPointer(rebasing: $0[start..<end]))
      }
    }
  }

  var entries: [Shape] = []
  var next = 0
  var hits = 0
  var misses = 0
  static let capacity = 8

  /// The shape of `members`, from the cache when it was seen before.
  mutating func shape(of members: [JSONObject.Member]) -> Shape {
    search: for entry in entries where entry.keys.count == members.count {
      for i in members.indices where !JSONObject.sameKey(entry.keys[i], members[i].key) {
        continue search
      }
      hits += 1
      return entry
    }
    misses += 1
    var order: [Int]? = nil
    if members.count > 1 {
      let sorted = members.indices.sorted {
        JSONObject.keyPrecedes(members[$0].key, members[$1].key)
      }
      if !sorted.elementsEqual(members.indices) { order = sorted }
    }
    guard misses < 64 || hits > misses else {
      return Shape(keys: [], order: order, encodedKeys: [], keyOffsets: [])
    }
    var buffer = ByteBuffer(capacity: 64)
    defer { buffer.deallocate() }
    var offsets = [0]
    for member in members {
      JSONWriter.Encoder.writeString(member.key, into: &buffer)
      offsets.append(buffer.count)
    }
    let shape = Shape(
      keys: members.map(\.key), order: order, encodedKeys: Array(buffer.bytes), keyOffsets: offsets)
    if entries.count < Self.capacity {
      entries.append(shape)
    } else {
      entries[next] = shape
      next = (next + 1) % Self.capacity
    }
    return shape
  }
}
