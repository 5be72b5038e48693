extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
  /// The value's compact canonical JSON text, as ``JSONWriter`` writes it: a string in quotes,
  /// object keys sorted, no whitespace.
  ///
  /// `print` and string interpolation show this text, and so does `print` of an optional value
  /// (through ``debugDescription``), which reads as Swift's own `Optional("…")` for a string:
  ///
  /// ```swift
  /// let value: JSONValue = ["name": "Ada", "tags": ["a", "b"], "id": 7]
  /// print(value)            // {"id":7,"name":"Ada","tags":["a","b"]}
  /// print(value["name"])    // Optional("Ada")
  /// print(value["id"])      // Optional(7)
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the text.
  public var description: String { JSONWriter.string(self) }

  /// The same compact canonical JSON text as ``description``, so a value reads as JSON in
  /// collections, optionals and the debugger too (`["a",1]` rather than enum cases).
  ///
  /// - Complexity: O(*n*) in the size of the text.
  public var debugDescription: String { JSONWriter.string(self) }
}
