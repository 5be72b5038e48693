import FolioTestSupport
import Testing

@testable import Folio

/// The columns of an entity's rows: one per attribute and relationship of its storage form, in
/// canonical key order, found by their names' bytes.
@Suite struct RowLayoutTests {
  @Test func columnsAreInUTF8ByteOrderWithTheirKinds() throws {
    let layout = RowLayout(
      Entity(
        name: "E", identifiers: ["id"],
        attributes: [
          Attribute(name: "\u{E9}", type: .string),
          Attribute(name: "b", type: .array(.enumeration(["x"]))),
          Attribute(name: "B", type: .isoDate), Attribute(name: "id", type: .int),
          Attribute(name: "_", type: .object),
        ],
        relationships: [
          Relationship(name: "a", target: "E", isToMany: true),
          Relationship(name: "Z", target: "E", isToMany: false),
        ]))
    #expect(layout.columns.map(\.name) == ["B", "Z", "_", "a", "b", "id", "\u{E9}"])
    #expect(layout.columns.map(\.kind) == [.date, .toOne, .object, .toMany, .list, .int, .string])
    let list = try #require(layout.column(named: "b"))
    #expect(layout.columns[list].element == .enumeration)
    #expect(layout.columns[list].cases == ["x"])
    #expect(layout.tagWords == 1)
    #expect(layout.wordsPerRow == 8)
    #expect(layout.allKeys == layout.columns.map(\.name))
  }

  @Test func columnNamesMatchByBytesNotByStringEquality() {
    let layout = RowLayout(columns: [
      RowColumn(name: "\u{E9}", kind: .int), RowColumn(name: "x", kind: .int),
    ])
    // "x" (0x78) sorts before "é" (0xC3 0xA9).
    #expect(layout.column(named: "\u{E9}") == 1)
    #expect(layout.column(named: "x") == 0)
    #expect(layout.column(named: "e\u{301}") == nil)
    #expect(layout.column(named: "y") == nil)
    let both = RowLayout(columns: [
      RowColumn(name: "e\u{301}", kind: .int), RowColumn(name: "\u{E9}", kind: .bool),
    ])
    #expect(both.columns.count == 2)
    #expect(both.column(named: "e\u{301}").map { both.columns[$0].kind } == .int)
    #expect(both.column(named: "\u{E9}").map { both.columns[$0].kind } == .bool)
  }

  @Test func tagWordsCoverEveryThirtyTwoColumns() {
    for count in [0, 1, 31, 32, 33, 64, 65] {
      let layout = RowLayout(columns: (0..<count).map { RowColumn(name: "c\($0)", kind: .int) })
      #expect(layout.tagWords == (count + 31) / 32)
      #expect(layout.wordsPerRow == layout.tagWords + count)
    }
  }

  @Test func theStorageFormGivesBothSidesOfALinkAColumn() throws {
    let schema = Schema(entities: [
      Entity(
        name: "Department", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
        relationships: [
          Relationship(name: "employees", target: "Employee", isToMany: true, inverse: "department")
        ]),
      Entity(
        name: "Employee", identifiers: ["id"], attributes: [Attribute(name: "id", type: .string)],
        relationships: [
          Relationship(
            name: "department", target: "Department", isToMany: false, inverse: "employees")
        ]),
    ])
    let index = SchemaIndex(schema)
    let department = RowLayout(try #require(index.entities["Department"]).entity)
    let employee = RowLayout(try #require(index.entities["Employee"]).entity)
    #expect(department.columns.map(\.name) == ["employees", "id"])
    #expect(department.columns.map(\.kind) == [.toMany, .int])
    #expect(employee.columns.map(\.name) == ["department", "id"])
    #expect(employee.columns.map(\.kind) == [.toOne, .string])
  }

  @Test func wideLayoutsRoundTripRecords() throws {
    // More than 64 columns: keys are built per record, not cached by presence mask.
    let layout = RowLayout(
      columns: (0..<70).map { RowColumn(name: "c\($0)", kind: $0 % 2 == 0 ? .int : .string) })
    var chunk = RowChunk(layout: layout)
    var record = JSONObject()
    for n in stride(from: 0, to: 70, by: 3) {
      record["c\(n)"] = n % 2 == 0 ? .int(Int64(n)) : .string("s\(n)")
    }
    record["c1"] = 5
    chunk.updateValue(record, forKey: 1)
    let decoded = try #require(chunk[1])
    #expect(decoded == record)
    #expect(decoded.isSortedByKey)
    let row = try #require(chunk.row(of: 1))
    #expect(chunk.tag(row, try #require(layout.column(named: "c1"))) == 2)
    #expect(chunk.tag(row, try #require(layout.column(named: "c69"))) == 1)
  }
}
