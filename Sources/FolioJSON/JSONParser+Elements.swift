extension JSONParser {
  /// Why a run of a top-level array's elements (``parseElements(_:from:afterElement:limit:isComplete:options:pool:)``) stopped.
  package enum ElementStop: Equatable, Sendable {
    /// It read `limit` elements; more may follow.
    case full
    /// It read the array's closing bracket (only whitespace may follow; the caller checks).
    case closed
    /// The bytes end before the next element does: call again with more of them, from `end`.
    case needsMore
    /// Not a well-formed array here: the caller reads the document the ordinary way, which
    /// reports the problem with its location.
    case malformed
  }

  /// The elements a run read, where it stopped and why.
  package struct ElementRun {
    /// The elements read, in order.
    package var elements: [JSONValue] = []
    /// The offset after the last element read (before its separator), or after the closing
    /// bracket for ``ElementStop/closed``: where the next run starts.
    package var end: Int
    package var stop: ElementStop
  }

  /// Reads up to `limit` elements of a top-level array from `buffer`, starting at `start`: just
  /// after the array's `[` (`afterElement` false) or just after an element (`afterElement`
  /// true, so a `,` or the `]` comes first).
  ///
  /// Each element is read exactly as ``parse(_:options:)`` reads it inside the array (the array
  /// counts towards ``Options/maxDepth``), so a sync can read a payload's items straight from
  /// its bytes instead of delimiting them first and parsing a copy. Any problem is
  /// ``ElementStop/malformed`` without a location: callers parse the whole document to report it.
  ///
  /// - Parameters:
  ///   - isComplete: Whether `buffer` ends where the document ends. When it does not, an element
  ///     that reaches the end of `buffer` (a number may go on), or that fails within a few bytes
  ///     of it (a cut string, literal or escape), stops the run with ``ElementStop/needsMore``.
  /// - Complexity: O(*b*) in the bytes read.
  package static func parseElements(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, afterElement: Bool, limit: Int,
    isComplete: Bool, options: Options, pool: StringPool?
  ) -> ElementRun {
    var reader = Reader(buffer: buffer, options: options, pool: pool, enclosing: 1)
    defer { reader.deallocate() }
    reader.locatesErrors = false
    reader.position = start
    return reader.parseElements(afterElement: afterElement, limit: limit, isComplete: isComplete)
  }

  /// How close to the end of an incomplete buffer an element's error must be to count as the
  /// buffer cutting it (the longest cut token: a `\uXXXX` escape, a four-byte UTF-8 character,
  /// `false`, with room to spare).
  package static let cutMargin = 16
}

extension JSONParser.Reader {
  /// Reads elements of an array as ``JSONParser/parseElements(_:from:afterElement:limit:isComplete:options:pool:)``.
  mutating func parseElements(afterElement: Bool, limit: Int, isComplete: Bool) -> JSONParser.ElementRun {
    var run = JSONParser.ElementRun(end: position, stop: .full)
    run.elements.reserveCapacity(Swift.min(limit, 1024))
    var afterAnElement = afterElement
    while run.elements.count < limit {
      skipWhitespace()
      guard position < count else {
        run.stop = isComplete ? .malformed : .needsMore
        return run
      }
      let byte = buffer[position]
      // `]` closes the array right after `[` or after an element; after a comma it is the
      // value's error below.
      if byte == UInt8(ascii: "]") {
        position += 1
        run.end = position
        run.stop = .closed
        return run
      }
      if afterAnElement {
        guard byte == UInt8(ascii: ",") else {
          run.stop = .malformed
          return run
        }
        position += 1
      }
      do {
        let element = try parseValues()
        if position == count, !isComplete {
          // A number here may go on in the bytes that follow.
          run.stop = .needsMore
          return run
        }
        run.elements.append(element)
        run.end = position
        afterAnElement = true
      } catch {
        run.stop = !isComplete && error.offset + JSONParser.cutMargin >= count ? .needsMore : .malformed
        return run
      }
    }
    return run
  }
}
