import Folio
import Foundation

/// A JSON Schema (draft 2020-12) validator for the keywords `Schema.jsonSchema(forFilesOf:)`
/// writes: `$ref` into `$defs`, `type`, `enum`, `pattern`, `properties`, `required`,
/// `additionalProperties: false`, `items` (a schema or `false`), `prefixItems`, `minItems`,
/// `uniqueItems`, with `Schema.fileJSONSchema`'s `oneOf`, `minLength` and `maxItems`, and the
/// annotations `$schema`, `title` and `description`. A schema with any
/// other keyword is itself reported, so the tests notice when the export writes one this
/// validator does not check.
public struct JSONSchemaCheck {
  /// The document: its `$defs` are what `$ref`s point at.
  public let document: JSONValue

  static let keywords: Set<String> = [
    "$schema", "$defs", "$ref", "title", "description", "type", "enum", "pattern", "properties",
    "required", "additionalProperties", "items", "prefixItems", "minItems", "uniqueItems", "oneOf",
    "minLength", "maxItems",
  ]

  public init(_ document: JSONValue) { self.document = document }

  /// Every way `value` breaks the document, each with the JSON pointer of the value; empty
  /// when it is valid.
  public func problems(of value: JSONValue) -> [String] {
    var problems: [String] = []
    check(value, against: document, at: "", &problems)
    return problems
  }

  private func check(_ value: JSONValue, against schema: JSONValue, at pointer: String, _ problems: inout [String]) {
    if case .bool(let allowed) = schema {
      if !allowed { problems.append("\(pointer): no value is allowed here") }
      return
    }
    guard let schema = schema.objectValue else {
      problems.append("\(pointer): the schema is not an object")
      return
    }
    for key in schema.keys where !Self.keywords.contains(key) {
      problems.append("\(pointer): the schema uses '\(key)', which this check does not know")
    }
    if let reference = schema["$ref"]?.stringValue {
      let prefix = "#/$defs/"
      guard reference.hasPrefix(prefix),
        let target = document.objectValue?["$defs"]?.objectValue?[String(reference.dropFirst(prefix.count))]
      else {
        problems.append("\(pointer): unresolved reference \(reference)")
        return
      }
      check(value, against: target, at: pointer, &problems)
    }
    if let type = schema["type"]?.stringValue, !Self.value(value, is: type) {
      problems.append("\(pointer): expected \(type), found \(JSONWriter.string(value))")
    }
    if let cases = schema["enum"]?.arrayValue, !cases.contains(value) {
      problems.append("\(pointer): \(JSONWriter.string(value)) is not one of the cases")
    }
    if let pattern = schema["pattern"]?.stringValue, let text = value.stringValue {
      let whole = NSRange(text.startIndex..., in: text)
      if (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: whole) == nil {
        problems.append("\(pointer): \(JSONWriter.string(value)) does not match \(pattern)")
      }
    }
    if let choices = schema["oneOf"]?.arrayValue {
      var matching = 0
      for choice in choices {
        var found: [String] = []
        check(value, against: choice, at: pointer, &found)
        if found.isEmpty { matching += 1 }
      }
      if matching != 1 { problems.append("\(pointer): matches \(matching) of the oneOf choices, not exactly one") }
    }
    if let minimum = schema["minLength"]?.intValue, let text = value.stringValue, text.unicodeScalars.count < minimum {
      problems.append("\(pointer): shorter than \(minimum) characters")
    }
    if let object = value.objectValue {
      let properties = schema["properties"]?.objectValue ?? [:]
      for name in schema["required"]?.arrayValue ?? [] {
        if let name = name.stringValue, object[name] == nil { problems.append("\(pointer): '\(name)' is missing") }
      }
      for member in object {
        let at = pointer + "/" + JSONPointer.escape(member.key)
        if let property = properties[member.key] {
          check(member.value, against: property, at: at, &problems)
        } else if schema["additionalProperties"] == .bool(false) {
          problems.append("\(at): no such member is allowed")
        }
      }
    }
    if let array = value.arrayValue {
      let prefix = schema["prefixItems"]?.arrayValue ?? []
      for (n, element) in array.enumerated() {
        if n < prefix.count {
          check(element, against: prefix[n], at: "\(pointer)/\(n)", &problems)
        } else if let items = schema["items"] {
          check(element, against: items, at: "\(pointer)/\(n)", &problems)
        }
      }
      if let minimum = schema["minItems"]?.intValue, array.count < minimum {
        problems.append("\(pointer): fewer than \(minimum) items")
      }
      if let maximum = schema["maxItems"]?.intValue, array.count > maximum {
        problems.append("\(pointer): more than \(maximum) items")
      }
      if schema["uniqueItems"] == .bool(true), Set(array.map { JSONWriter.string($0) }).count != array.count {
        problems.append("\(pointer): an item is given twice")
      }
    }
  }

  /// Whether `value` is of the JSON Schema `type`.
  private static func value(_ value: JSONValue, is type: String) -> Bool {
    switch (type, value) {
    case ("integer", .int), ("number", .int), ("number", .double), ("string", .string), ("boolean", .bool),
      ("array", .array), ("object", .object), ("null", .null):
      return true
    case ("integer", .double(let number)): return number.rounded() == number
    default: return false
    }
  }
}
