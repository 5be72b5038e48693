extension Attribute {
  /// Declares a required attribute in an entity body.
  ///
  /// ```swift
  /// Attribute("id", .int)
  /// Attribute("fullName", .string, from: "user.name")   // nested key path
  /// Attribute("active", .bool, default: true)
  /// Attribute("hiredAt", .isoDate, from: "hired_at").optional()
  /// ```
  ///
  /// - Parameters:
  ///   - name: The attribute's name in records.
  ///   - type: The value type.
  ///   - key: The JSON key path to read; `nil` reads the name (and its snake_case form under
  ///     ``KeyConvention/snakeCase``).
  ///   - defaultValue: The value a new record gets when its item lacks the key.
  public init(
    _ name: String, _ type: AttributeType, from key: String? = nil, default defaultValue: JSONValue? = nil
  ) {
    self.init(name: name, type: type, key: key, defaultValue: defaultValue)
  }

  /// Makes the attribute optional: `null` clears it instead of rejecting the item (D2).
  ///
  /// - Parameter isOptional: Whether the attribute may be null.
  /// - Returns: A copy with the flag set.
  public func optional(_ isOptional: Bool = true) -> Attribute {
    var copy = self
    copy.isOptional = isOptional
    return copy
  }

  /// Reads the attribute from an explicit JSON key path such as `"user.name"`.
  ///
  /// - Parameter path: A dotted key path.
  /// - Returns: A copy with the key set.
  public func key(_ path: String) -> Attribute {
    var copy = self
    copy.key = path
    return copy
  }

  /// Gives new records this value when their item lacks the key.
  ///
  /// - Parameter value: The default; it must coerce to the attribute's type.
  /// - Returns: A copy with the default set.
  public func `default`(_ value: JSONValue) -> Attribute {
    var copy = self
    copy.defaultValue = value
    return copy
  }

  /// Accepts lenient date forms for this attribute, overriding the schema's.
  ///
  /// ```swift
  /// Attribute("birthday", .isoDate).dateFormats(.dateOnly)
  /// ```
  ///
  /// - Parameter formats: The lenient forms to accept besides strict ISO-8601.
  /// - Returns: A copy with the formats set.
  public func dateFormats(_ formats: DateFormats) -> Attribute {
    var copy = self
    copy.dateFormats = formats
    return copy
  }

  /// Reads payload values through a reversible transform, and writes them back through it on
  /// export (``ValueTransform``).
  ///
  /// ```swift
  /// Attribute("total", .double, from: "total_cents").transform(.cents)
  /// Attribute("paid", .bool).transform(.yesNo(yes: "Y", no: "N"))
  /// ```
  ///
  /// - Parameter transform: The transform.
  /// - Returns: A copy with the transform set.
  public func transform(_ transform: ValueTransform) -> Attribute {
    var copy = self
    copy.transform = transform
    return copy
  }

  /// Keeps an in-memory index of this attribute, so equality, range and prefix conditions on it
  /// and sorting by it do not read every record (see ``Index`` for composite and unique ones).
  ///
  /// ```swift
  /// Attribute("email", .string).indexed()
  /// ```
  ///
  /// - Parameter isIndexed: Whether to index the attribute.
  /// - Returns: A copy with the flag set.
  public func indexed(_ isIndexed: Bool = true) -> Attribute {
    var copy = self
    copy.isIndexed = isIndexed
    return copy
  }
}
