import Folio
import Testing

@Suite struct SchemaValidationTests {
  static func id(_ name: String = "id", _ type: AttributeType = .int) -> Attribute {
    Attribute(name: name, type: type)
  }

  static func validationError(_ schema: Schema) throws -> SchemaError {
    var caught: SchemaError?
    do { _ = try schema.validated() } catch { caught = error }
    let error = try #require(caught)
    #expect(error.code == .invalidSchema)
    return error
  }

  @Test func validSchemaIsReturnedUnchanged() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Batch", identifiers: ["id"], attributes: [Self.id()],
        relationships: [
          Relationship(name: "clicks", target: "Click", isToMany: true, inverse: "batch")
        ]),
      Entity(
        name: "Click", identifiers: ["clickID"], attributes: [Self.id("clickID")],
        relationships: [
          Relationship(name: "batch", target: "Batch", isToMany: false, inverse: "clicks")
        ]),
    ])
    #expect(try schema.validated() == schema)
  }

  @Test func everyProblemIsReportedAtOnce() throws {
    let schema = Schema(entities: [
      Entity(name: "Badge", identifiers: [], attributes: [Self.id()]),
      Entity(
        name: "Employee", identifiers: ["id", "nick", "score", "ghost"],
        attributes: [
          Self.id(), Attribute(name: "nick", type: .string, isOptional: true),
          Attribute(name: "score", type: .double),
          Attribute(name: "name", type: .string, key: "user.name"),
          Attribute(name: "fullName", type: .string, key: "user.name"),
          Attribute(name: "grid", type: .array(.array(.int))),
          Attribute(name: "active", type: .bool, defaultValue: "yes"),
          Attribute(name: "name", type: .int), Attribute(name: "bad", type: .string, key: "a..b"),
        ],
        relationships: [
          Relationship(name: "department", target: "Dept", isToMany: false),
          Relationship(name: "badges", target: "Badge", isToMany: true, inverse: "owner"),
          Relationship(name: "active", target: "Badge", isToMany: false),
        ],
        defaultSort: ["-hiredAt"],
        validityRules: [ValidityRule(.custom(name: "checkName"))]),
      Entity(name: "employee", identifiers: ["id"], attributes: [Self.id()]),
      Entity(name: "1st", identifiers: ["id"], attributes: [Self.id()]),
      Entity(name: "Con", identifiers: ["id"], attributes: [Self.id()]),
    ])
    let error = try Self.validationError(schema)
    let expected = #"""
      employee: entity 'employee' and 'Employee' differ only in case; entity names must be unique, ignoring case, because each names a folder [duplicateName]
      1st: entity name '1st' is not a safe folder name; use 1–64 letters, digits, '_' or '-', starting with a letter [invalidName]
      Con: entity name 'Con' is reserved on some file systems; rename it [invalidName]
      Employee.badges: to-many relationship 'badges' owns Badge, which declares no identifier, so its records are identified by their position; declare it ordered [invalidOwnership]
      Employee.nick: identifier attribute 'nick' is optional; identifiers are required [optionalIdentifier]
      Employee.score: identifier attribute 'score' has type double; identifiers must be int, string, uuid or enum [invalidIdentifierType]
      Employee.ghost: identifier 'ghost' names no attribute of 'Employee'; declare Attribute("ghost", .int) or .string [unknownIdentifier]
      Employee.name: attribute 'name' is declared twice; member names must be unique [duplicateName]
      Employee.active: attribute and relationship are both named 'active'; member names must be unique [duplicateName]
      Employee.grid: attribute 'grid' is an array of arrays; arrays hold scalars (use a relationship for nested data) [nestedArray]
      Employee.active: default value is invalid: expected a bool (true, false, 0, 1, "true" or "false"), found the string "yes" [invalidDefault]
      Employee.bad: key path 'a..b' of attribute 'bad' has an empty component; write it like "user.name" [invalidKeyPath]
      Employee.department: relationship 'department' targets unknown entity 'Dept'; declare an entity named 'Dept' or fix the target [unknownTarget]
      Employee.badges: inverse 'Badge.owner' of relationship 'badges' is not a relationship of 'Badge'; declare it there or fix the name [inverseMismatch]
      Employee.fullName: attribute 'name' and attribute 'fullName' both read key 'user.name'; give one of them an explicit key [keyPathConflict]
      Employee.active: attribute 'active' and relationship 'active' both read key 'active'; give one of them an explicit key [keyPathConflict]
      Employee: default sort key '-hiredAt' names no attribute; use an attribute name, with '-' for descending [unknownField]
      Employee: custom validity rule 'checkName' has no closure; create it with .custom("checkName") { … } or pass it in the schema file's rule registry [missingClosure]
      """#
    #expect(error.description == expected)
    #expect(error.problems.count == 18)
  }

  @Test func inversesMustTargetAndPointBack() throws {
    let schema = Schema(entities: [
      Entity(
        name: "A", identifiers: ["id"], attributes: [Self.id()],
        relationships: [
          Relationship(name: "bs", target: "B", isToMany: true, inverse: "a"),
          Relationship(name: "cs", target: "B", isToMany: true, inverse: "c"),
        ]),
      Entity(
        name: "B", identifiers: ["id"], attributes: [Self.id()],
        relationships: [
          Relationship(name: "a", target: "A", isToMany: false, inverse: "other"),
          Relationship(name: "c", target: "B", isToMany: false),
        ]),
    ])
    let error = try Self.validationError(schema)
    #expect(error.problems.map(\.code) == [.inverseMismatch, .inverseMismatch, .inverseMismatch])
    #expect(
      error.problems.map(\.description) == [
        "A.bs: inverse 'B.a' of relationship 'bs' points back to 'other', not 'bs' [inverseMismatch]",
        "A.cs: inverse 'B.c' of relationship 'cs' targets 'B', not 'A' [inverseMismatch]",
        "B.a: inverse 'A.other' of relationship 'a' is not a relationship of 'A'; declare it there or fix the name [inverseMismatch]",
      ])
  }

  @Test func snakeCaseCandidatesCanConflict() throws {
    let schema = Schema(
      entities: [
        Entity(
          name: "Order", identifiers: ["id"],
          attributes: [Self.id(), Attribute(name: "userID", type: .int, isOptional: true)],
          relationships: [Relationship(name: "user", target: "Order", isToMany: false)])
      ], keyConvention: .snakeCase, dateFormats: [.unixSeconds, .unixMilliseconds])
    let error = try Self.validationError(schema)
    #expect(
      error.description == """
        date formats include both unixSeconds and unixMilliseconds, which read the same numbers; keep one [conflictingDateFormats]
        Order.user: attribute 'userID' and relationship 'user' both read key 'user_id'; give one of them an explicit key [keyPathConflict]
        """)
    var fixed = schema
    fixed.dateFormats = .unixSeconds
    fixed.entities[0].relationships[0].key = "user"
    #expect(try fixed.validated() == fixed)
  }

  @Test func keyPathsAreLimitedTo32Components() throws {
    let long = Array(repeating: "a", count: 33).joined(separator: ".")
    let schema = Schema(entities: [
      Entity(
        name: "A", identifiers: ["id"],
        attributes: [Self.id(), Attribute(name: "x", type: .int, key: long, isOptional: true)])
    ])
    #expect(
      try Self.validationError(schema).description
        == "A.x: key path of attribute 'x' has 33 components; at most 32 are allowed [invalidKeyPath]")
  }

  @Test func identifiersDateFormsAndClosuresAreChecked() throws {
    let schema = Schema(entities: [
      Entity(
        name: "A", identifiers: ["id", "id"],
        attributes: [
          Self.id(),
          Attribute(
            name: "at", type: .isoDate, isOptional: true,
            dateFormats: [.unixSeconds, .unixMilliseconds]),
        ],
        validators: [Validator(.custom(name: "clean"))],
        shouldUpdate: UpdateRule(.custom(name: "newer")))
    ])
    #expect(
      try Self.validationError(schema).description == #"""
        A.id: identifier 'id' is listed twice [duplicateName]
        A.at: date formats include both unixSeconds and unixMilliseconds, which read the same numbers; keep one [conflictingDateFormats]
        A: custom validator 'clean' has no closure; create it with .custom("clean") { … } or pass it in the schema file's rule registry [missingClosure]
        A: custom should-update rule 'newer' has no closure; create it with .custom("newer") { … } or pass it in the schema file's rule registry [missingClosure]
        """#)
  }

  @Test func rulesMustNameFields() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Item", identifiers: ["id"], attributes: [Self.id()],
        validityRules: [
          ValidityRule(.atLeast(field: "price", minimum: 0)), ValidityRule(.distinct("id", "x")),
        ],
        shouldUpdate: UpdateRule(.whenIncreases(field: "version")))
    ])
    let error = try Self.validationError(schema)
    #expect(error.problems.map(\.description) == [
      "Item: rule field 'price' names no attribute of 'Item' [unknownField]",
      "Item: rule field 'x' names no attribute or relationship of 'Item' [unknownField]",
      "Item: rule field 'version' names no attribute of 'Item' [unknownField]",
    ])
  }
}
