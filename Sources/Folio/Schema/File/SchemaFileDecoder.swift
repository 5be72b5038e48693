/// Decodes the schema-file JSON form into a `Schema`, collecting every problem with its JSON
/// pointer instead of stopping at the first.
struct SchemaFileDecoder {
  let rules: CustomRules
  var problems: [SchemaError.Problem] = []

  init(rules: CustomRules) { self.rules = rules }

  mutating func problem(_ code: SchemaError.Code, _ message: String, at pointer: String) {
    problems.append(SchemaError.Problem(code: code, message: message, pointer: pointer))
  }

  static func pointer(_ base: String, _ key: String) -> String {
    base + "/" + key.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
  }

  // MARK: Schema

  mutating func schema(_ value: JSONValue) -> Schema {
    let keys: Set<String> = [
      "folioSchema", "keyConvention", "keyFallback", "dateFormats", "entities", StoreFormat.member,
    ]
    guard let o = object(value, at: "", keys: keys, what: "a schema object") else {
      return Schema(entities: [])
    }
    if let version = o["folioSchema"], version != .int(Schema.fileFormatVersion) {
      problem(
        .invalidValue,
        "unsupported schema file format \(JSONWriter.string(version)); this version of Folio reads \"folioSchema\": 1",
        at: "/folioSchema")
    }
    var schema = Schema(entities: [])
    if let text = string(o, "keyConvention", at: "") {
      if let convention = KeyConvention(rawValue: text) {
        schema.keyConvention = convention
      } else {
        problem(.invalidValue, "unknown key convention \"\(text)\"; use \"exact\" or \"snakeCase\"", at: "/keyConvention")
      }
    }
    if let fallback = bool(o, "keyFallback", at: "") { schema.keyFallback = fallback }
    if let formats = o["dateFormats"] {
      schema.dateFormats = dateFormats(formats, at: "/dateFormats")
    }
    guard let list = array(o, "entities", at: "", required: true) else { return schema }
    for (i, item) in list.enumerated() {
      if let entity = entity(item, at: "/entities/\(i)") { schema.entities.append(entity) }
    }
    return schema
  }

  mutating func dateFormats(_ value: JSONValue, at p: String) -> DateFormats {
    guard case .array(let names) = value else {
      problem(.invalidValue, "expected an array of date form names such as [\"dateOnly\"], found \(value.kindName)", at: p)
      return .strict
    }
    var formats = DateFormats.strict
    for (i, name) in names.enumerated() {
      if let name = name.stringValue, let form = DateFormats.fileNames.first(where: { $0.0 == name }) {
        formats.insert(form.1)
      } else {
        let known = DateFormats.fileNames.map { "\"\($0.0)\"" }.joined(separator: ", ")
        problem(.invalidValue, "unknown date form \(JSONWriter.string(name)); use one of \(known)", at: "\(p)/\(i)")
      }
    }
    return formats
  }

  // MARK: Generic members

  mutating func object(_ value: JSONValue, at p: String, keys: Set<String>, what: String) -> JSONObject? {
    guard case .object(let o) = value else {
      problem(.invalidValue, "expected \(what), found \(value.kindName)", at: p)
      return nil
    }
    for key in o.keys where !keys.contains(key) {
      let known = keys.sorted().joined(separator: ", ")
      problem(.invalidValue, "unknown member \"\(key)\"; expected one of: \(known)", at: Self.pointer(p, key))
    }
    return o
  }

  mutating func string(_ o: JSONObject, _ key: String, at p: String, required: Bool = false) -> String? {
    guard let value = o[key] else {
      if required { problem(.invalidValue, "missing required member \"\(key)\" (a string)", at: p) }
      return nil
    }
    guard case .string(let s) = value else {
      problem(.invalidValue, "expected a string, found \(value.kindName)", at: Self.pointer(p, key))
      return nil
    }
    return s
  }

  mutating func bool(_ o: JSONObject, _ key: String, at p: String) -> Bool? {
    guard let value = o[key] else { return nil }
    guard case .bool(let b) = value else {
      problem(.invalidValue, "expected true or false, found \(value.kindName)", at: Self.pointer(p, key))
      return nil
    }
    return b
  }

  mutating func number(_ o: JSONObject, _ key: String, at p: String) -> Double? {
    guard let value = o[key] else {
      problem(.invalidValue, "missing required member \"\(key)\" (a number)", at: p)
      return nil
    }
    guard let d = value.doubleValue else {
      problem(.invalidValue, "expected a number, found \(value.kindName)", at: Self.pointer(p, key))
      return nil
    }
    return d
  }

  mutating func array(_ o: JSONObject, _ key: String, at p: String, required: Bool = false) -> [JSONValue]? {
    guard let value = o[key] else {
      if required { problem(.invalidValue, "missing required member \"\(key)\" (an array)", at: p) }
      return nil
    }
    guard case .array(let a) = value else {
      problem(.invalidValue, "expected an array, found \(value.kindName)", at: Self.pointer(p, key))
      return nil
    }
    return a
  }

  mutating func strings(_ o: JSONObject, _ key: String, at p: String, required: Bool = false) -> [String] {
    guard let list = array(o, key, at: p, required: required) else { return [] }
    var result: [String] = []
    for (i, item) in list.enumerated() {
      if let s = item.stringValue {
        result.append(s)
      } else {
        problem(.invalidValue, "expected a string, found \(item.kindName)", at: "\(Self.pointer(p, key))/\(i)")
      }
    }
    return result
  }
}

extension String {
  /// `self` with every `target` replaced by `replacement` (no Foundation needed).
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    guard contains(target) else { return self }
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
