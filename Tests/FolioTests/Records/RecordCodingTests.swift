import Folio
import Foundation
import Testing

@Suite struct RecordCodingTests {
  struct Address: Codable, Equatable {
    var city: String
    var zip: Int16?
  }

  struct Employee: Codable, Equatable {
    var id: Int
    var name: String
    var active: Bool
    var salary: Double
    var hiredAt: Date
    var tags: [String]
    var address: Address?
    var nickname: String?
    var homepage: URL?
    var ratio: Float
    var level: UInt8
  }

  static let ada = Employee(
    id: 7, name: "Ada", active: true, salary: 90518.5,
    hiredAt: Date(timeIntervalSince1970: 1_404_633_540.123), tags: ["a", "b"],
    address: Address(city: "London", zip: nil), nickname: nil,
    homepage: URL(string: "https://example.com/ada"), ratio: 0.5, level: 3)

  @Test func encodesCanonicalRecordsAndDecodesThemBack() throws {
    let record = try RecordEncoder().encode(Self.ada)
    #expect(
      JSONWriter.string(.object(record))
        == #"{"active":true,"address":{"city":"London"},"hiredAt":"2014-07-06T07:59:00.123Z","homepage":"https://example.com/ada","id":7,"level":3,"name":"Ada","ratio":0.5,"salary":90518.5,"tags":["a","b"]}"#
    )
    let decoded = try RecordDecoder().decode(Employee.self, from: record)
    #expect(decoded == Self.ada)
  }

  @Test func datesDecodeFromAnyAcceptedISOForm() throws {
    struct Seen: Codable { var seen: Date }
    let value = try RecordDecoder().decode(Seen.self, from: ["seen": "2014-07-06T09:59:00+02:00"])
    #expect(value.seen == Date(timeIntervalSince1970: 1_404_633_540))
  }

  static func decodingError<T: Decodable>(_ type: T.Type, _ record: JSONObject) throws
    -> RecordCodingError
  {
    var caught: RecordCodingError?
    do { _ = try RecordDecoder().decode(type, from: record) } catch let error as RecordCodingError {
      caught = error
    }
    return try #require(caught)
  }

  @Test func errorsNameTheFieldAndTheMismatch() throws {
    var record = try RecordEncoder().encode(Self.ada)
    record["hiredAt"] = 5
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'hiredAt': expected an ISO-8601 date string, found the number 5 [typeMismatch]")
    record = try RecordEncoder().encode(Self.ada)
    record["tags"] = ["a", 2]
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'tags[1]': expected a string, found the number 2 [typeMismatch]")
    record = try RecordEncoder().encode(Self.ada)
    record["address"] = ["zip": 1]
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'address.city': the record has no value for this non-optional field [missingKey]")
    record = try RecordEncoder().encode(Self.ada)
    record["level"] = 300
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'level': the number 300 does not fit UInt8 [outOfRange]")
    record["level"] = 2.5
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'level': expected an integer (UInt8), found the number 2.5 [typeMismatch]")
    record = try RecordEncoder().encode(Self.ada)
    record["name"] = nil
    record["active"] = .null
    #expect(try Self.decodingError(Employee.self, record).code == .missingKey)
    record["name"] = "Ada"
    #expect(
      try Self.decodingError(Employee.self, record).description
        == "field 'active': expected a bool, found null [missingValue]")
  }

  @Test func encodingRejectsWhatJSONCannotHold() throws {
    struct Bad: Codable { var value: Double }
    struct Huge: Codable { var value: UInt64 }
    #expect(throws: RecordCodingError.self) { try RecordEncoder().encode(Bad(value: .infinity)) }
    do {
      _ = try RecordEncoder().encode(Huge(value: .max))
      Issue.record("UInt64.max was encoded")
    } catch let error as RecordCodingError {
      #expect(error.description == "field 'value': the number 18446744073709551615 does not fit a 64-bit signed integer [outOfRange]")
    }
    do {
      _ = try RecordEncoder().encode([1, 2])
      Issue.record("an array was encoded as a record")
    } catch let error as RecordCodingError {
      #expect(error.code == .invalidValue)
    }
    #expect(try RecordEncoder().encodeValue([1, 2]) == [1, 2])
  }

  @Test func recordsMatchWhatTheSchemaCoercesTo() throws {
    let schema = try Schema {
      Entity("Employee") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("hiredAt", .isoDate)
        Attribute("salary", .double)
      }
    }
    struct Row: Codable { var id: Int; var hiredAt: Date; var salary: Double }
    let record = try RecordEncoder().encode(
      Row(id: 1, hiredAt: Date(timeIntervalSince1970: 0), salary: 3))
    let entity = try #require(schema.entity(named: "Employee"))
    for attribute in entity.attributes {
      try attribute.validateStored(try #require(record[attribute.name]))
    }
  }
}
