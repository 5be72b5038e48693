extension JSONScanner {
  /// Reads the `{` of an object; then call ``nextKey()`` until it returns `nil`, reading each
  /// key's value in between.
  ///
  /// - Throws: ``JSONError/Code/nestingTooDeep`` beyond ``JSONParser/Options/maxDepth``.
  @inline(__always)
  package mutating func beginObject() throws(JSONError) {
    guard try valueStart() == UInt8(ascii: "{") else { wrongKind("beginObject()") }
    try reader.checkDepth(depth)
    open(isObject: true)
  }

  /// Reads the `[` of an array; then call ``nextElement()`` before each element until it
  /// returns `false`.
  ///
  /// - Throws: ``JSONError/Code/nestingTooDeep`` beyond ``JSONParser/Options/maxDepth``.
  @inline(__always)
  package mutating func beginArray() throws(JSONError) {
    guard try valueStart() == UInt8(ascii: "[") else { wrongKind("beginArray()") }
    try reader.checkDepth(depth)
    open(isObject: false)
  }

  /// Reads the next key of the innermost object, with the `,` before it and the `:` after it,
  /// or its closing `}`.
  ///
  /// The key's bytes are valid until the next call on the scanner. A key the object already
  /// has (byte for byte, after decoding escapes) is an error, as in ``JSONParser``.
  ///
  /// ```swift
  /// while let key = try scanner.nextKey() {  // for {"a": 1}: "a", then nil
  ///   try scanner.skipValue()
  /// }
  /// ```
  ///
  /// - Returns: the key, whose value the caller reads next; `nil` after the closing `}`.
  /// - Throws: ``JSONError`` for a missing `,`, `}`, `:` or key, a trailing comma, a malformed
  ///   key, or a duplicate key (at the duplicate's opening quote).
  @inline(__always)
  package mutating func nextKey() throws(JSONError) -> Key? {
    precondition(depth > 0 && top.isObject, "JSONScanner.nextKey() outside an object")
    guard try advanceToNextMember(closing: UInt8(ascii: "}")) else { return nil }
    return try readKey()
  }

  /// Moves to the next element of the innermost array, past the `,` before it, or past its
  /// closing `]`.
  ///
  /// - Returns: `true` when an element follows, which the caller reads next; `false` after
  ///   the closing `]`.
  /// - Throws: ``JSONError`` for a missing `,` or `]`, or a trailing comma.
  @inline(__always)
  package mutating func nextElement() throws(JSONError) -> Bool {
    precondition(depth > 0 && !top.isObject, "JSONScanner.nextElement() outside an array")
    return try advanceToNextMember(closing: UInt8(ascii: "]"))
  }

  /// Moves past the `,` before the innermost container's next member (an object's member or an
  /// array's element), or past its `closing` bracket, which closes it.
  ///
  /// - Returns: `true` when a member follows; `false` after the closing bracket.
  /// - Throws: ``JSONError`` for a missing `,` or closing bracket, or a trailing comma, with the
  ///   parser's codes and messages.
  @inline(__always)
  mutating func advanceToNextMember(closing: UInt8) throws(JSONError) -> Bool {
    let isObject = closing == UInt8(ascii: "}")
    reader.skipWhitespace()
    guard top.hasMembers else {
      if reader.position < reader.count, reader.buffer[reader.position] == closing {
        reader.position += 1
        close()
        return false
      }
      top.hasMembers = true
      return true
    }
    guard reader.position < reader.count else {
      throw reader.error(
        .unexpectedEnd,
        isObject
          ? "the input ended inside an object; expected ',' or '}'"
          : "the input ended inside an array; expected ',' or ']'")
    }
    let byte = reader.buffer[reader.position]
    if byte == UInt8(ascii: ",") {
      let comma = reader.position
      reader.position += 1
      reader.skipWhitespace()
      if reader.position < reader.count, reader.buffer[reader.position] == closing {
        throw reader.error(
          .trailingComma,
          isObject
            ? "a trailing comma is not allowed before '}'; remove it"
            : "a trailing comma is not allowed before ']'; remove it", at: comma)
      }
      return true
    }
    if byte == closing {
      reader.position += 1
      close()
      return false
    }
    throw isObject
      ? reader.error(
        .expectedCommaOrBrace,
        "expected ',' or '}' after an object member" + reader.commentHint(at: reader.position))
      : reader.error(
        .expectedCommaOrBracket,
        "expected ',' or ']' after an array element" + reader.commentHint(at: reader.position))
  }

  /// Puts the cursor at `offset`, the start of an element of a top-level array whose other
  /// elements are read elsewhere (a payload's items, read one by one from a window of its
  /// bytes), as if the array were open around it: the element counts the array towards
  /// ``JSONParser/Options/maxDepth`` as a whole parse counts it. Whatever the scanner had open
  /// is forgotten, so it may be called after the caller stopped reading an element half-way.
  ///
  /// Read the element, then stop: the array's `,` and `]` are the caller's to read.
  package mutating func resume(atElement offset: Int) {
    started = true
    reader.position = offset
    parents.forgetMoved(from: 0)
    keys.forgetMoved(from: 0)
    keyBytes.truncate(to: 0)
    if !largeObjectHashes.isEmpty { largeObjectHashes = [:] }
    depth = 1
    top = Frame(isObject: false, hasMembers: true)
  }

  /// Puts the cursor at `offset`, before a value of the innermost container, for a caller that
  /// read the bytes before it itself (and checked them as the scanner would). The containers
  /// open stay as they are.
  package mutating func move(to offset: Int) {
    reader.position = offset
  }

  /// Whether errors carry their line, column and source line (finding them reads the input
  /// from its start). Off for a reader of a window of a longer text, whose errors only say
  /// where reading stopped: the text is read again the ordinary way to report them.
  package var locatesErrors: Bool {
    get { reader.locatesErrors }
    set { reader.locatesErrors = newValue }
  }

  /// Opens the container whose bracket is at the cursor.
  @inline(__always)
  mutating func open(isObject: Bool) {
    reader.position += 1
    if depth > 0 { parents.push(top) }
    top = Frame(isObject: isObject, keyStart: keys.count, keyByteStart: keyBytes.count)
    depth += 1
  }

  /// Closes the innermost container, whose closing bracket has been read.
  @inline(__always)
  mutating func close() {
    if top.isObject {
      keys.forgetMoved(from: top.keyStart)
      keyBytes.truncate(to: top.keyByteStart)
      if !largeObjectHashes.isEmpty { largeObjectHashes[depth] = nil }
    }
    depth -= 1
    if depth > 0 { top = parents.removeLast() }
  }
}
