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
    /// How many more containers may open; ``JSONScanner`` lowers it by the containers it has
    /// open before reading a value with ``parseValues()``.
    var maxDepth: Int
    let maxStringBytes: Int
    /// Whether strings of up to 15 bytes are built in place (see ``InlineString``).
    let buildsInlineStrings: Bool
    var position = 0
    /// Decoded bytes of the string being read, when it holds escapes.
    var scratch: [UInt8] = []
    /// Elements of the open arrays and values of the open objects' members.
    var values: UnsafeStack<JSONValue>
    /// Keys of the open objects' members; ``values`` holds as many of their values, or one
    /// fewer while a member's value is being read.
    var keys: UnsafeStack<String>
    /// Whether errors carry their line, column and source line. Finding the line scans the
    /// input from its start, so a caller that only needs to know that (and where) a run of
    /// elements stopped turns it off (``JSONParser/parseElements(_:from:afterElement:limit:isComplete:options:pool:)``).
    var locatesErrors = true
    /// Long keys already seen, to reuse their `String`s.
    var keyCache = KeyCache()
    /// Key sequences of closed objects: objects of one shape share one keys array, and their keys
    /// are read by comparing bytes.
    var keyArrays = KeyArrayCache()
    /// The keys of open objects too large for a linear duplicate check, by ``Frame/keyStart``.
    var largeObjectKeys: [Int: Set<String>] = [:]
    /// String values of earlier parses to share, when the caller keeps a pool.
    let pool: JSONParser.StringPool?

    /// One open array or object.
    struct Frame {
      var isObject: Bool
      /// Where this container's elements (or members' values) start on ``values``.
      var start: Int
      /// Where an object's keys start on ``keys``.
      var keyStart: Int
      /// For an object: how many of its first keys were read as those of the key sequence
      /// kept for its depth (``KeyArrayCache``), without pushing them on ``keys``; -1 once a key
      /// differs, and from then on all its keys are on ``keys``.
      var matched = -1
      /// For an object: its nesting depth (0 for the outermost), the cache's slot.
      var depth = 0
    }

    /// A reader of `buffer`; `enclosing` containers around what it reads count towards the
    /// nesting limit (1 for the elements of an array read without it).
    init(
      buffer: UnsafeBufferPointer<UInt8>, options: Options, pool: JSONParser.StringPool?, enclosing: Int = 0
    ) {
      self.buffer = buffer
      self.options = options
      self.pool = pool
      maxDepth = options.maxDepth - enclosing
      maxStringBytes = options.maxStringBytes
      buildsInlineStrings = InlineString.isAvailable
      values = UnsafeStack(capacity: 64)
      keys = UnsafeStack(capacity: 64)
    }

    mutating func deallocate() {
      values.deallocate()
      keys.deallocate()
    }

    @inline(__always) var count: Int { buffer.count }

    // Never inlined: keeps the message building out of the hot paths that throw.
    @inline(never)
    func error(_ code: JSONError.Code, _ message: String, at offset: Int? = nil) -> JSONError {
      guard locatesErrors else {
        return JSONError(
          code: code, message: message, offset: min(offset ?? position, buffer.count), line: 0, column: 0,
          sourceLine: "", file: options.file)
      }
      return JSONError.located(
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
          "the input starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; "
            + "save the file as UTF-8 without a BOM", at: 0)
      }
      if let encoding = otherEncoding() {
        throw error(
          .invalidUTF8,
          "the input is \(encoding), not UTF-8; JSON must be UTF-8: convert it "
            + "(e.g. iconv -f \(encoding.prefix { $0 != " " }) -t UTF-8)", at: 0)
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
      var current = Frame(isObject: false, start: 0, keyStart: 0)
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
            current = Frame(
              isObject: true, start: values.count, keyStart: keys.count,
              matched: depth < KeyArrayCache.depths ? 0 : -1, depth: depth)
            depth += 1
            try readKey(&current)
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
            current = Frame(isObject: false, start: values.count, keyStart: keys.count)
            depth += 1
            continue readValue
          }
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        case UInt8(ascii: "t"):
          try expectLiteral("true", word: 0x6575_7274)
          value = .bool(true)
        case UInt8(ascii: "f"):
          try expectLiteral("false", word: 0x736C_6166)
          value = .bool(false)
        case UInt8(ascii: "n"):
          try expectLiteral("null", word: 0x6C6C_756E)
          value = .null
        default: throw unexpectedValueStart()
        }

        // A value is complete: add it to its container, closing containers that end here.
        while depth > 0 {
          values.push(consume value)
          skipWhitespace()
          if current.isObject {
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
              try readKey(&current)
              continue readValue
            } else if byte == UInt8(ascii: "}") {
              position += 1
              let closed = current
              depth -= 1
              if depth > 0 { current = frames.removeLast() }
              if !largeObjectKeys.isEmpty { largeObjectKeys[closed.keyStart] = nil }
              value = .object(popObject(closed))
            } else {
              throw error(
                .expectedCommaOrBrace,
                "expected ',' or '}' after an object member" + commentHint(at: position))
            }
          } else {
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

    /// Moves the keys and values of the object `frame` off the stacks into an object, whose
    /// keys are the kept ones of its depth when they are the same (``KeyArrayCache``).
    @inline(__always) mutating func popObject(_ frame: Frame) -> JSONObject {
      let values = values.popArray(from: frame.start)
      if frame.matched >= 0, let shape = keyArrays.shape(at: frame.depth) {
        if frame.matched == shape.count {
          keyArrays.noteHit()
          return JSONObject(uniqueKeys: shape.keys, values: values)
        }
        // The object ended after a part of the sequence.
        keyArrays.noteMiss()
        let objectKeys = Array(shape.keys[..<frame.matched])
        keyArrays.insert(objectKeys, depth: frame.depth)
        return JSONObject(uniqueKeys: objectKeys, values: values)
      }
      let n = keys.count - frame.keyStart
      let keyBase = keys.base + frame.keyStart
      if let shared = keyArrays.match(keyBase, count: n, depth: frame.depth) {
        // Released one by one: `deinitialize(count:)` goes through the runtime's generic
        // `swift_arrayDestroy` (callgrind: about 250 instructions an item of the benchmark).
        for i in 0..<n { _ = (keyBase + i).move() }
        keys.forgetMoved(from: frame.keyStart)
        return JSONObject(uniqueKeys: shared, values: values)
      }
      let objectKeys = keys.popArray(from: frame.keyStart)
      keyArrays.insert(objectKeys, depth: frame.depth)
      return JSONObject(uniqueKeys: objectKeys, values: values)
    }

    @inline(__always) mutating func checkDepth(_ openContainers: Int) throws(JSONError) {
      if openContainers >= maxDepth {
        throw error(
          .nestingTooDeep,
          "arrays and objects nest deeper than the limit of \(options.maxDepth); "
            + "flatten the document or raise JSONParser.Options.maxDepth")
      }
    }

    /// Reads `"key" :` at the cursor for the object `frame`: as the next key of the sequence
    /// kept for its depth when the input spells that key, else as a new string, pushed after
    /// rejecting a key the object already has.
    @inline(__always) mutating func readKey(_ frame: inout Frame) throws(JSONError) {
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended inside an object; expected a key")
      }
      guard buffer[position] == UInt8(ascii: "\"") else {
        throw error(
          .expectedKey, "expected a string key in double quotes" + commentHint(at: position))
      }
      if frame.matched >= 0 {
        if let shape = keyArrays.shape(at: frame.depth) {
          if frame.matched < shape.count,
            let length = shape.spelledLength(ofKey: frame.matched, in: buffer, quote: position)
          {
            // The next key of the sequence, unique because the sequence's keys are.
            position += 1 + length
            try readColon(after: shape.keys[frame.matched])
            frame.matched += 1
            return
          }
          // Another key: the keys read so far go on the stack, and reading goes on as usual.
          for i in 0..<frame.matched { keys.push(shape.keys[i]) }
        }
        frame.matched = -1
      }
      let keyStart = frame.keyStart
      let keyPosition = position
      let (key, length) = try parseKey()
      if keys.count > keyStart {
        try checkUnique(key, length: length, keyStart: keyStart, at: keyPosition)
      }
      try readColon(after: key)
      keys.push(key)
    }

    /// Reads the `:` after `key` (and the whitespace before it).
    @inline(__always) mutating func readColon(after key: String) throws(JSONError) {
      skipWhitespace()
      guard position < count else {
        throw error(.unexpectedEnd, "the input ended after a key; expected ':'")
      }
      guard buffer[position] == UInt8(ascii: ":") else {
        throw error(.expectedColon, "expected ':' after the key \"\(key)\"")
      }
      position += 1
    }

    /// Rejects `key` (`length` bytes of UTF-8) if the object whose keys start at `keyStart`
    /// already has it.
    ///
    /// Keys are compared by their UTF-8 bytes, as JSON defines them (Swift's `==` would also
    /// equate canonically equivalent spellings such as "é" and "e\u{301}"). Keys of up to 15
    /// bytes are small strings, equal exactly when their two words are.
    @inline(__always) mutating func checkUnique(
      _ key: String, length: Int, keyStart: Int, at keyPosition: Int
    ) throws(JSONError) {
      var duplicate = false
      if keys.count - keyStart < 16 {
        if length <= InlineString.capacity, buildsInlineStrings {
          let bits = InlineString.bits(key)
          var i = keyStart
          while i < keys.count {
            if InlineString.bits(keys.base[i]) == bits {
              duplicate = true
              break
            }
            i += 1
          }
        } else {
          var i = keyStart
          while i < keys.count {
            if JSONObject.sameKey(keys.base[i], key) {
              duplicate = true
              break
            }
            i += 1
          }
        }
      } else {
        var set =
          largeObjectKeys.removeValue(forKey: keyStart)
          ?? Set((keyStart..<keys.count).map { keys.base[$0] })
        duplicate = !set.insert(key).inserted
        largeObjectKeys[keyStart] = set
      }
      if duplicate {
        throw error(
          .duplicateKey,
          "the key \"\(key)\" appears twice in one object; keep only one of them", at: keyPosition)
      }
    }

    /// Reads `literal` at the cursor; `word` is its first four bytes as a little-endian word.
    @inline(__always) mutating func expectLiteral(_ literal: StaticString, word: UInt32)
      throws(JSONError)
    {
      let length = literal.utf8CodeUnitCount
      if position + length <= count {
        let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + position)
        if UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) == word,
          length == 4 || raw.load(fromByteOffset: 4, as: UInt8.self) == UInt8(ascii: "e")
        {
          position += length
          return
        }
      }
      try expectLiteral(literal)
    }

    @inline(never)
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
