extension JSONWriter {
  /// The writing state: the output bytes and the object shapes already seen.
  ///
  /// Containers are walked through unsafe buffer pointers to their elements and members, so a
  /// value is read in place instead of copied out of its array (which retained and released its
  /// payload; callgrind). Objects are written through their prepared ``ObjectShape``.
  struct Encoder {
    var buffer = ByteBuffer(capacity: 1024)
    var shapes = ObjectShapeCache()

    mutating func writeCompact(_ value: JSONValue) {
      switch value {
      case .array(let elements): writeCompactArray(elements)
      case .object(let object): writeObject(object, indent: ObjectShape.compact)
      default: writeScalar(value)
      }
    }

    mutating func writePretty(_ value: JSONValue, indent: Int) {
      switch value {
      case .array(let elements): writePrettyArray(elements, indent: indent)
      case .object(let object): writeObject(object, indent: indent)
      default: writeScalar(value)
      }
    }

    /// Writes `objects` as a pretty array at `indent`, as `writePretty(.array(…))` would.
    mutating func writePrettyArray(of objects: [JSONObject], indent: Int) {
      objects.withUnsafeBufferPointer { objects in
        guard !objects.isEmpty else {
          buffer.append("[]")
          return
        }
        buffer.append(0x5B)
        for k in objects.indices {
          if k > 0 { buffer.append(0x2C) }
          buffer.appendNewline(indent: indent + 1)
          writeObject(objects[k], indent: indent + 1)
          if k == 0 {
            // The first object's size predicts the rest: reserve for all of them at once.
            buffer.reserve((objects.count - 1) * (buffer.count + 2 * indent + 4))
          }
        }
        buffer.appendNewline(indent: indent)
        buffer.append(0x5D)
      }
    }

    @inline(__always) mutating func writeScalar(_ value: JSONValue) {
      switch value {
      case .null: buffer.append("null")
      case .bool(let b): buffer.append(b ? "true" : "false")
      case .int(let i): writeInt(i)
      case .double(let d): writeDouble(d)
      case .string(let s): Self.writeString(s, into: &buffer)
      case .array, .object: writeCompact(value)
      }
    }

    mutating func writeCompactArray(_ elements: [JSONValue]) {
      buffer.append(0x5B)
      elements.withUnsafeBufferPointer { elements in
        for k in elements.indices {
          if k > 0 { buffer.append(0x2C) }
          writeCompact(elements[k])
        }
      }
      buffer.append(0x5D)
    }

    mutating func writePrettyArray(_ elements: [JSONValue], indent: Int) {
      elements.withUnsafeBufferPointer { elements in
        guard !elements.isEmpty else {
          buffer.append("[]")
          return
        }
        buffer.append(0x5B)
        for k in elements.indices {
          if k > 0 { buffer.append(0x2C) }
          buffer.appendNewline(indent: indent + 1)
          writePretty(elements[k], indent: indent + 1)
        }
        buffer.appendNewline(indent: indent)
        buffer.append(0x5D)
      }
    }

    /// Writes an object in the compact style (`indent` is ``ObjectShape/compact``) or the pretty
    /// style at `indent`.
    mutating func writeObject(_ object: JSONObject, indent: Int) {
      object.storage.withUnsafeBufferPointer { members in
        guard !members.isEmpty else {
          buffer.append("{}")
          return
        }
        guard let shape = shapes.shape(of: members, indent: indent) else {
          writeUncachedObject(members, indent: indent)
          return
        }
        if indent == ObjectShape.compact {
          for n in 0..<members.count {
            shape.appendPrefix(n, into: &buffer)
            writeCompact(members[shape.order[n]].value)
          }
        } else {
          for n in 0..<members.count {
            shape.appendPrefix(n, into: &buffer)
            writePretty(members[shape.order[n]].value, indent: indent + 1)
          }
        }
        shape.appendClosing(into: &buffer)
      }
    }

    /// Writes an object whose shape is not cached: sorts its members and escapes its keys.
    mutating func writeUncachedObject(
      _ members: UnsafeBufferPointer<JSONObject.Member>, indent: Int
    ) {
      let pretty = indent != ObjectShape.compact
      let order = ObjectShape.canonicalOrder(members)
      buffer.append(0x7B)
      for n in order.indices {
        if n > 0 { buffer.append(0x2C) }
        let member = members[order[n]]
        if pretty {
          buffer.appendNewline(indent: indent + 1)
          Self.writeString(member.key, into: &buffer)
          buffer.append(": ")
          writePretty(member.value, indent: indent + 1)
        } else {
          Self.writeString(member.key, into: &buffer)
          buffer.append(0x3A)
          writeCompact(member.value)
        }
      }
      if pretty { buffer.appendNewline(indent: indent) }
      buffer.append(0x7D)
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
    @inline(__always)
    static func writeString(_ string: String, into buffer: inout ByteBuffer) {
      // Reads native and small strings in place, without copying the string (a retain and a
      // release) as `withUTF8` would need.
      let written: Void? = string.utf8.withContiguousStorageIfAvailable {
        writeUTF8($0, into: &buffer)
      }
      if written == nil {
        var string = string
        string.withUTF8 { writeUTF8($0, into: &buffer) }
      }
    }

    /// Appends UTF-8 text in double quotes with minimal escaping.
    static func writeUTF8(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer) {
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
