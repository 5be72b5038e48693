// `CodableJSON` itself is declared once, in Schema/File/Schema+Codable.swift (the schema and
// sync branches each brought one; this file keeps only what the sync reports add).

extension CodableJSON {
  /// The value, or `nil` for JSON `null`.
  var nonNull: JSONValue? { value.isNull ? nil : value }
}
