extension Schema {
  /// The schema itself when it is valid; otherwise an error listing every problem (F4).
  ///
  /// Checks: entity names are safe folder names (`^[A-Za-z][A-Za-z0-9_-]{0,63}$`, not a reserved
  /// device name, unique even ignoring case); every entity declares at least one identifier
  /// (D28) naming a required `int` or `string` attribute, unless it is owned (an entity with
  /// one reaches it through relationships; those do not deny deletion, and to-many ones are
  /// ordered); attribute and relationship names are
  /// unique within their entity; relationship targets exist and inverses point back; no two
  /// members read the same key path; no arrays of arrays; defaults coerce; date forms do not
  /// conflict; default sort keys and rule fields name attributes; custom rules have closures.
  ///
  /// ```swift
  /// let schema = Schema(entities: [
  ///   Entity(name: "Employee", identifiers: [], attributes: [Attribute(name: "id", type: .int)])
  /// ])
  /// do { _ = try schema.validated() } catch { print(error) }
  /// // Employee: entity 'Employee' declares no identifier and no entity with one owns it
  /// // through a relationship; add Identifier("id") naming an int or string attribute, or nest
  /// // it under a parent's ToOne/ToMany to make it owned (D28) [missingIdentifier]
  /// ```
  ///
  /// - Returns: `self`, unchanged.
  /// - Throws: ``SchemaError`` with code ``SchemaError/Code/invalidSchema`` and one problem per
  ///   broken rule. Nothing is written anywhere.
  /// - Complexity: O(*n* log *n*) in the number of entities and members.
  public func validated() throws(SchemaError) -> Schema {
    let problems = validationProblems()
    guard problems.isEmpty else { throw SchemaError(code: .invalidSchema, problems: problems) }
    return self
  }

  /// Every problem ``validated()`` would report, in declaration order; empty when valid.
  ///
  /// - Complexity: O(*n* log *n*) in the number of entities and members.
  public func validationProblems() -> [SchemaError.Problem] {
    var checker = SchemaChecker(schema: self)
    checker.checkDateFormats(dateFormats, entity: nil, member: nil)
    checker.checkEntityNames()
    for entity in entities { checker.check(entity) }
    return checker.problems
  }
}

/// Runs the schema rules and collects problems.
struct SchemaChecker {
  let schema: Schema
  var problems: [SchemaError.Problem] = []
  let entitiesByName: [String: Entity]

  static let reservedNames: Set<String> = {
    var names: Set<String> = ["con", "prn", "aux", "nul"]
    for i in 1...9 {
      names.insert("com\(i)")
      names.insert("lpt\(i)")
    }
    return names
  }()

  init(schema: Schema) {
    self.schema = schema
    var byName: [String: Entity] = [:]
    for entity in schema.entities where byName[entity.name] == nil { byName[entity.name] = entity }
    entitiesByName = byName
  }

  mutating func add(
    _ code: SchemaError.Code, _ message: String, entity: String? = nil, member: String? = nil
  ) {
    problems.append(SchemaError.Problem(code: code, message: message, entity: entity, member: member))
  }

  mutating func checkEntityNames() {
    var seen: [String: String] = [:]
    for entity in schema.entities {
      let name = entity.name
      if !Self.isSafeFolderName(name) {
        add(
          .invalidName,
          "entity name '\(name)' is not a safe folder name; use 1–64 letters, digits, '_' or '-', starting with a letter",
          entity: name)
      } else if Self.reservedNames.contains(name.lowercased()) {
        add(.invalidName, "entity name '\(name)' is reserved on some file systems; rename it", entity: name)
      }
      let folded = name.lowercased()
      if let first = seen[folded] {
        let detail = first == name ? "is declared twice" : "and '\(first)' differ only in case"
        add(
          .duplicateName,
          "entity '\(name)' \(detail); entity names must be unique, ignoring case, because each names a folder",
          entity: name)
      } else {
        seen[folded] = name
      }
    }
  }

  static func isSafeFolderName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64, isLetter(first) else { return false }
    return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
