extension JSONWriter {
  /// The writing state: the output bytes and the object shapes already seen.
  ///
  /// Containers are walked through unsafe buffer pointers to their elements and members, so a
  /// value is read in place instead of copied out of its array (which retained and released its
  /// payload; callgrind). Objects are written through their prepared ``ObjectShape``.
  ///
  /// `package` for the shard writer on typed rows in `Folio` (Design/0005), which writes a
  /// chunk's rows into ``buffer`` and its boxed values and escaped text through the encoder.
  package struct Encoder {
    package var buffer: ByteBuffer
    var shapes = ObjectShapeCache()

    /// An encoder appending to `buffer`, whose memory it then owns.
    package init(buffer: ByteBuffer) {
      self.buffer = buffer
    }

    @inline(__always) mutating func writeCompact(_ value: JSONValue) {
      write(value, indent: ObjectShape.compact)
    }

    @inline(__always) package mutating func writePretty(_ value: JSONValue, indent: Int) {
      // Int.min stands for the compact style; Int.min + 1 lays out the same (every line at
      // indentation 0).
      write(value, indent: indent == ObjectShape.compact ? indent + 1 : indent)
    }

    /// Writes `value` in the compact style (`indent` is ``ObjectShape/compact``) or the pretty
    /// style at `indent`. Inlined into the container loops, so a scalar member or element costs
    /// no call of its own.
    @inline(__always) mutating func write(_ value: JSONValue, indent: Int) {
      switch value {
      case .null: buffer.append("null")
      case .bool(let b): buffer.append(b ? "true" : "false")
      case .int(let i): writeInt(i)
      case .double(let d): writeDouble(d)
      case .string(let s): Self.writeString(s, into: &buffer)
      case .array(let elements):
        if indent == ObjectShape.compact {
          writeCompactArray(elements)
        } else {
          writePrettyArray(elements, indent: indent)
        }
      case .object(let object): writeObject(object, indent: indent)
      }
    }

    /// Writes `objects[range]` as elements of a pretty array at `indent`, each after its comma
    /// (except the array's first), line break and indentation.
    mutating func writePrettyElements(
      of objects: UnsafeBufferPointer<JSONObject>, _ range: Range<Int>, indent: Int
    ) {
      for k in range {
        if k > 0 { buffer.append(0x2C) }
        buffer.appendNewline(indent: indent + 1)
        writeObject(objects[k], indent: indent + 1)
      }
    }

    @inline(never) mutating func writeCompactArray(_ elements: [JSONValue]) {
      buffer.append(0x5B)
      elements.withUnsafeBufferPointer { elements in
        for k in elements.indices {
          if k > 0 { buffer.append(0x2C) }
          write(elements[k], indent: ObjectShape.compact)
        }
      }
      buffer.append(0x5D)
    }

    @inline(never) mutating func writePrettyArray(_ elements: [JSONValue], indent: Int) {
      elements.withUnsafeBufferPointer { elements in
        guard !elements.isEmpty else {
          buffer.append("[]")
          return
        }
        buffer.append(0x5B)
        for k in elements.indices {
          if k > 0 { buffer.append(0x2C) }
          buffer.appendNewline(indent: indent + 1)
          write(elements[k], indent: indent + 1)
        }
        buffer.appendNewline(indent: indent)
        buffer.append(0x5D)
      }
    }

    /// Writes an object in the compact style (`indent` is ``ObjectShape/compact``) or the pretty
    /// style at `indent`.
    @inline(never) mutating func writeObject(_ object: JSONObject, indent: Int) {
      object.keyStorage.withUnsafeBufferPointer { keys in
        object.valueStorage.withUnsafeBufferPointer { values in
          guard !keys.isEmpty else {
            buffer.append("{}")
            return
          }
          if let shape = shapes.shape(of: object.keyStorage, buffer: keys, indent: indent) {
            writeMembers(values, shape: shape, indent: indent)
          } else {
            writeUncachedObject(keys, values, indent: indent)
          }
        }
      }
    }

    /// Writes the members of an object with a prepared shape, and its braces. Kept apart from
    /// the shape lookup so that ``write(_:indent:)`` is inlined into the loop.
    @inline(never) mutating func writeMembers(
      _ values: UnsafeBufferPointer<JSONValue>, shape: ObjectShape, indent: Int
    ) {
      let valueIndent = indent == ObjectShape.compact ? indent : indent + 1
      for n in 0..<values.count {
        shape.appendPrefix(n, into: &buffer)
        write(values[shape.order[n]], indent: valueIndent)
      }
      shape.appendClosing(into: &buffer)
    }

    /// Writes an object whose shape is not cached: sorts its members and escapes its keys.
    @inline(never) mutating func writeUncachedObject(
      _ keys: UnsafeBufferPointer<String>, _ values: UnsafeBufferPointer<JSONValue>, indent: Int
    ) {
      let pretty = indent != ObjectShape.compact
      let order = ObjectShape.canonicalOrder(keys)
      buffer.append(0x7B)
      for n in order.indices {
        if n > 0 { buffer.append(0x2C) }
        let position = order[n]
        if pretty {
          buffer.appendNewline(indent: indent + 1)
          Self.writeString(keys[position], into: &buffer)
          buffer.append(": ")
          write(values[position], indent: indent + 1)
        } else {
          Self.writeString(keys[position], into: &buffer)
          buffer.append(0x3A)
          write(values[position], indent: ObjectShape.compact)
        }
      }
      if pretty { buffer.appendNewline(indent: indent) }
      buffer.append(0x7D)
    }

    @inline(__always) mutating func writeInt(_ value: Int64) {
      if value < 0 { buffer.append(0x2D) }
      buffer.appendDecimal(value.magnitude)
    }

    package mutating func writeDouble(_ value: Double) {
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
        // Rounded half away from zero without a call to `round`: x + 0.5 is exact here (x ≥ 100
        // and below 2^38, so 0.5 is a multiple of its spacing), and truncation floors it.
        let hundredths = UInt64(magnitude * 100 + 0.5)
        if Double(hundredths) / 100 == magnitude {
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
    ///
    /// Text without bytes to escape (nearly all) is copied a word at a time while it is checked,
    /// the last word overlapping the one before it instead of a byte loop; text with such bytes
    /// is written again by ``writeEscapedUTF8(_:into:)``.
    package static func writeUTF8(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer) {
      let count = utf8.count
      guard let base = utf8.baseAddress, count > 0 else {
        buffer.append(#""""#)
        return
      }
      buffer.reserve(count + 2)
      let target = UnsafeMutableRawPointer(buffer.end)
      let text = target + 1
      let source = UnsafeRawPointer(base)
      var special: UInt64
      if count >= 8 {
        special = 0
        var i = 0
        while i + 8 < count {
          let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          text.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
          special |= needsEscape(word)
          i += 8
        }
        let word = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        text.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
        special |= needsEscape(word)
      } else if count >= 4 {
        let head = source.loadUnaligned(as: UInt32.self)
        let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        text.storeBytes(of: head, as: UInt32.self)
        text.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        special = needsEscape(UInt64(head) | UInt64(tail) << 32)
      } else {
        // One to three bytes; the unused lanes hold spaces, which need no escape.
        var word: UInt64 = 0x2020_2020_2020_2020
        for j in 0..<count {
          let byte = base[j]
          text.storeBytes(of: byte, toByteOffset: j, as: UInt8.self)
          word = word & ~(0xFF << UInt64(8 * j)) | UInt64(byte) << UInt64(8 * j)
        }
        special = needsEscape(word)
      }
      guard special == 0 else {
        writeEscapedUTF8(utf8, into: &buffer)
        return
      }
      target.storeBytes(of: 0x22, as: UInt8.self)
      text.storeBytes(of: 0x22, toByteOffset: count, as: UInt8.self)
      buffer.advance(by: count + 2)
    }

    /// Nonzero when one of the eight bytes of `word` is a quote, a backslash or a control
    /// character (the high bit of the lowest such byte is set; bytes of 0x80 and above are never
    /// flagged).
    @inline(__always) static func needsEscape(_ word: UInt64) -> UInt64 {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        | ((word &- ones &* 0x20) & ~word)) & (ones &* 0x80)
    }

    /// Appends UTF-8 text that holds bytes to escape, in double quotes.
    static func writeEscapedUTF8(
      _ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer
    ) {
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
          let found = needsEscape(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
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
