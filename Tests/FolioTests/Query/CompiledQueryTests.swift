import Testing

@testable import Folio

/// Checking queries against the schema: each mistake gets its own code and a message naming it.
@Suite struct CompiledQueryTests {
  static func error(_ query: Query) throws -> QueryError {
    let store = try QueryFixtures.company()
    return try #require(throws: QueryError.self) { try store.fetch(query) }
  }

  @Test func unknownEntitiesAreNamedWithTheKnownOnes() throws {
    let error = try Self.error(Query("Employe"))
    #expect(error.code == .unknownEntity)
    #expect(
      error.description
        == "error: the schema has no entity 'Employe' (it has: Batch, Click, Item, Tag, Employee, Department) [unknownEntity]"
    )
  }

  @Test func unknownFieldsAreNamedWithTheKnownOnes() throws {
    let error = try Self.error(Query("Employee", where: "name" == "Ann"))
    #expect(error.code == .unknownField)
    #expect(error.field == "name")
    #expect(
      error.description
        == "error: the entity 'Employee' has no attribute or relationship 'name' (it has: employeeID, fullName, age, active, hiredAt, department) [unknownField]"
    )
  }

  @Test func unknownFieldsAtTheEndOfAKeyPathNameTheTarget() throws {
    let error = try Self.error(Query("Employee", where: "department.title" == "QA"))
    #expect(
      error.description
        == "error: the entity 'Department' has no attribute or relationship 'title' (it has: departmentID, name) [unknownField]"
    )
  }

  @Test func keyPathsCannotContinuePastAnAttribute() throws {
    let error = try Self.error(Query("Employee", where: "fullName.first" == "A"))
    #expect(error.code == .invalidKeyPath)
    #expect(
      error.description
        == "error: 'fullName.first' continues after the attribute 'fullName' of Employee; only to-one relationships can be followed [invalidKeyPath]"
    )
  }

  @Test func keyPathsCannotGoThroughToMany() throws {
    let store = try QueryFixtures.clicks()
    let error = try #require(throws: QueryError.self) {
      try store.fetch(Query("Batch", where: "clicks.clickID" == 1))
    }
    #expect(error.code == .invalidKeyPath)
    #expect(
      error.message
        == "'clicks.clickID' goes through the to-many relationship 'clicks'; only to-one relationships can be followed (test membership with 'contains')"
    )
  }

  @Test func emptyComponentsAreReported() throws {
    let error = try Self.error(Query("Employee", where: Field("department..name") == "QA"))
    #expect(error.code == .unknownField)
    #expect(
      error.message
        == "'department..name' has an empty component; separate field names with single dots")
  }

  @Test func sortKeysAreChecked() throws {
    let unknown = try Self.error(Query("Employee", sortedBy: "-salary"))
    #expect(unknown.code == .unknownField)
    let empty = try Self.error(Query("Employee", sortedBy: "-"))
    #expect(empty.code == .invalidSortKey)
    #expect(
      empty.description
        == "error: the sort key '-' names no field; write a field, '-field' for descending [invalidSortKey]"
    )
  }

  @Test func negativeLimitsAndOffsetsAreRejected() throws {
    let limit = try Self.error(Query("Employee", limit: -1))
    #expect(limit.description == "error: the limit is -1; use 0 or more [invalidLimit]")
    let offset = try Self.error(Query("Employee", offset: -2))
    #expect(offset.description == "error: the offset is -2; use 0 or more [invalidLimit]")
  }

  @Test func sumsNeedNumericAttributes() throws {
    let store = try QueryFixtures.company()
    let text = try #require(throws: QueryError.self) {
      try store.sum("fullName", in: Query("Employee"))
    }
    #expect(text.code == .invalidOperand)
    #expect(
      text.description
        == "error: 'fullName' is not a number (string); sum and average need an int or double attribute [invalidOperand]"
    )
    let link = try #require(throws: QueryError.self) {
      try store.average("department", in: Query("Employee"))
    }
    #expect(
      link.message
        == "'department' is a relationship; sum and average need an int or double attribute")
  }

  @Test func errorsLeaveTheStoreUnchanged() throws {
    let store = try QueryFixtures.clicks()
    let generation = store.generation
    #expect(throws: QueryError.self) {
      try store.deleteAll(matching: Query("Click", where: "nope" == 1))
    }
    #expect(store.generation == generation)
    #expect(store.state.count("Click") == 5)
  }

  @Test func reportsWhichOtherEntitiesAQueryReads() throws {
    let store = try QueryFixtures.company()
    let compiled = try CompiledQuery(
      Query("Employee", where: "department.name" == "QA"), in: store.state)
    #expect(compiled.dependencies == ["Department"])
    let plain = try CompiledQuery(Query("Employee", where: "age" > 3), in: store.state)
    #expect(plain.dependencies.isEmpty)
  }
}
