extension JSONParser {
  /// The parsing state: a cursor over the input bytes, the elements of the open containers, and a
  /// cache of object keys already seen.
  ///
  /// Parsing is iterative: open arrays and objects are ``Frame``s on an explicit stack, so the
  /// nesting depth is bounded by ``Options/maxDepth`` and never by the thread's stack. The
  /// elements of all open containers share one ``UnsafeStack``; closing a container moves them
  /// into an exactly sized array.
  struct Reader {
    let buffer: UnsafeBufferPointer<UInt8>
    let options: Options
    // Copies of the limits: reading them through `options` (which holds a String) makes the
    // optimiser copy the whole reader in hot paths.
    let maxDepth: Int
    let maxStringBytes: Int
    var position = 0
    /// Decoded bytes of the string being read, when it holds escapes.
    var scratch: [UInt8] = []
    /// Elements of the open arrays.
    var values: UnsafeStack<JSONValue>
    /// Members of the open objects.
    var members: UnsafeStack<JSONObject.Member>
    /// The ``KeyCache/prefix(_:_:)`` of each key on ``members``, to rule out duplicates quickly.
    var keyPrefixes: UnsafeStack<UInt64>
    var keys = KeyCache()
    /// The keys of open objects too large for a linear duplicate check, by ``Frame/start``.
    var largeObjectKeys: [Int: Set<String>] = [:]

    /// One open array or object. An object's member whose value is being read is already on
    /// ``members``, with a `null` placeholder value.
    struct Frame {
      var isObject: Bool
      /// Where this container's elements start on ``values`` or ``members``.
      var start: Int
    }

    init(buffer: UnsafeBufferPointer<UInt8>, options: Options) {
      self.buffer = buffer
      self.options = options
      maxDepth = options.maxDepth
      maxStringBytes = options.maxStringBytes
      values = UnsafeStack(capacity: 64)
      members = UnsafeStack(capacity: 64)
      keyPrefixes = UnsafeStack(capacity: 64)
    }

    mutating func deallocate() {
      values.deallocate()
      members.deallocate()
      keyPrefixes.deallocate()
    }

    @inline(__always) var count: Int { buffer.count }

    func error(_ code: JSONError.Code, _ message: String, at offset: Int? = nil) -> JSONError {
      JSONError.located(
        code: code, message: message, offset: min(offset ?? position, buffer.count),
        in: buffer, file: options.file)
    }

    @inline(__always) mutating func skipWhitespace() {
      while position < count {
        switch buffer[position] {
        case 0x20, 0x0A, 0x0D, 0x09: position += 1
        default: return
        }
      }
    }

    /// Parses the whole input as one JSON text.
    mutating func parseDocument() throws(JSONError) -> JSONValue {
      if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
        throw error(
          .unexpectedCharacter,
          "a byte-order mark (U+FEFF) is not allowed; save the file as UTF-8 without a BOM", at: 0)
      }
      let value = try parseValues()
      skipWhitespace()
      if position < count {
        throw error(
          .trailingContent,
          "unexpected content after the top-level value; a JSON text holds exactly one value"
            + commentHint(at: position))
      }
      return value
    }

