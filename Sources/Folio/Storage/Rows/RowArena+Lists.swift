/// Lists in the arena: the elements of a list column one after another (``RowArena``).
extension RowArena {
  /// Appends the elements of a list of `column` and returns their reference, or `nil`
  /// (appending nothing) when an element has no exact encoding of the column's element kind or
  /// the list is too long.
  ///
  /// - Complexity: O(*n*) in the size of the elements.
  mutating func appendList(_ elements: [JSONValue], of column: RowColumn) -> UInt64? {
    guard let element = column.element, element.isListElement else { return nil }
    let cases = column.cases
    return append { bytes in
      for value in elements {
        if element.isWordElement {
          guard let word = RowEncoding.word(value, kind: element, cases: cases) else {
            return false
          }
          RowArena.appendWord(word, to: &bytes)
          continue
        }
        guard case .string(let text) = value else { return false }
        if element == .uuid {
          guard let uuid = RowEncoding.uuidBytes(text) else { return false }
          bytes.append(contentsOf: uuid)
        } else if !RowArena.appendCounted(text, to: &bytes) {
          return false
        }
      }
      return true
    }
  }

  /// The elements of the list of `column` that `reference` names (the inverse of
  /// ``appendList(_:of:)``).
  ///
  /// - Complexity: O(*n*) in the size of the elements.
  func list(_ reference: UInt64, of column: RowColumn) -> [JSONValue] {
    guard let element = column.element else { return [] }
    return withBytes(reference) { b in
      var elements: [JSONValue] = []
      var offset = 0
      if element.isWordElement {
        elements.reserveCapacity(b.count / 8)
        while offset + 8 <= b.count {
          let word = RowArena.word(at: offset, in: b)
          elements.append(RowEncoding.value(word: word, kind: element, cases: column.cases))
          offset += 8
        }
      } else if element == .uuid {
        elements.reserveCapacity(b.count / 16)
        while offset + 16 <= b.count {
          elements.append(
            .string(RowEncoding.uuidText(UnsafeRawBufferPointer(rebasing: b[offset..<offset + 16])))
          )
          offset += 16
        }
      } else {
        // Counted first: grown from empty, a list of a few strings was reallocated at each.
        var count = 0
        while offset + 4 <= b.count {
          offset += 4 + RowArena.length(at: offset, in: b)
          count += 1
        }
        elements.reserveCapacity(count)
        offset = 0
        while offset + 4 <= b.count {
          let length = RowArena.length(at: offset, in: b)
          elements.append(.string(RowArena.string(at: offset + 4, length: length, in: b)))
          offset += 4 + length
        }
      }
      return elements
    }
  }

  /// Whether the list `a` names here equals the list `b` names in `other`, as their decoded
  /// arrays compare: by bytes, except doubles, which compare as numbers (`0.0 == -0.0`, NaN
  /// equal to nothing).
  func sameList(_ a: UInt64, as other: RowArena, _ b: UInt64, element: RowColumn.Kind?) -> Bool {
    guard element == .double else { return sameBytes(a, as: other, b) }
    guard RowArena.length(a) == RowArena.length(b) else { return false }
    return withBytes(a) { x in
      other.withBytes(b) { y in
        var offset = 0
        while offset + 8 <= x.count {
          let u = Double(bitPattern: RowArena.word(at: offset, in: x))
          let v = Double(bitPattern: RowArena.word(at: offset, in: y))
          if u != v { return false }
          offset += 8
        }
        return true
      }
    }
  }
}
