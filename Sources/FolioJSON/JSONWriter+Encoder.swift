extension JSONWriter {
  /// The writing state: the output bytes and the canonical member order of object shapes
  /// already seen.
  struct Encoder {
    var buffer = ByteBuffer(capacity: 1024)
    var keyOrders = KeyOrderCache()

    mutating func writeCompact(_ value: JSONValue) {
      switch value {
      case .null: buffer.append("null")
      case .bool(let b): buffer.append(b ? "true" : "false")
      case .int(let i): writeInt(i)
      case .double(let d): writeDouble(d)
      case .string(let s): writeString(s)
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
        let order = keyOrders.order(of: members)
        for n in members.indices {
          if n > 0 { buffer.append(0x2C) }
          let member = members[order?[n] ?? n]
          writeString(member.key)
          buffer.append(0x3A)
          writeCompact(member.value)
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
        let order = keyOrders.order(of: members)
        for n in members.indices {
          if n > 0 { buffer.append(0x2C) }
          let member = members[order?[n] ?? n]
          newline(indent + 1)
          writeString(member.key)
          buffer.append(": ")
          writePretty(member.value, indent: indent + 1)
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

    mutating func writeInt(_ value: Int64) {
      buffer.reserve(20)
      if value < 0 { buffer.appendReserved(0x2D) }
      var magnitude = value.magnitude
      // Digits are produced backwards into a 20-byte scratch tuple, then copied.
      var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
      withUnsafeMutableBytes(of: &digits) { scratch in
        var i = scratch.count
        repeat {
          i -= 1
          scratch[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
          magnitude /= 10
        } while magnitude > 0
        buffer.append(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[i...]))
      }
    }

    mutating func writeDouble(_ value: Double) {
      guard value.isFinite else {
        buffer.append("null")
        return
      }
      if let exact = Int32(exactly: value), value != 0 || value.sign == .plus {
        // Whole numbers of moderate size: the digits of the integer, then ".0", which is what
        // `description` produces for them.
        writeInt(Int64(exact))
        buffer.append(".0")
        return
      }
      // Swift's description is the shortest round-trip form ("2.5", "1e-07", "1e+30", "-0.0").
      var text = value.description
      text.withUTF8 { buffer.append($0) }
    }

    mutating func writeString(_ string: String) {
      var string = string
      string.withUTF8 { utf8 in
        buffer.reserve(utf8.count + 2)
        buffer.appendReserved(0x22)
        var runStart = 0
        var i = 0
        while i < utf8.count {
          let byte = utf8[i]
          if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
            i += 1
            continue
          }
          buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
          buffer.append(Self.escape(byte))
          i += 1
          runStart = i
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
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

/// The canonical member order of the object shapes (key sequences) met while writing.
///
/// Records of one kind share their key sequence, so the order is computed once and reused after
/// comparing the keys, which for keys of one origin is a pointer or 16-byte comparison.
struct KeyOrderCache {
  struct Entry {
    var keys: [String]
    var order: [Int]?
  }
  var entries: [Entry] = []
  var next = 0
  static let capacity = 8

  /// Whether two strings have the same UTF-8 bytes (Swift's `==` would also equate canonically
  /// equivalent spellings, which sort differently by bytes).
  @inline(__always) static func sameBytes(_ a: String, _ b: String) -> Bool {
    // Keys of one origin share their representation (the parser interns them; literals are
    // identical small strings), so most comparisons end at the first check.
    if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) {
      return true
    }
    return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }

  /// The member indices in canonical key order, or `nil` when the members are already in order.
  mutating func order(of members: [JSONObject.Member]) -> [Int]? {
    if members.count < 2 { return nil }
    search: for entry in entries where entry.keys.count == members.count {
      for i in members.indices where !Self.sameBytes(entry.keys[i], members[i].key) {
        continue search
      }
      return entry.order
    }
    let sorted = members.indices.sorted { JSONObject.keyPrecedes(members[$0].key, members[$1].key) }
    let order = sorted.elementsEqual(members.indices) ? nil : sorted
    let entry = Entry(keys: members.map(\.key), order: order)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
    return order
  }
}