    /// Parses one value, including everything nested in it.
    mutating func parseValues() throws(JSONError) -> JSONValue {
      // The innermost open container lives in locals; only its parents are on `frames`.
      var frames: [Frame] = []
      var current = Frame(isObject: false, start: 0)
      var depth = 0
      readValue: while true {
        skipWhitespace()
        guard position < count else {
          throw error(.unexpectedEnd, "expected a value, but the input ended")
        }
        var value: JSONValue
        switch buffer[position] {
        case UInt8(ascii: "{"):
          try checkDepth(depth)
          position += 1
          skipWhitespace()
          if position < count, buffer[position] == UInt8(ascii: "}") {
            position += 1
            value = .object(JSONObject())
          } else {
            if depth > 0 { frames.append(current) }
            current = Frame(isObject: true, start: members.count)
            depth += 1
            try readKey(objectStart: current.start)
            continue readValue
          }
        case UInt8(ascii: "["):
          try checkDepth(depth)
          position += 1
          skipWhitespace()
          if position < count, buffer[position] == UInt8(ascii: "]") {
            position += 1
            value = .array([])
          } else {
            if depth > 0 { frames.append(current) }
            current = Frame(isObject: false, start: values.count)
            depth += 1
            continue readValue
          }
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        case UInt8(ascii: "t"):
          try expectLiteral("true")
          value = .bool(true)
        case UInt8(ascii: "f"):
          try expectLiteral("false")
          value = .bool(false)
        case UInt8(ascii: "n"):
          try expectLiteral("null")
          value = .null
        default: throw unexpectedValueStart()
        }

        // A value is complete: add it to its container, closing containers that end here.
        while depth > 0 {
          skipWhitespace()
          if current.isObject {
            members.base[members.count - 1].value = value
            guard position < count else {
              throw error(.unexpectedEnd, "the input ended inside an object; expected ',' or '}'")
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: ",") {
              let comma = position
              position += 1
              skipWhitespace()
              if position < count, buffer[position] == UInt8(ascii: "}") {
                throw error(
                  .trailingComma, "a trailing comma is not allowed before '}'; remove it", at: comma
                )
              }
              try readKey(objectStart: current.start)
              continue readValue
            } else if byte == UInt8(ascii: "}") {
              position += 1
              let start = current.start
              depth -= 1
              if depth > 0 { current = frames.removeLast() }
              if !largeObjectKeys.isEmpty { largeObjectKeys[start] = nil }
              keyPrefixes.truncate(to: start)
              value = .object(JSONObject(uniqueMembers: members.popArray(from: start)))
            } else {
              throw error(
                .expectedCommaOrBrace,
                "expected ',' or '}' after an object member" + commentHint(at: position))
            }
          } else {
            values.push(value)
            guard position < count else {
              throw error(.unexpectedEnd, "the input ended inside an array; expected ',' or ']'")
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: ",") {
              let comma = position
              position += 1
              skipWhitespace()
              if position < count, buffer[position] == UInt8(ascii: "]") {
                throw error(
                  .trailingComma, "a trailing comma is not allowed before ']'; remove it", at: comma
                )
              }
              continue readValue
            } else if byte == UInt8(ascii: "]") {
              position += 1
              let start = current.start
              depth -= 1
              if depth > 0 { current = frames.removeLast() }
              value = .array(values.popArray(from: start))
            } else {
              throw error(
                .expectedCommaOrBracket,
                "expected ',' or ']' after an array element" + commentHint(at: position))
            }
          }
        }
        return value
      }
    }

    @inline(__always) mutating func checkDepth(_ openContainers: Int) throws(JSONError) {
      if openContainers >= maxDepth {
        throw error(
          .nestingTooDeep,
          "arrays and objects nest deeper than the limit of \(options.maxDepth); "
            + "flatten the document or raise JSONParser.Options.maxDepth")
      }
    }

    /// Reads `"key" :` at the cursor and pushes the member with a placeholder value, rejecting a
    /// key the object (whose members start at `objectStart`) already has.
    mutating func readKey(objectStart: Int) throws(JSONError) {
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside an object; expected a key")
      }
      guard buffer[position] == UInt8(ascii: "\"") else {
        throw error(
          .expectedKey, "expected a string key in double quotes" + commentHint(at: position))
      }
      let keyStart = position
      let (key, prefix) = try parseKey()
      try checkUnique(key, prefix: prefix, objectStart: objectStart, at: keyStart)
      skipWhitespace()
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended after a key; expected ':'")
      }
      guard buffer[position] == UInt8(ascii: ":") else {
        throw error(.expectedColon, "expected ':' after the key \"\(key)\"")
      }
      position += 1
      members.push(JSONObject.Member(key: key, value: .null))
      keyPrefixes.push(prefix)
    }

    /// Rejects `key` if the object whose members start at `objectStart` already has it.
    ///
    /// Keys are compared by their UTF-8 bytes, as JSON defines them (Swift's `==` would also
    /// equate canonically equivalent spellings such as "é" and "e\u{301}").
    @inline(__always) mutating func checkUnique(
      _ key: String, prefix: UInt64, objectStart: Int, at keyStart: Int
    ) throws(JSONError) {
      let memberCount = members.count - objectStart
      var duplicate = false
      if memberCount < 16 {
        var i = objectStart
        while i < members.count {
          if keyPrefixes.base[i] == prefix {
            let other = members.base[i].key
            if other.utf8.count == key.utf8.count, other.utf8.elementsEqual(key.utf8) {
              duplicate = true
              break
            }
          }
          i += 1
        }
      } else {
        var set =
          largeObjectKeys.removeValue(forKey: objectStart)
          ?? Set((objectStart..<members.count).map { members.base[$0].key })
        duplicate = !set.insert(key).inserted
        largeObjectKeys[objectStart] = set
      }
      if duplicate {
        throw error(
          .duplicateKey,
          "the key \"\(key)\" appears twice in one object; keep only one of them", at: keyStart)
      }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
      let start = position
      let length = literal.utf8CodeUnitCount
      var i = 0
      while i < length {
        guard position + i < count else {
          throw error(.unexpectedEnd, "the input ended inside '\(literal)'", at: count)
        }
        guard buffer[position + i] == literal.utf8Start[i] else {
          throw error(
            .unexpectedCharacter, "expected a value; did you mean '\(literal)'?", at: start)
        }
        i += 1
      }
      position += length
    }
  }
}
