import Folio
import Testing

@Suite struct SchemaBuilderTests {
  @Test func controlFlowAndModifiersBuildEveryOption() throws {
    let withAudit = true
    let extras = ["nickname", "title"]
    let schema = try Schema(keyConvention: .snakeCase, dateFormats: .dateOnly) {
      Entity("Plane") {
        Identifier("origin", "destination")
        Attribute("origin", .string)
        Attribute("destination", .string)
        for name in extras { Attribute(name, .string).optional() }
        if withAudit {
          Attribute("audited", .bool).default(false)
        } else {
          Attribute("unaudited", .bool)
        }
        ToMany("passengers", "Passenger").deleteRule(.cascade).inverse("plane")
          .sync(insertMissing: true, deleteMissing: false).referencePolicy(.reject).key("people")
      }
      .defaultSort("-origin", "destination").verbose().deleteIfInvalid()
      .validate(.trim("origin"), .dropIfEmpty("origin"), .dropWhere("skip", equals: true))
      .validity(.nonEmpty("origin"), .distinct("origin", "destination"))
      .shouldUpdate(.custom("always") { _, _ in true })
      if !withAudit {
        Entity("Never") { Identifier("id"); Attribute("id", .int) }
      }
      Entity("Passenger") {
        Identifier("name")
        Identifier("age")
        Attribute("name", .string)
        Attribute("age", .int)
        Attribute("born", .isoDate).optional().dateFormats(.noZone).key("birth.date")
        ToOne("plane", "Plane").inverse("passengers")
      }
      .validity(.greaterThan("age", 0), .atLeast("age", 1), .custom("named") { _ in nil })
    }
    #expect(schema.entities.map(\.name) == ["Plane", "Passenger"])
    let plane = schema.entities[0]
    #expect(plane.attributes.map(\.name) == ["origin", "destination", "nickname", "title", "audited"])
    #expect(plane.attributes[4].defaultValue == false)
    #expect(plane.defaultSort == ["-origin", "destination"])
    #expect(plane.isVerbose && plane.deleteIfInvalid)
    #expect(plane.validators.count == 3 && plane.validityRules.count == 2)
    #expect(plane.shouldUpdate == UpdateRule(.custom(name: "always")))
    let passengers = try #require(plane.relationship(named: "passengers"))
    #expect(
      passengers
        == Relationship(
          name: "passengers", target: "Passenger", isToMany: true, inverse: "plane",
          deleteRule: .cascade, key: "people",
          childOptions: ChildSyncOptions(insertMissing: true, deleteMissing: false),
          referencePolicy: .reject))
    let passenger = schema.entities[1]
    #expect(passenger.identifiers == ["name", "age"])
    #expect(passenger.attributes[2] == Attribute(
      name: "born", type: .isoDate, key: "birth.date", isOptional: true, dateFormats: .noZone))
    #expect(schema.keyConvention == .snakeCase && schema.dateFormats == .dateOnly)
  }

  @Test func invalidDSLSchemaThrowsWithEveryProblem() {
    #expect {
      try Schema {
        Entity("Employee") {
          Attribute("id", .int)
          ToOne("department", "Dept")
        }
      }
    } throws: { error in
      guard let error = error as? SchemaError else { return false }
      return error.description == """
        Employee: entity 'Employee' declares no identifier and no entity with one owns it through a relationship; add Identifier("id") naming an int or string attribute, or nest it under a parent's ToOne/ToMany to make it owned (D28) [missingIdentifier]
        Employee.department: relationship 'department' targets unknown entity 'Dept'; declare an entity named 'Dept' or fix the target [unknownTarget]
        """
    }
  }

  @Test func schemaBodiesLoopAndSpliceArrays() throws {
    let lookups = ["Country", "Currency"].map { name in
      Entity(name) { Identifier("code"); Attribute("code", .string) }
    }
    let audit = [Attribute("createdAt", .isoDate).optional(), Attribute("createdBy", .string).optional()]
    let schema = try Schema {
      for name in ["Red", "Green"] {
        Entity(name) {
          Identifier("id")
          Attribute("id", .int)
          audit
        }
      }
      lookups
    }
    #expect(schema.entities.map(\.name) == ["Red", "Green", "Country", "Currency"])
    #expect(schema.entities[1].attributes.map(\.name) == ["id", "createdAt", "createdBy"])
  }
}
