/// Everything wrong with a schema or a schema file, reported at once (F4).
///
/// ``description`` renders one problem per line, each with its location and code:
///
/// ```text
/// Employee.department: relationship 'department' targets unknown entity 'Dept'; declare an entity named 'Dept' or fix the target [unknownTarget]
/// Badge: entity 'Badge' declares no identifier and no entity with one owns it through a relationship; add Identifier("id") naming an int or string attribute, or nest it under a parent's ToOne/ToMany to make it owned (D28) [missingIdentifier]
/// ```
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error or problem. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier, e.g. `"unknownTarget"`.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The error's code when a schema value breaks one or more rules.
    public static let invalidSchema = Code("invalidSchema")
    /// The error's code when a schema file cannot be read or decoded.
    public static let invalidFile = Code("invalidFile")

    /// A relationship names an entity the schema does not declare.
    public static let unknownTarget = Code("unknownTarget")
    /// An entity declares no identifier and no entity with one owns it (D28).
    public static let missingIdentifier = Code("missingIdentifier")
    /// A relationship into an owned entity (one without an identifier) denies deletion, though
    /// owned records are deleted with their parent.
    public static let invalidOwnership = Code("invalidOwnership")
    /// An identifier names no attribute of its entity.
    public static let unknownIdentifier = Code("unknownIdentifier")
    /// An identifier attribute is optional.
    public static let optionalIdentifier = Code("optionalIdentifier")
    /// An identifier attribute is neither `int` nor `string`.
    public static let invalidIdentifierType = Code("invalidIdentifierType")
    /// Two entities, or two members of one entity, share a name.
    public static let duplicateName = Code("duplicateName")
    /// An entity or member name that cannot be used.
    public static let invalidName = Code("invalidName")
    /// A relationship's inverse is missing, points elsewhere, or targets another entity.
    public static let inverseMismatch = Code("inverseMismatch")
    /// Two members of an entity read the same JSON key path.
    public static let keyPathConflict = Code("keyPathConflict")
    /// A key path with an empty component (`"user..name"`).
    public static let invalidKeyPath = Code("invalidKeyPath")
    /// An array of arrays.
    public static let nestedArray = Code("nestedArray")
    /// A default value that does not coerce to its attribute's type.
    public static let invalidDefault = Code("invalidDefault")
    /// A default sort key or rule field that names no attribute.
    public static let unknownField = Code("unknownField")
    /// Both unix-seconds and unix-milliseconds date forms, which read the same numbers.
    public static let conflictingDateFormats = Code("conflictingDateFormats")
    /// A custom rule without its Swift closure.
    public static let missingClosure = Code("missingClosure")
    /// A custom rule in a schema file whose name the closure registry does not know.
    public static let unknownCustomRule = Code("unknownCustomRule")
    /// A schema file that does not exist or cannot be read.
    public static let unreadableFile = Code("unreadableFile")
    /// Malformed JSON in a schema file.
    public static let syntax = Code("syntax")
    /// A schema-file member with the wrong JSON type, missing or unknown.
    public static let invalidValue = Code("invalidValue")
  }

  /// One problem, with its location.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var code: Code
    /// What was expected and how to fix it.
    public var message: String
    /// The entity concerned, if any.
    public var entity: String?
    /// The attribute or relationship concerned, if any.
    public var member: String?
    /// In schema files: the JSON pointer of the offending value (`/entities/1/attributes/0`).
    public var pointer: String?
    /// In schema files: the 1-based line and column, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?

    /// Creates a problem.
    public init(
      code: Code, message: String, entity: String? = nil, member: String? = nil,
      pointer: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
      self.code = code
      self.message = message
      self.entity = entity
      self.member = member
      self.pointer = pointer
      self.line = line
      self.column = column
    }

    /// `location: message [code]`, where the location is `Entity.member`, `Entity`, or for
    /// files `line:column` and the JSON pointer.
    public var description: String {
      var location: [String] = []
      if let line, let column { location.append("\(line):\(column)") }
      if let pointer { location.append(pointer.isEmpty ? "/" : pointer) }
      if let entity { location.append(member.map { "\(entity).\($0)" } ?? entity) }
      let prefix = location.isEmpty ? "" : location.joined(separator: " ") + ": "
      return "\(prefix)\(message) [\(code)]"
    }
  }

  /// ``Code/invalidSchema`` or ``Code/invalidFile``.
  public var code: Code
  /// Every problem found, in declaration (or file) order. Never empty.
  public var problems: [Problem]
  /// The schema file, when the error comes from one.
  public var file: String?

  /// Creates an error.
  public init(code: Code, problems: [Problem], file: String? = nil) {
    self.code = code
    self.problems = problems
    self.file = file
  }

  /// One problem per line; for files each line starts with the file name.
  public var description: String {
    problems.map { problem in
      file.map { "\($0):\(problem.line == nil ? " " : "")\(problem)" } ?? problem.description
    }.joined(separator: "\n")
  }
}
