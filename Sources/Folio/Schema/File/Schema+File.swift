import Foundation

extension Schema {
  /// Decodes and validates a schema file (F5); the result equals the value the same schema
  /// written in the DSL builds.
  ///
  /// ```swift
  /// let text = #"{"folioSchema": 1, "entities": [{"name": "Tag", "identifiers": ["id"],"#
  ///   + #" "attributes": [{"name": "id", "type": "int"}]}]}"#
  /// let schema = try Schema(fileBytes: Array(text.utf8))
  /// schema.entities[0].name   // "Tag"
  /// ```
  ///
  /// - Parameters:
  ///   - fileBytes: UTF-8 JSON text in the format of Documentation/DefiningASchema.md.
  ///   - customRules: The closures of custom rules the file names (`{"custom": "name"}`).
  ///   - file: The file name used in error messages.
  /// - Throws: ``SchemaError``: code ``SchemaError/Code/invalidFile`` for malformed JSON (one
  ///   ``SchemaError/Code/syntax`` problem with line and column) or members of the wrong shape
  ///   (every problem, each with its JSON pointer, line and column); code
  ///   ``SchemaError/Code/invalidSchema`` when the decoded schema breaks a rule of
  ///   ``validated()``. Nothing is written.
  /// - Complexity: O(*n*) in the size of the file.
  public init(fileBytes: [UInt8], customRules: CustomRules = .none, file: String? = nil)
    throws(SchemaError)
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(fileBytes, options: JSONParser.Options(maxDepth: 64, file: file))
    } catch {
      throw SchemaError(
        code: .invalidFile,
        problems: [
          SchemaError.Problem(
            code: .syntax, message: "\(error.message) [\(error.code)]", line: error.line,
            column: error.column)
        ], file: file)
    }
    var decoder = SchemaFileDecoder(rules: customRules)
    let schema = decoder.schema(value)
    if !decoder.problems.isEmpty {
      throw SchemaError(
        code: .invalidFile, problems: Self.locate(decoder.problems, in: fileBytes), file: file)
    }
    let problems = schema.validationProblems().map { problem in
      var problem = problem
      problem.pointer = schema.pointer(entity: problem.entity, member: problem.member)
      return problem
    }
    if !problems.isEmpty {
      throw SchemaError(code: .invalidSchema, problems: Self.locate(problems, in: fileBytes), file: file)
    }
    self = schema
  }

  /// Reads, decodes and validates the schema file at `path`.
  ///
  /// ```swift
  /// let schema = try Schema.load(contentsOf: "Fixtures/schemas/item.json")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - customRules: The closures of custom rules the file names.
  /// - Returns: The validated schema.
  /// - Throws: ``SchemaError`` as ``init(fileBytes:customRules:file:)`` does, or code
  ///   ``SchemaError/Code/invalidFile`` with a ``SchemaError/Code/unreadableFile`` problem when
  ///   the file cannot be read. Nothing is written.
  public static func load(contentsOf path: String, customRules: CustomRules = .none)
    throws(SchemaError) -> Schema
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      let problem = SchemaError.Problem(
        code: .unreadableFile,
        message: "cannot read the schema file; check that it exists and is readable")
      throw SchemaError(code: .invalidFile, problems: [problem], file: path)
    }
    return try Schema(fileBytes: [UInt8](data), customRules: customRules, file: path)
  }

  /// The JSON pointer of an entity or member, for locating validation problems in a file.
  func pointer(entity: String?, member: String?) -> String? {
    guard let entity, let e = entities.firstIndex(where: { $0.name == entity }) else { return nil }
    guard let member else { return "/entities/\(e)" }
    if let a = entities[e].attributes.firstIndex(where: { $0.name == member }) {
      return "/entities/\(e)/attributes/\(a)"
    }
    if let r = entities[e].relationships.firstIndex(where: { $0.name == member }) {
      return "/entities/\(e)/relationships/\(r)"
    }
    return "/entities/\(e)"
  }

  private static func locate(_ problems: [SchemaError.Problem], in bytes: [UInt8])
    -> [SchemaError.Problem]
  {
    problems.map { problem in
      var problem = problem
      if let pointer = problem.pointer,
        let location = (try? JSONPointer(parsing: pointer))?.location(in: bytes)
      {
        problem.line = location.line
        problem.column = location.column
      }
      return problem
    }
  }
}
